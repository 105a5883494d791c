"""Is what two lines share only their words of change ("Sven has *retired* from it" … "the sheet is
*retired*", "*last day* for Jonas" … "the *last* Saturday of the month")? Two lines saying that something
changed share that word whatever changed: it is no sign of one subject. Read by the change lines' pass
(:func:`mdrecall.knowledge.change_candidate.candidate`). Pure."""

from __future__ import annotations

import functools
from collections.abc import Set

from mdrecall.knowledge.change_words import lexicon_changes
from mdrecall.knowledge.facts import CHANGE
from mdrecall.knowledge.line_subjects import subject_stems

__all__ = ["change_stems", "only_change_shared"]


@functools.lru_cache(maxsize=1024)
def change_stems(words: str) -> frozenset[str]:
    """The subject stems of a line's wordings of change (:data:`~mdrecall.knowledge.facts.CHANGE` and the
    generated lexicon's, :func:`~mdrecall.knowledge.change_words.lexicon_changes`)."""
    out: set[str] = set()
    for m in (*CHANGE.finditer(words), *lexicon_changes(words)):
        out |= subject_stems(m.group())
    return frozenset(out)


def only_change_shared(old_words: str, new_words: str, shared: Set[str]) -> bool:
    """Are the words ``shared`` by two lines all words of change on one of them?"""
    if not shared:
        return False
    return shared <= change_stems(old_words) | change_stems(new_words)
