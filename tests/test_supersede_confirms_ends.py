"""A change line naming the older line's name again is a plan come true (it confirms it) unless it ends
that name ("no more Bramble Catering") or moves the plan's day ("fitting booked for 9 July" … "pushed to
the 16th"). Wordings and worlds of our own."""

from __future__ import annotations

from pathlib import Path

from helpers import fact_pairs_in


def _paired(tmp_path: Path, old: str, new: str, old_day: str | None = None) -> bool:
    first = (
        (f"memory/{old_day}.md", f"# {old_day}\n\n- {old}\n")
        if old_day
        else ("MEMORY.md", f"# Memory\n\n- {old}\n")
    )
    return bool(fact_pairs_in(tmp_path, [first, ("memory/2031-06-20.md", f"# 2031-06-20\n\n- {new}\n")]))


def test_a_name_ended_is_no_confirmation(tmp_path: Path) -> None:
    assert _paired(
        tmp_path,
        "The canteen at the depot is run by Bramble Catering.",
        "depot canteen went in-house this week, no more Bramble",
    )


def test_a_plan_day_moved_is_no_confirmation(tmp_path: Path) -> None:
    assert _paired(
        tmp_path,
        "Kitchen fitting booked for 9 July with Oakline.",
        "kitchen fitting pushed to the 16th, Oakline short of fitters",
        "2031-06-01",
    )


def test_the_plan_come_true_still_confirms(tmp_path: Path) -> None:
    assert not _paired(
        tmp_path,
        "Kitchen fitting booked for 9 July with Oakline.",
        "kitchen fitting confirmed with Oakline for 9 July",
        "2031-06-01",
    )
