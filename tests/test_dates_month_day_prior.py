"""Issue 29, dates right (session 28, h-dates41): "the 27th" with no word that points either way is the
coming one unless the one gone is within the week (on the tuned sets and the date corpora' tune parts, 35
of 37 such days lie ahead; one is the day written, one two days back). Phrases written for these tests,
not from the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.text.date_phrases.note_dates import note_dates


def _days(line: str, written: date) -> list[date]:
    return [n.days[0] for n in note_dates(line, written)]


@pytest.mark.parametrize(
    ("line", "want"),
    [
        ("- Piano recital on the 27th, bring the music stand.", date(2027, 3, 27)),
        ("- Quiz night at the rugby club on the 28th.", date(2027, 3, 28)),
        # a thing's act in the present, no instruction: the coming day too (session 21's test had read the
        # 28th gone, the nearest, in test_dates_instructions.py)
        ("- Change goes through on the 28th", date(2027, 3, 28)),
    ],
)
def test_a_day_of_the_month_with_no_cue_is_the_coming_one(line: str, want: date) -> None:
    assert _days(line, date(2027, 3, 12)) == [want]


@pytest.mark.parametrize(
    ("line", "want"),
    [
        # the one gone is within the week: still the nearest
        ("- Book group on the 9th, good turnout.", date(2027, 3, 9)),
        # a past verb points back, however far
        ("- Gutters cleared on the 26th.", date(2027, 2, 26)),
    ],
)
def test_a_recent_day_or_a_past_verb_keeps_the_day_gone(line: str, want: date) -> None:
    assert _days(line, date(2027, 3, 12)) == [want]
