"""Session 18, dates (held_out_10/11's misses): a tally of what happened on a bare weekday ("14 groups on
Saturday") in a sentence that reports the past is the weekday before; a count in a plan stays ahead.
Phrases and worlds written for these tests, not from the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import chunk_dates, line_dates

#: 2027-05-17 is a Monday.
_MONDAY = "2027-05-17"


def _day(line: str) -> date | None:
    return line_dates(f"# {_MONDAY}\n\n{line}\n", _MONDAY)[2]


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        ("Open day went well, 30 families on Saturday and 12 on Sunday, two forms back.", "2027-05-15"),
        ("- plant sale: 45 customers on Sat, one asked about bulk orders", "2027-05-15"),
    ],
)
def test_a_tally_beside_a_past_report_is_the_day_before(line: str, meant: str) -> None:
    assert _day(line) == date.fromisoformat(meant)


def test_each_count_of_a_tally_is_read_back() -> None:
    line = "Open day went well, 30 families on Saturday and 12 on Sunday."
    assert {date(2027, 5, 15), date(2027, 5, 16)} <= chunk_dates(line, _MONDAY)


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        # a plan: the count lies ahead
        ("- Booked the hall, 40 guests on Saturday, caterer confirmed.", "2027-05-22"),
        ("- We'll need chairs: 40 guests on Saturday.", "2027-05-22"),
    ],
)
def test_a_count_in_a_plan_stays_ahead(line: str, meant: str) -> None:
    assert _day(line) == date.fromisoformat(meant)


def test_a_day_with_no_count_beside_a_past_act_stays_ahead() -> None:
    line = "- Sent the invites, party on Saturday."
    assert date(2027, 5, 22) in chunk_dates(line, _MONDAY)
    assert date(2027, 5, 15) not in chunk_dates(line, _MONDAY)


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        # a mishap no one plans: the weekday's is the one past, even after "for"
        ("- Post-mortem for Saturday's database outage is Thursday at 2.", "2027-05-15"),
        ("- Insurance form for Friday's kitchen flood sent.", "2027-05-14"),
    ],
)
def test_a_weekdays_mishap_is_the_one_past(line: str, meant: str) -> None:
    assert date.fromisoformat(meant) in chunk_dates(line, _MONDAY)


def test_a_weekdays_plannable_event_after_for_stays_ahead() -> None:
    assert date(2027, 5, 21) in chunk_dates("- Cut the release for Friday's demo.", _MONDAY)
