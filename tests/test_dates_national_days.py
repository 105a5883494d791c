"""Session 26, dates (h-dates39): national days whose names are one country's (Kenya's Madaraka, Mashujaa
and Jamhuri Days, New Zealand's Waitangi Day) are read as their day; a one-day holiday written in lower case
before an adverb ("for christmas day instead") is the day, not a modifier of a noun. Worlds written for
these tests, not from the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import line_dates
from mdrecall.text.date_phrases.note_dates import note_dates

#: 2031-05-20 is a Tuesday.
_WRITTEN = date(2031, 5, 20)


@pytest.mark.parametrize(
    ("line", "day"),
    [
        ("- wanjiku closes the kiosk on madaraka day", date(2031, 6, 1)),
        ("- Harambee at the church after Mashujaa Day", date(2031, 10, 20)),
        ("- otieno flies home for jamhuri day", date(2031, 12, 12)),
        ("- Hemi's crew is off for Waitangi Day 2032", date(2032, 2, 6)),
    ],
)
def test_a_national_day_named_by_one_country_is_its_day(line: str, day: date) -> None:
    assert [n.days for n in note_dates(line, _WRITTEN, False, None, "dmy")] == [(day,)]


def test_a_lower_case_holiday_before_an_adverb_is_the_day() -> None:
    text = "# 2031-05-20\n\n- auntie will visit for madaraka day instead, not the weekend\n"
    assert line_dates(text, "2031-05-20")[2] == date(2031, 6, 1)
    found = note_dates("- Rosa comes for christmas day again", _WRITTEN, False, None, "dmy")
    assert [n.days for n in found] == [(date(2031, 12, 25),)]
