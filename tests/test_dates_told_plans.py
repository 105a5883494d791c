"""Session 22, dates (h-dates25): "would", or "'d" meaning it, before a verb tells a plan or an outcome from
the past ("said she'd drop the keys round on Friday", "said it would arrive on Tuesday"): its day lies ahead;
"would have" (what did not happen) and "'d" before a participle ("she'd sent it": had) do not. Phrases and
worlds written for these tests, not from the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.text.note_dates import note_dates

#: 2029-04-20 is a Friday.
_WRITTEN = date(2029, 4, 20)


def _first(line: str) -> date:
    return note_dates(line, _WRITTEN, False, None, "dmy")[0].days[0]


@pytest.mark.parametrize(
    ("line", "day"),
    [
        ("- Told Wren that I'd cover her stall on the 3rd", date(2029, 5, 3)),
        ("- Odile said she'd drop the ladder round on Monday", date(2029, 4, 23)),
        ("- The glazier said it would be fitted on Tuesday", date(2029, 4, 24)),
        ("- Kasim reckoned they'd probably finish the roof on the 9th", date(2029, 5, 9)),
    ],
)
def test_a_plan_told_from_the_past_lies_ahead(line: str, day: date) -> None:
    assert _first(line) == day


@pytest.mark.parametrize(
    ("line", "day"),
    [
        ("- Odile said she'd sent the invoice on Monday", date(2029, 4, 16)),
        ("- Odile said she'd already posted it on Monday", date(2029, 4, 16)),
        ("- I would have gone on Tuesday but the van broke", date(2029, 4, 17)),
        ("- We'd been up the hill on Sunday too", date(2029, 4, 15)),
    ],
)
def test_would_have_and_had_still_point_back(line: str, day: date) -> None:
    assert _first(line) == day
