"""A weak change line ("now") stating an attribute's value that differs from the older line's value of
that attribute supersedes it, though it names the older value too ("moved because Wednesday clashed").
Wordings and worlds of our own."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.fact_lines.facts import line_facts
from mdrecall.knowledge.fact_lines.value_kinds import stated_differs

from helpers import fact_pairs_in

_PAGE = "# Bins\n\n- The recycling van collects on Wednesday 07:00.\n- {new}\n"


def _facts(new: str) -> list:
    return line_facts("home/bins.md", _PAGE.format(new=new), None)


def test_the_time_stated_differs_though_the_older_day_is_named() -> None:
    old, new = _facts("The recycling van collects on Thursday 07:00 now; Wednesday pickups clashed.")
    assert stated_differs(old, new)


def test_the_same_time_stated_again_does_not_differ() -> None:
    old, new = _facts("The recycling van collects on Wednesday 07:00 now, as before.")
    assert not stated_differs(old, new)


def test_a_weak_line_moving_the_day_supersedes(tmp_path: Path) -> None:
    page = _PAGE.format(new="The recycling van collects on Thursday 07:00 now; Wednesday pickups clashed.")
    assert fact_pairs_in(tmp_path, [("home/bins.md", page)]) == {("home/bins.md", 3): ("home/bins.md", 4)}
