"""Item 1 and 3: a full disk never loses a note, never claims a save, never throws the index away."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from mdrecall import Memory, WriteError
from mdrecall.config.settings import Config

from .conftest import fill, run_cli
from helpers import run_process, write

NOTE = "decision: keep postgres " + "x" * 10_000  # 10 KB: larger than the space left


def make_ws(root: Path) -> Path:
    write(root, "MEMORY.md", "# Long-term memory\n\n- the user likes tea\n")
    write(root, f"memory/{date.today().isoformat()}.md", "# today\n\n## 09:00\n\nmorning notes on postgres\n")
    return root


@pytest.mark.parametrize("long_term", [False, True], ids=["daily", "long-term"])
def test_remember_on_a_full_disk_keeps_the_file_and_fails(small_disk: Path, long_term: bool) -> None:
    ws = make_ws(small_disk / "agent")
    target = ws / ("MEMORY.md" if long_term else f"memory/{date.today().isoformat()}.md")
    before = target.read_bytes()
    assert run_cli("-w", str(ws), "index").returncode == 0
    fill(small_disk, leave=4096)  # room for a partial write, as in the report
    out = run_cli("-w", str(ws), "remember", NOTE, *(["--long-term"] if long_term else []))
    assert out.returncode == 1, out.stdout
    err = out.stderr.decode()
    assert "nothing was saved" in err and "remembered" not in out.stdout.decode()
    assert target.read_bytes() == before  # no cut note left behind


def test_remember_on_a_full_disk_through_the_api(small_disk: Path) -> None:
    ws = make_ws(small_disk / "agent")
    target = ws / f"memory/{date.today().isoformat()}.md"
    before = target.read_bytes()
    cfg = Config().merged(
        {"embedding": {"provider": "none"}, "store": {"path": str(small_disk.parent / "i.db")}}
    )
    fill(small_disk, leave=4096)
    with Memory.open(ws, cfg) as mem, pytest.raises(WriteError, match="No space left"):
        mem.remember(NOTE)
    assert target.read_bytes() == before


_LIMITED_REMEMBER = """
import resource, signal, sys
from mdrecall import Memory
from mdrecall.config.settings import Config
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
limit = int(sys.argv[2])
resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
cfg = Config().merged({"embedding": {"provider": "none"}})
with Memory.open(sys.argv[1], cfg) as mem:
    try:
        mem.remember(sys.argv[3])
    except Exception as exc:
        print(type(exc).__name__, exc)
        sys.exit(1)
print("saved")
"""


def test_a_short_write_is_undone_without_root(tmp_path: Path) -> None:
    """RLIMIT_FSIZE makes the kernel cut the write short (EFBIG): works as any user."""
    ws = make_ws(tmp_path / "agent")
    assert run_cli("-w", str(ws), "index").returncode == 0
    target = ws / f"memory/{date.today().isoformat()}.md"
    before = target.read_bytes()
    limit = len(before) + 3000
    out = subprocess.run(
        [sys.executable, "-c", _LIMITED_REMEMBER, str(ws), str(limit), NOTE],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 1 and out.stdout.startswith("WriteError"), out.stdout + out.stderr
    assert target.read_bytes() == before


def test_a_full_disk_keeps_the_index_and_search_answers(small_disk: Path) -> None:
    """SQLITE_FULL is not corruption: nothing moved aside, search answers read-only, says why."""
    ws = make_ws(small_disk / "agent")
    for i in range(20):
        write(ws, f"memory/notes-{i}.md", f"# note {i}\n\nthe kafka cluster number {i} was resized\n")
    assert run_cli("-w", str(ws), "index").returncode == 0
    index = ws / ".mdrecall" / "index.sqlite"
    size_before = index.stat().st_size
    write(ws, "memory/new.md", "# new\n\n" + "brand new words about zookeeper\n" * 2000)
    fill(small_disk)
    out = run_cli("-w", str(ws), "search", "kafka cluster")
    assert out.returncode == 0, out.stderr
    assert b"memory/notes-" in out.stdout
    assert b"index not updated" in out.stderr
    idx = run_cli("-w", str(ws), "index")
    assert idx.returncode == 1 and b"full" in idx.stderr.lower()
    assert not list(index.parent.glob("*.broken-*"))
    (small_disk / "filler.bin").unlink()
    again = run_cli("-w", str(ws), "index", "--json")
    assert again.returncode == 0, again.stderr
    assert index.stat().st_size >= size_before
    with sqlite3.connect(index) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("SELECT count(*) FROM files").fetchone()[0] == 23
    assert not list(index.parent.glob("*.broken-*"))


def test_a_read_only_index_answers_and_index_fails_clearly(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "agent")
    assert run_cli("-w", str(ws), "index").returncode == 0
    index = ws / ".mdrecall" / "index.sqlite"
    write(ws, "memory/later.md", "# later\n\nchanged after indexing\n")
    os.chmod(index, 0o444)
    os.chmod(index.parent, 0o555)
    try:
        if os.geteuid() == 0:  # root ignores modes: make the whole folder a read-only mount instead
            done = subprocess.run(["mount", "--bind", "-o", "ro", str(index.parent), str(index.parent)])
            if done.returncode != 0:
                pytest.skip("cannot bind-mount read-only here")
            subprocess.run(["mount", "-o", "remount,ro,bind", str(index.parent)], capture_output=True)
        try:  # real processes: in this one a read-only store's connections stay open until collected,
            # and an open file keeps the mount busy (it could not be unmounted)
            out = run_process("-w", str(ws), "search", "postgres", binary=True)
            assert out.returncode == 0, out.stderr
            assert b"memory/" in out.stdout
            idx = run_process("-w", str(ws), "index", binary=True)
            assert idx.returncode == 1, idx.stderr
            assert b"read-only" in idx.stderr.lower() and b"internal error" not in idx.stderr
        finally:
            if os.geteuid() == 0:
                subprocess.run(["umount", str(index.parent)], capture_output=True)
    finally:
        os.chmod(index.parent, 0o755)
        os.chmod(index, 0o644)
    assert not list(index.parent.glob("*.broken-*"))
