"""Dreaming: recall recording, confirmed use, scoring behind gates, promotion to MEMORY.md and DREAMS.md."""

from __future__ import annotations

import json
import time
from datetime import datetime
from pathlib import Path

from agent_helpers import run_cli

from mdrecall import Config, Memory
from mdrecall.agent.dreaming import RecallLog, dream
from mdrecall.agent.tools import MemoryTools
from mdrecall.config import DreamingConfig
from mdrecall.workspace import Workspace

CFG = Config().merged({"embedding": {"provider": "none"}})
QUERIES = [
    "stripe webhooks retry",
    "payment gateway migration",
    "what does Alice want",
    "backoff for webhooks",
]


def _recall(ws: Path, queries: list[str]) -> MemoryTools:
    mem = Memory.open(ws, CFG)
    tools = MemoryTools(mem)
    for q in queries:
        out = tools.memory_search(q, maxResults=1)
        assert out["results"], (q, out)
    return tools


def test_searches_are_recorded_and_a_quick_get_confirms(ws: Path) -> None:
    tools = _recall(ws, QUERIES[:2])
    try:
        data = json.loads((ws / "memory" / ".dreams" / "short-term-recall.json").read_text())
        entry = next(e for e in data["entries"].values() if e["path"] == "memory/2026-01-26.md")
        assert entry["recallCount"] == 2 and entry["uniqueQueries"] == 2
        assert entry["queries"] == QUERIES[:2] and entry["maxScore"] > 0 and entry["confirmed"] == 0
        tools.memory_get("memory/2026-01-26.md", 3, 2)
        tools.memory_get("memory/2026-01-26.md", 3, 2)  # one confirmation per recall
        log = RecallLog(Workspace(ws)).load()["entries"]
        assert next(e for e in log.values() if e["path"] == "memory/2026-01-26.md")["confirmed"] == 1
        assert RecallLog(Workspace(ws)).confirm("memory/2026-01-26.md", 1, 9, now=time.time() + 3600) == 0
    finally:
        tools.memory.close()


def test_gates_decide_and_apply_promotes_with_citations(ws: Path) -> None:
    tools = _recall(ws, QUERIES)
    tools.memory_get("memory/2026-01-26.md", 1, 20)
    tools.memory.close()
    _recall(ws, ["kestrel rust"]).memory.close()  # recalled once: fails the gates
    workspace = Workspace(ws)
    cfg = DreamingConfig(min_score=0.8)
    report = dream(workspace, cfg)
    assert [c.entry["path"] for c in report.promoted] == ["memory/2026-01-26.md"]
    rejected = {c.entry["path"]: c.reasons for c in report.rejected}
    assert any("recalled 1× < 3" in r for r in rejected["memory/projects/kestrel.md"])
    before = (ws / "MEMORY.md").read_text()
    assert not (ws / "DREAMS.md").exists()  # report only

    applied = dream(workspace, cfg, apply=True, now=datetime(2026, 2, 1, 9, 0).astimezone())
    memory_md = (ws / "MEMORY.md").read_text()
    assert memory_md.startswith(before) and "## Promoted from recall" in memory_md
    assert "Stripe webhooks retried with backoff" in memory_md.split("## Promoted from recall")[1]
    assert f"from {applied.promoted[0].citation}; recalled 4×" in memory_md
    dreams = (ws / "DREAMS.md").read_text()
    assert dreams.startswith("# Dreams\n") and "## 2026-02-01 09:00" in dreams
    assert "Promoted 1 of 2" in dreams and "4 distinct queries" in dreams and "confirmed 1×" in dreams
    assert "Not promoted:" in dreams and "kestrel" in dreams
    assert dream(workspace, cfg).promoted == []  # promoted notes are not candidates again


def test_notes_already_in_memory_and_strict_gates_are_not_promoted(ws: Path) -> None:
    _recall(
        ws, ["typescript over javascript", "new services language", "typescript preference"]
    ).memory.close()
    _recall(ws, QUERIES).memory.close()
    report = dream(Workspace(ws), DreamingConfig(min_unique_queries=9))
    assert report.promoted == []
    reasons = " ".join(r for c in report.rejected for r in c.reasons)
    assert "distinct queries < 9" in reasons
    assert not any(c.entry["path"] == "MEMORY.md" for c in report.rejected)
    old = dream(
        Workspace(ws), DreamingConfig(max_age_days=1), now=datetime.fromtimestamp(time.time() + 5 * 86400)
    )
    assert all(any("days ago" in r for r in c.reasons) for c in old.rejected)


def test_dream_command(ws: Path) -> None:
    _recall(ws, QUERIES).memory.close()
    out = run_cli("-w", str(ws), "dream")
    assert out.returncode == 0, out.stderr
    assert "would promote 1 of 1" in out.stdout and "mdrecall dream --apply" in out.stdout
    out = run_cli("-w", str(ws), "dream", "--apply", "--json")
    data = json.loads(out.stdout)
    assert data["applied"] and data["promoted"][0]["citation"].startswith("memory/2026-01-26.md#L")
    assert (ws / "DREAMS.md").is_file()
    found = run_cli("-w", str(ws), "search", "webhooks backoff", "--json")
    assert "MEMORY.md" in [h["path"] for h in json.loads(found.stdout)["results"]]
