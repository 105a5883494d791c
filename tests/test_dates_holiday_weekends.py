"""Session 25, dates (h-dates31): a holiday followed by "weekend" names the weekend it makes ("the Labor Day
weekend": Saturday to the Monday off; "Easter weekend": Good Friday to Easter Monday), and "the long weekend"
is the weekend its words point to with the Friday or Monday off beside it. A holiday in the middle of a
week makes no weekend. Phrases and worlds written for these tests, not from the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import line_dates
from mdrecall.text.date_phrases.holiday_weekends import holiday_weekend, long_weekend
from mdrecall.text.date_phrases.note_dates import note_dates


def _read(line: str, written: date) -> list[list[date]]:
    return [list(n.days) for n in note_dates(line, written, False, None, "mdy")]


@pytest.mark.parametrize(
    ("line", "written", "days"),
    [
        # Labor Day 2031 is Monday 1 September
        ("- Marisol is driving up for the Labor Day weekend.", date(2031, 8, 20), (date(2031, 8, 30), 3)),
        # Easter 2031 is Sunday 13 April: Good Friday 11th to Easter Monday 14th
        ("- the cabin is ours over Easter weekend", date(2031, 3, 30), (date(2031, 4, 11), 4)),
        # Halloween 2031 is a Friday
        ("- Tobias throws his party on the Halloween weekend.", date(2031, 10, 2), (date(2031, 10, 31), 3)),
    ],
)
def test_a_holidays_weekend(line: str, written: date, days: tuple[date, int]) -> None:
    read = _read(line, written)
    assert read and read[0][0] == days[0] and len(read[0]) == days[1]
    assert line_dates(line, written)[0] == days[0]


def test_a_holiday_in_midweek_makes_no_weekend() -> None:
    assert holiday_weekend(date(2031, 12, 24)) is None  # a Wednesday
    assert _read("- Quiet Christmas Eve weekend at the farm.", date(2031, 12, 1)) == []


def test_the_long_weekend_holds_the_day_off() -> None:
    # Memorial Day 2031 is Monday 26 May; written on the Tuesday after
    line = "- Priyanka repainted the shed over the long weekend."
    assert _read(line, date(2031, 5, 27)) == [[date(2031, 5, 24), date(2031, 5, 25), date(2031, 5, 26)]]
    # a weekend with no day off beside it stays two days
    assert long_weekend([date(2031, 6, 14), date(2031, 6, 15)]) == [date(2031, 6, 14), date(2031, 6, 15)]
