"""Session 26, dates (h-dates38): voice memos and notes written as spoken. A day of the month said in words
beside its month ("the twenty ninth of september", "fourteenth october", "march third") is read as its
figure, in place; a memo opening with the weekday it was made on, after a transcription stamp
("[transcribed 08:14] thursday. ..."), is about that day; a month said with a yearly round ("booster
yearly in September") recurs and dates no line. Phrases and worlds written for these tests, not from the
labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import line_dates
from mdrecall.text.date_phrases.spoken_ordinals import spoken_ordinals

#: 2033-06-09 is a Thursday.
_WRITTEN = date(2033, 6, 9)


@pytest.mark.parametrize(
    ("line", "day"),
    [
        ("- the borehole crew comes on the twenty third of june", date(2033, 6, 23)),
        ("- the vet is coming fifteenth july for the goats", date(2033, 7, 15)),
        ("- my cousin flies in july the thirty-first", date(2033, 7, 31)),
        ("- piano exam moved to June Twentieth", date(2033, 6, 20)),
    ],
)
def test_a_day_said_in_words_beside_its_month_is_read(line: str, day: date) -> None:
    assert line_dates(line, _WRITTEN)[0] == day


@pytest.mark.parametrize(
    "line",
    [
        "the first time in may we had rain",
        "a second opinion on the roof in June",
        "third place at the june gala",
        "the twenty second",
    ],
)
def test_an_ordinal_without_its_month_beside_it_stays_a_word(line: str) -> None:
    assert spoken_ordinals(line) == line


def test_spoken_ordinals_keep_every_place_in_the_line() -> None:
    line = "on the twenty third of june and fourteenth july"
    out = spoken_ordinals(line)
    assert len(out) == len(line) and out.index("june") == line.index("june")
    assert out.split() == ["on", "the", "23rd", "of", "june", "and", "14th", "july"]


@pytest.mark.parametrize(
    "line",
    [
        "[transcribed 06:50] thursday. drove the van to the co-op, the milk price is down",
        "[memo 19:02] thursday thursday. long day at the nursery, planted out the leeks",
    ],
)
def test_a_memo_opening_with_its_own_weekday_is_about_that_day(line: str) -> None:
    assert line_dates(line, _WRITTEN)[0] == _WRITTEN


@pytest.mark.parametrize(
    "line",
    [
        "- Flu jab yearly in October.",
        "- Chimney swept every year in September, Arlo does it.",
        "- if a certificate fails, check the expiry first (Pim rotates them yearly in March)",
    ],
)
def test_a_month_of_a_yearly_round_dates_no_line(line: str) -> None:
    page = f"# Household\n\n{line}\n"
    assert line_dates(page, None, _WRITTEN)[2] is None
    assert line_dates(f"# Thu\n\n{line}\n", _WRITTEN)[2] == _WRITTEN


def test_annual_leave_in_a_month_is_still_a_month() -> None:
    page = "# Household\n\n- Annual leave in October, two weeks in Crete.\n"
    assert line_dates(page, None, _WRITTEN)[2] == date(2033, 10, 1)
