"""A write that finds no room (a file-size limit, a full disk) says so, what was kept, and what to do:
never "read-only" or "fix the permissions" for a file that may not grow."""

from __future__ import annotations

import errno
import os
import resource
import sqlite3
import subprocess
import sys
from pathlib import Path

from mdrecall.files.no_room import no_room, no_room_error, remedy

from .conftest import fill
from helpers import run_cli, write

_QUIET = {"MDRECALL_EMBEDDER": "none", "MDRECALL_RERANKER": "none", "NO_COLOR": "1"}


def _capped(limit: int, *args: str) -> subprocess.CompletedProcess[str]:
    """``mdrecall ARGS`` in a child whose every file may grow to ``limit`` bytes at most (EFBIG past it)."""

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.run(
        [sys.executable, "-m", "mdrecall", *args],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, **_QUIET},
        preexec_fn=cap,  # noqa: PLW1509 - the child alone is limited
    )


def _orchard(root: Path) -> Path:
    write(root, "MEMORY.md", "# Orchard\n\n- the pear trees are pruned in February\n")
    for i in range(6):
        write(root, f"memory/2031-03-0{i + 1}.md", f"# day {i}\n\n- row {i} of apple trees was netted\n")
    (root / ".mdrecall").mkdir(exist_ok=True)
    return root


def test_a_first_index_under_a_file_size_limit_says_so(tmp_path: Path) -> None:
    ws = _orchard(tmp_path / "orchard")
    out = _capped(2048, "-w", str(ws), "index")
    assert out.returncode == 1, out.stdout
    err = out.stderr
    assert "file-size limit" in err and "ulimit -f" in err, err
    assert "2,048 bytes" in err and "read-only" not in err
    assert "Markdown files are unchanged" in err
    assert "Traceback" not in err


def test_an_index_that_may_not_grow_is_kept_and_says_why(tmp_path: Path) -> None:
    ws = _orchard(tmp_path / "orchard")
    assert run_cli("-w", str(ws), "index", env=_QUIET).returncode == 0
    db = ws / ".mdrecall" / "index.sqlite"
    with sqlite3.connect(db) as conn:
        files = conn.execute("SELECT count(*) FROM files").fetchone()[0]
    write(ws, "memory/2031-03-09.md", "# later\n\n- the cider press was repaired\n")
    out = _capped(3000, "-w", str(ws), "index")  # the -shm file (32 KB) or the WAL cannot grow
    assert out.returncode == 1, out.stdout
    err = out.stderr
    assert "file-size limit" in err and "read-only now" not in err, err
    assert "kept" in err and "Markdown files are unchanged" in err
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("SELECT count(*) FROM files").fetchone()[0] == files
    again = run_cli("-w", str(ws), "index", env=_QUIET)  # without the limit: it converges
    assert again.returncode == 0, again.stderr
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM files").fetchone()[0] == files + 1


def test_an_index_write_past_the_limit_says_what_was_kept(tmp_path: Path) -> None:
    ws = _orchard(tmp_path / "orchard")
    assert run_cli("-w", str(ws), "index", env=_QUIET).returncode == 0
    db = ws / ".mdrecall" / "index.sqlite"
    big = "\n".join(f"- hive {i} swarmed toward the {i}th hedge row near barn {i * 7}" for i in range(4000))
    write(ws, "memory/2031-04-01.md", "# bees\n\n" + big + "\n")
    out = _capped(db.stat().st_size + 40_000, "-w", str(ws), "index")
    assert out.returncode == 1, out.stdout
    err = out.stderr
    assert "file-size limit" in err and "ulimit -f" in err, err
    assert "read-only now" not in err and "fix the permissions" not in err
    assert "Markdown files are unchanged" in err


def test_a_markdown_append_past_the_limit_names_the_limit(tmp_path: Path) -> None:
    ws = _orchard(tmp_path / "orchard")
    assert run_cli("-w", str(ws), "index", env=_QUIET).returncode == 0
    target = ws / "MEMORY.md"
    with target.open("a", encoding="utf-8") as f:
        f.write("- the quince hedge was laid\n" * 300)
    before = target.read_bytes()
    note = "the plum rootstock came from the nursery in the valley " * 20
    out = _capped(len(before) + 200, "-w", str(ws), "remember", "--long-term", note)
    assert out.returncode == 1, out.stdout
    err = out.stderr
    assert "file-size limit" in err and "ulimit -f" in err, err
    assert "nothing was saved" in err and "fix the permissions" not in err
    assert target.read_bytes() == before


def test_no_room_in_words() -> None:
    assert no_room(errno.ENOSPC) == "the disk is full"
    assert remedy(errno.ENOSPC) == "Free disk space"
    assert no_room(errno.EACCES) is None
    assert remedy(errno.EACCES) == "Free disk space or fix the permissions"
    big = no_room(errno.EFBIG)
    assert big is not None and "file-size limit" in big
    err = no_room_error(OSError(errno.ENOSPC, "No space left on device"), "notes.md: could not save", "kept")
    assert "No space left on device: the disk is full" in str(err)
    assert err.action == "Free disk space, then retry."


_CACHE_PUT = """
import resource, sys
import numpy as np
from mdrecall.errors import StoreError
from mdrecall.stores.sqlite import SQLiteStore
store = SQLiteStore(sys.argv[1])
limit = int(sys.argv[2])
resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
vectors = {f"h{i}": np.full(384, i, dtype=np.float32) for i in range(2000)}
try:
    store.cache_put("tiny-embedder", vectors, 0)
except StoreError as exc:
    print("StoreError", exc)
    sys.exit(1)
print("stored")
"""


def test_the_embedding_cache_past_the_limit_says_so(tmp_path: Path) -> None:
    db = tmp_path / "cache.sqlite"
    from mdrecall.stores.sqlite import SQLiteStore

    SQLiteStore(db).close()
    limit = max(p.stat().st_size for p in tmp_path.glob("cache.sqlite*")) + 64 * 1024
    out = subprocess.run(
        [sys.executable, "-c", _CACHE_PUT, str(db), str(limit)], capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 1 and out.stdout.startswith("StoreError"), out.stdout + out.stderr
    assert "file-size limit" in out.stdout and "index held before is kept" in out.stdout
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM embedding_cache").fetchone()[0] == 0


def test_a_damaged_index_on_a_full_disk_says_the_disk_is_full(small_disk: Path) -> None:
    """The rebuild of a damaged index cannot start a new file: the message names the full disk."""
    ws = _orchard(small_disk / "orchard")
    assert run_cli("-w", str(ws), "index", env=_QUIET).returncode == 0
    db = ws / ".mdrecall" / "index.sqlite"
    raw = bytearray(db.read_bytes())
    raw[4096:8192] = bytes(4096)  # the second page zeroed: damage
    db.write_bytes(bytes(raw))
    fill(small_disk)
    out = run_cli("-w", str(ws), "search", "apple trees netted", env=_QUIET)
    assert out.returncode == 1, out.stdout
    err = out.stderr if isinstance(out.stderr, str) else out.stderr.decode()
    assert "the disk is full" in err and "moved aside" in err and "Free disk space" in err, err
    (small_disk / "filler.bin").unlink()
    assert run_cli("-w", str(ws), "index", env=_QUIET).returncode == 0
