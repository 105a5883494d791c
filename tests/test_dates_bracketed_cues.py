"""Session 24, dates: a bare day and month in brackets right after the word that calls for a day ("done
(6/3)", "paid (12/3)") is read as the word alone before it would be, in the workspace's order. Phrases
written for these tests (a film list, a school fee log), not from the labelled sets."""

from __future__ import annotations

from datetime import date

from mdrecall.knowledge.dates.valid_time import line_dates


def _day(line: str) -> date | None:
    return line_dates(f"# Watch list\n\n{line}\n", None, "2026-04-20", "dmy")[2]


def test_a_bracketed_day_after_its_verb() -> None:
    assert _day("- Mùi đu đủ xanh — finished (6/3). Slow, gorgeous.") == date(2026, 3, 6)
    assert _day("- Term 2 fees — paid (12/3), receipt in the drawer") == date(2026, 3, 12)


def test_a_bracketed_fraction_stays_a_fraction() -> None:
    assert _day("- Cut the recipe (1/2) for two people") is None
    assert _day("- Rated it (4/5 stars)") is None
