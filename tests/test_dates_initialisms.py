"""Session 25, dates (h-dates31): a short word in capitals inside a line of ordinary case is an initialism
or a name ("LED", "FED", "WON"), not the past verb its letters spell, so it sends no month or day back; a run
of words in capitals is shouting, whose verbs still are verbs. Phrases and worlds written for these tests,
not from the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.text.date_phrases.capital_words import masked_initialisms
from mdrecall.text.date_phrases.note_dates import note_dates

#: 2031-05-14 is a Wednesday.
_WRITTEN = date(2031, 5, 14)


def _first(line: str) -> date:
    return note_dates(line, _WRITTEN, False, None, "dmy")[0].days[0]


@pytest.mark.parametrize(
    ("line", "day"),
    [
        ("- Workshop: LED strip retrofit in September.", date(2031, 9, 1)),
        ("- Shop: LED signage install in October.", date(2031, 10, 1)),
    ],
)
def test_an_initialism_is_no_past_verb(line: str, day: date) -> None:
    assert _first(line) == day


def test_a_verb_in_lower_case_and_a_shouted_run_still_point_back() -> None:
    assert _first("- Hallam led the retrofit in September.") == date(2030, 9, 1)
    assert _first("- GREENHOUSE RETROFIT DONE (Sat night). Glass holds.") == date(2031, 5, 10)


def test_only_short_capital_verbs_in_ordinary_lines_are_masked() -> None:
    assert masked_initialisms("LED panel in May", "led panel in may") == "xxx panel in may"
    assert masked_initialisms("LED", "led") == "led"  # no word in ordinary case: nothing to tell
