"""A first index written beside the index, unjournaled, and put in its place whole.

An index in WAL mode writes every page twice (into the WAL, then into the file at a checkpoint) and
waits for the disk at each checkpoint: about a fifth of a first index's time. A first build of many files
needs neither: it is written into ``<index>.building`` (a copy of the empty index) with no journal on disk
and no ``fsync`` until its end, then synced and renamed over the index while no other connection has the
index open. It is switched to WAL mode before it is synced, and the empty index leaves WAL mode without
``fsync`` (its pages are about to go), so putting the build in place waits for the disk only for the
build and its folder. A crash leaves the index as it was (empty) and the ``.building`` file, which the
next first build (or the next open) removes. Another process that has the index open when the build
ends gets the pages through SQLite's backup API instead (the slower, WAL path); one that opens it during
the swap waits on the index's lock and then opens the new file (:func:`same_file`).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
from pathlib import Path

__all__ = ["BUILD_SUFFIX", "open_build", "remove_stale", "same_file", "swap_in"]

BUILD_SUFFIX = ".building"


def build_path(index: Path) -> Path:
    """``<index>.building``: where a first build is written."""
    return index.with_name(index.name + BUILD_SUFFIX)


def _lock(fd: int) -> bool:
    """An exclusive, non-blocking lock on ``fd``; True when taken (always, where ``flock`` is missing)."""
    try:
        import fcntl
    except ImportError:  # Windows: the file itself is locked by SQLite while open
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _held(path: Path, flags: int) -> int | None:
    """A descriptor of the regular file at ``path`` (never through a link, never waiting on a FIFO) with
    its lock taken, or None: not a regular file, locked by its builder, or renamed away (into the index's
    place, by the build that held it) between the open and the lock."""
    try:
        fd = os.open(path, flags | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0), 0o600)
    except OSError:
        return None
    try:
        if _lock(fd):
            st, now = os.fstat(fd), os.lstat(path)
            if stat.S_ISREG(st.st_mode) and (st.st_dev, st.st_ino) == (now.st_dev, now.st_ino):
                return fd
    except OSError:
        pass
    os.close(fd)
    return None


def remove_stale(index: Path) -> None:
    """Remove a ``.building`` file left by a killed first build (none while its builder still runs); a
    link, FIFO or socket in its place goes too (never followed, never opened), a folder stays."""
    path = build_path(index)
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return
    if not stat.S_ISREG(mode):
        if not stat.S_ISDIR(mode):
            with contextlib.suppress(OSError):
                os.unlink(path)
        return
    fd = _held(path, os.O_RDONLY)
    if fd is None:
        return
    try:
        with contextlib.suppress(OSError):
            os.unlink(path)
        for suffix in ("-journal", "-wal", "-shm"):
            with contextlib.suppress(OSError):
                os.unlink(str(path) + suffix)
    finally:
        os.close(fd)


def open_build(live: sqlite3.Connection, index: Path) -> tuple[sqlite3.Connection, int] | None:
    """A connection to a new ``.building`` copy of ``live`` (unjournaled, no syncs) and the descriptor
    that holds its lock; ``None`` when another first build holds it (or it cannot be made)."""
    path = build_path(index)
    fd = _held(path, os.O_RDWR | os.O_CREAT)
    if fd is None:
        return None
    try:
        os.ftruncate(fd, 0)
        conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA synchronous = OFF")  # first: the copy then waits for no disk
        live.backup(conn)  # the schema and the meta (db_id, chunking) of the empty index
        # after the copy (its header says WAL); MEMORY, not OFF: a failed statement can still roll back
        conn.execute("PRAGMA journal_mode = MEMORY")
        conn.execute("PRAGMA locking_mode = EXCLUSIVE")
        conn.execute("PRAGMA temp_store = MEMORY")
        # its in-memory journal holds the pages a batch changes: a smaller cache keeps the peak as in WAL mode
        conn.execute("PRAGMA cache_size = -1000")
    except (OSError, sqlite3.Error):
        with contextlib.suppress(OSError):
            os.unlink(path)
        os.close(fd)
        return None
    return conn, fd


def discard(conn: sqlite3.Connection, fd: int, index: Path) -> None:
    """Close and remove a first build that is not kept."""
    with contextlib.suppress(sqlite3.Error):
        conn.close()
    with contextlib.suppress(OSError):
        os.unlink(build_path(index))
    os.close(fd)


def swap_in(live: sqlite3.Connection, build: sqlite3.Connection, fd: int, index: Path) -> bool:
    """Put the finished build in the index's place; True when renamed, False when copied into ``live``
    (another connection has the index open, or the rename failed): the caller then keeps ``live``.

    ``live`` is left in rollback-journal mode holding an exclusive lock when renamed: the caller closes
    it (other processes waiting on that lock then find the file replaced) and opens the index again.
    """
    path = build_path(index)
    try:
        # in WAL mode already (header only, no disk wait): the index opened next need not switch it,
        # which waits for the disk twice; exclusive (no shared-memory file) until the build closes. Where
        # it cannot be switched, the index opened next switches it, as before.
        with contextlib.suppress(sqlite3.Error):
            build.execute("PRAGMA journal_mode = WAL")
        os.fsync(fd)
        if not os.path.lexists(index):  # removed during the build: nothing there to keep, the build takes it
            os.replace(path, index)
            _sync_folder(index)
            return True
        renamed = _replace(live, path, index)
        if not renamed:
            build.backup(live)
        return renamed
    finally:
        with contextlib.suppress(sqlite3.Error):
            build.close()
        with contextlib.suppress(OSError):
            os.unlink(path)
        os.close(fd)


def _replace(live: sqlite3.Connection, path: Path, index: Path) -> bool:
    """Rename ``path`` over ``index`` while ``live`` is its only connection, holding its lock.

    The lock is taken by the switch out of WAL mode and kept (``locking_mode = EXCLUSIVE``) until the
    rename: a process that opens the index meanwhile waits at its first read, then finds another file at
    the path and opens that. Were the lock let go between the switch and the rename, such a process could
    read the old file and put it back in WAL mode after the rename: SQLite then refuses it every write
    (``SQLITE_READONLY_DBMOVED``), for as long as that process keeps it open."""
    live.execute("PRAGMA synchronous = OFF")  # its pages are about to go: leaving WAL waits for no disk
    live.execute("PRAGMA locking_mode = EXCLUSIVE")
    try:
        mode = live.execute("PRAGMA journal_mode = DELETE").fetchone()[0]
    except sqlite3.OperationalError:  # "locked": another connection has it open
        return _kept(live)
    if str(mode).lower() != "delete":
        return _kept(live)
    try:
        live.execute("BEGIN EXCLUSIVE")  # rollback mode: no other connection may read nor write now
        os.replace(path, index)
    except (OSError, sqlite3.OperationalError):  # Windows (the index is open), no rename over a file
        with contextlib.suppress(sqlite3.Error):
            live.execute("ROLLBACK")
        _unlock(live)
        with contextlib.suppress(sqlite3.OperationalError):  # else the next open puts it back in WAL mode
            live.execute("PRAGMA journal_mode = WAL")
        return _kept(live)
    _sync_folder(index)
    return True


def _sync_folder(index: Path) -> None:
    """Put the rename of the index on disk (its folder's entry)."""
    with contextlib.suppress(OSError):
        dfd = os.open(index.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)


def _unlock(live: sqlite3.Connection) -> None:
    """Back to normal locking, the lock that the exclusive mode kept let go (by the next read)."""
    live.execute("PRAGMA locking_mode = NORMAL")
    live.execute("SELECT 1 FROM meta LIMIT 1").fetchall()


def _kept(live: sqlite3.Connection) -> bool:
    """``live`` stays the index (the build is copied into it): normal locking and its usual ``synchronous``
    again; False."""
    _unlock(live)
    live.execute("PRAGMA synchronous = NORMAL")
    return False


def same_file(before: os.stat_result | None, index: Path) -> bool:
    """Whether ``index`` is still the file that was there before a connection opened it (its first
    read done): False when a first build was renamed over it meanwhile (open it again)."""
    if before is None:
        return True
    try:
        now = os.stat(index)
    except OSError:
        return True
    return (now.st_dev, now.st_ino) == (before.st_dev, before.st_ino)
