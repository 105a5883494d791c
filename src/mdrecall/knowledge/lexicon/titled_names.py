"""A surname after a title ("Dr Okafor", "Mrs Lindqvist", "Frau Brenner") names the one person of the
workspace whose full name ends with it: read by :class:`~mdrecall.knowledge.index.EntityIndex` after the
other links, when ``entities.auto_aliases`` is on.

A title before a surname alone is kept as a person's name of its own (``capital_names``), so "Dr Okafor"
and "Chidi Okafor" were two entities. The title says the word is a surname, so a frequent word or a given
name as a surname is read too; a surname two accepted people end with ("Mrs Okafor" beside Chidi and Grace
Okafor: a mother and a son share it) is linked to neither. A person typed anything but a person by the
workspace's mentions, or a name that is itself a title and a surname, is no candidate.
"""

from __future__ import annotations

from collections.abc import Mapping

from mdrecall.knowledge.lexicon.family_customs import patronym_split

__all__ = ["TITLE_KEYS", "link_titled_surnames"]

#: Titles (entity keys: lower case, the dot dropped) that a surname may follow as a person's whole name.
TITLE_KEYS = frozenset(
    "mr mrs ms mx miss dr prof adv frau herr mme madame monsieur signora señora sra senhora".split()
)


def _title(word: str) -> bool:
    return word.rstrip(".") in TITLE_KEYS


def link_titled_surnames(
    out: dict[str, str], stats: Mapping[str, tuple[int, bool]], kinds: Mapping[str, str]
) -> None:
    """Fold into ``out`` each accepted title-and-surname name ("dr okafor") that is its own entity into the
    one accepted name of several words, found on strong evidence and no title's, that ends with the same
    surname and that no mention types other than a person. Linear in the names."""
    by_last: dict[str, list[str]] = {}
    titled: list[str] = []
    for key, root in out.items():
        words = key.split()
        if root != key or len(words) < 2:
            continue
        if _title(words[0]):
            if len(words) == 2:
                titled.append(key)
        elif (
            stats.get(key, (0, False))[1]
            and kinds.get(key, "person") == "person"
            and patronym_split(words) is None  # "Mr Hassan" is no daughter "binti Hassan"
        ):
            by_last.setdefault(words[-1], []).append(key)
    for key in titled:
        fulls = by_last.get(key.split()[1], [])
        if len(fulls) == 1:
            out[key] = fulls[0]
