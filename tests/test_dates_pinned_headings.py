"""Session 24, dates: a heading on a page with no day of its own that names a weekday, a day and a month
but no year ("# Crew briefing — Thursday 5 March") dates the lines under it: the weekday pins the year
near the page's reference. Phrases written for these tests (a ferry crew, a choir), not from the labelled
sets."""

from __future__ import annotations

from datetime import date

from mdrecall.knowledge.dates.pinned_headings import pinned_day
from mdrecall.knowledge.dates.valid_time import line_dates

REF = date(2026, 4, 20)


def test_weekday_pins_the_year() -> None:
    assert pinned_day("# Crew briefing — Thursday 5 March, 07:00", REF) == date(2026, 3, 5)
    assert pinned_day("## Fri 12/12 rehearsal", REF, "dmy") == date(2025, 12, 12)


def test_no_pin() -> None:
    assert pinned_day("# Crew briefing — 5 March", REF) is None  # no weekday
    assert pinned_day("# Crew briefing — Monday 5 March", REF) is None  # no year near has it on a Monday
    assert pinned_day("# Mon and Thu drills", REF) is None


def test_lines_under_a_pinned_heading_count_from_it() -> None:
    text = (
        "# Crew briefing — Thursday 5 March, 07:00\n\n## Actions\n"
        "- Aroha: life-raft service by Monday\n- Wiremu: paint the ramp this weekend\n"
    )
    days = line_dates(text, None, REF, "dmy")
    assert days[3] == date(2026, 3, 9)
    assert days[4] == date(2026, 3, 7)
