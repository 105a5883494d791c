"""A day opening its own clause after a past verb and a comma or colon ("the christening date fixed, 18
April") may be the value the act set or the day of the act: the verb points neither way, and the nearest
day is read; a past verb before a colon reports what follows ("Kavya called: ..."), not when. Written for
these tests (session 20), not from the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import line_dates

#: The day the log is written: a Saturday in early February.
_WRITTEN = "2029-02-03"


def _day(line: str) -> date | None:
    return line_dates(f"# {_WRITTEN}\n\n{line}\n", _WRITTEN)[2]


@pytest.mark.parametrize(
    ("line", "day"),
    [
        # the value set: ahead, the nearer of the two years
        ("- Kavya called: the christening date fixed, 18 April, 10 am.", "2029-04-18"),
        ("- Engagement and sangeet dates fixed: 16th and 17th April.", "2029-04-16"),
        ("- Rang the hall: the recital confirmed, 9 March.", "2029-03-09"),
        # the day of the act: just gone, also the nearer
        ("- Boiler fixed, 28 Jan. Engineer was great.", "2029-01-28"),
        ("- Repainted the shed, 30 Jan", "2029-01-30"),
    ],
)
def test_a_past_verb_before_a_days_own_clause_reads_the_nearest_day(line: str, day: str) -> None:
    assert _day(line) == date.fromisoformat(day)


def test_a_past_verb_in_the_clause_still_reads_back() -> None:
    # no comma or colon between the act and its day: the day of the act, gone ("sold ... on 28 Jan")
    assert _day("- Sold the trailer on 28 Jan") == date(2029, 1, 28)
    assert _day("- Rang the vet to say Bramble came home on 30 Jan") == date(2029, 1, 30)
