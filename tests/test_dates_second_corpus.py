"""Session 23, dates: causes of the misses on the second blind date corpus's tuning worlds: a dashed range
of weekdays in a daily log (days of one week unless the line keeps a timetable), a year-first writer's
month-first "10/1", a week's name before a numeric range, a booking moved from one day to another.
Phrases written for these tests, not from the corpus or the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import line_dates
from mdrecall.text.date_phrases.note_dates import note_dates
from mdrecall.text.date_phrases.numeric_dates import numeric_order


def _read(line: str, written: str, workspace: str | None = None) -> list[tuple[str, str, str]]:
    """Each phrase read in a dated note: its text, its first and its last day."""
    order = numeric_order(line) if "/" in line else None
    return [
        (line[n.start : n.end], n.days[0].isoformat(), n.days[-1].isoformat())
        for n in note_dates(line, date.fromisoformat(written), False, order, workspace)
    ]


def _day(line: str, written: str) -> date | None:
    return line_dates(f"# {written}\n\n{line}\n", written)[2]


@pytest.mark.parametrize(
    ("line", "written", "first", "last"),
    [
        # 2027-02-10 is a Wednesday: the coming Thursday to Saturday
        ("- Scaffolding crew here Thu–Sat, then the roofers", "2027-02-10", "2027-02-11", "2027-02-13"),
        # a report written on a Monday: the weekend gone
        ("Brewhouse alarm tripped twice Sat–Sun", "2027-02-15", "2027-02-13", "2027-02-14"),
        # written on the Thursday: the range that holds that day
        ("- Marta at the Ghent fair Wed-Fri, cover her emails", "2027-02-11", "2027-02-10", "2027-02-12"),
    ],
)
def test_a_dashed_weekday_range_in_a_daily_log_names_days(
    line: str, written: str, first: str, last: str
) -> None:
    read = _read(line, written)
    assert [(f, la) for _, f, la in read] == [(first, last)]
    assert _day(line, written) == date.fromisoformat(first)


@pytest.mark.parametrize(
    "line",
    [
        "- Taproom open Wed–Sun 12:00–22:00",
        "- Deliveries 7:30 Mon–Fri, none at weekends",
        "Kiosk staffed Tue-Sat from now on",
        "- Rowan (part-time, Mon–Wed) does the cellar",
        "- Brunch Sat–Sun, kitchen closes at three",
        "Ferry runs Mon-Fri mornings only",
    ],
)
def test_a_timetable_of_weekdays_names_no_day(line: str) -> None:
    assert _read(line, "2027-02-10") == []


@pytest.mark.parametrize(
    ("line", "written", "first", "last"),
    [
        # a page that writes year/month/day puts the month first in its short dates too
        ("Harbour dues paid 2027/03/02; next invoice 4/1", "2027-03-05", "2027-04-01", "2027-04-01"),
        ("Mooring fee billed 2027/01/31, refund by 2/6", "2027-02-01", "2027-02-06", "2027-02-06"),
    ],
)
def test_a_year_first_page_writes_its_short_dates_month_first(
    line: str, written: str, first: str, last: str
) -> None:
    assert (first, last) in [(f, la) for _, f, la in _read(line, written)]


def test_a_year_first_workspace_order_reads_month_first() -> None:
    assert _read("- Sake tasting from 11/2, tickets soon", "2027-09-01", "ymd")[0][1:] == ("2027-11-02",) * 2


def test_a_named_week_before_a_numeric_range_is_no_week_number() -> None:
    line = "- Shop shut for Carnival Week 2/8–2/14, open again 2/15"
    read = _read(line, "2027-01-20", "mdy")
    assert ("2/8–2/14", "2027-02-08", "2027-02-14") in read


def test_a_booking_moved_from_one_day_to_another_is_two_days() -> None:
    line = "Client rebooked from 2027/06/03 to 2027/06/10 at noon"
    read = _read(line, "2027-05-28")
    assert [(t, f) for t, f, _ in read] == [("2027/06/03", "2027-06-03"), ("2027/06/10", "2027-06-10")]
    assert _day(line, "2027-05-28") == date(2027, 6, 10)


@pytest.mark.parametrize(
    ("line", "day"),
    [
        # 2027-02-10 is a Wednesday: "a week on Monday" is the Monday after the coming one
        ("- Plasterer starts a week on Monday", "2027-02-22"),
        ("Gallery hang a week from Friday, invites out today", "2027-02-19"),
    ],
)
def test_a_week_on_a_weekday_is_that_weekday_a_week_later(line: str, day: str) -> None:
    assert _read(line, "2027-02-10")[0][1:] == (day, day)


def test_a_week_on_weekday_mornings_is_a_habit() -> None:
    assert _read("- Pilates a week on Monday mornings, then we see", "2027-02-10") == []


@pytest.mark.parametrize(
    ("line", "written", "first"),
    [
        # a quarter with no year after a day that has one: the quarter nearest that day, not the writing
        ("Lease on the unit runs 1 Feb 2027 to 31 Jan 2028, rent review in Q3", "2027-01-10", "2027-07-01"),
        ("Grant approved 2 May 2025, report due in Q4", "2027-01-10", "2025-10-01"),
    ],
)
def test_a_yearless_quarter_lies_near_the_lines_dated_day(line: str, written: str, first: str) -> None:
    assert _read(line, written)[-1][1] == first


def test_a_count_after_a_weekday_that_no_month_has_is_no_day_number() -> None:
    # 2027-03-08 is a Monday: "last Friday" is 5 March; 45 is a count, not the 45th
    assert _read("Last Friday 45 covers at lunch, best yet", "2027-03-08") == [
        ("Last Friday", "2027-03-05", "2027-03-05")
    ]


def test_a_day_and_month_after_another_and_and_is_a_date() -> None:
    # "and" makes "1 and 1/2" a fraction, not "on 3/14 and 4/2": two days
    assert [t for t, _, _ in _read("Farrier visits on 3/14 and 4/2", "2027-03-01", "mdy")] == ["3/14", "4/2"]
    assert _read("Mix 1 and 1/2 cups of oats", "2027-03-01", "mdy") == []


@pytest.mark.parametrize(
    ("line", "first", "last"),
    [
        # written 2027-02-10: the week holding the month's last (first, second) Thursday
        ("- Kiln firing is the last week of April", "2027-04-26", "2027-05-02"),
        ("Auditors come the second week of March", "2027-03-08", "2027-03-14"),
        ("- Tasting menu launches first week of May 2028", "2028-05-01", "2028-05-07"),
    ],
)
def test_a_week_ranked_in_a_month_is_that_week(line: str, first: str, last: str) -> None:
    assert [(f, la) for _, f, la in _read(line, "2027-02-10")] == [(first, last)]


@pytest.mark.parametrize(
    ("line", "day"),
    [
        # United States' federal Mondays whose names are theirs alone: a weekday ranked in a month
        ("- Keep the old pricing page until Labor Day", "2027-09-06"),
        ("Pool opens on Memorial Day, lifeguards booked", "2027-05-31"),
        ("- Office shut on MLK Day, payroll runs the day after", "2027-01-18"),
    ],
)
def test_a_us_federal_monday_is_its_day(line: str, day: str) -> None:
    read = _read(line, "2027-01-05", "mdy")
    assert day in [f for _, f, _ in read]
