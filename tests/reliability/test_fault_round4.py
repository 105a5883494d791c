"""What the fourth round of the fault campaign found (``benchmarks/fault_round4.py``), with real files,
sockets and processes. (The watcher's vouch: ``tests/agent/test_agent_watch.py``.)"""

from __future__ import annotations

import contextlib
import os
import threading
from pathlib import Path
from typing import Any

import pytest

from mdrecall import Config, Memory
from mdrecall.index import used_log

SIGNAL = b'{"t":1.0,"c":"memory/zzoutside.md#L1","k":"get","s":"x"}\n'


def _log(ws: Path) -> Path:
    path = used_log.used_path(ws)
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def test_the_used_log_is_never_read_through_a_symlink(ws: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside.jsonl"
    outside.write_bytes(SIGNAL)
    _log(ws).symlink_to(outside)
    assert used_log.spans(ws) == {}
    assert used_log.read(ws) == []


def test_a_used_log_that_is_a_fifo_outside_is_not_opened(ws: Path, tmp_path: Path) -> None:
    """Before: every search opened it and waited for a writer (a search that never ends)."""
    fifo = tmp_path / "outside.fifo"
    os.mkfifo(fifo)
    opened: list[bool] = []

    def feed() -> None:  # blocks until a reader opens the FIFO: then the reader gets a signal line
        with contextlib.suppress(OSError), open(fifo, "wb") as fh:
            opened.append(True)
            fh.write(SIGNAL)

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    _log(ws).symlink_to(fifo)
    try:
        assert used_log.spans(ws) == {}
        assert not opened
    finally:
        with contextlib.suppress(OSError):
            os.close(os.open(fifo, os.O_RDONLY | os.O_NONBLOCK))
        writer.join(5)


def test_a_huge_used_log_costs_a_search_its_end_only(ws: Path) -> None:
    """A 3 MB log (its writer keeps it under 64 KiB), old signals first: a search reads its end only
    (before: all of it, 6 s per search for 300 MB)."""
    old = b'{"t":1.0,"c":"memory/old.md#L1","k":"get","s":"s"}\n'
    new = b'{"t":2.0,"c":"memory/new.md#L2","k":"get","s":"s"}\n'
    _log(ws).write_bytes(old * (2_000_000 // len(old)) + new * (used_log.READ_LIMIT // len(new) + 1))
    assert used_log.spans(ws) == {"memory/new.md": [(2, 2)]}


_HOLDER = """
import os, sys
import numpy as np
from pathlib import Path
from mdrecall.stores.sqlite_vector_file import VectorFile

vf = VectorFile(Path(sys.argv[1]), "db")
rows, dims = 4000, 64
mat = np.ones((rows, dims), dtype=np.float32)
vf.write("k", (rows, rows), np.arange(1, rows + 1), mat, np.zeros(rows, dtype=np.int32), ["a"])
ids, held, codes, names = vf.read("k", (rows, rows), dims)
os.truncate(sys.argv[1], 0)  # in place: what an editor or another tool may do to it
print(float(np.einsum("ij,j->i", held, np.ones(dims, dtype=np.float32)).sum()))
"""


def test_a_vector_file_truncated_in_place_does_not_kill_the_process_that_loaded_it(tmp_path: Path) -> None:
    """Before: the matrix was a shared mapping of the file; truncating the file killed the process that
    held it (an MCP server, the hooks' server) with SIGBUS at its next vector search."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", _HOLDER, str(tmp_path / "index.vectors")], capture_output=True, timeout=120
    )
    assert done.returncode == 0, (done.returncode, done.stderr[-500:])
    assert float(done.stdout) == 4000 * 64


@pytest.mark.parametrize(
    "edit",
    [
        "DELETE FROM superseded",
        "UPDATE superseded SET new_line = 999, new_path = 'memory/gone.md'",
        "UPDATE entity_known SET root = 'mysql'",
    ],
)
def test_index_force_makes_the_stored_derived_tables_anew(tmp_path: Path, edit: str) -> None:
    """Before: a hand-edited (or damaged) pairing or name table survived ``mdrecall index --force``: the
    search kept marking lines from it (or not), with no way to repair it short of deleting the index."""
    import sqlite3

    from helpers import run_cli, write

    write(tmp_path, "MEMORY.md", "# Long-term\n\n- production deploys are on Tuesday and Thursday\n")
    write(tmp_path, "memory/2026-02-10.md", "# 2026-02-10\n\n- production deploys are now on Friday only\n")
    write(tmp_path, "memory/2026-02-11.md", "# 2026-02-11\n\n- Kestrel is the billing service on kafka\n")
    cfg = Config().merged({"embedding": {"provider": "none"}})
    db = tmp_path / ".mdrecall" / "index.sqlite"

    def tables() -> tuple[list[Any], list[Any]]:
        with contextlib.closing(sqlite3.connect(db)) as conn:
            return (
                sorted(conn.execute("SELECT * FROM superseded")),
                sorted(conn.execute("SELECT * FROM entity_known")),
            )

    with Memory.open(tmp_path, cfg) as mem:
        mem.index()
        marked = {h.path: h.superseded for h in mem.search("production deploy days", sync=False)}
    assert marked.get("MEMORY.md")  # the Tuesday line is superseded by the Friday one
    made = tables()
    with contextlib.closing(sqlite3.connect(db)) as conn:
        conn.execute(edit)
        conn.commit()
    assert tables() != made
    done = run_cli("-w", str(tmp_path), "index", "--force", env={"MDRECALL_EMBEDDING_PROVIDER": "none"})
    assert done.returncode == 0, done.stderr
    assert tables() == made


@pytest.mark.parametrize("kind", ["file", "folder"])
def test_serve_never_deletes_a_file_or_folder_at_its_socket_path(ws: Path, kind: str) -> None:
    """Before: a regular file there was deleted to bind the socket, and a folder made ``mdrecall serve``
    end in an internal error (IsADirectoryError)."""
    from mdrecall.agent.serve_client import socket_path
    from mdrecall.errors import MdrecallError
    from mdrecall.services.serve import HookServer

    (ws / ".mdrecall").mkdir(exist_ok=True)
    path = Path(socket_path(str(ws)))
    if kind == "file":
        path.write_text("keep me\n")
    else:
        path.mkdir()
        (path / "keep.txt").write_text("keep me\n")
    server = HookServer(ws)
    with pytest.raises(MdrecallError, match=f"is a {kind}, not a socket"):
        server.bind()
    server.stop()
    assert (path if kind == "file" else path / "keep.txt").read_text() == "keep me\n"
