"""Issue 29, dates (held_out_8's misses): a line that moves a date gives the new day, news told is the day
of telling, a task set in reported speech is about its day, a participle wished for is no act done, the
occasion of a plan gives way to the day a step happens, bare weekdays of a plan are steps in order.
Phrases and worlds written for these tests, not from the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import chunk_dates, line_dates


def _day(line: str, written: str) -> date | None:
    return line_dates(f"# {written}\n\n{line}\n", written)[2]


@pytest.mark.parametrize(
    ("line", "written", "meant"),
    [
        # 2027-05-03 is a Monday; "got" before the verb that moves the date is no act of its own
        ("- The plumber's visit got moved to Thursday.", "2027-05-03", "2027-05-06"),
        # the move is the line's act, even with a reason reported in a sentence between
        ("- Go-live slipped two weeks: the card provider found a bug. Launch is the 28th.", "2027-05-03",
         "2027-05-28"),
    ],
)  # fmt: skip
def test_a_line_that_moves_a_date_is_about_the_new_day(line: str, written: str, meant: str) -> None:
    assert _day(line, written) == date.fromisoformat(meant)


@pytest.mark.parametrize(
    ("line", "later"),
    [
        ("- Priya told us she's moving to Leeds at the end of June.", "2027-06-30"),
        ("- Heard from the landlord: nothing yet. Sam said they're closing the pool on Friday.",
         "2027-05-07"),
    ],
)  # fmt: skip
def test_news_told_is_the_day_of_telling(line: str, later: str) -> None:
    assert _day(line, "2027-05-03") == date(2027, 5, 3)
    assert date.fromisoformat(later) in chunk_dates(line, "2027-05-03")


def test_a_participle_wished_for_is_no_act() -> None:
    line = "- Coach wants the kit washed for the match on Saturday."
    assert _day(line, "2027-05-03") == date(2027, 5, 8)


def test_a_task_set_in_reported_speech_is_about_its_day() -> None:
    # "said" and a verb with no subject: the task's deadline is the line's, as after "to"
    assert _day("- the coach said bring the forms by the 14th", "2027-05-03") == date(2027, 5, 14)
    # "said" and a clause with its own subject stays a report of the day written
    assert _day("- Grandad said he'll come by the 14th", "2027-05-03") == date(2027, 5, 3)


def test_a_numbered_day_with_on_is_the_line_when_the_first_names_the_occasion() -> None:
    line = "Driving up to Mum's for Easter, ferry on 24 March."
    assert _day(line, "2027-03-01") == date(2027, 3, 24)
    assert date(2027, 3, 28) in chunk_dates(line, "2027-03-01")  # Easter stays a mention


def test_bare_weekdays_in_a_plan_are_steps_in_order() -> None:
    # 2027-05-05 is a Wednesday: "Thursday" after "on Monday" is the Thursday after that Monday
    line = "- Plan: strip the wallpaper on Monday, plaster Thursday"
    assert date(2027, 5, 13) in chunk_dates(line, "2027-05-05")
    assert date(2027, 5, 6) not in chunk_dates(line, "2027-05-05")
    # a later weekday of the same week is read as before
    assert date(2027, 5, 9) in chunk_dates("- tidy on Friday, car boot Sunday", "2027-05-05")
