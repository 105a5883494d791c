"""Is what two lines share only their words of change ("Sven has *retired* from it" … "the sheet is
*retired*", "*last day* for Jonas" … "the *last* Saturday of the month", "Fee: $70/session" … "on the new
gel *from next session*")? Two lines saying that something
changed share that word whatever changed: it is no sign of one subject. Read by the change lines' pass
(:func:`mdrecall.knowledge.change_candidate.candidate`). Pure."""

from __future__ import annotations

import functools
import re
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
        if _PERIOD_OPEN.search(m.group()):  # "from next session", "as of this term": the period's noun too
            after = _NEXT_WORD.match(words, m.end())
            if after is not None:
                out |= subject_stems(after.group(1))
    return frozenset(out)


#: A wording of change that ends before the noun of a period ("from next …", "starting this …").
_PERIOD_OPEN = re.compile(r"\b(?:next|this|the|coming|following)\s*$", re.I)
_NEXT_WORD = re.compile(r"\s*([\w'’-]+)")


def only_change_shared(old_words: str, new_words: str, shared: Set[str]) -> bool:
    """Are the words ``shared`` by two lines all words of change on one of them?"""
    if not shared:
        return False
    return shared <= change_stems(old_words) | change_stems(new_words)
