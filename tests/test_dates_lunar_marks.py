"""Session 24, dates: a day and month marked as a lunar-calendar date ("15/8 âm lịch", "(10/1 âm)", "3/9
lunar") is no Gregorian day; the Gregorian date written beside it dates the line. Phrases written for
these tests (a family's death anniversary, a temple fair), not from the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import chunk_dates, line_dates

LOG = "2026-07-01"


def _day(line: str) -> date | None:
    return line_dates(f"# Family\n\n{line}\n", LOG, None, "dmy")[2]


@pytest.mark.parametrize(
    ("line", "want"),
    [
        ("- Giỗ bà nội: 15/6 âm lịch = Thu 30/7, at chú Tư's house", "2026-07-30"),
        ("- Temple fair on 3/9 lunar, that is Sat 17/10 this year", "2026-10-17"),
        ("- Giỗ ông (10/5 âm) — we go on Sun 21/6", "2026-06-21"),
    ],
)
def test_the_gregorian_date_beside_a_lunar_one(line: str, want: str) -> None:
    assert _day(line) == date.fromisoformat(want)


def test_a_lunar_date_alone_names_no_day() -> None:
    assert _day("- Giỗ cụ is 15/6 ÂL every year") == date(2026, 7, 1)
    assert date(2026, 6, 15) not in chunk_dates("- Giỗ cụ is 15/6 âm lịch every year", LOG, order="dmy")


def test_a_solar_date_stays() -> None:
    assert _day("- Amulet market 15/7, then lunch") == date(2026, 7, 15)
