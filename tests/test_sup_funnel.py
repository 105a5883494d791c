"""benchmarks/sup_funnel.py: every labelled supersession pair of a set is classified by the first gate it
fails, and the change pass's diagnosis agrees with the pass itself."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import sup_funnel  # noqa: E402  (benchmarks/sup_funnel.py)

from mdrecall.knowledge.changes.change_gates import change_gates  # noqa: E402
from mdrecall.knowledge.fact_lines.facts import line_facts, said_gate  # noqa: E402


def test_funnel_classifies_each_pair_of_dev() -> None:
    rows = sup_funnel.labelled_set("dev", search=False)
    assert len(rows) == 12  # dev's supersession labels (completed in session 22)
    for r in rows:
        assert r["gate"] and r["gates"][0] == r["gate"]
        assert "unexplained" not in " ".join(r["gates"])
        if r["gate"] == "paired":  # the stored pairing holds the labelled pair
            assert r["stored_newer"] == f"{r['newer']['file']}#L{r['newer']['line']}"
    text = sup_funnel.table(rows, ["dev"])
    assert text.splitlines()[-1].split() == ["pairs", "12", "12"]


def test_change_gates_name_the_gate_a_pair_fails() -> None:
    page = "# Depot\n\n- Leeds run trucks leave at 06:00 from bay 4.\n- Payroll is owned by Alice.\n"
    log = "# 2025-01-17\n\n- leeds run departs 05:30 from now on\n- ate lunch at the canteen\n"
    facts = line_facts("depot.md", page, None) + line_facts("memory/2025-01-17.md", log, "2025-01-17")
    gates = change_gates(
        facts,
        {},
        [
            (("depot.md", 3), ("memory/2025-01-17.md", 3)),  # a time moved: paired
            (("depot.md", 4), ("memory/2025-01-17.md", 3)),  # no word shared with payroll
            (("depot.md", 3), ("memory/2025-01-17.md", 4)),  # an event of the day, no value: no fact line
        ],
    )
    assert gates[(("depot.md", 3), ("memory/2025-01-17.md", 3))] == ["paired"]
    assert gates[(("depot.md", 4), ("memory/2025-01-17.md", 3))][0] == "probe: no shared word"
    assert gates[(("depot.md", 3), ("memory/2025-01-17.md", 4))] == ["newer not a fact line"]


def test_said_gate_says_why_a_line_is_no_fact() -> None:
    assert said_gate("- Temp agency for peak: Staffline.", None) is None  # a fact on a page
    # a short standing line in a log is kept (it may be superseded, round 25); a longer one naming nothing
    # that changed is still an event of the day
    assert said_gate("- Temp agency for peak: Staffline.", "2025-01-10") is None
    assert said_gate("- ate lunch at the canteen", "2025-01-10") == "no value"
    assert said_gate("- The hallway smells of paint.", None) == "no value"  # ("leaks" is a service state now)
    assert said_gate("- Who's hosting Christmas this year?", None) == "no statement"
