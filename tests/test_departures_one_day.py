"""The departures' pass stays near-linear on many departures of one day (fault round 10: a table of 20,000
rows each saying someone left, on one dated page, read every line against every row, 85 s; none of the
rows can end another, being of the same day)."""

from __future__ import annotations

import time

from mdrecall.knowledge.changes.value_left import departure_pairs
from mdrecall.knowledge.fact_lines.facts import line_facts

#: Seconds the pass may take on 8,000 departures of one day (about 12 s before; ~0.1 s now).
LIMIT_S = 3.0


def test_departures_of_one_day_are_not_read_against_each_other() -> None:
    page = line_facts("people/dana-quaab.md", "# Dana Quaab\n\n- Role: treasurer of the club\n", None)
    rows = "".join(f"- Rowan Smith{i} resigned from the club\n" for i in range(8000))
    day = line_facts("memory/2026-01-05.md", f"# 2026-01-05\n\n- Dana Quaab resigned\n{rows}", "2026-01-05")
    assert len(day) > 8000
    t0 = time.perf_counter()
    pairs = departure_pairs([*page, *day], {})
    took = time.perf_counter() - t0
    assert took < LIMIT_S, f"{took:.1f} s for 8,000 departures of one day"
    # the role line of Dana's page is still ended, by her departure, and nothing else is
    assert {k: (v.path, v.line) for k, v in pairs.items()} == {
        ("people/dana-quaab.md", 3): ("memory/2026-01-05.md", 3)
    }
