"""A heading on a page with no day of its own that names a weekday, a day and a month but no year ("# Line
meeting — Friday 6 March, 16:30", "## Tue 17/3 call"): the weekday pins the year, so the heading dates the
lines under it as a heading with its year does, and their "by Wednesday" or "this weekend" count from that
day. The year is the one, within a year of the page's reference (:func:`~mdrecall.knowledge.dates.valid_time.
page_reference`), whose day and month fall on the weekday named; none agreeing, no day.

So does a page's opening line that starts with a day and its month, no year ("Sept 15, 7 pm, video call.",
"Date: 3 March"; :func:`opening_day`): the day the page records, read from the page's reference, from which
its "in two weeks" or "next Friday" count. Pure.
"""

from __future__ import annotations

import re
from datetime import date

from mdrecall.text.date_phrases.date_grammar import weekday_number
from mdrecall.text.date_phrases.note_dates import note_dates
from mdrecall.text.date_phrases.weekday_dates import DAY_NAME

__all__ = ["opening_day", "pinned_day"]

_WEEKDAY = re.compile(rf"\b{DAY_NAME}\b\.?", re.IGNORECASE)
_DIGIT = re.compile(r"\d")


def pinned_day(heading: str, reference: date, order: str | None = None) -> date | None:
    """The day a year-less heading names when its weekday agrees with one year near ``reference`` (see
    the module docstring); ``None`` otherwise. ``order``: the workspace's order of numeric dates."""
    weekdays = {weekday_number(m.group().rstrip(".")) for m in _WEEKDAY.finditer(heading)}
    if len(weekdays) != 1 or not _DIGIT.search(heading):
        return None
    weekday = weekdays.pop()
    for n in note_dates(heading, reference, False, order, order):
        if len(n.days) != 1 or not _DIGIT.search(heading, n.start, n.end):
            continue
        month, day = n.days[0].month, n.days[0].day
        fits = [
            d for y in (reference.year - 1, reference.year, reference.year + 1) if (d := _day(y, month, day))
        ]
        fits = [d for d in fits if d.weekday() == weekday]
        if fits:
            return min(fits, key=lambda d: abs((d - reference).days))
    return None


#: Before an opening line's date: list marks, emphasis, a label ("Date:", "When:").
_OPENER = re.compile(r"[\s*_>#-]*(?:[A-Za-z]{2,8}\s*:\s*)?[\s*_]*")


def opening_day(line: str, reference: date, order: str | None = None) -> date | None:
    """The day an undated page's first line names at its start, one day with its number and no year
    ("Sept 15, 7 pm, video call.", "**Date:** 3 March"), read from ``reference``; ``None`` otherwise."""
    if _DIGIT.search(line) is None:
        return None
    found = note_dates(line, reference, True, order, order)
    if not found or _OPENER.fullmatch(line, 0, found[0].start) is None:
        return None
    first = found[0]
    if len(first.days) != 1 or not _DIGIT.search(line, first.start, first.end):
        return None
    return first.days[0]


def _day(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None
