"""A first name the writer gives a child of theirs, bare ("Kids: Mira (9) and Felix (6)", "my daughter
Elif", "Son: Idris (4)"), beside an accepted full name it opens ("Mira Schulz: product manager"): two
people share the first name, so it is linked to neither. Read by
:class:`~mdrecall.knowledge.index.EntityIndex` after the other links, when ``entities.auto_aliases`` is on.

A writer names their own children bare; the namesake with a surname is another person, unless a note
gives the full name a child's word too ("our son Jonas Weber") or another accepted person has its surname
(a family's: "Zoé Thibodeau" beside Claire Thibodeau). A child's word counts where it opens a line, a list
item or a heading, follows "my" or "our" or a bracket, and only names, brackets, commas and "and" stand
between it and the name: "Noor Haddad's daughter Lina" is no one's introduction. The words are WordNet's
for a child (``data/kin_words.txt``: child, kid, son, daughter), plurals read too; a partner, a parent or a
sibling is often written in full elsewhere without a family word ("Owner: Tobias Hartmann" beside
"Partner: Tobias"), so their bare names are left linked.

Cost: one keyword search for the child words (the best :data:`SAMPLE` chunks), each read once; nothing
per name.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from mdrecall.knowledge.lexicon.name_lists import kin_group, kin_word
from mdrecall.text.query import build_keyword_query

__all__ = ["SAMPLE", "introduced_children", "unlink_kin_namesakes"]

#: Chunks the keyword search for the child words gives (best first) that are read for introductions.
SAMPLE = 64

#: The family relations whose members a writer names bare: their own children.
_CHILD = frozenset({"child", "son", "daughter"})

_NAME = r"[A-Z][\w'’-]*(?:[ \t]+[A-Z][\w'’-]*)?"


@cache
def _child_words() -> tuple[str, ...]:
    """The words for a child (``kin_words.txt``'s child, son and daughter groups) and their plurals."""
    words = {w.casefold() for head in _CHILD for w in kin_group(head)}
    return tuple(sorted(words | {w + "s" for w in words if not w.endswith("s")}, key=lambda w: (-len(w), w)))


@cache
def _introduction() -> re.Pattern[str]:
    words = "|".join(re.escape(w) for w in _child_words())
    return re.compile(
        r"(?:^[ \t]*(?:(?:[-*+]|#+)[ \t]+)?|(?<=\()|(?<=\b[Mm]y )|(?<=\b[Oo]ur )|(?<=[.;] ))"
        rf"(?i:{words})\b[ \t]*[:\-–—(]?[ \t]*"
        rf"((?:{_NAME}[ \t]*(?:\([^)\n]*\)[ \t]*)?(?:,|\band\b|&)[ \t]*)*{_NAME})",
        re.MULTILINE,
    )


_ITEM = re.compile(r"(?:,|\band\b|&)")


def introduced_children(text: str) -> set[str]:
    """The names (keys: lower case) ``text`` gives right after a word for the writer's child ("Kids: Mira (9)
    and Felix (6)" → mira, felix; "my daughter Elif" → elif; "our son Jonas Weber" → jonas weber)."""
    found: set[str] = set()
    for m in _introduction().finditer(text):
        for item in _ITEM.split(re.sub(r"\([^)\n]*\)", " ", m.group(1))):
            words = item.split()
            if words and all(w[:1].isupper() for w in words) and not kin_word(words[0]):
                found.add(" ".join(words).casefold())
    return found


def unlink_kin_namesakes(
    out: dict[str, str], kinds: Mapping[str, str], search: Callable[[Any, int], list[Any]]
) -> None:
    """Leave each first name linked to the one person's full name it opens its own entity where a note
    introduces it bare as the writer's child and none introduces the full name so (see the module);
    ``search`` is the store's keyword search (``Store.search_text``)."""
    pairs = {
        first: full
        for first, full in out.items()
        if " " not in first and first != full and kinds.get(full) == "person" and full.split()[0] == first
    }
    if not pairs:
        return
    introduced: set[str] = set()
    for hit in search(build_keyword_query(" ".join(_child_words())), SAMPLE):
        introduced |= introduced_children(hit.chunk.text)
    if not introduced:
        return
    family: dict[str, int] = {}  # a surname → how many accepted people's names it ends
    for key, root in out.items():
        if " " in key and key == root and kinds.get(key) == "person":
            family[key.split()[-1]] = family.get(key.split()[-1], 0) + 1
    for first, full in sorted(pairs.items()):
        if first in introduced and full not in introduced and family.get(full.split()[-1], 0) < 2:
            out[first] = first
