"""Session 26, dates (h-dates38): a span that holds the day written ("this week", "this month", "in June" on a
June log) leaves the line on the day written, the span's most precise day, not on the span's first day; a
calendar month after "from" on a page with no day written (a fact page: "Owns the rota from May") is where
a state begins, a mention, while in a daily log it stays the day a change takes effect. Phrases and worlds
written for these tests, not from the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import chunk_dates, line_dates

#: 2031-09-17 is a Wednesday.
_WRITTEN = date(2031, 9, 17)


@pytest.mark.parametrize(
    "line",
    [
        "- Bakery on Elm: two loaves for the price of one this week",
        "- the allotment committee waives the water charge this month",
        "- Rota: Imogen on the till this week, Ferdi does the deliveries.",
        "- in September the ferry runs an hour later",
    ],
)
def test_a_span_holding_the_day_written_keeps_the_day_written(line: str) -> None:
    assert line_dates(line, _WRITTEN)[0] == _WRITTEN


@pytest.mark.parametrize(
    ("line", "day"),
    [
        ("- gallery closed until 3 Oct for the rehang", date(2031, 10, 3)),  # a run to a bound
        ("- next week the ferry runs an hour later", date(2031, 9, 22)),
        ("- last month the ferry ran an hour later", date(2031, 8, 1)),
        ("- in October the ferry runs an hour later", date(2031, 10, 1)),
    ],
)
def test_a_span_without_the_day_written_is_read_as_before(line: str, day: date) -> None:
    assert line_dates(line, _WRITTEN)[0] == day


#: an undated fact page, read from the newest daily log's day
_REFERENCE = date(2031, 9, 30)


@pytest.mark.parametrize(
    "line",
    [
        "- Kitchen: Bartosz owns the spice ordering from October; Lue keeps the freezers.",
        "- Paper: Fenwick Mills from November (before that, Calder Stock).",
        "- From August also the Thursday juniors, taking over from Mr Abara.",
    ],
)
def test_a_month_after_from_on_a_fact_page_is_a_mention(line: str) -> None:
    page = f"# Kitchen team\n\n{line}\n"
    assert line_dates(page, None, _REFERENCE)[2] is None
    assert any(d.day == 1 for d in chunk_dates(line, None, reference=_REFERENCE))


def test_a_month_after_from_in_a_daily_log_is_the_change_day() -> None:
    line = "- Bartosz owns the spice ordering from October"
    assert line_dates(line, _WRITTEN)[0] == date(2031, 10, 1)


def test_a_numbered_day_after_from_on_a_fact_page_stays_the_lines() -> None:
    page = "# Kitchen team\n\n- From 6 October 2031 Bartosz owns the spice ordering.\n"
    assert line_dates(page, None, _REFERENCE)[2] == date(2031, 10, 6)
