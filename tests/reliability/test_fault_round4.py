"""What the fourth round of the fault campaign found (``benchmarks/fault_round4.py``), with real files,
sockets and processes. (The watcher's vouch: ``tests/agent/test_agent_watch.py``.)"""

from __future__ import annotations

import contextlib
import os
import threading
from pathlib import Path

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
