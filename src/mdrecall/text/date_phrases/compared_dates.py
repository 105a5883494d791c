"""A year or a month a thing is said to be the same as ("same price list as 2026", "Same order as
February."): the period compared with, read back (a comparison is with what has been), a mention and not
the day the line is about. Only after "same ... as" in one clause: "as 2026 approaches" and "as March
goes on" say when, and are not read here. Pure; used by :mod:`mdrecall.text.date_phrases.note_dates` and the
line's day (:func:`~mdrecall.knowledge.dates.day_filters.compared`)."""

from __future__ import annotations

import re
from datetime import date

from mdrecall.text.date_phrases.date_calendar import month_near, month_number
from mdrecall.text.date_phrases.date_spans import days_between

__all__ = ["SAME_AS", "same_as_days"]

#: "same" and up to five words before "as", in one clause ("same price list as", "the same order as").
SAME_AS = re.compile(r"\bsame\s+(?:[\w'’-]+\s+){0,5}as\s+$")


def same_as_days(
    year: str | None, month: str | None, low: str, start: int, today: date | None
) -> list[date] | None:
    """The days of the year (``year``) or the month (``month``) at ``low[start:]`` after "same ... as": the
    whole year, or the month the last time it came (this month counts); ``None`` without "same"."""
    if SAME_AS.search(low, max(0, start - 60), start) is None:
        return None
    if year:
        return days_between(date(int(year), 1, 1), date(int(year), 12, 31))
    if today is None or not month:
        return None
    return month_near(month_number(month) or 1, today, -1)
