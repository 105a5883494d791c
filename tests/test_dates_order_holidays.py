"""Dates in notes, round 8: a page's order of numeric dates, holidays from a table, and the cheap test that
lets lines with no date word skip the grammar."""

from __future__ import annotations

import time
from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import line_dates
from mdrecall.text.date_phrases.holidays import holiday_day, holiday_key
from mdrecall.text.date_phrases.numeric_dates import numeric_order

TOUR = """# Salt Lamp: Canada tour, April 2027

Dates{legend}:
- 6/4 fly Dublin to Halifax
- 8/4 Halifax, The Carleton
- {last} fly home from Toronto
"""


@pytest.mark.parametrize(("legend", "last"), [(" (dd/mm)", "9/4"), ("", "17/4")])
def test_a_bare_day_and_month_opening_a_list_item_is_read_in_the_pages_order(legend: str, last: str) -> None:
    """A legend ("dd/mm") or the page's own unambiguous "17/4" says day first; then "6/4" opening a list
    item is 6 April (it was no date at all)."""
    days = line_dates(TOUR.format(legend=legend, last=last), None, "2027-03-12")
    assert days[3:5] == [date(2027, 4, 6), date(2027, 4, 8)]


def test_a_month_first_page_reads_its_numeric_dates_month_first() -> None:
    text = "# Launch\n\n- 3/15 kickoff with the agency\n- 4/6 go live\n- retro on 4/9\n"
    assert numeric_order(text) == "mdy"
    days = line_dates(text, None, "2027-03-01")
    assert days[2:5] == [date(2027, 3, 15), date(2027, 4, 6), date(2027, 4, 9)]


def test_without_an_order_a_bare_fraction_stays_no_date() -> None:
    text = "# 2027-03-01\n\n- 3/4 cup of flour\n- rated 4/5, would go again\n"
    assert numeric_order(text) is None
    assert line_dates(text, "2027-03-01") == [date(2027, 3, 1)] * 4


@pytest.mark.parametrize(
    ("text", "order"),
    [("open 24/7, call 3/4", None), ("13/3 and 3/15", None), ("due 14/2", "dmy"), ("mm/dd/yyyy", "mdy")],
)
def test_numeric_order_needs_agreeing_evidence(text: str, order: str | None) -> None:
    assert numeric_order(text) == order


@pytest.mark.parametrize(
    ("line", "written", "meant"),
    [
        ("Paddy's Day rota: Declan and Fionn on the floor.", "2027-03-12", "2027-03-17"),
        ("- St. Patrick’s Day parade with the kids", "2027-03-12", "2027-03-17"),
        ("- back after Good Friday", "2026-03-20", "2026-04-03"),  # set by Easter (5 April 2026)
        ("- Christmas Eve party at Theo's", "2026-12-01", "2026-12-24"),  # one day: its party is that day
        ("- Christmas break from the 23rd", "2026-12-15", "2026-12-23"),  # a period: its day is not Christmas
        ("- Boxing Day sales were mad", "2026-12-29", "2026-12-29"),
    ],
)
def test_a_holiday_names_its_day(line: str, written: str, meant: str) -> None:
    text = f"# {written}\n\n{line}\n"
    assert line_dates(text, written)[2] == date.fromisoformat(meant)


def test_holiday_names_fold_as_written() -> None:
    assert holiday_key("Saint  Patricks Day") == "st patrick's day"
    assert holiday_key("new years eve") == "new year's eve"
    assert holiday_day("easter", 2027) == date(2027, 3, 28)
    assert holiday_key("an epiphany") is None


def test_a_title_with_days_in_it_skips_the_grammar() -> None:
    """Round 8: 100,000 "- Perfect Days 12, Wim Wenders" bullets took >20 s ("day" sent every line to the
    grammar, ~40-120 µs each); a line whose "day" is no date word now costs about what "- Films" does."""

    def cost(lines: list[str]) -> float:
        text = "## Films\n\n" + "\n".join(lines)
        best = float("inf")
        for _ in range(3):
            t0 = time.perf_counter()
            line_dates(text, None, "2026-01-05")
            best = min(best, time.perf_counter() - t0)
        return best

    titles = cost([f"- Perfect Days {i}, Wim Wenders" for i in range(5000)])
    plain = cost([f"- Perfect Film {i}, Wim Wenders" for i in range(5000)])
    assert titles < 8 * plain
    assert line_dates("- Perfect Days 3, in two days", "2026-01-05") == [date(2026, 1, 7)]


def test_a_first_sentence_in_the_progressive_reports_the_day_written() -> None:
    """ "he's sulking under the bed" is what is happening, not a plan: the line is the day written, and
    "tomorrow" a mention (a modal in that sentence still makes a plan)."""
    said = "Pip's dental: two teeth out, he {}. Antibiotics tomorrow."
    assert line_dates(said.format("'s sulking under the bed"), "2027-02-22") == [date(2027, 2, 22)]
    assert line_dates(said.format(" will be sore for a bit"), "2027-02-22") == [date(2027, 2, 23)]
