"""Session 26, dates (h-dates39): a calendar year counted from the day written ("next year", "late last
year") is a span the line mentions, never the line's day; "this year" and "the past year" are not read. An
item's own day in figures, alone in brackets after it on an undated page ("v4.2.0 (4/9): ...", "Swap the
fuser (2/11)"), is that item's day. Phrases and worlds written for these tests, not from the labelled sets.
An undated page's own "Date: 9/21/2031" sets the year of the days it writes without one."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import chunk_dates, line_dates
from mdrecall.text.date_phrases.note_dates import note_dates

#: 2031-06-12 is a Thursday.
_WRITTEN = date(2031, 6, 12)


def _spans(line: str) -> list[tuple[date, date, int]]:
    return [(n.days[0], n.days[-1], len(n.days)) for n in note_dates(line, _WRITTEN, False, None, "mdy")]


@pytest.mark.parametrize(
    ("line", "year"),
    [
        ("- The co-op wants to repave the lot next year, if the grant lands.", 2032),
        ("- Ines sold her kayak last year and regrets it.", 2030),
        ("- Maybe move the backups to cold storage this coming year.", 2032),
    ],
)
def test_a_year_counted_from_the_day_written_is_that_whole_year(line: str, year: int) -> None:
    first, last, count = _spans(line)[0]
    assert (first, last) == (date(year, 1, 1), date(year, 12, 31))
    assert count == (date(year + 1, 1, 1) - date(year, 1, 1)).days


def test_a_third_of_a_counted_year_is_a_third_of_its_days() -> None:
    first, last, _ = _spans("- The bakery on Ruelle St closed late last year.")[0]
    assert first.year == last.year == 2030 and first.month >= 9 and last == date(2030, 12, 31)


@pytest.mark.parametrize(
    "line",
    [
        "- Sleep has been rough over the past year.",  # twelve months back, not a calendar year
        "- Pongal this year is on a Wednesday, ask Meena.",  # qualifies a day; names none
        "- Jam sales are behind last year's, blame the wasps.",  # a thing compared with its like
    ],
)
def test_this_year_and_the_past_year_are_not_read_as_a_year(line: str) -> None:
    assert all(count < 300 for _, _, count in _spans(line))


def test_a_counted_year_is_a_mention_not_the_line_day() -> None:
    text = "# 2031-06-12\n\n- Ines sold her kayak last year.\n- Repave the lot next year, said Tomas.\n"
    days = line_dates(text, "2031-06-12")
    assert days[2] == days[3] == _WRITTEN  # the day written, not 1 January
    every = chunk_dates("- Repave the lot next year, said Tomas.", _WRITTEN)
    assert date(2032, 7, 1) in every and _WRITTEN in every


_RELEASES = """# orchard-sync

Small Go service that mirrors the cider press logs.

## History
- v4.2.0 (4/9): streaming upload, no more temp files.
- v4.3.1 (5/2) - hotfix for the gzip header.

## Printer
- [x] Swap the fuser on the hall printer (2/11)
- Reorder toner (keep 2/3 of a box spare)
"""


def test_an_item_day_in_brackets_dates_the_item_on_an_undated_page() -> None:
    days = line_dates(_RELEASES, None, "2031-06-12", "mdy")
    lines = _RELEASES.splitlines()
    got = {lines[i]: days[i] for i in range(len(lines))}
    assert got["- v4.2.0 (4/9): streaming upload, no more temp files."] == date(2031, 4, 9)
    assert got["- v4.3.1 (5/2) - hotfix for the gzip header."] == date(2031, 5, 2)
    assert got["- [x] Swap the fuser on the hall printer (2/11)"] == date(2031, 2, 11)
    # a share with words beside it in its brackets dates nothing
    assert got["- Reorder toner (keep 2/3 of a box spare)"] is None


_INCIDENT = """# Incident: pump 3 tripped twice

- Date: 9/21/2031, 22:48
- On call: Ana

## Follow-ups
- [x] Alert grouping by site (done 9/24)
- [x] Relay replaced 9/19
"""


def test_an_undated_page_own_date_anchors_its_numbers_year() -> None:
    """An incident page's "Date: 9/21/2031" dates its follow-ups near it: "done 9/24" is three days
    after, not the September before, though the word "done" looks back."""
    days = line_dates(_INCIDENT, None, "2031-11-30", "mdy")
    assert days[6] == date(2031, 9, 24)
    assert days[7] == date(2031, 9, 19)
