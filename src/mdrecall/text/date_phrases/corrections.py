"""A date phrase its writer takes back in the same line ("came back last Friday? No — this Friday", "on
the 12th, sorry, the 13th", "Tuesday, I mean Wednesday"): the phrase corrected is no day of the line's
when another follows the correction, which is the line's. Pure; used by
:mod:`mdrecall.knowledge.dates.line_day`."""

from __future__ import annotations

import re
from collections.abc import Sequence

from mdrecall.text.date_phrases.note_dates import NoteDate

__all__ = ["correction"]

#: Right after a date phrase, the words that take it back: a questioned day answered "no" ("Friday? No"),
#: or a correction ("sorry", "I mean", "I meant", "correction", "no wait", "scratch that"), after a comma,
#: a dash or a stop.
_TAKEN_BACK = re.compile(
    r"\s*(?:\?+\s*(?:no|nope|nah)\b|[,;.]?\s*(?:[-–—]\s*)?(?:sorry|i\s+mean|i\s+meant|correction|no\s+wait"
    r"|scratch\s+that|(?:no|nope)\s*[,—–-])(?![\w']))"
)
#: How far after the correction the phrase that replaces it may start.
_REPLACED_WITHIN = 40


def correction(low: str, found: Sequence[NoteDate]) -> NoteDate | None:
    """The phrase of ``found`` (the date phrases of the line ``low``, in lower case, in order) that
    replaces one its writer takes back ("last friday? no — this friday"): the first one starting within a
    few words after the correction's words; ``None`` when no phrase is taken back."""
    for n in found:
        taken = _TAKEN_BACK.match(low, n.end)
        if taken is None:
            continue
        for m in found:
            if taken.end() <= m.start <= taken.end() + _REPLACED_WITHIN:
                return m
    return None
