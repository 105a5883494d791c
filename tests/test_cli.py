"""The CLI through its real entry point, in subprocesses, on real workspaces."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from helpers import write


def run(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None, stdin: str | None = None):
    return subprocess.run(
        [sys.executable, "-m", "mdrecall", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, **(env or {})},
        input=stdin,
        timeout=120,
    )


def test_console_script_is_installed() -> None:
    exe = shutil.which("mdrecall")
    assert exe, "the mdrecall command is not on PATH"
    out = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.startswith("mdrecall ")


def test_init_creates_layout_and_never_overwrites(tmp_path: Path) -> None:
    target = tmp_path / "agent"
    dry = run("init", str(target), "--dry-run")
    assert dry.returncode == 0 and "would create" in dry.stdout
    assert not target.exists()
    out = run("init", str(target))
    assert out.returncode == 0, out.stderr
    today = date.today().isoformat()
    for rel in (
        "MEMORY.md",
        f"memory/{today}.md",
        "templates/daily.md",
        "templates/research.md",
        "templates/project.md",
        "AGENTS.md",
    ):
        assert (target / rel).is_file(), rel
    assert "write it down" in (target / "AGENTS.md").read_text().lower()
    (target / "MEMORY.md").write_text("# mine\n")
    again = run("init", str(target))
    assert again.returncode == 0 and "exists, kept" in again.stdout
    assert (target / "MEMORY.md").read_text() == "# mine\n"


def test_index_search_get_remember_status(ws: Path) -> None:
    w = ["--workspace", str(ws)]
    idx = run(*w, "index")
    assert idx.returncode == 0, idx.stderr
    assert "4 files scanned, 4 added" in idx.stdout and idx.stdout.count("\n") == 1
    out = run(*w, "search", "Stripe webhooks", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["query"] == "Stripe webhooks"
    top = data["results"][0]
    assert set(top) >= {"path", "startLine", "endLine", "score", "snippet", "source", "citation", "date"}
    assert top["path"] == "memory/2026-01-26.md"
    human = run(*w, "search", "Stripe webhooks", "-n", "1")
    assert human.stdout.startswith("1. memory/2026-01-26.md#L")
    got = run(*w, "get", top["path"], "--from", str(top["startLine"]), "--lines", "3", "--json")
    assert json.loads(got.stdout)["text"].startswith("# 2026-01-26")
    rem = run(*w, "remember", "The llama prefers hay.", "--json")
    assert rem.returncode == 0, rem.stderr
    assert json.loads(rem.stdout)["path"] == f"memory/{date.today().isoformat()}.md"
    assert "llama" in run(*w, "search", "llama hay").stdout
    st = json.loads(run(*w, "status", "--json").stdout)
    assert st["files"] == 5 and st["dirty_files"] == 0


def test_remember_long_term_from_stdin(ws: Path) -> None:
    out = run("-w", str(ws), "remember", "-", "--long-term", stdin="Always answer in Spanish.\n")
    assert out.returncode == 0, out.stderr
    assert "Always answer in Spanish." in (ws / "MEMORY.md").read_text()


def test_workspace_from_env_then_cwd(ws: Path, tmp_path: Path) -> None:
    assert "Stripe" in run("search", "Stripe", env={"MDRECALL_WORKSPACE": str(ws)}, cwd=tmp_path).stdout
    assert "Stripe" in run("search", "Stripe", cwd=ws).stdout


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["get", "../../etc/passwd"], "only Markdown"),
        (["get", "../secret.md"], "outside the memory files"),
        (["get", "memory/none.md"], "no such memory file"),
        (["remember", "  "], "empty"),
        (["search", "x", "--min-score", "abc"], "not a valid float"),
    ],
)
def test_errors_are_one_line_without_traceback(ws: Path, args: list[str], needle: str) -> None:
    out = run("-w", str(ws), *args)
    assert out.returncode in (1, 2)
    assert needle in out.stderr
    assert "Traceback" not in out.stderr


def test_missing_workspace_and_bad_config(tmp_path: Path, ws: Path) -> None:
    out = run("-w", str(tmp_path / "nope"), "search", "x")
    assert out.returncode == 1 and "mdrecall init" in out.stderr and "Traceback" not in out.stderr
    (ws / ".mdrecall.toml").write_text("[search]\nmax_results = 'many'\n")
    bad = run("-w", str(ws), "search", "x")
    assert bad.returncode == 1 and "max_results" in bad.stderr and "Traceback" not in bad.stderr


@pytest.mark.parametrize("query", ['"', "*", "a:b", "-", "AND", "NEAR(", "x" * 10_000, "東京"])
def test_hostile_queries_exit_zero(ws: Path, query: str) -> None:
    out = run("-w", str(ws), "search", query, "--json")
    assert out.returncode == 0, out.stderr
    assert isinstance(json.loads(out.stdout)["results"], list)


def test_explain_and_modes(ws: Path) -> None:
    out = run("-w", str(ws), "search", "Kestrel Rust", "--explain", "--mode", "bm25", "--json")
    hit = json.loads(out.stdout)["results"][0]
    assert hit["explain"]["text"] == 1.0 and "final" in hit["explain"]


def test_index_json_reports_warnings(ws: Path) -> None:
    (ws / "memory/bad.md").write_bytes(b"\xff\xfebad utf8 \xc3\x28 here\n")
    out = run("-w", str(ws), "index", "--json")
    rep = json.loads(out.stdout)
    assert rep["added"] == 5
    assert any("bad.md" in w for w in rep["warnings"])
    assert rep["summary"].startswith("5 files scanned")


def test_store_path_flag(ws: Path, tmp_path: Path) -> None:
    target = tmp_path / "elsewhere" / "idx.sqlite"
    out = run("-w", str(ws), "--index-path", str(target), "index")
    assert out.returncode == 0 and target.exists()
    assert not (ws / ".mdrecall").exists()


def test_extra_paths_from_workspace_config(ws: Path, tmp_path: Path) -> None:
    write(tmp_path / "team", "handbook.md", "# Handbook\nVacation requests go through Dana.\n")
    (ws / ".mdrecall.toml").write_text(f'extra_paths = ["{(tmp_path / "team").as_posix()}"]\n')
    out = run("-w", str(ws), "search", "vacation requests", "--json")
    assert json.loads(out.stdout)["results"][0]["path"].endswith("team/handbook.md")


def test_probe_reports_the_embedder(tmp_path: Path) -> None:
    out = run("-w", str(tmp_path), "probe", "--provider", "fake", "--json")
    assert out.returncode == 0, out.stderr
    info = json.loads(out.stdout)
    assert info["provider"] == "fake" and info["dims"] > 0 and info["latency_ms"] >= 0
    missing_key = run("-w", str(tmp_path), "probe", "--provider", "openai")
    assert missing_key.returncode == 1 and "OPENAI_API_KEY" in missing_key.stderr
    assert "Traceback" not in missing_key.stderr


def test_global_flags_are_accepted_after_the_command(ws: Path, tmp_path: Path) -> None:
    before = run("-w", str(ws), "search", "Stripe webhooks", "--json", cwd=tmp_path)
    after = run("search", "Stripe webhooks", "-w", str(ws), "--json", cwd=tmp_path)
    assert after.returncode == 0, after.stderr
    assert json.loads(after.stdout)["results"] == json.loads(before.stdout)["results"]
    mixed = run("--json", "search", "Stripe", "--workspace", str(ws), "-n", "1", cwd=tmp_path)
    assert json.loads(mixed.stdout)["results"][0]["path"] == "memory/2026-01-26.md"
