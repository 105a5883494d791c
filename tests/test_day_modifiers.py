"""A day a line names only to say which thing it means ("the quote dated 1 March", "invoices from Monday",
"the 2027-03-02 sample"), or where a state still true today began ("has been tripping since Sunday"), is
not the line's own day; a day given anew after a cancellation is (knowledge/dates/day_modifiers.py,
knowledge/dates/rebooked.py). Read on a real daily log and an undated page in a real workspace."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from mdrecall.knowledge.dates.valid_time import line_dates
from tests.helpers import write

WRITTEN = "2027-03-10"  # a Wednesday


@pytest.mark.parametrize(
    ("line", "day"),
    [
        # a state that still holds on the day written
        ("The oven has been tripping the breaker since Sunday", "2027-03-10"),
        ("Invoices from Monday still not posted to the ledger", "2027-03-10"),
        ("Last Monday's spill report still not filed", "2027-03-10"),
        # a day that names a thing
        ("Reran the 2027-03-02 soil sample through the spectrometer", "2027-03-10"),
        ("Quote dated 1 March came back signed today", "2027-03-10"),
        ("Photos from last Saturday, printed them yesterday", "2027-03-09"),
        ("Log cleanup ran; the oldest archive left is web-2027-03-08.gz", "2027-03-10"),  # a file's name
        ("Mailed the 2027-03-08.csv export to the auditors", "2027-03-10"),
        # a day given anew after one undone
        ("Tasting booked the 18th, then cancelled, now set for the 24th", "2027-03-24"),
    ],
)
def test_a_modifier_day_is_not_the_line_day(tmp_path: Path, line: str, day: str) -> None:
    write(tmp_path, f"memory/{WRITTEN}.md", f"# {WRITTEN}\n\n- {line}\n")
    text = (tmp_path / f"memory/{WRITTEN}.md").read_text(encoding="utf-8")
    assert line_dates(text, WRITTEN)[2] == date.fromisoformat(day)


@pytest.mark.parametrize(
    ("line", "day"),
    [
        ("Bea's sourdough starter from last Thursday is doing well", "2027-03-04"),  # the thing's day alone
        ("Tomás is head gardener from today — the committee voted on Saturday", "2027-03-10"),  # a start
        ("Greenhouse heater down since yesterday", "2027-03-09"),  # bare "since": the day it began
        ("Mira's on the night shift since Monday", "2027-03-08"),  # "'s" is "is" here, no perfect
        ("Kiln firing on the 12th, glaze order from the 2nd arrives Friday", "2027-03-12"),
    ],
)
def test_days_that_stay_the_line_day(line: str, day: str) -> None:
    assert line_dates(f"- {line}", WRITTEN)[0] == date.fromisoformat(day)


def test_an_undated_page_does_not_take_a_modifier_day(tmp_path: Path) -> None:
    write(
        tmp_path,
        "kitchen/menus.md",
        "# Menus\n\nPast menus from 2024-11-02 and 2025-02-14 are in the binder\n",
    )
    text = (tmp_path / "kitchen/menus.md").read_text(encoding="utf-8")
    assert line_dates(text, None, WRITTEN)[2] is None
