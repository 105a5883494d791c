"""benchmarks/probe_ceiling.py: the change lines' pass with every earlier line looked up makes the pairs the
rare words' lookup makes where it finds the older line, and leaves the pass's lookup as it was."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import probe_ceiling  # noqa: E402  (benchmarks/probe_ceiling.py)

from mdrecall.knowledge.changes.change_state import ChangeState  # noqa: E402
from mdrecall.knowledge.fact_lines.facts import line_facts  # noqa: E402


def test_every_earlier_line_looked_up() -> None:
    page = (
        "# Greenhouse\n\n- Tomato seedlings get watered at 07:00 by the side door.\n"
        "- Compost is turned by Omar.\n"
    )
    log = "# 2025-03-04\n\n- tomato seedlings watered at 18:30 from now on\n"
    facts = line_facts("greenhouse.md", page, None) + line_facts("memory/2025-03-04.md", log, "2025-03-04")
    probes, earlier = ChangeState.probes, ChangeState.earlier
    narrow = probe_ceiling._pairs(facts, None, every=False)
    wide = probe_ceiling._pairs(facts, None, every=True)
    assert (ChangeState.probes, ChangeState.earlier) == (probes, earlier)  # put back
    got = wide.get(("greenhouse.md", 3))
    assert got is not None and (got.path, got.line) == ("memory/2025-03-04.md", 3)
    assert ("greenhouse.md", 3) in narrow
    assert ("greenhouse.md", 4) not in wide  # compost: no word shared, refused at the gates
