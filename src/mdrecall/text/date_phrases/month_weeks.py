"""A week named by its rank in a month: "the first week of June", "the last week of October 2027".

A week is Monday to Sunday and belongs to the month that holds its Thursday (as ISO 8601 gives a week to
the year holding its Thursday): the first week of June 2026 is 1–7 June, the last week of October 2026 is
26 October – 1 November. Pure; the phrase is :func:`mdrecall.text.date_phrases.date_grammar.note_grammar`'s
``wkm``.
"""

from __future__ import annotations

from datetime import date, timedelta

from mdrecall.text.date_phrases.date_calendar import month_near, month_number
from mdrecall.text.date_phrases.date_direction import direction_of
from mdrecall.text.date_phrases.dates import month_days

__all__ = ["month_week"]

_RANKS = {
    "first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3, "last": -1,
}  # fmt: skip
_THURSDAY = 3


def month_week(
    g: dict[str, str | None], low: str, start: int, end: int, today: date | None
) -> list[date] | None:
    """The seven days of "the <rank> week of <month> [<year>]": in the year given, else in the month the
    words point to from ``today`` (the nearest with none); ``None`` without either."""
    month = month_number(g["wkmm"] or "")
    if month is None:
        return None
    if g["wkmy"]:
        days = month_days(int(g["wkmy"]), month)
    elif today is None:
        return None
    else:
        days = month_near(month, today, direction_of(low, start, end))
    thursdays = [d for d in days if d.weekday() == _THURSDAY]
    rank = _RANKS[(g["wkmo"] or "").lower()]
    if rank >= len(thursdays):
        return None
    monday = thursdays[rank] - timedelta(days=_THURSDAY)
    return [monday + timedelta(days=k) for k in range(7)]
