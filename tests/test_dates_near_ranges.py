"""Session 24, dates: a yearless range of days is named as a whole, so the tense of a verb right before it
("Closed 30/4–3/5", a notice written on 27/4) does not send it a year back when the span is near. Phrases
written for these tests (a noodle stall, a dive shop), not from the labelled sets."""

from __future__ import annotations

from datetime import date

from mdrecall.knowledge.dates.valid_time import line_dates


def _day(line: str, written: str) -> date | None:
    return line_dates(f"# Log\n\n{line}\n", written, None, "dmy")[2]


def test_a_near_range_after_a_past_participle_is_the_coming_one() -> None:
    assert _day("- Stall closed 1/5–4/5, back Tue 5/5", "2026-04-28") == date(2026, 5, 1)
    assert _day("- Shut 24/12–2/1 for the monsoon refit", "2026-12-20") == date(2026, 12, 24)


def test_a_range_gone_by_stays_gone() -> None:
    """A span that lies just before the day written is still read back."""
    assert _day("- Closed 20/4–23/4 for the boat survey", "2026-04-28") == date(2026, 4, 20)
    assert _day("- Was away 2/3–9/3, 40 dives logged", "2026-04-28") == date(2026, 3, 2)
