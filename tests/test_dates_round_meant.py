"""Issue 29, dates: which day a line means when it counts since a day, announces one, names a weekday
under a week or a slot that recurs. Phrases written for these tests, not from the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import line_dates


def _day(line: str, written: str) -> date | None:
    return line_dates(f"# {written}\n\n{line}\n", written)[2]


@pytest.mark.parametrize(
    ("line", "written", "want"),
    [
        # a count "since" a day: the span's start is not the line's day
        ("The printer jammed again, fourth time since Halloween.", "2027-01-12", "2027-01-12"),
        ("Lost the keys twice since New Year's Day, ugh.", "2027-01-20", "2027-01-20"),
        # a day announced with "is on": ahead, even when the month's earlier one is nearer
        ("- The bake sale is on the 27th, Maura runs the stall.", "2027-05-06", "2027-05-27"),
        # a weekday under "next week": that week's day, not the week's Monday (2027-06-11 is a Friday)
        ("Next week: the plumber comes Wednesday.", "2027-06-11", "2027-06-16"),
        # an act earlier in the sentence and a booked day in its own clause: the day written
        ("Pip limping. Vet had a feel: sore pad, x-ray booked for the 20th.", "2027-04-08", "2027-04-08"),
    ],
)
def test_line_means_the_day(line: str, written: str, want: str) -> None:
    assert _day(line, written) == date.fromisoformat(want)


@pytest.mark.parametrize(
    "line",
    [
        "- Choir practice moves to the second Tuesday, same hall.",
        "- Invoices in by Friday 5pm every week, no exceptions.",
        "- Newsletter copy due Thursday noon each week.",
    ],
)
def test_recurring_weekday_names_no_day(line: str) -> None:
    assert _day(line, "2027-02-10") == date(2027, 2, 10)
