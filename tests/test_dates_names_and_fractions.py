"""Session 18, dates (held_out_13's false dates): the Saturday before Easter is a holiday of its own; a
holiday naming an event of several days, a publication or a price is no day ("the Easter Camp", "the
Christmas edition"); a fraction before a size ("a 1/2 page ad") and a notation's example ("5/4 = 4 May")
are no days; a day that things are booked for gives way to the day their booking opens. Phrases and worlds
written for these tests, not from the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import chunk_dates, line_dates

#: 2028-03-06 is a Monday; Easter Sunday 2028 is 16 April.
_MONDAY = "2028-03-06"


def _day(line: str) -> date | None:
    return line_dates(f"# {_MONDAY}\n\n{line}\n", _MONDAY)[2]


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        ("- The club's open water swim is on Easter Saturday this year.", "2028-04-15"),
        ("- Holy Saturday: ferry to the island at 08:00", "2028-04-15"),
        ("- Choir sings at the cathedral on Palm Sunday", "2028-04-09"),
    ],
)
def test_the_days_around_easter_are_holidays_of_their_own(line: str, meant: str) -> None:
    assert _day(line) == date.fromisoformat(meant)


@pytest.mark.parametrize(
    "line",
    [
        "- Easter Camp at Scarborough: 14 kids signed up already",
        "- Sold a half-page ad in the Christmas edition to the bakery",
        "- Halloween Carnival in the square: we came 2nd of 9 in the costume parade",
        "- Easter surcharge on the ferry is 20%, worth knowing",
    ],
)
def test_a_holiday_naming_an_event_a_thing_or_a_price_is_no_day(line: str) -> None:
    assert _day(line) == date(2028, 3, 6)


def test_a_day_written_beside_a_holiday_named_event_is_the_line_s() -> None:
    assert _day("- Easter Tournament at the rec: Sat 8 April, 10:00 start, squad of 9") == date(2028, 4, 8)


@pytest.mark.parametrize(
    "line",
    [
        "- Mrs Ojo took 1/4 page, paid cash.",
        "- 1/2 page for the bakery, colour",
        "- Brewed 2/3 batch of the stout, 4/5 bottles kept",
    ],
)
def test_a_fraction_before_a_size_is_no_day(line: str) -> None:
    # the page writes day/month ("15/5"), so a bare "1/4" could be read as a day
    text = f"# {_MONDAY}\n\n- Fete on 15/5\n{line}\n"
    assert line_dates(text, _MONDAY)[3] == date(2028, 3, 6)


def test_a_notation_s_example_is_no_day() -> None:
    line = "- Reminder for the new volunteer: we write day/month here (5/4 = 5 April)."
    assert _day(line) == date(2028, 3, 6)
    assert date(2028, 4, 5) not in chunk_dates(line, _MONDAY)


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        ("- Tickets for the 20th go on sale tomorrow, max four each.", "2028-03-07"),
        ("- Entries for Saturday's 10k close today; 212 so far.", "2028-03-06"),
    ],
)
def test_a_day_things_are_for_gives_way_to_the_day_of_the_act(line: str, meant: str) -> None:
    assert _day(line) == date.fromisoformat(meant)


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        # a time no clock reads after a bare weekday: a result, the weekday before
        ("- Hill repeats on Thursday: 41:12 for the six, knees okay.", "2028-03-02"),
        ("- Club 10-miler Sunday - 1:18:40, felt strong", "2028-03-05"),
        # a clock time, or a target, keeps it ahead
        ("- Ferry on Thursday: 10:40 from the harbour", "2028-03-09"),
        ("- Time trial on Thursday, aiming for 38:00", "2028-03-09"),
    ],
)
def test_a_time_taken_after_a_weekday_is_a_result(line: str, meant: str) -> None:
    assert _day(line) == date.fromisoformat(meant)


def test_an_undated_page_s_timeline_is_read_from_its_date_nearest_the_present() -> None:
    # a project page with no date of its own: its timeline runs from 2023 to late 2026, and the
    # workspace's newest day is in 2027; a yearless "12 May" above the timeline is this year's
    text = (
        "# Harbour wall story\n\n"
        "- Run it in the 12 May issue, page 3\n\n"
        "## Timeline\n"
        "- 2023-02-01: council approves the repair\n"
        "- 2026-11-20: cracks found again\n"
    )
    assert line_dates(text, None, date(2027, 4, 30))[2] == date(2027, 5, 12)


@pytest.mark.parametrize(
    ("line", "days"),
    [
        # every weekday of a list before a named week is that week's
        ("- Gran had the twins Tuesday and Thursday last week.", ["2028-02-29", "2028-03-02"]),
        ("- Pool's shut Tue and Fri next week for the gala", ["2028-03-14", "2028-03-17"]),
        # a range of weekdays after or before a named week
        ("- The book fair runs next week Wed–Fri in the hall.", ["2028-03-15", "2028-03-16", "2028-03-17"]),
        ("- The book fair runs Wed–Fri next week in the hall.", ["2028-03-15", "2028-03-16", "2028-03-17"]),
    ],
)
def test_weekdays_in_a_named_week(line: str, days: list[str]) -> None:
    assert {date.fromisoformat(d) for d in days} <= chunk_dates(line, _MONDAY)


def test_a_past_act_after_a_report_keeps_its_day() -> None:
    line = "- Hens laying again, four eggs. Priya cleaned the coop on Tuesday last week."
    assert _day(line) == date(2028, 2, 29)


def test_a_plan_after_a_report_stays_the_day_written() -> None:
    line = "- Hens laying again, four eggs. Clean the coop on Thursday."
    assert _day(line) == date(2028, 3, 6)


def test_a_day_of_an_event_s_span_named_before_is_the_line_s() -> None:
    # written on a Monday: "Monday" is next week's, a day of the sale
    line = "- The book sale is next week Mon–Wed in the library. Go Monday after work."
    assert _day(line) == date(2028, 3, 13)


def test_a_week_beside_an_act_done_stays_the_day_written() -> None:
    assert _day("- Fixed the boiler; next week: service on Tuesday") == date(2028, 3, 6)


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        # what someone is cleared, picked or approved for lies ahead
        ("- Vet cleared Bramble for short walks on Thursday, lead only.", date(2028, 3, 9)),
        ("- The surgeon cleared me for swimming on Saturday.", date(2028, 3, 11)),
        ("- HR approved for leave on Friday, finally.", date(2028, 3, 10)),
    ],
)
def test_a_day_of_what_one_is_cleared_for_is_ahead(line: str, meant: date) -> None:
    assert meant in chunk_dates(line, _MONDAY)


def test_a_day_of_what_one_paid_for_stays_back() -> None:
    assert date(2028, 3, 3) in chunk_dates("- Paid for the taxi on Friday", _MONDAY)


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        ("- Choir: sopranos reminded about Thursday, Mrs Dube bringing the folders.", date(2028, 3, 9)),
        ("- Texted Gogo a reminder of Saturday.", date(2028, 3, 11)),
    ],
)
def test_a_day_one_is_reminded_of_is_ahead(line: str, meant: date) -> None:
    assert meant in chunk_dates(line, _MONDAY)
    assert _day(line) == date(2028, 3, 6)  # the reminder was sent on the day written
