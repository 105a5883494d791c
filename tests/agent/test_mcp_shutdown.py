"""Issue 17 item 6: the stdio MCP server exits cleanly when its client closes stdin mid-backfill.

Before: vectors filling in the background (the local ONNX model) when the client went away made the
process abort (SIGABRT, "terminate called without an active exception", 5 of 5): the backfill thread
was given 5 s, then the interpreter exited while onnxruntime ran in it.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest
from agent_helpers import isolated_env

from helpers import mdrecall_argv, run_cli, write

pytest.importorskip("mcp")
pytest.importorskip("onnxruntime")

WORDS = "alpha beta gamma delta kafka postgres migration billing stripe webhook retry cache deploy".split()


def big_workspace(root: Path) -> Path:
    """About 1,800 chunks: minutes of embedding on a small machine, so the backfill is surely running."""
    for i in range(300):
        parts = [
            f"## part {j}\n\n" + " ".join(WORDS[(i * 7 + j * 3 + k) % len(WORDS)] for k in range(120))
            for j in range(6)
        ]
        write(root, f"memory/n{i}.md", f"# note {i}\n\n" + "\n\n".join(parts) + "\n")
    write(root, "MEMORY.md", "# Long-term\n\n- the user prefers tea\n")
    return root


def counts(db: Path) -> tuple[int, int]:
    with sqlite3.connect(f"{db.as_uri()}?mode=ro", uri=True, timeout=10) as conn:
        chunks = conn.execute("SELECT count(*) FROM chunks").fetchone()[0]
        vectors = conn.execute("SELECT count(*) FROM vectors").fetchone()[0]
    conn.close()
    return chunks, vectors


def test_closing_stdin_while_vectors_fill_exits_cleanly(tmp_path: Path) -> None:
    root = big_workspace(tmp_path / "agent")
    env = isolated_env(tmp_path / "home")  # keyword-only for the first index
    assert run_cli("-w", str(root), "index", env=env).returncode == 0
    env["MDRECALL_EMBEDDING_PROVIDER"] = "local"
    db = root / ".mdrecall" / "index.sqlite"
    init = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-03-26",
            "capabilities": {},
            "clientInfo": {"name": "t", "version": "1"},
        },
    }
    for round_ in range(2):  # every round aborted before the fix (5 of 5): two show it as five did
        before = counts(db)[1]
        proc = subprocess.Popen(
            mdrecall_argv("-w", str(root), "mcp", "--no-watch"),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            cwd=tmp_path,
        )
        try:
            assert proc.stdin is not None and proc.stdout is not None
            proc.stdin.write((json.dumps(init) + "\n").encode())
            proc.stdin.flush()
            assert b'"result"' in proc.stdout.readline()
            deadline = time.monotonic() + 90
            while counts(db)[1] == before:  # the backfill has written a batch: it is running
                assert time.monotonic() < deadline and proc.poll() is None, "the backfill never wrote"
                time.sleep(0.1)
            proc.stdin.close()
            proc.stdin = None
            _, err = proc.communicate(timeout=60)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        chunks, vectors = counts(db)
        assert vectors < chunks, "the backfill had finished: this round tested nothing"
        text = err.decode(errors="replace")
        assert "terminate called" not in text, (round_, text)
        assert proc.returncode == 0, (round_, proc.returncode, text)
