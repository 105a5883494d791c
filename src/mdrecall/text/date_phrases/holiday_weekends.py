"""The weekend a holiday makes: "the Fourth of July weekend", "Labor Day weekend", "over the long weekend".
Pure; used by :mod:`mdrecall.text.date_phrases.holiday_phrases` and
:mod:`mdrecall.text.date_phrases.note_dates`.

A holiday's weekend is the Saturday and Sunday it falls on or next to, with the Friday before and the
Monday after where a holiday falls on them (a Friday or a Monday off makes a long weekend: Memorial Day's
is Saturday to Monday, Easter's Good Friday to Easter Monday); a holiday in the middle of a week (a
Tuesday, a Wednesday, a Thursday) has no weekend of its own, and the phrase names no day. "The long
weekend" is the weekend its words point to, with the Friday before or the Monday after it when a holiday
of the table (:mod:`mdrecall.text.date_phrases.holidays`) falls there.
"""

from __future__ import annotations

from datetime import date, timedelta
from functools import lru_cache

from mdrecall.text.date_phrases.holidays import holiday_day, holiday_names

__all__ = ["holiday_weekend", "long_weekend"]

_ONE = timedelta(days=1)


def holiday_weekend(day: date) -> list[date] | None:
    """The days of the weekend holiday ``day`` (a day of the table) makes (see the module docstring), or
    ``None`` for a holiday in the middle of a week."""
    saturday = day + {4: _ONE, 5: 0 * _ONE, 6: -_ONE, 0: -2 * _ONE}.get(day.weekday(), 9 * _ONE)
    if abs((saturday - day).days) > 2:
        return None
    return long_weekend([saturday, saturday + _ONE])


def long_weekend(weekend: list[date]) -> list[date]:
    """``weekend`` (a Saturday and a Sunday) with the Friday before it or the Monday after it where a
    holiday falls on that day."""
    if len(weekend) != 2:
        return weekend
    friday, monday = weekend[0] - _ONE, weekend[-1] + _ONE
    off = _holidays(friday.year) | _holidays(monday.year)
    return [*([friday] if friday in off else []), *weekend, *([monday] if monday in off else [])]


@lru_cache(maxsize=64)
def _holidays(year: int) -> frozenset[date]:
    """Every day of ``year`` a holiday of the table falls on."""
    return frozenset(d for name in holiday_names() if (d := holiday_day(name, year)) is not None)
