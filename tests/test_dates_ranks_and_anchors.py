"""Issue 29, dates (held_out_8's misses): a weekday by its rank in a named month, a weekday before or after
the line's other date, a month in brackets, "last <weekday> <noun> is" as the final one of a slot, a
holiday in lower case before a noun, and verbs of launch or expiry before a numeric day. Phrases and
worlds written for these tests, not from the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import chunk_dates, line_dates
from mdrecall.text.date_phrases.note_dates import note_dates


def _day(line: str, written: str, order: str | None = None) -> date | None:
    return line_dates(f"# {written}\n\n{line}\n", written, order=order)[2]


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        ("- Allotment AGM: second Tuesday of March", "2027-03-09"),
        ("- Bake sale the last Friday in May 2027.", "2027-05-28"),
        ("- Open studios on the 1st Sunday of June", "2027-06-06"),
    ],
)
def test_a_weekday_by_its_rank_in_a_named_month(line: str, meant: str) -> None:
    assert _day(line, "2027-02-10") == date.fromisoformat(meant)


def test_a_ranked_weekday_of_the_month_still_recurs() -> None:
    assert note_dates("- Book club meets the first Thursday of the month", date(2027, 2, 10)) == []


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        # 2027-06-18 is a Friday: the Wednesday before it, the Monday after it
        ("- Exhibition opens 18 June, hang the prints the Wednesday before.", "2027-06-16"),
        ("- Exhibition opens 18 June; take-down the Monday after", "2027-06-21"),
    ],
)
def test_a_weekday_before_or_after_the_lines_date(line: str, meant: str) -> None:
    assert date.fromisoformat(meant) in chunk_dates(line, "2027-05-03")


def test_a_weekday_before_with_no_date_to_count_from_names_none() -> None:
    assert note_dates("- we met the Friday before, it was fine", date(2027, 5, 3)) == []


def test_a_month_alone_in_brackets_is_that_month() -> None:
    found = note_dates("Budget so far (Oct): under by $300.", date(2027, 1, 12))
    assert [(n.days[0], n.days[-1]) for n in found] == [(date(2026, 10, 1), date(2026, 10, 31))]


def test_the_last_of_a_weekly_slot_is_the_day_stated() -> None:
    # 2027-03-03 is a Wednesday: "last Tuesday" alone would be 2 March
    assert _day("- last Tuesday class is March 16, then the term ends", "2027-03-03") == date(2027, 3, 16)
    assert _day("- last Tuesday we painted the hall", "2027-03-03") == date(2027, 3, 2)


def test_a_holiday_in_lower_case_before_a_noun_is_a_thing() -> None:
    assert note_dates("- two new chicks (easter egger and a silkie)", date(2027, 3, 3)) == []
    assert note_dates("- boxes of christmas lights in the loft", date(2027, 3, 3)) == []
    assert [n.days for n in note_dates("- back home for easter dinner", date(2027, 3, 3))] == [
        (date(2027, 3, 28),)
    ]


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        ("- The new menu goes live 4/6.", "2027-04-06"),
        ("- Tickets on sale 5/2, members a week earlier", "2027-05-02"),
        ("- Our lease expires 4/6 unless we renew", "2027-04-06"),
    ],
)
def test_a_launch_or_an_expiry_before_a_numeric_day_in_the_workspaces_order(line: str, meant: str) -> None:
    assert date.fromisoformat(meant) in chunk_dates(line, "2027-03-01", order="mdy")
