"""Session 22, dates (h-dates25): "would", or "'d" meaning it, before a verb tells a plan or an outcome from
the past ("said she'd drop the keys round on Friday", "said it would arrive on Tuesday"): its day lies ahead;
"would have" (what did not happen) and "'d" before a participle ("she'd sent it": had) do not. Phrases and
worlds written for these tests, not from the labelled sets. Also: the next one of what a line reports
("knee looser, next session on the 4th") is a mention, the report the day written; "due in March" is ahead."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import chunk_dates, line_dates
from mdrecall.text.date_phrases.note_dates import note_dates

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


@pytest.mark.parametrize(
    ("line", "named"),
    [
        ("- Osteo: shoulder looser, next session on the 4th", date(2029, 5, 4)),
        ("- Hygienist: two small fillings, another appointment on Thursday", date(2029, 4, 26)),
        ("- Chimney swept, the next one due in March", date(2030, 3, 1)),
    ],
)
def test_the_next_one_of_what_a_line_reports_is_a_mention(line: str, named: date) -> None:
    assert _first(line) == named
    assert line_dates(line, _WRITTEN)[0] == _WRITTEN  # the report is of the day written
    assert named in chunk_dates(line, _WRITTEN)


@pytest.mark.parametrize(
    ("line", "day"),
    [
        ("- Next session on the 4th", date(2029, 5, 4)),  # only the next one: the line is about it
        ("- Osteo: next session on the 4th", date(2029, 5, 4)),
        ("- Feed the seedlings twice a week, next on the 24th", date(2029, 4, 24)),  # an instruction's step
    ],
)
def test_a_line_naming_only_the_next_one_is_about_its_day(line: str, day: date) -> None:
    assert line_dates(line, _WRITTEN)[0] == day


def test_due_in_a_month_is_ahead_unless_it_was() -> None:
    assert _first("- Passport renewal due in March") == date(2030, 3, 1)
    assert _first("- Road tax was due in March, paid it late") == date(2029, 3, 1)
