"""The CLI on real workspaces: in this process, and in a real process where the process is the point
(the console script, Ctrl-C, a closed pipe, shell completion)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import time
from datetime import date
from pathlib import Path

import pytest

from helpers import mdrecall_argv, run_cli, write


def test_console_script_is_installed() -> None:
    exe = shutil.which("mdrecall")
    assert exe, "the mdrecall command is not on PATH"
    out = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.startswith("mdrecall ")


def test_init_creates_layout_and_never_overwrites(tmp_path: Path) -> None:
    target = tmp_path / "agent"
    dry = run_cli("init", str(target), "--dry-run")
    assert dry.returncode == 0 and "would create" in dry.stdout
    assert not target.exists()
    out = run_cli("init", str(target))
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
    again = run_cli("init", str(target))
    assert again.returncode == 0 and "exists, kept" in again.stdout
    assert (target / "MEMORY.md").read_text() == "# mine\n"


def test_index_search_get_remember_status(ws: Path) -> None:
    w = ["--workspace", str(ws)]
    idx = run_cli(*w, "index")
    assert idx.returncode == 0, idx.stderr
    assert "4 files scanned, 4 added" in idx.stdout and idx.stdout.count("\n") == 1
    out = run_cli(*w, "search", "Stripe webhooks", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["query"] == "Stripe webhooks"
    top = data["results"][0]
    assert set(top) >= {"path", "startLine", "endLine", "score", "snippet", "source", "citation", "date"}
    assert top["path"] == "memory/2026-01-26.md"
    human = run_cli(*w, "search", "Stripe webhooks", "-n", "1")
    assert human.stdout.startswith("1. memory/2026-01-26.md#L")
    got = run_cli(*w, "get", top["path"], "--from", str(top["startLine"]), "--lines", "3", "--json")
    assert json.loads(got.stdout)["text"].startswith("# 2026-01-26")
    rem = run_cli(*w, "remember", "The llama prefers hay.", "--json")
    assert rem.returncode == 0, rem.stderr
    assert json.loads(rem.stdout)["path"] == f"memory/{date.today().isoformat()}.md"
    assert "llama" in run_cli(*w, "search", "llama hay").stdout
    st = json.loads(run_cli(*w, "status", "--json").stdout)
    assert st["files"] == 5 and st["dirty_files"] == 0


def test_remember_long_term_from_stdin(ws: Path) -> None:
    out = run_cli("-w", str(ws), "remember", "-", "--long-term", stdin="Always answer in Spanish.\n")
    assert out.returncode == 0, out.stderr
    assert "Always answer in Spanish." in (ws / "MEMORY.md").read_text()


def test_workspace_from_env_then_cwd(ws: Path, tmp_path: Path) -> None:
    assert "Stripe" in run_cli("search", "Stripe", env={"MDRECALL_WORKSPACE": str(ws)}, cwd=tmp_path).stdout
    assert "Stripe" in run_cli("search", "Stripe", cwd=ws).stdout


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
    out = run_cli("-w", str(ws), *args)
    assert out.returncode in (1, 2)
    assert needle in out.stderr
    assert "Traceback" not in out.stderr


def test_missing_workspace_and_bad_config(tmp_path: Path, ws: Path) -> None:
    out = run_cli("-w", str(tmp_path / "nope"), "search", "x")
    assert out.returncode == 1 and "mdrecall init" in out.stderr and "Traceback" not in out.stderr
    (ws / ".mdrecall.toml").write_text("[search]\nmax_results = 'many'\n")
    bad = run_cli("-w", str(ws), "search", "x")
    assert bad.returncode == 1 and "max_results" in bad.stderr and "Traceback" not in bad.stderr


@pytest.mark.parametrize("query", ['"', "*", "a:b", "-", "AND", "NEAR(", "x" * 10_000, "東京"])
def test_hostile_queries_exit_zero(ws: Path, query: str) -> None:
    out = run_cli("-w", str(ws), "search", query, "--json")
    assert out.returncode == 0, out.stderr
    assert isinstance(json.loads(out.stdout)["results"], list)


def test_explain_and_modes(ws: Path) -> None:
    out = run_cli("-w", str(ws), "search", "Kestrel Rust", "--explain", "--mode", "bm25", "--json")
    hit = json.loads(out.stdout)["results"][0]
    assert hit["explain"]["text"] == 1.0 and "final" in hit["explain"]


def test_index_json_reports_warnings(ws: Path) -> None:
    (ws / "memory/bad.md").write_bytes(b"\xff\xfebad utf8 \xc3\x28 here\n")
    out = run_cli("-w", str(ws), "index", "--json")
    rep = json.loads(out.stdout)
    assert rep["added"] == 5
    assert any("bad.md" in w for w in rep["warnings"])
    assert rep["summary"].startswith("5 files scanned")


def test_store_path_flag(ws: Path, tmp_path: Path) -> None:
    target = tmp_path / "elsewhere" / "idx.sqlite"
    out = run_cli("-w", str(ws), "--index-path", str(target), "index")
    assert out.returncode == 0 and target.exists()
    assert not (ws / ".mdrecall").exists()


def test_extra_paths_from_workspace_config(ws: Path, tmp_path: Path) -> None:
    write(tmp_path / "team", "handbook.md", "# Handbook\nVacation requests go through Dana.\n")
    (ws / ".mdrecall.toml").write_text(f'extra_paths = ["{(tmp_path / "team").as_posix()}"]\n')
    out = run_cli("-w", str(ws), "search", "vacation requests", "--json")
    assert json.loads(out.stdout)["results"][0]["path"].endswith("team/handbook.md")


def test_probe_reports_the_embedder(tmp_path: Path) -> None:
    out = run_cli("-w", str(tmp_path), "probe", "--provider", "fake", "--json")
    assert out.returncode == 0, out.stderr
    info = json.loads(out.stdout)
    assert info["provider"] == "fake" and info["dims"] > 0 and info["latency_ms"] >= 0
    missing_key = run_cli("-w", str(tmp_path), "probe", "--provider", "openai")
    assert missing_key.returncode == 1 and "OPENAI_API_KEY" in missing_key.stderr
    assert "Traceback" not in missing_key.stderr


def test_global_flags_are_accepted_after_the_command(ws: Path, tmp_path: Path) -> None:
    before = run_cli("-w", str(ws), "search", "Stripe webhooks", "--json", cwd=tmp_path)
    after = run_cli("search", "Stripe webhooks", "-w", str(ws), "--json", cwd=tmp_path)
    assert after.returncode == 0, after.stderr
    assert json.loads(after.stdout)["results"] == json.loads(before.stdout)["results"]
    mixed = run_cli("--json", "search", "Stripe", "--workspace", str(ws), "-n", "1", cwd=tmp_path)
    assert json.loads(mixed.stdout)["results"][0]["path"] == "memory/2026-01-26.md"


def test_ctrl_c_exits_130_without_a_traceback(ws: Path) -> None:
    proc = subprocess.Popen(
        mdrecall_argv("-w", str(ws), "remember", "-"),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        time.sleep(3)  # started and blocked reading the note from stdin
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    assert "mdrecall: interrupted" in err and "Traceback" not in err
    assert date.today().isoformat() not in {p.stem for p in (ws / "memory").glob("*.md")}


def test_mcp_port_errors(ws: Path) -> None:
    bad = run_cli("-w", str(ws), "mcp", "--http", "--port", "70000")
    assert bad.returncode == 2 and "--port" in bad.stderr and "Traceback" not in bad.stderr
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        out = run_cli("-w", str(ws), "mcp", "--http", "--port", str(port), "--no-watch")
    assert out.returncode == 1, out.stderr
    assert f"cannot serve on 127.0.0.1:{port}" in out.stderr and "--port" in out.stderr
    assert "Traceback" not in out.stderr


def test_usage_errors_exit_2_and_json_errors_go_to_stderr(ws: Path, tmp_path: Path) -> None:
    bare = run_cli()
    assert bare.returncode == 2 and "Usage: mdrecall" in bare.stderr + bare.stdout
    unknown = run_cli("-w", str(ws), "serch", "x")
    assert unknown.returncode == 2 and "No such command 'serch'" in unknown.stderr
    err = run_cli("-w", str(tmp_path), "status", "--json")
    assert err.returncode == 1 and err.stdout == ""
    assert json.loads(err.stderr)["error"]["code"] == "workspace"


def test_status_in_a_plain_folder_creates_nothing(tmp_path: Path) -> None:
    out = run_cli("status", cwd=tmp_path)
    assert out.returncode == 1 and "not an mdrecall workspace" in out.stderr
    assert not (tmp_path / ".mdrecall").exists()


def test_internal_errors_are_one_line_with_exit_3(capsys: pytest.CaptureFixture[str]) -> None:
    from mdrecall.cli.app import State
    from mdrecall.cli.errors import run_guarded

    assert run_guarded(lambda: 1 / 0, State(), []) == 3
    assert capsys.readouterr().err == (
        "mdrecall: internal error: ZeroDivisionError: division by zero (set MDRECALL_DEBUG=1 for details)\n"
    )
    assert run_guarded(lambda: 1 / 0, State(format="json"), []) == 3
    assert json.loads(capsys.readouterr().err)["error"]["code"] == "internal"


def test_a_closed_pipe_is_not_an_error(ws: Path) -> None:
    proc = subprocess.Popen(
        mdrecall_argv("-w", str(ws), "get", "MEMORY.md", "memory/2026-01-26.md"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    proc.stdout.close()  # like `mdrecall get … | head -0`
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "Exception ignored" not in err


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash on this machine")
def test_bash_completion_script_completes_commands_and_flags() -> None:
    exe = shutil.which("mdrecall")
    assert exe
    script = (
        'eval "$(mdrecall completion bash)"; complete -p mdrecall; '
        'COMP_WORDS=(mdrecall sea); COMP_CWORD=1; _mdrecall_completion mdrecall; echo "${COMPREPLY[@]}"; '
        "COMPREPLY=(); COMP_WORDS=(mdrecall search x --si); COMP_CWORD=3; "
        '_mdrecall_completion mdrecall; echo "${COMPREPLY[@]}"'
    )
    env = {**os.environ, "PATH": f"{Path(exe).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    out = subprocess.run(["bash", "-c", script], capture_output=True, text=True, env=env, timeout=60)
    lines = out.stdout.splitlines()
    assert "_mdrecall_completion" in lines[0], out.stderr
    assert lines[1] == "search" and lines[2] == "--since"
