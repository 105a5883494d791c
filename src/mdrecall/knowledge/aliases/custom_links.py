"""Links a naming custom settles beyond the names written alone: read by
:class:`~mdrecall.knowledge.index.EntityIndex` after the other first-name links, when
``entities.auto_aliases`` is on.

- **The name a custom calls a person by, never written alone** (:func:`link_unwritten_called`): "Lim Chee
  Keong" is "Chee Keong", "Chong Jia Hui" "Jia Hui", "Phạm Ngọc Lan" "Lan", as
  :func:`~.name_links.link_unwritten_given` gives "Sandeep" to Sandeep Rao: where the notes write only the
  full name (or a nickname), a later search for the name alone finds the person. The one person it fits
  only; a name written alone is left to the links that read it.
- **A parent named by their child** (:func:`parent_named`): chat display names such as "Jia Hui Mummy",
  "Darshini Amma", "Aiden Daddy" are the child's name and a word for a parent: someone else, never another
  name of the child, so the child's name alone is not shared with them.
"""

from __future__ import annotations

from collections.abc import Mapping

from mdrecall.knowledge.lexicon.family_customs import called_names, custom_person
from mdrecall.knowledge.lexicon.name_lists import kin_group

__all__ = ["link_unwritten_called", "parent_named"]

#: Words for a mother or a father written after a child's name in chat display names, beside WordNet's
#: ("mummy", "daddy", :func:`~.name_lists.kin_group`): Tamil, Malay and Vietnamese ones.
_PARENT_WORDS = frozenset("amma appa ibu mak emak ayah abah bapa umi ummi mẹ bố má".split())
#: Kinds a name a custom shapes may not have to lend its name alone.
_NOT_PERSON = frozenset({"technology", "work", "product"})


def parent_named(key: str) -> bool:
    """Is ``key`` (an entity key of two words or more) a child's name and a word for a parent ("jia hui
    mummy", "darshini amma"): a parent named by their child?"""
    words = key.split()
    last = words[-1]
    return len(words) >= 2 and (
        last in _PARENT_WORDS or any(w in ("mother", "father") for w in kin_group(last)[:1])
    )


def link_unwritten_called(
    out: dict[str, str], stats: Mapping[str, tuple[int, bool]], kinds: Mapping[str, str]
) -> None:
    """Add to ``out`` the name a naming custom calls each accepted person by (:func:`called_names`' first)
    where no mention writes it and only that person is called so (see the module). Linear in the names."""
    called: dict[str, set[str]] = {}
    for full, root in out.items():
        if root != full or " " not in full or not stats.get(full, (0, False))[1]:
            continue
        if kinds.get(full, "unknown") in _NOT_PERSON or not custom_person(full):
            continue
        forms = called_names(full)
        if forms:
            called.setdefault(forms[0], set()).add(full)
    for form, fulls in called.items():
        if len(fulls) == 1 and form not in stats and form not in out:
            out[form] = next(iter(fulls))
