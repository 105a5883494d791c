"""Session 25, dates (h-dates31): a weekday opening a line after a label ("- Done: Tuesday stock-take.")
written on that weekday is the day written, as one with no label is ("Admin Monday."); a label of a bound
("Due: Tuesday") keeps the coming one. On a page with no day of its own, a year a state still true began
("has coached the under-12s since 2019") is the line's one time. Phrases and worlds written for these tests,
not from the labelled sets."""

from __future__ import annotations

from datetime import date

from mdrecall.knowledge.dates.valid_time import line_dates
from mdrecall.text.date_phrases.note_dates import note_dates

#: 2030-03-05 is a Tuesday.
_TUESDAY = date(2030, 3, 5)


def _first(line: str) -> date:
    return note_dates(line, _TUESDAY, False, None, "dmy")[0].days[0]


def test_a_labelled_weekday_opening_the_line_is_the_day_written() -> None:
    assert _first("- Done: Tuesday stock-take. Shelves counted by noon.") == _TUESDAY
    assert _first("- Plan: Tuesday admin, nothing else booked.") == _TUESDAY


def test_a_bound_label_keeps_the_coming_weekday() -> None:
    assert _first("- Due: Tuesday") == date(2030, 3, 12)


def test_a_state_begun_in_a_year_dates_a_line_on_an_undated_page() -> None:
    page = "# Ottoline Marsh\n\n- Has coached the under-12s since 2019.\n- Lives in Frome.\n"
    days = line_dates(page, None, date(2030, 3, 5))
    assert days[2] == date(2019, 1, 1)
    assert days[3] is None


def test_a_state_begun_keeps_the_day_written_in_a_log() -> None:
    line = "- the gate has been stuck since 2019, still nobody fixed it"
    assert line_dates(line, _TUESDAY)[0] == _TUESDAY
