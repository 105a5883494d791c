"""A line of weekdays joined by "+", "," or "/" thousands of times (a pasted timetable, fault round 11): each
weekday reads its list in a window after it, so the line costs linear time, and a habit is still a habit."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from growth import near_linear

from mdrecall.text.date_phrases.note_dates import note_dates

WRITTEN = date(2027, 9, 6)


def test_a_line_of_thousands_of_joined_weekdays_costs_linear_time() -> None:
    # each weekday once read the list after it to the line's end: about 20 s for these 200 KB
    def make(n: int) -> Callable[[], list[object]]:
        line = "Mon + Wed + Fri, " * n
        return lambda: list(note_dates(line, WRITTEN))

    make(2)()  # what the first call compiles is no part of the growth
    assert near_linear(make, 12000) == []  # days of a timetable recur: none is one day


def test_joined_weekdays_before_a_part_of_the_day_still_recur() -> None:
    assert note_dates("- swim club Mon + Wed + Fri mornings", WRITTEN) == []
    assert [n.days for n in note_dates("- swim club moved to Friday", WRITTEN)] == [(date(2027, 9, 10),)]
