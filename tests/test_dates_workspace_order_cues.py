"""Session 24, dates (h-dates30): a bare day and month on a page that shows no order of its own is read in
the workspace's order where its words call for a day: after a shipment's estimate, maybe past its port
("ETA Rotterdam 9/6", "ETD 3/6"), or between "before/after the" and a noun of an occasion ("before the 1/6
school holidays", "after the 12/5 meeting"); "the 2/3 majority" stays a fraction. Phrases written for these
tests (a coffee importer's log, a parish council), not from the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import chunk_dates
from mdrecall.text.date_phrases.note_dates import note_dates

#: 2031-05-14, a Wednesday.
_WRITTEN = date(2031, 5, 14)


def _named(line: str) -> list[date]:
    return [n.days[0] for n in note_dates(line, _WRITTEN, False, None, "dmy")]


@pytest.mark.parametrize(
    ("line", "day"),
    [
        ("- Green beans on the Maersk boat, ETA Rotterdam 9/6, customs after", date(2031, 6, 9)),
        ("- Roaster parts: ETD 3/6 from Hamburg", date(2031, 6, 3)),
        ("- Book the hall before the 1/6 school holidays", date(2031, 6, 1)),
        ("- Minutes go round after the 12/5 meeting", date(2031, 5, 12)),
    ],
)
def test_a_day_called_for_is_read_in_the_workspace_s_order(line: str, day: date) -> None:
    assert day in _named(line)
    assert day in chunk_dates(line, _WRITTEN, order="dmy")


@pytest.mark.parametrize(
    "line",
    [
        "- The motion needs a vote before the 2/3 majority rule changes",
        "- Roast 1/4 of the Kenyan lot for the tasting",
    ],
)
def test_a_fraction_stays_a_fraction(line: str) -> None:
    assert _named(line) == []
