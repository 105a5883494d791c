"""The recall hook's own record (``.mdrecall/recall-stats.json``), reported by ``status`` and ``doctor``:
every prompt through the real ``UserPromptSubmit`` hook counts, by the stage its recall ended in."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from mdrecall.index import recall_stats
from mdrecall.search.recall_seen import SeenLog

from helpers import run_cli, write


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "agent"
    write(root, "MEMORY.md", "# Long-term memory\n\n- The user prefers short answers.\n")
    write(
        root,
        "memory/2024-03-01.md",
        "# 2024-03-01\n\n- Kestrel ships on Friday 14 March, after the security review.\n"
        "- We moved bookings from MySQL to PostgreSQL last week.\n",
    )
    assert run_cli("-w", str(root), "index").returncode == 0
    return root


def _prompt(ws: Path, prompt: str, session: str = "s1") -> subprocess.CompletedProcess[str]:
    payload = {"session_id": session, "hook_event_name": "UserPromptSubmit", "prompt": prompt}
    out = run_cli("-w", str(ws), "hook", "user-prompt-submit", stdin=json.dumps(payload))
    assert out.returncode == 0, out.stderr
    return out


def _doctor_recall(ws: Path) -> dict[str, str]:
    out = run_cli("-w", str(ws), "--json", "doctor", "--no-model")
    checks = json.loads(out.stdout)
    rows = checks["checks"] if isinstance(checks, dict) else checks
    return next(c for c in rows if c["name"] == "recall")


def test_status_and_doctor_report_the_hooks_recalls_by_stage(ws: Path) -> None:
    assert _doctor_recall(ws)["status"] == "skip"  # no prompt yet
    assert _prompt(ws, "When does Kestrel ship?").stdout.strip()  # injected
    assert not _prompt(ws, "When does Kestrel ship?").stdout.strip()  # shown already: the gate stage
    assert not _prompt(ws, "thanks").stdout.strip()  # nothing to look for: empty
    status = json.loads(run_cli("-w", str(ws), "status", "--json").stdout)
    assert list(status)[-1] == "recall"  # appended: the keys before it keep their order
    rec = status["recall"]
    assert rec["prompts"] == 3 and rec["recent"] == 3 and rec["recent_injected"] == 1
    assert rec["counts"] == {"injected": 1, "gate": 1, "empty": 1, "deadline": 0, "error": 0, "disabled": 0}
    assert 0 <= rec["p50_ms"] <= rec["p95_ms"] < 300
    check = _doctor_recall(ws)
    assert check["status"] == "ok", check
    assert check["detail"].startswith("p50 ") and "over 3 prompts, injected in 1" in check["detail"]


def test_a_hook_that_runs_into_its_deadline_makes_doctor_warn(ws: Path) -> None:
    (ws / ".mdrecall.toml").write_text("[recall]\ndeadline_ms = 1\n")
    for i in range(3):
        assert _prompt(ws, "When does Kestrel ship?", session=f"late-{i}").stdout == ""
    rec = json.loads(run_cli("-w", str(ws), "status", "--json").stdout)["recall"]
    assert rec["counts"]["deadline"] == 3 and rec["recent_deadline"] == 3 and rec["deadline_ms"] == 1
    check = _doctor_recall(ws)
    assert check["status"] == "warn" and "3 ran into recall.deadline_ms = 1" in check["detail"]
    assert "raise recall.deadline_ms" in check["hint"] and "recall.enabled = false" in check["hint"]


def test_recall_turned_off_is_counted_and_doctor_says_so(ws: Path) -> None:
    (ws / ".mdrecall.toml").write_text("[recall]\nenabled = false\n")
    assert _prompt(ws, "When does Kestrel ship?").stdout == ""
    rec = json.loads(run_cli("-w", str(ws), "status", "--json").stdout)["recall"]
    assert rec["enabled"] is False and rec["counts"]["disabled"] == 1
    assert _doctor_recall(ws)["status"] == "skip"


def test_the_record_is_bounded_and_a_damaged_one_starts_afresh(tmp_path: Path) -> None:
    path = recall_stats.stats_path(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text("{not json")
    assert recall_stats.summary(tmp_path)["prompts"] == 0
    for i in range(recall_stats.RECENT + 5):
        recall_stats.record(tmp_path, "gate", float(i))
    st = recall_stats.summary(tmp_path)
    assert st["prompts"] == recall_stats.RECENT + 5 and st["recent"] == recall_stats.RECENT
    assert st["p50_ms"] == pytest.approx(104.5, abs=1)
    assert not [p for p in path.parent.iterdir() if p.name.startswith(".recall-stats")]  # no temp left


def test_each_sessions_record_says_what_was_injected_and_why(ws: Path) -> None:
    assert _prompt(ws, "When does Kestrel ship?", session="s7").stdout.strip()
    assert not _prompt(ws, "thanks", session="s7").stdout.strip()
    (log,) = SeenLog.sessions(ws)
    assert log.session == "s7" and len(log.shown) == 1
    entry = log.shown[0]
    assert entry["citation"].startswith("memory/2024-03-01.md#L") and entry["stage"] == "injected"
    assert entry["score"] >= 0.6 and "kestrel" in entry["matched"] and entry["at"] > 0
    assert "thanks" not in json.dumps(entry)  # the record holds no prompt
