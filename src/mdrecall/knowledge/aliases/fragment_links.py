"""A later word of a longer name, read alone only inside that name, is that name (the entity view's aliases).

A run of capitals is cut where a rule drops its first word ("Cerro Azul flight Friday": "Cerro" read as a
sentence's opener before a given name) or where a title runs on in lower case ("watches Drive to Survive
and ..."): the word left ("Azul", "Survive") is then counted as a name of its own, though every line it
is read on writes it inside the longer name the workspace accepts. :func:`link_fragments` folds such a
word into that name, where each of its mentions lies inside a written form of it (a word also written
apart on one of those lines, "leaves for Aberdeen ... the University of Aberdeen", stays its own), even
where its own mentions typed it a person ("Azul" is a given name too). A person's longer name is left to
the first-name and surname links (:mod:`.name_links`), and so is a name a title or a family word opens
("Mrs Abiodun", "Zia Carmela").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from mdrecall.knowledge.lexicon.mention_patterns import HONORIFICS, TITLES
from mdrecall.knowledge.lexicon.name_lists import kin_word

__all__ = ["link_fragments", "link_homes"]


def link_homes(out: dict[str, str], kinds: Mapping[str, str]) -> None:
    """Fold into ``out`` a one-word possessive kept whole ("recording at Rami's from now on": the home
    read as a place) into the accepted person it is the possessive of; a shop named so ("at Nando's",
    "Sainsbury's") has no person of that name and stays."""
    for key, root in list(out.items()):
        if root != key or " " in key or not key.endswith(("'s", "’s")):
            continue
        person = out.get(key[:-2])
        if person is not None and kinds.get(person) == "person" and person != key:
            out[key] = person


def link_fragments(
    out: dict[str, str],
    kinds: Mapping[str, str],
    lines_of: Callable[[Sequence[str]], Iterable[tuple[str, int]]],
    texts: Callable[[Sequence[tuple[str, int]]], Mapping[tuple[str, int], str]],
) -> None:
    """Fold into ``out`` each accepted one-word name that is a later word of accepted longer names (no
    person's: ``kinds``) and is read only inside them: ``lines_of`` gives a key's mention lines, ``texts``
    their text. The shortest longer name holding it takes it."""
    by_word: dict[str, list[str]] = {}
    for key, root in out.items():
        if " " in key and root == key and kinds.get(key) != "person" and not _titled(key):
            for word in set(key.split()[1:]):
                by_word.setdefault(word, []).append(key)
    for word, longer in sorted(by_word.items()):
        if out.get(word) != word:
            continue
        where = sorted(lines_of([word]))
        written = texts(where)
        if where and all(_inside(written.get(w, "").casefold(), word, longer) for w in where):
            out[word] = min(longer, key=lambda k: (len(k), k))


def _titled(key: str) -> bool:
    """Does the name open with a title or a family word ("mrs abiodun", "zia carmela"): the word after it
    is the name, no fragment of it?"""
    first = key.split()[0].rstrip(".").title()
    return first in TITLES or first in HONORIFICS or kin_word(first)


def _inside(line: str, word: str, longer: Sequence[str]) -> bool:
    """Is every use of ``word`` on ``line`` (casefolded) a word of one of the ``longer`` names written
    there? Plain substring searches: a pattern compiled per name overflowed the regular expressions' cache
    on a page of thousands of names (a third of a 1 MB roster's views went to compiling them)."""
    uses = [a for a, _ in _spans(line, word)]
    if not uses:
        return False
    covered = [span for name in longer if name in line for span in _spans(line, name)]
    return all(any(a <= at < b for a, b in covered) for at in uses)


def _spans(line: str, needle: str) -> list[tuple[int, int]]:
    """Where ``needle`` stands on ``line`` as whole words (no word character either side, as ``\\w``)."""
    out: list[tuple[int, int]] = []
    at = line.find(needle) if needle else -1
    while at >= 0:
        end = at + len(needle)
        if not (at and _word(line[at - 1])) and not (end < len(line) and _word(line[end])):
            out.append((at, end))
        at = line.find(needle, at + 1)
    return out


def _word(ch: str) -> bool:
    return ch.isalnum() or ch == "_"
