"""Session 24, dates: a numbered day between a determiner and a noun ("the 28/3 ferry") only says which
thing is meant when the clause then states a day with "is" ("Booking for the 28/3 ferry is Wed 25/3"):
that stated day is the line's, whether the thing's day is gone or ahead. Phrases written for these tests
(an island ferry, a rice mill), not from the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import line_dates


@pytest.mark.parametrize(
    ("line", "want"),
    [
        ("- Booking for the 28/3 ferry is Wed 25/3", "2026-03-25"),
        ("- Deadline for the 2/4 shipment is Mon 30/3 noon", "2026-03-30"),
        ("- the 28/3 ferry leaves at 9", "2026-03-28"),  # no day stated for it: its own day
    ],
)
def test_the_stated_day_is_the_line_s(line: str, want: str) -> None:
    assert line_dates(f"# Mill\n\n{line}\n", "2026-03-13", None, "dmy")[2] == date.fromisoformat(want)
