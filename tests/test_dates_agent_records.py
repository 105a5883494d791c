"""Session 25, dates (h-dates31): an assistant keeping someone's memory labels a line "Noted:", "Heard:" or
"FYI:" when it records news it was told; the day the news is about is the line's, not the telling's ("Noted:
the plumber rang. From July 3 the call-out fee is £60": July 3). Without such a label the writer's own
report of a call or an act stays the line's day (the day written), and "Did:" (the assistant's own act that
day) keeps that rule too. A plan's day ("confirmed for September 6") before a sentence reporting an act
on a day gone ("Ilse paid the deposit on June 8") gives the line to the act. Phrases and worlds written for
these tests, not from the labelled sets."""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.record_lines import records_news
from mdrecall.knowledge.dates.valid_time import line_dates

#: 2029-06-12 is a Tuesday.
_WRITTEN = date(2029, 6, 12)


@pytest.mark.parametrize(
    ("line", "day"),
    [
        ("- Noted: the plumber rang. From July 3 the call-out fee is £60.", date(2029, 7, 3)),
        ("- Noted: Odile texted: she wants the van for the move on June 30, 9 am.", date(2029, 6, 30)),
        ("- Heard: Kasim agreed to chair the fete. He takes the float over on the 20th.", date(2029, 6, 20)),
        ("- FYI: the library wrote back; the talk is booked for Thursday 21 June.", date(2029, 6, 21)),
        ("* **Noted:** Wren emailed. Starting August 1 she works from the Leeds office.", date(2029, 8, 1)),
    ],
)
def test_a_recorded_line_is_about_the_day_of_its_news(line: str, day: date) -> None:
    assert records_news(line)
    assert line_dates(line, _WRITTEN)[0] == day


@pytest.mark.parametrize(
    "line",
    [
        "- the plumber rang. From July 3 the call-out fee is £60.",
        "- Did: ordered the gazebo from Marlow's, arriving on the 20th.",
        "- Ansel rang: another job overran, so the roofers can't start till the 25th.",
    ],
)
def test_a_report_of_ones_own_keeps_the_day_written(line: str) -> None:
    assert not records_news(line)
    assert line_dates(line, _WRITTEN)[0] == _WRITTEN


def test_a_recorded_line_still_dates_a_past_day_and_a_moved_day() -> None:
    assert line_dates("- Noted: the boiler was serviced on Friday.", _WRITTEN)[0] == date(2029, 6, 8)
    moved = "- Noted: the school rang; sports day moved from Friday to Monday 18 June."
    assert line_dates(moved, _WRITTEN)[0] == date(2029, 6, 18)


def test_an_act_on_a_day_gone_after_a_plans_day_is_the_lines() -> None:
    line = "- Marquee: the orchard confirmed for September 6. Ilse paid the deposit on June 8."
    assert line_dates(line, _WRITTEN)[0] == date(2029, 6, 8)
    # the plan's day alone, or beside a later act still ahead, stays the line's
    assert line_dates("- Marquee: the orchard confirmed for September 6.", _WRITTEN)[0] == date(2029, 9, 6)
    both = "- Marquee: the orchard confirmed for September 6. Ilse pays the deposit on June 20."
    assert line_dates(both, _WRITTEN)[0] == date(2029, 9, 6)
