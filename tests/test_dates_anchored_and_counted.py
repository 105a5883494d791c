"""Session 19, dates (the misses of held_out_15 and held_out_16): a weekday or a day counted from the
phrase after it ("the Saturday after Easter", "the day before 14 May"); two days of one month ("the 12th
and 13th"); a count of days left; a weekday as a compound's first part ("a Tuesday-style session"); the
abbreviations "Sat"/"Sun" before a part of the day or ending a clause; a numeric day with a leading zero in
the workspace's order; a move made on a day; a tally after a colon; "the Friday" beside a named day.
Phrases and worlds written for these tests, not from the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import chunk_dates, line_dates

#: 2028-03-06 is a Monday; Easter Sunday 2028 is 16 April.
_MONDAY = "2028-03-06"


def _day(line: str, written: str = _MONDAY, workspace: str | None = None) -> date | None:
    return line_dates(f"# {written}\n\n{line}\n", written, None, workspace)[2]


@pytest.mark.parametrize(
    ("line", "written", "meant"),
    [
        ("- hives inspected the Saturday after Easter, two queens missing", "2028-05-02", "2028-04-22"),
        ("- kiln booked for the day before Christmas Eve", "2028-11-20", "2028-12-23"),
        ("- rowing: the day after St. Paddy's nobody turned up", "2028-03-20", "2028-03-18"),
        ("- glaze order lands the Monday after 14 May", _MONDAY, "2028-05-15"),
        ("- we open the Friday before Good Friday", _MONDAY, "2028-04-07"),
    ],
)
def test_a_day_counted_from_the_phrase_after_it(line: str, written: str, meant: str) -> None:
    assert _day(line, written) == date.fromisoformat(meant)


def test_a_weekday_before_no_date_is_no_day() -> None:
    """ "the Thursday before the open day" names no day the notes know: the line is the day written."""
    assert _day("- Setup crew is the Thursday before the open day") == date(2028, 3, 6)


def test_two_days_of_one_month_are_both_named() -> None:
    line = "- studio will be shut for kiln repairs on the 12th and 13th"
    assert _day(line) == date(2028, 3, 12)
    assert {date(2028, 3, 12), date(2028, 3, 13)} <= chunk_dates(line, _MONDAY)


@pytest.mark.parametrize(
    ("line", "meant"),
    [("- 3 days to go until the show", "2028-03-09"), ("- two weeks left on the lease", "2028-03-20")],
)
def test_a_count_left_names_the_day_it_ends(line: str, meant: str) -> None:
    assert date.fromisoformat(meant) in chunk_dates(line, _MONDAY)


def test_a_weekday_in_a_compound_is_no_day() -> None:
    assert _day("- swim: Tuesday-style intervals on the erg, coach by phone") == date(2028, 3, 6)


@pytest.mark.parametrize(
    ("line", "written", "meant"),
    [
        ("- QUIZ NIGHT WON (Sat night), £80 to the club", _MONDAY, "2028-03-04"),
        ("- storm warning Sat. boats stay in", _MONDAY, "2028-03-11"),
        ("- Sun morning long row, 14 km", "2028-03-08", "2028-03-12"),
    ],
)
def test_sat_and_sun_before_a_part_of_the_day_or_ending_a_clause(line: str, written: str, meant: str) -> None:
    assert _day(line, written) == date.fromisoformat(meant)


@pytest.mark.parametrize(
    "line",
    ["- read about the tides in the Sun.", "- we sat on the pier till the rain", "- Sun cream, hats, water"],
)
def test_sun_and_sat_as_words_stay_no_days(line: str) -> None:
    assert _day(line) == date(2028, 3, 6)


def test_a_numeric_day_with_a_leading_zero_is_read_in_the_workspace_s_order() -> None:
    assert _day('- Ines on the phone: "a feira é 09/05"', workspace="dmy") == date(2028, 5, 9)
    assert _day('- Ines on the phone: "a feira é 9/5"', workspace="dmy") == date(2028, 3, 6)


def test_a_move_made_on_a_day_is_that_day() -> None:
    wednesday = "2028-03-08"
    assert _day("- Found a bigger bench. Moved the printer upstairs on Monday", wednesday) == date(2028, 3, 6)
    assert _day("- Moved the review to Monday", wednesday) == date(2028, 3, 13)


def test_a_tally_after_a_colon_reports_the_day_before() -> None:
    assert _day("- Raffle on Saturday: 2.350 raised for the roof") == date(2028, 3, 4)


def test_the_weekday_beside_a_named_day_is_the_nearest_one() -> None:
    line = "- regatta on Sunday 19/3, weigh-in the Saturday"
    assert date(2028, 3, 18) in chunk_dates(line, _MONDAY, order="dmy")


def test_a_month_labelling_a_line_is_that_month() -> None:
    page = "# Season plan\n\n- May: hill reps, 30 km weeks\n- June: race block\n- Notes for June: buy shoes\n"
    days = line_dates(page, None, "2028-04-20")
    assert days[2] == date(2028, 5, 1)
    assert days[3] == date(2028, 6, 1)
    assert line_dates("# 2028-03-06\n\nthe plan, May: rest\n", "2028-03-06")[2] == date(2028, 3, 6)


def test_a_period_paid_for_is_the_nearest_and_not_the_line_s_day() -> None:
    line = "- Tomas: paid the studio rent for February, receipt in the drawer"
    written = "2028-03-15"
    assert _day(line, written) == date(2028, 3, 15)
    assert date(2028, 2, 10) in chunk_dates(line, written)
    assert date(2029, 2, 10) not in chunk_dates(line, written)


def test_a_year_of_birth_is_that_year() -> None:
    days = chunk_dates("- Dachshund, wire-haired, born 2019", None)
    assert date(2019, 6, 1) in days and len(days) == 365
