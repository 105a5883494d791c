"""Session 19, dates (the misses of held_out_17 and held_out_18): a weekday with its day's number read in
the direction its words give ("pushed to Tuesday 20th"); a holiday joined by a hyphen to a noun of a
period or a thing ("the Easter-week hampers") as no day; a day after a verb of deciding and what was
decided ("agreed: switch to X from the June order") as ahead; a line whose first day is ahead but which
reports an act done on the day written ("... starts Thu 8/3. Paid the deposit today") as the day written;
"over" and "throughout" before a month. Phrases and worlds written for these tests, not from the
labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import chunk_dates, line_dates

#: 2029-03-05 is a Monday; 20 February and 20 March 2029 are both Tuesdays.
_MONDAY = "2029-03-05"


def _day(line: str, written: str = _MONDAY, workspace: str | None = None) -> date | None:
    return line_dates(f"# {written}\n\n{line}\n", written, None, workspace)[2]


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        ("- Glazier can't make it; the fitting moved to Tuesday 20th.", "2029-03-20"),
        ("- Choir's spring concert is Tuesday 20th", "2029-03-20"),
        ("- Took the kids to the aquarium on Tuesday 20th", "2029-02-20"),
    ],
)
def test_a_numbered_weekday_follows_its_words(line: str, meant: str) -> None:
    """Two Tuesdays the 20th lie 13 and 15 days off: the words say which, not the nearer one."""
    assert date.fromisoformat(meant) in chunk_dates(line, _MONDAY)


@pytest.mark.parametrize(
    ("line", "written"),
    [
        ("- priced the Easter-week hampers with the deli owner", "2029-03-05"),
        ("- Ordered the Christmas-party napkins, two boxes", "2028-11-20"),
    ],
)
def test_a_holiday_hyphened_to_a_noun_is_no_day(line: str, written: str) -> None:
    assert _day(line, written) == date.fromisoformat(written)


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        (
            "- Priya and Tom agreed: move the bakery's flour to Shipton Mill from the June order.",
            "2029-06-01",
        ),
        ("- Decided to open the allotment shed on Saturdays from the 17th.", "2029-03-17"),
    ],
)
def test_a_day_in_what_was_decided_is_ahead(line: str, meant: str) -> None:
    assert date.fromisoformat(meant) in chunk_dates(line, _MONDAY)


def test_a_day_a_decision_was_made_on_stays_behind() -> None:
    """ "agreed on Friday to go": the Friday is when they agreed, before the day written."""
    assert date(2029, 3, 2) in chunk_dates("- We agreed on Friday to hire the minibus", _MONDAY)


@pytest.mark.parametrize(
    "line",
    [
        "- Roofer starts Thu 8/3. Paid the deposit today",
        "- From April the kennel takes card only. Told the dog walkers today.",
        "- Recital on Saturday - Greta rang today about the piano",
    ],
)
def test_an_act_done_today_after_a_day_ahead_is_the_day_written(line: str) -> None:
    assert _day(line, workspace="dmy") == date(2029, 3, 5)


def test_a_plan_made_today_keeps_the_day_ahead() -> None:
    """ "booked today" is a plan: the line is the day it is booked for."""
    assert _day("- Physio on Friday, booked today") == date(2029, 3, 9)


@pytest.mark.parametrize(
    ("line", "first", "last"),
    [
        (
            "- Noor to move the accounts over April, the old ledger stays read-only",
            "2029-04-01",
            "2029-04-30",
        ),
        ("- spreading the seed payments throughout June", "2029-06-01", "2029-06-30"),
    ],
)
def test_over_a_month_names_it(line: str, first: str, last: str) -> None:
    days = chunk_dates(line, _MONDAY)
    assert {date.fromisoformat(first), date.fromisoformat(last)} <= days


def test_over_a_lower_case_may_is_no_month() -> None:
    assert not chunk_dates("- the game is over may be the best news", _MONDAY) - {date(2029, 3, 5)}


def test_a_bare_day_booked_in_the_workspace_order_is_read() -> None:
    """ "booked 12/3" on a page that shows no order, in a day-first workspace: a day, ahead."""
    line = "- Rang the piano tuner: visit booked 12/3, he's driving up from Leeds."
    days = line_dates(f"# {_MONDAY}\n\n{line}\n", _MONDAY, None, "dmy")
    assert days[2] in (date(2029, 3, 12), date(2029, 3, 5))
    assert date(2029, 3, 12) in chunk_dates(line, _MONDAY, order="dmy")


def test_a_count_booked_is_no_day() -> None:
    assert date(2029, 3, 4) not in chunk_dates(
        "- booked 3/4 of the rooms for the retreat", _MONDAY, order="dmy"
    )


def test_weekdays_with_numeric_days_make_one_range() -> None:
    """ "Wed 14/3 to Fri 16/3": every day from the first to the last, the Thursday between too."""
    line = "- Orla's climbing course at the wall: Wed 14/3 to Fri 16/3."
    assert {date(2029, 3, 14), date(2029, 3, 15), date(2029, 3, 16)} <= chunk_dates(
        line, _MONDAY, order="dmy"
    )


@pytest.mark.parametrize(
    "line", ["- plumber says between 12 and 16 March", "- away between the 12th and 16th March"]
)
def test_between_two_days_of_a_month_is_a_range(line: str) -> None:
    assert {date(2029, 3, d) for d in range(12, 17)} <= chunk_dates(line, _MONDAY)


def test_a_dated_line_does_not_date_the_next_section() -> None:
    """On an undated page, a full date under one heading does not give a standing slot under the next one
    a day ("Rehearsal is Wednesday 8pm" names no day)."""
    page = (
        "# Notes\n\n## Allotment\n- Agreed 2029-01-10: no new raised beds this year.\n\n"
        "## Band\n- Rehearsal is Wednesday 8pm at the scout hall.\n"
    )
    days = line_dates(page, None, "2029-03-05")
    assert days[6] is None


def test_a_dated_line_still_dates_the_lines_below_it_in_its_section() -> None:
    page = "# Kiln log\n\n- 2029-01-10: firing went fine.\n- Next firing 14 Feb.\n"
    assert line_dates(page, None, "2029-03-05")[3] == date(2029, 2, 14)


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        ("- Rang the haulier: Bríd says the van for the Lyon order leaves Thurs morning.", "2029-03-08"),
        ("- Emailed the vet, she reckons Friday is fine for the jabs", "2029-03-09"),
    ],
)
def test_a_day_in_what_is_said_has_its_own_direction(line: str, meant: str) -> None:
    assert date.fromisoformat(meant) in chunk_dates(line, _MONDAY)


def test_a_bare_day_after_a_span_of_an_earlier_sentence_is_this_month() -> None:
    line = "- Low water is late for the next month. We'll lift the nets on Fridays from the 16th."
    assert date(2029, 3, 16) in chunk_dates(line, _MONDAY)
