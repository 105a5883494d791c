"""The times of a fact line (:mod:`mdrecall.knowledge.fact_lines.facts`): the day it was written, whether a
free label states a time ("Go-live: 1 February"), and whether it names a date ahead of the day written (a plan
it sets, which a later line may move). Pure."""

from __future__ import annotations

import re
from datetime import date, timedelta

from mdrecall.knowledge.fact_lines.fact_values import line_times, may_hold_time
from mdrecall.knowledge.fact_lines.fact_words import DAYS, ISO, MONTHS

__all__ = [
    "ATTRIBUTE_LABELS",
    "DAY_OF_MONTH",
    "MONTH_OF",
    "PLAN_DAYS",
    "TIME_START",
    "names_ahead",
    "own_day",
    "time_label",
]


#: Labels that name the attribute itself, not a thing ("Date: Saturday 9 October"): no subject to pair by.
ATTRIBUTE_LABELS = frozenset({"date", "dates", "day", "days", "next", "deadline", "due"})
#: A year after a date ("March 8-14, 2027").
_YEAR = re.compile(r"(?:19|20)\d\d")
#: A value that opens with a time: a digit, a weekday or a month.
TIME_START = re.compile(r"(?:\d|(?:" + "|".join((*DAYS, *MONTHS)) + r")\b)", re.I)


def time_label(label: str, value: str, titled: bool = False) -> bool:
    """Whether a free label line states a time: its value is one clause opening with one ("Go-live: 1
    February", "Next call: Thursday 4pm") and its label names a thing, not only the attribute ("Date: …"),
    unless the line is on an undated page about one thing (``titled``: "# Summer fete" … "Date: 14 June",
    the page's thing's time)."""
    if (label.strip().lower() in ATTRIBUTE_LABELS and not titled) or not TIME_START.match(value):
        return False
    first, *rest = re.split(r"[.;,(]", value, maxsplit=1)
    if rest and rest[0].strip() and not _YEAR.fullmatch(rest[0].strip()):
        return False  # "Trade show: Feb 26, booth B14": an event's details, not only its time ("…, 2027")
    return bool(line_times(first))


def own_day(line: str, day: str | None) -> str | None:
    """The day a line was written: a date at its start ("Update 2026-11-20: …"), else ``day``."""
    own = ISO.match(line) or re.match(r"(?:update|updated|edit|edited)\s+(\d{4}-\d{2}-\d{2})", line, re.I)
    return own.group(1) if own else day


#: How far ahead of the day a line was written a month or date it names is a plan it sets (half a year).
PLAN_DAYS = 183
MONTH_OF = {m[:3]: k for k, m in enumerate(MONTHS[:12], 1)}
DAY_OF_MONTH = re.compile(r"([a-z]{3})(\d{1,2})$")


#: A span of time ahead of the day written ("consult in two weeks", "in 3 days"): a plan, like a date ahead.
_IN_SPAN = re.compile(
    r"\bin (?:a|one|two|three|four|five|six|\d{1,2}|a couple of|a few) (?:days?|weeks?|months?)\b", re.I
)


def names_ahead(line: str, day: str) -> bool:
    """Does a line written on ``day`` name a month after that day's, or a day of a month after it, within
    :data:`PLAN_DAYS` ("go-live 1 February" written in January, "live by mid-March" in December), or a span
    ahead ("surgeon consult in two weeks")?"""
    if " in " in line and _IN_SPAN.search(line):
        return True
    if not may_hold_time(line):
        return False
    try:
        start = date.fromisoformat(day[:10])
    except ValueError:
        return False
    ahead = timedelta(days=PLAN_DAYS)
    for t in line_times(line):
        m = DAY_OF_MONTH.match(t)
        month = MONTH_OF.get(m.group(1) if m else t)
        if month is None:
            continue  # a weekday or a clock time: no calendar date
        for year in (start.year, start.year + 1):
            try:
                first = date(year, month, int(m.group(2)) if m else 1)
            except ValueError:
                break
            # a month named: its first day after the day written (not the month it was written in)
            if start < first and first - start <= ahead:  # (no date past 9999-12-31 is made)
                return True
    return False
