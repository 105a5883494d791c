"""Typos and mismatches a new user makes are errors with the right exit code, never silently ignored."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from helpers import run_cli, write


def test_a_missing_config_file_is_a_usage_error_naming_it(ws: Path) -> None:
    out = run_cli("status", "--config", "missing.toml", cwd=ws)
    assert out.returncode == 2 and "missing.toml" in out.stderr
    out = run_cli("--config", "missing.toml", "search", "x", "--json", cwd=ws)
    err = json.loads(out.stderr)["error"]
    assert out.returncode == 2 and err["code"] == "usage" and "missing.toml" in err["message"]


def test_history_of_a_file_that_never_existed_is_not_found(ws: Path) -> None:
    out = run_cli("history", "memory/nope.md", "--json", cwd=ws)
    assert out.returncode == 1, out.stdout
    assert json.loads(out.stderr)["error"]["code"] == "not_found"
    assert run_cli("history", "memory/2026-01-26.md", cwd=ws).returncode == 0
    (ws / "memory" / "2026-01-26.md").unlink()  # gone from disk, still in the index's history
    gone = run_cli("history", "memory/2026-01-26.md", cwd=ws)
    assert gone.returncode == 0 and "Stripe" in gone.stdout


def test_ls_takes_every_source_search_takes(ws: Path) -> None:
    write(ws, "memory/conversations/2026-01-26-s1.md", "# s1\n\n**user**: ship Kestrel on Friday\n")
    assert run_cli("index", cwd=ws).returncode == 0
    out = run_cli("ls", "--source", "conversations", "--json", cwd=ws)
    assert out.returncode == 0, out.stderr
    assert {f["source"] for f in json.loads(out.stdout)["files"]} <= {"conversations"}
    assert run_cli("search", "Kestrel", "--source", "conversations", cwd=ws).returncode == 0


@pytest.mark.parametrize(
    "flags", [["--as-of", "soon"], ["--during", "soon"], ["--during", "2026-13-01.."], ["--since", "soon"]]
)
def test_bad_dates_are_usage_errors(ws: Path, flags: list[str]) -> None:
    out = run_cli("search", "Stripe", *flags, "--json", cwd=ws)
    assert out.returncode == 2, out.stderr
    assert json.loads(out.stderr)["error"]["code"] == "usage"


@pytest.mark.parametrize("when", ["7d", "yesterday", "today", "2w"])
def test_as_of_takes_the_relative_dates_since_takes(ws: Path, when: str) -> None:
    old = 1_700_000_000  # 2023: the files existed long before any relative date
    for f in ws.rglob("*.md"):
        os.utime(f, (old, old))
    out = run_cli("search", "Stripe", "--as-of", when, "--json", cwd=ws)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["results"], out.stderr


def test_a_symlinked_memory_file_is_reported_by_index_and_doctor(tmp_path: Path) -> None:
    real = write(tmp_path, "elsewhere/MEMORY.md", "# Memory\n\n- The lease is in Oslo.\n")
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "MEMORY.md").symlink_to(real)
    out = run_cli("index", cwd=ws)
    assert out.returncode == 0 and "MEMORY.md: a symlink, skipped" in out.stderr
    doc = run_cli("doctor", "--no-model", "--json", cwd=ws)
    checks = {c["name"]: c for c in json.loads(doc.stdout)["checks"]}
    assert checks["workspace"]["status"] == "warn" and "MEMORY.md: a symlink" in checks["workspace"]["detail"]


def test_a_memory_folder_that_is_a_plain_file_is_reported_by_index_and_doctor(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    write(ws, "MEMORY.md", "# Memory\n\n- The lease is in Oslo.\n")
    (ws / "memory").write_text("not a folder\n", encoding="utf-8")
    out = run_cli("index", cwd=ws)
    assert out.returncode == 0 and "memory: not a folder" in out.stderr, out.stderr
    doc = run_cli("doctor", "--no-model", "--json", cwd=ws)
    checks = {c["name"]: c for c in json.loads(doc.stdout)["checks"]}
    assert checks["workspace"]["status"] == "warn" and "memory: not a folder" in checks["workspace"]["detail"]


def test_get_says_when_a_long_line_was_cut(tmp_path: Path) -> None:
    """Before: a line longer than read.max_chars came back cut at 12,000 characters with nextFrom null
    and no word that anything was missing."""
    ws = tmp_path / "ws"
    write(ws, "MEMORY.md", "# Memory\n\n" + "word " * 5_000 + "the end\n")
    out = run_cli("get", "MEMORY.md:3", cwd=ws)
    assert out.returncode == 0 and len(out.stdout) == 12_001, len(out.stdout)
    assert "line 3 was cut at 12,000 characters (read.max_chars)" in out.stderr, out.stderr
    data = json.loads(run_cli("get", "MEMORY.md:3", "--json", cwd=ws).stdout)
    assert data["truncated"] is True and data["nextFrom"] is None
    whole = json.loads(run_cli("get", "MEMORY.md:1:1", "--json", cwd=ws).stdout)
    assert whole["truncated"] is False
    assert "cut" not in run_cli("get", "MEMORY.md:1:1", cwd=ws).stderr


def test_ls_with_a_filter_that_matches_nothing_does_not_send_the_user_to_index(ws: Path) -> None:
    """Before: "no indexed files (run `mdrecall index`)" for an indexed workspace with no conversations."""
    assert run_cli("index", cwd=ws).returncode == 0
    out = run_cli("ls", "--source", "conversations", cwd=ws)
    assert out.returncode == 0 and out.stdout.strip() == "no indexed files match --source conversations"
    out = run_cli("ls", "--path", "nope/*", cwd=ws)
    assert out.stdout.strip() == "no indexed files match --path nope/*", out.stdout
