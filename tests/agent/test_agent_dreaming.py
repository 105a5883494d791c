"""Dreaming: recall recording, confirmed use, scoring behind gates, promotion to MEMORY.md and DREAMS.md."""

from __future__ import annotations

import json
import time
from datetime import datetime
from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.agent.tools import MemoryTools
from mdrecall.config.settings import DreamingConfig
from mdrecall.dreaming.promote import RecallLog, dream
from mdrecall.files.workspace import Workspace

from helpers import run_cli

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
        data = RecallLog(Workspace(ws)).load()  # the aggregate with the journal of searches folded in
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


GROWING = """# 2026-03-02

## 09:00

- Kestrel deploys moved to Thursdays.
- Alice wants the Stripe webhooks retried with exponential backoff.
"""


def test_a_fact_recalled_as_its_log_grows_is_one_entry_and_is_promoted_as_itself(ws: Path) -> None:
    log = ws / "memory" / "2026-03-02.md"
    log.write_text(GROWING)
    mem = Memory.open(ws, CFG)
    tools = MemoryTools(mem)
    cited = set()
    queries = [
        "stripe webhooks",
        "exponential backoff",
        "what does Alice want for webhooks",
        "retried webhooks",
    ]
    try:
        for i, q in enumerate(queries):
            hit = next(
                h for h in tools.memory_search(q, maxResults=3)["results"] if h["path"].endswith("03-02.md")
            )
            cited.add(hit["citation"])
            with log.open("a") as fh:  # the day goes on: the chunk holding the fact grows
                fh.write(f"\n## 1{i}:00\n\nStand-up {i}: nothing blocking, the release train is on time.\n")
    finally:
        mem.close()
    assert len(cited) > 1  # the chunk's citation changed as the log grew...
    entries = RecallLog(Workspace(ws)).load()["entries"].values()
    fact = [e for e in entries if "exponential backoff" in e["text"]]
    assert (
        len(fact) == 1 and fact[0]["recallCount"] == 4 and fact[0]["uniqueQueries"] == 4
    )  # ...not the entry
    assert not any("Kestrel" in e["text"] for e in entries)  # a neighbour no query matched is not recalled

    # Lines are added above the fact before dreaming: the citation follows the line.
    log.write_text(log.read_text().replace("## 09:00\n", "## 09:00\n\n- Coffee order: two flat whites.\n"))
    report = dream(Workspace(ws), DreamingConfig(min_score=0.0), apply=True)
    promoted = [c for c in report.promoted if "exponential backoff" in c.text]
    assert len(promoted) == 1
    line = int(promoted[0].citation.rsplit("#L", 1)[1])
    assert "exponential backoff" in log.read_text().splitlines()[line - 1]
    bullets = (ws / "MEMORY.md").read_text().split("## Promoted from recall")[1]
    fact_line = next(ln for ln in bullets.splitlines() if "exponential backoff" in ln)
    assert fact_line.startswith("- Alice wants the Stripe webhooks retried with exponential backoff. _(from ")
    assert "- - " not in bullets and "Kestrel" not in fact_line and "Stand-up" not in fact_line


def test_a_recalled_line_edited_away_is_not_promoted_and_old_recall_files_are_read(ws: Path) -> None:
    _recall(ws, QUERIES).memory.close()
    daily = ws / "memory" / "2026-01-26.md"
    daily.write_text(daily.read_text().replace("Stripe webhooks retried with backoff", "nothing"))
    report = dream(Workspace(ws), DreamingConfig(min_score=0.0))
    assert report.promoted == []
    assert any("no longer in memory/2026-01-26.md" in r for c in report.rejected for r in c.reasons)

    old = {"version": 1, "entries": {"memory/2026-01-26.md#L3-L7": {
        "path": "memory/2026-01-26.md", "startLine": 3, "endLine": 7, "source": "memory", "recallCount": 5,
        "scoreSum": 4.5, "maxScore": 0.95, "queries": ["a", "b", "c"], "uniqueQueries": 3,
        "firstRecalled": 1.0, "lastRecalled": time.time(), "confirmed": 1, "lastConfirmed": None,
        "promotedAt": None,
        "snippet": "## 14:00\nDebugged the flaky CI job: the cache key ignored the lockfile.",
    }}}  # fmt: skip
    (ws / "memory" / ".dreams" / "short-term-recall.json").write_text(json.dumps(old))
    entries = RecallLog(Workspace(ws)).load()["entries"]
    assert [e["text"] for e in entries.values()] == [
        "Debugged the flaky CI job: the cache key ignored the lockfile."
    ]
    assert next(iter(entries.values()))["recallCount"] == 5


def test_a_corrupt_recall_log_is_moved_aside_never_overwritten(ws: Path) -> None:
    log_path = ws / "memory" / ".dreams" / "short-term-recall.json"
    log_path.parent.mkdir(parents=True, exist_ok=True)
    damaged = b'{"version": 2, "entries": {"a": {"path": "MEMORY.md", "recallCount": 7' + b"\xff"
    log_path.write_bytes(damaged)
    mem = Memory.open(ws, CFG)
    try:
        out = MemoryTools(mem).memory_search(QUERIES[0], maxResults=1)
        assert out["results"]
        log = RecallLog(mem.workspace)
        log.fold()  # what reads the file (a dream, a confirmed read, the journal's bound) finds it damaged
        assert log.moved_aside and "moved aside" in (log.record_search(QUERIES[0], []) or "")
    finally:
        mem.close()
    aside = [p for p in log_path.parent.iterdir() if p.name.startswith("short-term-recall.corrupt-")]
    assert len(aside) == 1 and aside[0].read_bytes() == damaged  # the old log kept byte for byte
    assert json.loads(log_path.read_text())["entries"]  # a new log with this search in it
