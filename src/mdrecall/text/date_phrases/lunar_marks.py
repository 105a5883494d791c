"""A day and month written in the lunar calendar ("8/3 âm lịch", "(15/8 âm)", "mùng 10 tháng Giêng",
"the 15th of the 8th lunar month", "8/3 lunar"): Vietnamese and Chinese families keep death anniversaries,
Tết and Mid-Autumn by it, and write the word that says so right after the date. Such a date is no day of
the Gregorian calendar the reader resolves in (8/3 âm lịch fell on 24 April in 2026): read as one it is a
wrong day, so it is left unread and the Gregorian date beside it ("= Fri 24/4") dates the line. Pure.
"""

from __future__ import annotations

import re

__all__ = ["lunar_marked"]

#: After a date: a word saying it is a lunar one ("âm lịch", "âm", "ÂL", "lunar", "of the lunar calendar").
_LUNAR_AFTER = re.compile(
    r"\s*[(\[]?\s*(?:âm(?:\s+lịch)?|âl|lunar(?:\s+(?:calendar|month|date))?|of\s+the\s+lunar\s+(?:calendar|month))\b",
    re.IGNORECASE,
)


def lunar_marked(line: str, end: int) -> bool:
    """Whether the date phrase ending at ``end`` is marked as a lunar-calendar date by the word after it."""
    return _LUNAR_AFTER.match(line, end) is not None
