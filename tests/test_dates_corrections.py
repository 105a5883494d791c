"""Session 24, dates (h-dates30): a date phrase its writer takes back in the same line ("back last Friday?
No — this Friday", "the 12th, sorry, the 13th", "Tuesday, I mean Thursday") leaves the line to the phrase
that replaces it; "Friday? No idea yet" and "Signed Tuesday, no changes since" take nothing back.
Phrases and worlds written for these tests (a choir, a boat yard), not from the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import line_dates

#: 2031-05-14, a Wednesday.
_WRITTEN = date(2031, 5, 14)


@pytest.mark.parametrize(
    ("line", "day"),
    [
        (
            "- Mireille sang the solo last Saturday? No — it's this Saturday, at the cathedral",
            date(2031, 5, 17),
        ),
        ("- Hull survey on the 19th, sorry, the 21st, the crane is booked", date(2031, 5, 21)),
        ("- Sails back from the loft on the 20th, I mean the 22nd", date(2031, 5, 22)),
    ],
)
def test_the_day_a_correction_gives_is_the_line_s(line: str, day: date) -> None:
    assert line_dates(line, _WRITTEN)[0] == day


@pytest.mark.parametrize(
    ("line", "day"),
    [
        ("- Concert Friday? No idea yet who plays", date(2031, 5, 16)),
        ("- Contract signed Tuesday, no changes since", date(2031, 5, 13)),
    ],
)
def test_no_correction_no_change(line: str, day: date) -> None:
    assert line_dates(line, _WRITTEN)[0] == day
