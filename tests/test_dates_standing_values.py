"""Issue 29, dates right (session 28, h-dates41): a day stated as the one in force now ("the audit is now
14 May", "the deposit deadline still 30 June") is still to come, a year on if its date this year is gone;
a weekday after "except" is the day a standing rule leaves out ("open daily except Tuesday"), no one day.
Phrases written for these tests, not from the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.text.date_phrases.note_dates import note_dates


def _days(line: str, written: date) -> list[tuple[str, date]]:
    return [(line[n.start : n.end], n.days[0]) for n in note_dates(line, written)]


@pytest.mark.parametrize(
    ("line", "want"),
    [
        ("- Inspector rang: the audit is now 14 May.", date(2028, 5, 14)),
        ("- Sent the forms back, deposit deadline still 30 June.", date(2028, 6, 30)),
    ],
)
def test_a_day_in_force_now_lies_ahead(line: str, want: date) -> None:
    (phrase,) = _days(line, date(2027, 9, 20))
    assert phrase[1] == want


def test_a_day_in_force_near_ahead_is_this_years() -> None:
    (phrase,) = _days("- Venue confirmed, the gala is now 2 October.", date(2027, 9, 20))
    assert phrase[1] == date(2027, 10, 2)


@pytest.mark.parametrize(
    "line",
    [
        "- The ferry sails daily except Tuesday over the winter.",
        "- Pool open every day except on Monday for cleaning.",
    ],
)
def test_a_weekday_left_out_of_a_standing_rule_names_no_day(line: str) -> None:
    assert _days(line, date(2027, 9, 22)) == []
