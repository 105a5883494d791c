"""Session 21, dates (h-dates24): a year an event happened or will happen in ("took the boat over in 2017",
"moving north in 2031", "during 2015") is that whole year, a date of the line; a number after "in" that is
a count, an amount or a size is no year ("in 2000 strokes", "1 in 2000", "in 2048 x 2048"); a day compared
with ("busier than in 2016") is a mention, not the line's day. Phrases and worlds written for these tests,
not from the labelled sets."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from mdrecall.knowledge.dates.valid_time import chunk_dates, line_dates
from mdrecall.text.date_phrases.note_dates import note_dates

#: 2029-04-20 is a Friday.
_WRITTEN = date(2029, 4, 20)


def _days(line: str, written: date | None = _WRITTEN) -> list[tuple[date, date]]:
    return [(n.days[0], n.days[-1]) for n in note_dates(line, written, False, None, "dmy")]


@pytest.mark.parametrize(
    ("line", "year"),
    [
        ("- Fenwick the pony came to the yard in 2017, a rescue from Appleby.", 2017),
        ("- Orla took over the allotment committee in 2022.", 2022),
        ("- We hope to move the kiln to Dunoon in 2031.", 2031),  # ahead: a plan's year
        ("- The roof leaked all through the winters during 2015 and nobody fixed it", 2015),
        ("- Back in 2009 the mill still ran on the river.", 2009),
    ],
)
def test_a_year_an_event_happened_in_is_that_whole_year(line: str, year: int) -> None:
    assert _days(line) == [(date(year, 1, 1), date(year, 12, 31))]
    assert _days(line, None) == [(date(year, 1, 1), date(year, 12, 31))]  # an undated page too


@pytest.mark.parametrize(
    "line",
    [
        "- Swam the loch in 2000 strokes, give or take",
        "- Chance of a frost that late is about 1 in 2000",
        "- Export the poster in 2048 x 2048 for the print shop",
        "- Paid for the boiler in 1999 instalments, apparently",
        "- Timeout set in 2000 ms after the gateway swap",
        "- Grain came in 2024 kg sacks",
    ],
)
def test_a_count_after_in_is_no_year(line: str) -> None:
    assert _days(line) == []


def test_a_year_in_a_person_page_dates_the_line(tmp_path: Path) -> None:
    text = "# Mirela Dusan\n\nPotter. Joined the co-op in 2023.\n"
    assert line_dates(text, None, date(2029, 4, 20))[2] == date(2023, 1, 1)


def test_a_year_compared_with_is_a_mention_not_the_lines_day() -> None:
    text = "- Bex: 'I want the late market back like in 2016'. Nobody agreed.\n"
    assert line_dates(text, _WRITTEN)[0] == _WRITTEN  # the day written, not 2016
    assert date(2016, 6, 1) in chunk_dates(text, _WRITTEN)
    quieter = "- The harbour was quieter than in 2019 today\n"
    assert line_dates(quieter, _WRITTEN)[0] == _WRITTEN


@pytest.mark.parametrize(
    "line",
    [
        "- Grandad Ivo told us about the ice storm in 1978 over dinner.",
        "- Marta remembered the first ferry crossing in 2003, seasick the whole way.",
        "- Told the new lads the story of the flooded cellar in 2012.",
    ],
)
def test_a_year_recounted_is_a_mention_the_telling_is_the_day_written(line: str) -> None:
    assert line_dates(line, _WRITTEN)[0] == _WRITTEN
    assert len(_days(line)) == 1  # the year is still read, as a mention


def test_a_year_a_thing_happened_in_on_a_log_dates_the_line() -> None:
    assert line_dates("- Back in 2011 the quay gates rusted shut.", _WRITTEN)[0] == date(2011, 1, 1)
