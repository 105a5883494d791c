"""Dreaming's report says which score is which, and never prints a failing score as equal to its gate."""

from __future__ import annotations

import time
from datetime import datetime
from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.agent.tools import MemoryTools
from mdrecall.config.settings import DreamingConfig
from mdrecall.dreaming.promote import dream, score_entry
from mdrecall.files.workspace import Workspace

from helpers import run_cli

QUERIES = ["stripe webhooks retry", "payment gateway migration", "what does Alice want", "backoff webhooks"]


def test_a_score_just_under_the_gate_reads_as_under_it() -> None:
    now = time.time()
    entry = {
        "recallCount": 4,
        "scoreSum": 4 * 0.7996,
        "uniqueQueries": 4,
        "lastRecalled": now,
        "confirmed": 0,
    }
    _, fails = score_entry(entry, DreamingConfig(min_score=0.8), now)
    assert fails == ["average recall score 0.7996 < 0.8"]
    entry["scoreSum"] = 4 * 0.5
    assert score_entry(entry, DreamingConfig(min_score=0.8), now)[1] == ["average recall score 0.50 < 0.8"]


def test_the_promotion_score_and_the_recall_score_gate_are_named_apart(ws: Path) -> None:
    with Memory.open(ws, Config().merged({"embedding": {"provider": "none"}})) as mem:
        tools = MemoryTools(mem)
        for q in QUERIES:
            assert tools.memory_search(q, maxResults=1)["results"]
    out = run_cli("-w", str(ws), "dream")
    assert out.returncode == 0 and "promotion score" in out.stdout, out.stdout
    dream(Workspace(ws), DreamingConfig(min_score=0.3), apply=True, now=datetime(2026, 2, 1, 9).astimezone())
    dreams = (ws / "DREAMS.md").read_text()
    assert "gates: average recall score ≥ 0.3" in dreams and "promotion score " in dreams
