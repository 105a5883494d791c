"""Session 24, dates (h-dates30): a weekday that names a slot of a weekly timetable, written in prose, is no
day: a course or a title after "the" or a possessive ("the Saturday Pottery", "our Thursday Pilates"), a
habitual adverb right after it ("Tuesday 7pm usually packed", "Sunday is always slow"). A name doing
something after "the <weekday>" ("the Friday Ines lands"), a month or a number after it, or a weekday
with no such words, is still a day. Phrases and worlds written for these tests, not from the labelled
sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import line_dates
from mdrecall.text.date_phrases.note_dates import note_dates

#: 2031-05-14 is a Wednesday.
_WRITTEN = date(2031, 5, 14)


def _days(line: str) -> list[date]:
    return [n.days[0] for n in note_dates(line, _WRITTEN, False, None, "dmy")]


@pytest.mark.parametrize(
    "line",
    [
        "- Mrs Okafor asked if Tobi can move to the Saturday Pottery. Fine by me.",
        "- Can Dariusz join our Thursday Pilates?",
        "- Swapped Amara into the Monday Latin group",
        "- Ferry desk: Tuesday 7pm usually packed, tell guests to come earlier",
        "- Sunday is always slow at the bakery, one baker is enough",
        "- Friday afternoon never works for the climbing club",
    ],
)
def test_a_weekly_slot_in_prose_is_no_day(line: str) -> None:
    assert _days(line) == []
    assert line_dates(line, _WRITTEN)[0] == _WRITTEN


@pytest.mark.parametrize(
    ("line", "day"),
    [
        ("- Pick up the keys the Friday Ines lands", date(2031, 5, 16)),
        ("- Moved the Friday May 23 tasting", date(2031, 5, 23)),
        ("- Pottery kiln fixed, first firing Saturday", date(2031, 5, 17)),
        ("- Vet on Thursday, always check the van first", date(2031, 5, 15)),
    ],
)
def test_a_weekday_without_a_slot_s_words_is_a_day(line: str, day: date) -> None:
    assert day in _days(line)
