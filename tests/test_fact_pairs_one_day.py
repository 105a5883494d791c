"""The attribute pass stays near-linear on many lines of one day sharing common words (fault round 10: a
table of 20,000 rows on one dated page tried every row against every other, about a quarter hour; none
of them can supersede another, being of the same day)."""

from __future__ import annotations

import time

from mdrecall.knowledge.changes.fact_pairs import attribute_pairs
from mdrecall.stores.views import FactRow

#: Seconds the pass may take on 4,000 lines of one day (about 20 s before; well under 1 s now).
LIMIT_S = 4.0


def _row(i: int, day: str, value: str, path: str = "memory/2026-01-05.md") -> FactRow:
    subject = "supplier contact venue status team role model amount"
    return FactRow(path, i + 3, day, ("choice",), (value,), subject, "", True, f"{subject} {value}")


def test_lines_of_one_day_sharing_their_words_are_not_tried_pair_by_pair() -> None:
    older = _row(0, "2025-12-01", "acme", "memory/2025-12-01.md")
    facts = [older, *(_row(i, "2026-01-05", f"bravo{i}") for i in range(1, 4001))]
    t0 = time.perf_counter()
    pairs = attribute_pairs(facts)
    took = time.perf_counter() - t0
    assert took < LIMIT_S, f"{took:.1f} s for 4,000 lines of one day"
    # the line of an earlier day is still superseded, by the first of the day's lines (list order on a tie)
    assert pairs == {("memory/2025-12-01.md", 3): pairs[("memory/2025-12-01.md", 3)]}
    assert pairs[("memory/2025-12-01.md", 3)].line == 4
