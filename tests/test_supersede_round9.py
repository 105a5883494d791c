"""Supersession round 9 (issue 29 part 3): a finer time for the same event is no change
(change_pairs.refines)."""

from __future__ import annotations

from pathlib import Path

from helpers import fact_pairs_in


def test_a_weekday_inside_the_month_said_before_refines_it(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        [
            ("memory/2027-08-02.md", "- Marta moves to Lisbon in September, a post at the Gulbenkian!\n"),
            ("memory/2027-08-27.md", "- Marta's last day is Tuesday (31st); we got her a plant.\n"),
        ],
    )
    assert ("memory/2027-08-02.md", 1) not in pairs


def test_a_weekday_far_from_the_month_is_still_a_change(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        [
            ("memory/2027-05-03.md", "- The choir concert is in July at St Giles.\n"),
            ("memory/2027-06-01.md", "- Choir concert moved to Friday, St Giles double-booked us.\n"),
        ],
    )
    assert pairs.get(("memory/2027-05-03.md", 1)) == ("memory/2027-06-01.md", 1)
