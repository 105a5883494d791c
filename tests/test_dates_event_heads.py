"""Session 21, dates (h-dates24): a weekday in a log line's opening label beside a meeting's noun ("- choir
committee Wed: Fergal wants a treasurer", "- 07:30 Sun call with Ines — moved the slot") is the day of the
meeting the entry is for, the nearest such weekday, and the abbreviations that are also words ("Wed",
"Sat", "Sun", "Mon") are read there. Phrases and worlds written for these tests, not from the labelled
sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import line_dates
from mdrecall.text.date_phrases.note_dates import note_dates
from mdrecall.text.event_heads import heads_event

#: 2029-05-04 is a Friday; 2029-05-07 a Monday.
_FRIDAY, _MONDAY = date(2029, 5, 4), date(2029, 5, 7)


def _days(line: str, written: date) -> list[date]:
    return [n.days[0] for n in note_dates(line, written)]


@pytest.mark.parametrize(
    ("line", "written", "day"),
    [
        (
            "- choir committee meeting Wed: Fergal is treasurer again, Orla takes minutes",
            _FRIDAY,
            date(2029, 5, 2),
        ),
        ("- 07:30 Sun call with Ines — she runs the stall from June", _MONDAY, date(2029, 5, 6)),
        ("- Sat lesson with Priyanka: trot poles, she rides well", _MONDAY, date(2029, 5, 5)),
        ("- allotment meeting Mon: water butts go in", _FRIDAY, date(2029, 5, 7)),  # nearer ahead
    ],
)
def test_a_weekday_heading_a_log_entry_beside_a_meeting_is_the_nearest(
    line: str, written: date, day: date
) -> None:
    assert _days(line, written)[0] == day
    assert line_dates(line, written)[0] == day


@pytest.mark.parametrize(
    "line",
    [
        "- Sat down with the accounts: all square",  # the verb
        "- Read the Sun on the train: nothing on the strike",  # the paper
        "- Ring Wed about the boiler",  # no meeting's noun: the plan's own reading
    ],
)
def test_other_words_are_not_event_heads(line: str) -> None:
    low = line.lower()
    for word in ("sat", "sun", "wed"):
        at = low.find(f" {word} ")
        if at >= 0:
            assert not heads_event(low, at + 1, at + 1 + len(word))
    assert all(d.year == 2029 for d in _days(line, _FRIDAY))


def test_a_cue_keeps_its_direction() -> None:
    assert _days("- next Sat call with Ines: agenda below", _MONDAY) == [date(2029, 5, 19)]
