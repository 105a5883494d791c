"""Issue 29, false dates (session 27, h-falsedates41): a line that offers two months for one thing
("in March/April", "in May or June") names neither yet, so it keeps the day in force (its heading's).
Phrases written for these tests, not from the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import line_dates
from mdrecall.text.date_phrases.note_dates import note_dates


def _day(line: str, written: str) -> date | None:
    return line_dates(f"# {written}\n\n{line}\n", written)[2]


@pytest.mark.parametrize(
    "line",
    [
        "- The kayak trip happens in June/July, depending on the water level.",
        "- Grandma might come over in Sept or Oct, nothing booked.",
        "- Repainting the shed: some weekend in April or May.",
    ],
)
def test_a_month_or_another_keeps_the_heading_day(line: str) -> None:
    assert _day(line, "2027-02-11") == date(2027, 2, 11)


@pytest.mark.parametrize(
    ("line", "first"),
    [
        # one month, and "or" before something that is no month: the month still dates the line
        ("- The kayak trip happens in June, or whenever the water is up.", "2027-06-01"),
        ("- Pay the deposit in March or the room goes.", "2027-03-01"),
    ],
)
def test_one_month_still_dates_the_line(line: str, first: str) -> None:
    assert _day(line, "2027-02-11") == date.fromisoformat(first)


def _days(line: str, written: str, order: str = "dmy") -> list[tuple[str, tuple[date, ...]]]:
    read = note_dates(line, date.fromisoformat(written), workspace=order)
    return [(line[n.start : n.end], n.days) for n in read]


def test_a_bracket_of_days_glosses_the_holiday_before_it() -> None:
    # the days in brackets (Good Friday, Easter Monday), not Easter Sunday (2027-03-28), date the line
    line = "- Bakery closed on the Easter public holidays (26/3 and 29/3)"
    assert _days(line, "2027-03-10") == [("26/3", (date(2027, 3, 26),)), ("29/3", (date(2027, 3, 29),))]
    assert _day(line, "2027-03-10") == date(2027, 3, 26)


def test_figures_in_brackets_after_a_count_stay_no_day() -> None:
    assert _days("- Mixed the glaze (1/2 and 3/4 cup) before lunch", "2027-05-03") == []


def _fact_page_day(line: str) -> date | None:
    return line_dates(f"# The allotment\n\n{line}\n", None, date(2027, 2, 11))[2]


def test_a_standing_span_on_a_fact_page_gives_no_day() -> None:
    # a state a page describes, from one month to another: both ends bound it, neither is the line's day
    assert _fact_page_day("- The dahlias overwinter in the garage from October to April.") is None
    # the start alone was already a bound; a state's end alone stays the day it changes
    assert _fact_page_day("- Rhubarb under a forcing pot from January.") is None
    assert _fact_page_day("- Was plot secretary until March.") == date(2026, 3, 1)  # the March gone
