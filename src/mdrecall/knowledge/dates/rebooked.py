"""A day given anew after one undone: "booked the 15th, then cancelled, now wants the 22nd" is about the
22nd, the arrangement that stands. Pure. Used by :func:`mdrecall.knowledge.dates.line_day.line_day`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from mdrecall.text.date_phrases.note_dates import NoteDate

__all__ = ["rebooked_first"]

#: A word that undoes an arrangement, between an earlier day and a later one.
_UNDONE = re.compile(
    r"\b(?:cancell?ed|cancels?|called\s+off|fell\s+through|no-?show(?:ed)?|changed|moved|rescheduled"
    r"|postponed|dropped|rebooked|re-booked|swapped|switched)\b"
)
#: "now" in the later day's clause, before it ("now wants the 22nd", "now Monday").
_NOW_BEFORE = re.compile(r"\bnow\b[^,;.!?()]*$")


def rebooked_first(low: str, kept: Sequence[NoteDate]) -> list[NoteDate]:
    """``kept`` with the first day that follows an undoing word (:data:`_UNDONE`) after an earlier day and
    "now" in its own clause put first: the arrangement that stands is the line's day."""
    for i, n in enumerate(kept[1:], 1):
        prev = kept[i - 1]
        if _UNDONE.search(low, prev.end, n.start) and _NOW_BEFORE.search(
            low, max(prev.end, n.start - 40), n.start
        ):
            return [n, *(o for o in kept if o is not n)]
    return list(kept)
