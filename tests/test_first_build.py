"""A first index of many files is written beside the index and put in its place whole (issue 33):
a process killed midway leaves the index as it was and a ``.building`` file that the next open removes;
a connection that has the index open when the build ends gets the pages copied in instead."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import time
from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.index import indexer
from mdrecall.models import FileRecord
from mdrecall.stores.sqlite import SQLiteStore
from mdrecall.stores.sqlite_first_build import build_path, open_build, swap_in
from mdrecall.text.chunking import chunk_markdown

from helpers import mdrecall_argv, run_cli, write

KEYWORD_ONLY = {"embedding": {"provider": "none"}, "history": {"git": False}}


def _notes(root: Path, n: int) -> None:
    for i in range(n):
        body = "\n".join(f"- Item {i}.{j}: the billing deploy moved to week {j}." for j in range(40))
        write(root, f"memory/2026/n{i:05}.md", f"# Note {i}\n\n{body}\n")


def _count(index: Path, table: str) -> int:
    conn = sqlite3.connect(index)
    try:
        return int(conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
    finally:
        conn.close()


def test_a_first_index_is_written_aside_and_leaves_one_whole_index(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    _notes(root, indexer.DEFER_VIEWS_FILES + 10)
    index = root / ".mdrecall" / "index.sqlite"
    with Memory.open(root, Config().merged(KEYWORD_ONLY), create=True) as mem:
        empty = index.stat().st_ino
        report = mem.index()
        assert index.stat().st_ino != empty  # the built file was put in the empty index's place
        assert report.added == indexer.DEFER_VIEWS_FILES + 10
        assert mem.store.file_records()  # the store reads the new file
    assert not build_path(index).exists()
    conn = sqlite3.connect(index)
    try:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("SELECT count(*) FROM files").fetchone()[0] == indexer.DEFER_VIEWS_FILES + 10
    finally:
        conn.close()


def test_a_first_build_is_put_in_place_already_in_wal_mode(tmp_path: Path) -> None:
    """The renamed file's header says WAL: the index opened next need not switch it (two waits for the
    disk); nothing of the build (its WAL, its shared memory) is left beside it."""
    index = tmp_path / "index.sqlite"
    live = sqlite3.connect(index, isolation_level=None)
    live.execute("PRAGMA journal_mode = WAL")
    live.execute("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT)")
    opened = open_build(live, index)
    assert opened is not None
    build, fd = opened
    build.execute("INSERT INTO meta VALUES ('k', 'v')")
    assert swap_in(live, build, fd, index)
    live.close()
    header = index.read_bytes()[:100]
    assert (header[18], header[19]) == (2, 2)  # the file format versions of a database in WAL mode
    assert sorted(p.name for p in tmp_path.iterdir()) == ["index.sqlite"]
    conn = sqlite3.connect(index)
    try:
        assert conn.execute("SELECT value FROM meta").fetchall() == [("v",)]
    finally:
        conn.close()


def test_a_first_index_killed_midway_leaves_no_half_index(tmp_path: Path) -> None:
    """kill -9 during a first build: the index holds none of it (no reader sees a half index); the next
    ``index`` removes the ``.building`` file and builds the whole index."""
    root = tmp_path / "ws"
    files = 3000
    _notes(root, files)
    conf = tmp_path / "keyword.toml"
    conf.write_text('[embedding]\nprovider = "none"\n[history]\ngit = false\n')
    index = root / ".mdrecall" / "index.sqlite"
    env = {**os.environ, "MDRECALL_SERVE_AUTO": "off"}
    proc = subprocess.Popen(
        mdrecall_argv("--config", str(conf), "-w", str(root), "index", "--quiet"),
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        end = time.monotonic() + 60
        building = build_path(index)
        # killed once the build has written part of the notes (well before its end)
        while not (building.exists() and building.stat().st_size > 1 << 20):
            assert proc.poll() is None, "the index ended before it was killed (or built nothing aside)"
            assert time.monotonic() < end
            time.sleep(0.002)
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait()
    assert index.exists() and _count(index, "files") == 0  # the live index never held a half build
    out = run_cli("--config", str(conf), "-w", str(root), "index")
    assert out.returncode == 0, out.stderr
    assert f"{files:,} added" in out.stdout + out.stderr
    assert not build_path(index).exists()
    assert _count(index, "files") == files
    conn = sqlite3.connect(index)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        conn.close()


def test_a_connection_open_at_the_end_of_a_first_build_gets_the_pages_copied_in(tmp_path: Path) -> None:
    """The index is not renamed away under a reader: the build is copied into the file it has open."""
    index = tmp_path / "index.sqlite"
    store = SQLiteStore(index)
    text = "# Plan\n\n- The billing deploy moved to Thursday.\n"
    chunks = chunk_markdown(text, path="memory/a.md")
    record = FileRecord("memory/a.md", "memory", "h1", 1, len(text), None)
    reader = sqlite3.connect(index)
    try:
        inode = index.stat().st_ino
        with store.first_build() as aside:
            assert aside
            store.replace_file(record, chunks)
            assert reader.execute("SELECT count(*) FROM chunks").fetchone()[0] == 0  # not in place yet
        assert index.stat().st_ino == inode  # copied into the open file, not renamed over it
        assert reader.execute("SELECT count(*) FROM chunks").fetchone()[0] == len(chunks)
        assert not build_path(index).exists()
        assert store.file_records()["memory/a.md"].hash == "h1"
        assert store.query("PRAGMA synchronous")[0][0] == 1  # NORMAL again: it stays the index
    finally:
        reader.close()
        store.close()


def test_an_error_in_a_first_build_keeps_what_it_committed(tmp_path: Path) -> None:
    """As an index written in place: the committed files are kept, the transaction that failed is not."""
    index = tmp_path / "index.sqlite"
    store = SQLiteStore(index)
    a = FileRecord("memory/a.md", "memory", "h1", 1, 10, None)
    b = FileRecord("memory/b.md", "memory", "h2", 1, 10, None)
    try:
        inode = index.stat().st_ino
        try:
            with store.first_build():
                store.replace_file(a, chunk_markdown("# A\n\nbody\n", path="memory/a.md"))
                with store.batch():
                    store.replace_file(b, chunk_markdown("# B\n\nbody\n", path="memory/b.md"))
                    raise KeyboardInterrupt
        except KeyboardInterrupt:
            pass
        assert index.stat().st_ino != inode
        assert list(store.file_records()) == ["memory/a.md"]
        assert not build_path(index).exists()
        store.replace_file(b, chunk_markdown("# B\n\nbody\n", path="memory/b.md"))
        assert sorted(store.file_records()) == ["memory/a.md", "memory/b.md"]
    finally:
        store.close()
