"""Issue 32, items 1 and 2: every reader of a memory file reads it as ``get`` does, and nothing waits on a
file that is not a regular one (a FIFO, a socket, a folder) nor on a host that keeps stdin open.

A test that could hang runs its command in a process with a timeout, so a regression fails, not hangs.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest

from mdrecall.files.workspace import now_local

from helpers import mdrecall_argv, run_cli, run_process, write

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and symlinks: POSIX only")

SECRET = "zzoutsidezz the deploy key lives in the vault"
#: A command that hangs is stopped here (the fixed ones end in a few seconds).
HANG_S = 60
KEYWORD = {"MDRECALL_EMBEDDING_PROVIDER": "none"}


def _day(offset: int = 0) -> str:
    return (now_local().date() + timedelta(days=offset)).isoformat()


def _workspace(tmp_path: Path) -> Path:
    ws = tmp_path / "agent"
    write(ws, f"memory/{_day(-1)}.md", f"# {_day(-1)}\n\nyesterday we chose plain Markdown\n")
    return ws


def _context(out: subprocess.CompletedProcess[str]) -> str:
    assert out.returncode == 0, out.stderr
    return str(json.loads(out.stdout)["hookSpecificOutput"]["additionalContext"])


# ---- item 1: no symlink followed out of the workspace -----------------------------------------------------


def test_session_start_does_not_follow_symlinked_memory_or_log(tmp_path: Path) -> None:
    ws = _workspace(tmp_path)
    outside = write(tmp_path, "outside.md", SECRET + "\n")
    os.symlink(outside, ws / "MEMORY.md")
    os.symlink(outside, ws / "memory" / f"{_day()}.md")
    assert run_cli("-w", str(ws), "get", "MEMORY.md").returncode != 0  # what get already refused
    hook = run_cli("-w", str(ws), "hook", "session-start", stdin="{}")
    text = _context(hook)
    assert "zzoutsidezz" not in text
    assert "yesterday we chose plain Markdown" in text  # the rest is still injected
    assert "MEMORY.md not read" in hook.stderr and "symlink" in hook.stderr
    ctx = run_cli("-w", str(ws), "context")
    assert ctx.returncode == 0, ctx.stderr
    assert "zzoutsidezz" not in ctx.stdout and "plain Markdown" in ctx.stdout


def test_session_start_does_not_follow_a_symlinked_memory_folder(tmp_path: Path) -> None:
    """Not in the issue: ``memory/`` itself a link to a folder outside holding today's log."""
    ws = tmp_path / "agent"
    write(ws, "MEMORY.md", "# Long-term\n\nkeep it plain\n")
    elsewhere = tmp_path / "elsewhere"
    write(elsewhere, f"{_day()}.md", SECRET + "\n")
    os.symlink(elsewhere, ws / "memory")
    text = _context(run_cli("-w", str(ws), "hook", "session-start", stdin="{}"))
    assert "zzoutsidezz" not in text and "keep it plain" in text


# ---- item 2: nothing waits on a FIFO, a socket or a folder ------------------------------------------------


def test_session_start_hook_with_a_fifo_as_todays_log_does_not_hang(tmp_path: Path) -> None:
    ws = _workspace(tmp_path)
    os.mkfifo(ws / "memory" / f"{_day()}.md")
    start = time.monotonic()
    out = run_process("-w", str(ws), "hook", "session-start", stdin="{}", timeout=HANG_S)
    assert time.monotonic() - start < HANG_S / 2
    assert "plain Markdown" in _context(out)
    assert "not a regular file" in out.stderr


def test_a_socket_at_the_index_path_is_moved_aside(tmp_path: Path) -> None:
    """Not in the issue: a socket where the index goes (was: 'unable to open database file', exit 1)."""
    ws = _workspace(tmp_path)
    place = ws / ".mdrecall" / "index.sqlite"
    if len(str(place)) > 100:  # AF_UNIX paths are short
        pytest.skip("temporary path too long for a socket")
    place.parent.mkdir()
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(place))
        out = run_process("-w", str(ws), "search", "plain", env=KEYWORD, timeout=HANG_S)
    assert out.returncode == 0, out.stderr
    assert "plain Markdown" in out.stdout and "socket" in out.stderr


