"""A person's full name written only where a sentence opens ("Hall flooded. Reg Halloran from the parish
council lends us his"), made the entity its first name means: read by
:class:`~mdrecall.knowledge.index.EntityIndex` after the other names are linked
(:func:`~.name_links.link_first_names`), when ``entities.auto_aliases`` is on.

A capitalised pair opening a sentence is only a weak candidate (its first word may be an ordinary word
capitalised there: "Yesterday Halloran rang"), so it is no entity of its own and nothing links to it.
Where the workspace names its first word alone as an entity ("left the keys with Reg", "Reg brought his
own") and its second word reads as a surname, the pair is that one-word name written in full.
"""

from __future__ import annotations

from collections.abc import Mapping

from mdrecall.knowledge.aliases.name_links import places_key, roots_by_first
from mdrecall.knowledge.lexicon.name_lists import common_word, given_name, lower_noun

__all__ = ["link_opening_fulls"]

#: Kinds the one-word name may have: a person's, or none the workspace tells.
_PERSON_LIKE = frozenset({"person", "unknown"})


def link_opening_fulls(
    out: dict[str, str], stats: Mapping[str, tuple[int, bool]], kinds: Mapping[str, str]
) -> None:
    """Fold into ``out`` a weak two-word name (found only opening sentences, so not accepted) whose first
    word is an accepted one-word name of a person (or of no kind) that is its own entity and opens no
    accepted longer name, and whose second word is a surname by its form: letters, three or more, no
    frequent word, known given name or place. The pair becomes an entity and the first word its other
    name ("Reg" → Reg Halloran). A first word two such pairs open means neither; linear in the names."""
    taken = roots_by_first(out, stats)
    found: dict[str, list[str]] = {}
    for key, (_files, strong) in stats.items():
        words = key.split()
        if strong or len(words) != 2 or key in out:
            continue
        first, last = words
        if (
            out.get(first) == first
            and first not in taken
            and kinds.get(first, "unknown") in _PERSON_LIKE
            and kinds.get(key, "person") == "person"
            and _surname_form(last)
        ):
            found.setdefault(first, []).append(key)
    for first, fulls in found.items():
        if len(fulls) == 1:
            out[fulls[0]] = fulls[0]
            out[first] = fulls[0]


def _surname_form(word: str) -> bool:
    """Is ``word`` (an entity key's word) shaped as a surname and nothing else: letters (an O' or a hyphen
    inside), three or more, no frequent English word, noun never capitalised, known given name or place?"""
    core = word[2:] if word[:2] in ("o'", "o’", "d'", "d’") else word
    return (
        len(core) > 2
        and core.replace("-", "").isalpha()
        and not common_word(word)
        and not lower_noun(word)  # "Ras kinase": a noun never written as a name
        and not given_name(word.capitalize())
        and word not in places_key()
    )
