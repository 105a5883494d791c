"""A first index of many files is written beside the index and put in its place whole (issue 33):
a process killed midway leaves the index as it was and a ``.building`` file that the next open removes;
a connection that has the index open when the build ends gets the pages copied in instead."""

from __future__ import annotations

import contextlib
import linecache
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from mdrecall import Config, Memory
from mdrecall.index import indexer
from mdrecall.models import FileRecord
from mdrecall.stores.sqlite import SQLiteStore
from mdrecall.stores.sqlite_first_build import build_path, open_build, swap_in
from mdrecall.text.chunking import chunk_markdown

from helpers import mdrecall_argv, run_cli, run_process, write

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


def test_a_building_link_to_a_missing_file_outside_is_never_followed(tmp_path: Path) -> None:
    """A ``.building`` symlink (left or planted) to a file that does not exist outside the workspace: the
    build never creates nor writes that file, and the index never becomes a link to it."""
    root = tmp_path / "ws"
    _notes(root, indexer.DEFER_VIEWS_FILES + 10)
    outside = tmp_path / "outside"
    outside.mkdir()
    index = root / ".mdrecall" / "index.sqlite"
    index.parent.mkdir(parents=True)
    build_path(index).symlink_to(outside / "stolen.sqlite")
    out = run_cli("-w", str(root), "index", env={"MDRECALL_EMBEDDING_PROVIDER": "none"})
    assert out.returncode == 0, out.stderr
    assert list(outside.iterdir()) == []
    assert not index.is_symlink()
    assert _count(index, "files") == indexer.DEFER_VIEWS_FILES + 10
    assert not build_path(index).is_symlink()


def test_a_fifo_in_the_place_of_building_does_not_hang_the_open(tmp_path: Path) -> None:
    """Opening a FIFO for reading waits for a writer: the stale-file check must not open one."""
    root = tmp_path / "ws"
    _notes(root, indexer.DEFER_VIEWS_FILES + 1)
    index = root / ".mdrecall" / "index.sqlite"
    index.parent.mkdir(parents=True)
    os.mkfifo(build_path(index))
    try:
        out = run_process("-w", str(root), "index", env={"MDRECALL_EMBEDDING_PROVIDER": "none"}, timeout=60)
    except subprocess.TimeoutExpired:
        raise AssertionError("index hung on a FIFO named like a first build") from None
    assert out.returncode == 0, out.stderr
    assert _count(index, "files") == indexer.DEFER_VIEWS_FILES + 1
    assert not build_path(index).exists()


def test_a_build_file_renamed_into_place_before_its_lock_is_taken_is_left_alone(tmp_path: Path) -> None:
    """Process B opens ``.building`` while A's build holds it; A renames it over the index and lets go of
    its lock; B then takes the lock: on the index's file, which it must not truncate nor build into."""
    index = tmp_path / "index.sqlite"
    store = SQLiteStore(index)
    text = "# Plan\n\n- The billing deploy moved to Thursday.\n"
    record = FileRecord("memory/a.md", "memory", "h1", 1, len(text), None)
    opened, renamed = threading.Event(), threading.Event()
    got: list[Any] = []

    def pause_at_the_lock(frame: Any, event: str, _: Any) -> Any:
        if event == "call" and frame.f_code.co_name == "_lock":
            opened.set()
            renamed.wait(30)
        return None

    def second_builder() -> None:
        sys.settrace(pause_at_the_lock)
        try:
            got.append(open_build(sqlite3.connect(":memory:"), index))
        finally:
            sys.settrace(None)

    try:
        with store.first_build() as aside:
            assert aside
            store.replace_file(record, chunk_markdown(text, path="memory/a.md"))
            other = threading.Thread(target=second_builder)
            other.start()
            assert opened.wait(30)
        renamed.set()  # A's build is in the index's place and its lock is released
        other.join(30)
        if got and got[0] is not None:
            conn, fd = got[0]
            conn.close()
            os.close(fd)
        assert index.stat().st_size > 0
        assert _count(index, "files") == 1
        assert store.file_records()["memory/a.md"].hash == "h1"
    finally:
        store.close()


def test_a_process_opening_the_index_as_it_leaves_wal_mode_never_keeps_the_replaced_file(
    tmp_path: Path,
) -> None:
    """B opens the index (its first read) just after A's build switched it out of WAL mode to rename over
    it, and puts it back in WAL mode just after the rename: B must end on the new index, writable (not on
    the unlinked empty file, which SQLite then refuses to write: SQLITE_READONLY_DBMOVED)."""
    index = tmp_path / "index.sqlite"
    store = SQLiteStore(index)
    text = "# Plan\n\n- The billing deploy moved to Thursday.\n"
    record = FileRecord("memory/a.md", "memory", "h1", 1, len(text), None)
    switched, at_wal, swapped = threading.Event(), threading.Event(), threading.Event()

    def builder_pauses_before_its_lock(frame: Any, event: str, _: Any) -> Any:
        if frame.f_code.co_name != "_replace":
            return None

        def line(frame: Any, event: str, _: Any) -> Any:
            if event == "line" and "BEGIN EXCLUSIVE" in linecache.getline(
                frame.f_code.co_filename, frame.f_lineno
            ):
                switched.set()
                at_wal.wait(2)  # B reads meanwhile (if it can), then waits at its switch to WAL
            return line

        return line

    def builder() -> None:
        sys.settrace(builder_pauses_before_its_lock)
        try:
            with store.first_build() as aside:
                assert aside
                store.replace_file(record, chunk_markdown(text, path="memory/a.md"))
        finally:
            sys.settrace(None)
            swapped.set()

    def opener_pauses_at_wal(frame: Any, event: str, _: Any) -> Any:
        if event == "call" and frame.f_code.co_name == "_wal":
            at_wal.set()
            swapped.wait(10)
        return None

    opened: list[SQLiteStore] = []

    def opener() -> None:
        sys.settrace(opener_pauses_at_wal)
        try:
            opened.append(SQLiteStore(index))
        finally:
            sys.settrace(None)

    a = threading.Thread(target=builder)
    a.start()
    try:
        assert switched.wait(30)
        b = threading.Thread(target=opener)
        b.start()
        a.join(60)
        b.join(60)
        assert opened
        assert opened[0].read_only is None  # was: SQLITE_READONLY_DBMOVED, read-only for the process's life
        opened[0].replace_file(FileRecord("memory/b.md", "memory", "h2", 1, 1, None), [])
        assert opened[0].file_records()["memory/a.md"].hash == "h1"  # not the empty file renamed over
        assert store.file_records()["memory/a.md"].hash == "h1"
    finally:
        for s in opened:
            s.close()
        store.close()


def test_an_index_removed_during_its_first_build_gets_the_build(tmp_path: Path) -> None:
    """Before: the index file (and its -wal, -shm) deleted while a first build was half written made the
    build fail at the swap with "internal error: disk I/O error" (fault campaign, first build). Nothing
    is left at the path to keep: the finished build takes it."""
    index = tmp_path / "index.sqlite"
    store = SQLiteStore(index)
    a = FileRecord("memory/a.md", "memory", "h1", 1, 10, None)
    try:
        with store.first_build():
            store.replace_file(a, chunk_markdown("# A\n\nbody\n", path="memory/a.md"))
            for suffix in ("", "-wal", "-shm"):
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(str(index) + suffix)
        assert list(store.file_records()) == ["memory/a.md"]
        assert not build_path(index).exists()
    finally:
        store.close()
    conn = sqlite3.connect(index)
    try:
        assert conn.execute("SELECT count(*) FROM files").fetchone()[0] == 1
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        conn.close()