@pytest.mark.parametrize("command", [["index"], ["search", "plain"], ["status"], ["doctor"]])
@pytest.mark.parametrize("name", ["index.sqlite", "index.sqlite-wal"])
def test_a_fifo_at_the_index_path_is_moved_aside_not_waited_on(
    tmp_path: Path, command: list[str], name: str
) -> None:
    ws = _workspace(tmp_path)
    if name != "index.sqlite":  # a real index beside it
        assert run_cli("-w", str(ws), "index", env=KEYWORD).returncode == 0
    (ws / ".mdrecall").mkdir(exist_ok=True)
    os.mkfifo(ws / ".mdrecall" / name)
    out = run_process("-w", str(ws), *command, env=KEYWORD, timeout=HANG_S)
    assert out.returncode in (0, 1), out.stderr  # doctor exits 1 for a warning
    assert "internal error" not in out.stderr
    aside = [p.name for p in (ws / ".mdrecall").iterdir() if p.name.startswith(f"{name}.broken-")]
    assert aside, sorted(p.name for p in (ws / ".mdrecall").iterdir())
    if command[0] == "search":
        assert "plain Markdown" in out.stdout
        assert "FIFO" in out.stderr  # said, not silent


def test_search_with_a_fifo_as_the_recall_log_does_not_hang(tmp_path: Path) -> None:
    ws = _workspace(tmp_path)
    (ws / "memory" / ".dreams").mkdir()
    os.mkfifo(ws / "memory" / ".dreams" / "short-term-recall.json")
    out = run_process("-w", str(ws), "search", "plain", env=KEYWORD, timeout=HANG_S)
    assert out.returncode == 0, out.stderr
    assert "plain Markdown" in out.stdout


def test_history_of_a_file_swapped_for_a_fifo_does_not_hang(tmp_path: Path) -> None:
    ws = _workspace(tmp_path)
    write(ws, "MEMORY.md", "# Long-term\n\nfirst version\n")
    assert run_cli("-w", str(ws), "index", env=KEYWORD).returncode == 0
    (ws / "MEMORY.md").unlink()
    os.mkfifo(ws / "MEMORY.md")
    out = run_process("-w", str(ws), "history", "MEMORY.md", env=KEYWORD, timeout=HANG_S)
    assert "internal error" not in out.stderr


# ---- a hook never blocks past its deadline ----------------------------------------------------------------


def test_session_start_hook_does_not_wait_for_stdin_to_close(tmp_path: Path) -> None:
    """A host that writes the payload (or nothing) and keeps stdin open does not hold the hook."""
    ws = _workspace(tmp_path)
    for payload in (b'{"session_id": "s1"}', b""):
        proc = subprocess.Popen(
            mdrecall_argv("-w", str(ws), "hook", "session-start"),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        assert proc.stdin is not None and proc.stdout is not None
        try:
            proc.stdin.write(payload)
            proc.stdin.flush()  # and never closed while the hook runs
            proc.wait(timeout=HANG_S)
            out = proc.stdout.read().decode()
        finally:
            proc.kill()
            proc.wait()
            proc.stdin.close()
        assert "plain Markdown" in out, payload


def test_the_hook_deadline_ends_a_read_that_never_returns(tmp_path: Path) -> None:
    """The last guard: whatever blocks (here a FIFO opened the plain way), the hook process ends, exit 0."""
    fifo = tmp_path / "never"
    os.mkfifo(fifo)
    code = (
        "import sys; from mdrecall.agent.hooks import hook_deadline\n"
        f"with hook_deadline('session-start', 1.0):\n    open({str(fifo)!r}).read()\n"
        "sys.exit(3)\n"
    )
    start = time.monotonic()
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=HANG_S, check=False
    )
    assert out.returncode == 0, out.stderr
    assert time.monotonic() - start < HANG_S / 2
    assert "session-start: stopped after 1s" in out.stderr
