"""benchmarks/sup_probe_reach.py: the older line's rank among a newer line's nearest earlier lines by the
static vectors (only lines written on an earlier day or undated), and the WordNet synonyms linking two
lines."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import sup_probe_reach  # noqa: E402  (benchmarks/sup_probe_reach.py)

from mdrecall.embedders.static import is_available  # noqa: E402
from mdrecall.knowledge.fact_lines.facts import line_facts  # noqa: E402


@pytest.mark.skipif(not is_available(), reason="the static model is not installed")
def test_vector_rank_finds_the_older_line_among_earlier_ones_only() -> None:
    page = "# Bakery\n\n- Sourdough starter is fed at 07:00 with rye flour.\n- Payroll runs on the 28th.\n"
    day1 = "# 2025-03-02\n\n- The oven's thermostat was serviced by Kiln & Co.\n"
    day2 = (
        "# 2025-03-09\n\n- starter feeding moved to 06:30, rye swapped for spelt flour\n"
        "- Starter jar: the 2-litre Kilner on the top shelf\n"
    )
    facts = (
        line_facts("bakery.md", page, None)
        + line_facts("memory/2025-03-02.md", day1, "2025-03-02")
        + line_facts("memory/2025-03-09.md", day2, "2025-03-09")
    )
    have = {(f.path, f.line) for f in facts}
    newer, same_day = ("memory/2025-03-09.md", 3), ("memory/2025-03-09.md", 4)
    assert {("bakery.md", 3), newer, same_day} <= have
    (rank, cos), (later, _) = sup_probe_reach.vector_ranks(
        facts, [(("bakery.md", 3), newer), (same_day, newer)], 10
    )
    assert rank == 0 and cos > 0.3  # the starter line comes first of the lines written before
    assert later is None  # a line of the same day is not written before it


def test_related_link_names_the_synonym_the_older_line_writes() -> None:
    # WordNet's shipped synonyms: "reservation" ~ "booking"
    assert "booking" in sup_probe_reach.related_link(
        "- Booking for the team dinner: Thursday at Osteria Lupa.", "- reservation moved to Friday 20:00"
    )
    assert sup_probe_reach.related_link("- Payroll runs on the 28th.", "- reservation moved to Friday") == []
