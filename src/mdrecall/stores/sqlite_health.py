"""The SQLite store's health: telling damage from a full disk, a read-only file or a lock, and recovery.

A file that is not a readable database, or that reports itself malformed at any query, or that fails
:meth:`SQLiteRecovery.verify`, is damaged: it is moved aside and rebuilt from the Markdown, with its
embedding cache salvaged where readable. A full disk, a read-only file or a lock is not damage: the
index is kept and opened read-only, and writes fail saying why.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from mdrecall.errors import IndexCorruptError, StoreError
from mdrecall.files.no_room import no_room, remedy
from mdrecall.stores.sqlite_migrations import APPLICATION_ID, MIGRATIONS, OWN_TABLES

if TYPE_CHECKING:
    from mdrecall.models import FileRecord
    from mdrecall.stores.sqlite_vectors import VectorSearch

__all__ = ["SQLiteCore", "SQLiteRecovery", "describe", "is_corruption", "refuse_foreign", "special_files"]

#: The files SQLite opens beside the index.
SIDECARS = ("", "-wal", "-shm", "-journal")


def special_files(path: Path) -> list[tuple[Path, str]]:
    """The index file and its sidecars that are a FIFO, socket or device (a link to one included).

    SQLite would open such a file and wait on it for ever (a FIFO with no writer): they are found
    before SQLite opens anything. Each comes with what it is, in words.
    """
    found = []
    for suffix in SIDECARS:
        p = Path(str(path) + suffix)
        try:
            mode = os.stat(p).st_mode
        except OSError:  # missing (or a dangling link, a denied folder): SQLite says what it finds
            continue
        if stat.S_ISFIFO(mode):
            found.append((p, "a FIFO"))
        elif stat.S_ISSOCK(mode):
            found.append((p, "a socket"))
        elif stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
            found.append((p, "a device"))
    return found


def refuse_foreign(conn: sqlite3.Connection, path: Path) -> None:
    """Raise :class:`StoreError` when ``conn`` holds another application's database, before we write.

    Ours: ``application_id`` is mdrecall's, or (an index from before it was set) it is 0 with mdrecall's
    tables and a schema version; an empty database is ours to initialise. Anything else is left exactly
    as it is: no table added, journal mode unchanged. Only reads (the header and ``sqlite_master``).
    """
    app = int(conn.execute("PRAGMA application_id").fetchone()[0])
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    if app in (0, APPLICATION_ID) and version > len(MIGRATIONS):
        raise StoreError(
            f"index schema {version} is newer than this mdrecall ({len(MIGRATIONS)}); upgrade mdrecall"
        )
    if app == APPLICATION_ID:
        return
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if app == 0 and ((not tables and version == 0) or (tables >= OWN_TABLES and version >= 1)):
        return
    if OWN_TABLES | {"chunks_fts"} <= tables:  # our tables under a header that is not: damage
        raise IndexCorruptError(f"the index header is damaged (application_id {app:#x})")
    shown = ", ".join(sorted(tables)[:5]) + (", ..." if len(tables) > 5 else "") or "none"
    where = f"{path} (a link to {path.resolve()})" if path.is_symlink() else str(path)
    raise StoreError(
        f"{where} is not an mdrecall index: it holds another application's SQLite database "
        f"(application_id {app:#x}, tables: {_printable(shown)}); it was left untouched. Move it "
        "(or the link) out of the way and mdrecall builds its index from the Markdown, or set store.path "
        "to another file"
    )


class SQLiteCore(Protocol):
    """What the mixins of :class:`~mdrecall.stores.sqlite.SQLiteStore` (:class:`SQLiteRecovery`,
    :class:`~mdrecall.stores.sqlite_files.SQLiteFiles`,
    :class:`~mdrecall.stores.sqlite_fts.SQLiteKeywordSearch`) call on it: methods the store defines
    itself, so these declarations never stand in for them at run time. Each mixin declares the state
    it reads and writes."""

    def _connect(self) -> sqlite3.Connection:
        """A new connection to the index file, migrated (raises on a damaged or foreign file)."""
        ...

    def _vector_search(self) -> VectorSearch:
        """The vector leg over the current connection."""
        ...

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """The rows of one statement (errors as :meth:`SQLiteRecovery._failed` says)."""
        ...

    def _version(self) -> tuple[int, int]:
        """Changes whenever the index does."""
        ...


class SQLiteRecovery(SQLiteCore):
    """Opening read-only, rebuilding and verifying, mixed into :class:`~mdrecall.stores.sqlite.SQLiteStore`
    (uses :class:`SQLiteCore`)."""

    path: Path
    rebuilt_from: str | None
    read_only: str | None
    #: when writes are off for want of room: why, and what to do (else None).
    no_room: tuple[str, str] | None = None
    vectors: VectorSearch
    _conn: sqlite3.Connection
    _lock: threading.RLock
    _corrupt_reason: str | None
    #: why the last :meth:`verify` could not finish (another process writing the index), or None.
    verify_skipped: str | None = None
    _generation: int
    _count_cache: tuple[tuple[int, int], int] | None
    _df_cache: dict[str, int]
    _records_cache: dict[str | None, tuple[tuple[int, int], dict[str, FileRecord]]]

    def _open_read_only(self, cause: sqlite3.DatabaseError) -> sqlite3.Connection:
        """Keep an index that cannot be written (full disk, file-size limit, read-only file, lock): read
        it as it is."""
        reason = describe(cause)
        room = _no_room(cause, self.path.parent)
        if room:
            self.no_room = room
            reason = f"{room[0]}: {reason}"
        elif _read_only_fs(self.path.parent):
            reason = f"the file system is read-only: {reason}"
        then = f"; the Markdown files are unchanged. {room[1]}, then retry" if room else ""
        if not self.path.exists():
            raise StoreError(f"cannot create the index {self.path}: {reason}{then}")
        uri = self.path.resolve().as_uri()
        for opts in ("mode=ro", "mode=ro&immutable=1"):
            try:
                conn = sqlite3.connect(
                    f"{uri}?{opts}", uri=True, isolation_level=None, check_same_thread=False
                )
                conn.row_factory = sqlite3.Row
                conn.execute("SELECT count(*) FROM chunks").fetchone()
            except sqlite3.DatabaseError:
                continue
            self.read_only = reason
            return conn
        raise StoreError(f"cannot open the index {self.path}: {reason}{then}")

    def _set_aside_special(self) -> None:
        """Move a FIFO, socket or device found in the place of the index (or of its -wal, -shm or
        -journal file) aside, so SQLite never opens it; a new index is started when it was the index."""
        found = special_files(self.path)
        if not found:
            return
        stamp = int(time.time())
        moved = []
        for p, kind in found:
            aside = p.with_name(f"{p.name}.broken-{stamp}")
            try:
                p.replace(aside)
            except OSError as exc:
                raise StoreError(
                    f"{p} is {kind}, not an index file, and cannot be moved aside ({exc.strerror or exc}); "
                    "remove it, then index again",
                    next_step="index",
                ) from None
            moved.append(f"{kind} was in the place of {p.name} (moved aside to {aside.name})")
        self.rebuilt_from = "; ".join(moved)

    def _rebuild(self, reason: str) -> sqlite3.Connection:
        """Move the damaged index aside, start a new one, and copy over the readable cache entries."""
        aside = self.path.with_name(f"{self.path.name}.broken-{int(time.time())}")
        for suffix in ("", "-wal", "-shm"):
            src = Path(str(self.path) + suffix)
            if src.exists() or src.is_symlink():
                try:
                    src.replace(Path(str(aside) + suffix))
                except OSError as exc:
                    raise StoreError(
                        f"the index {self.path} is damaged ({reason}) and cannot be moved aside "
                        f"({exc.strerror or exc}); remove it, then index again",
                        next_step="index",
                    ) from None
        try:
            conn = self._connect()
        except sqlite3.DatabaseError as exc:
            room = _no_room(exc, self.path.parent)
            why = f"{room[0]}: {describe(exc)}" if room else describe(exc)
            then = f"; the damaged index was moved aside to {aside.name}. {room[1]}" if room else ""
            raise StoreError(
                f"cannot create the index {self.path}: {why}{then}", next_step="index" if room else ""
            ) from None
        salvaged = _salvage_cache(aside, conn)
        kept = f"; {salvaged} cached embeddings kept" if salvaged else ""
        self.rebuilt_from = f"{reason} (moved aside to {aside.name}{kept})"
        return conn

    def recover(self) -> None:
        """After :class:`IndexCorruptError`: move the damaged file aside and start a new index."""
        with self._lock:
            with contextlib.suppress(sqlite3.Error):
                self._conn.close()
            self.vectors.close()
            self._generation += 1
            self._records_cache.clear()
            self._count_cache = None
            self._df_cache = {}
            self._conn = self._rebuild(self._corrupt_reason or "the index is damaged")
            self._corrupt_reason = None
            self.vectors = self._vector_search()

    def verify(self, full: bool = False) -> None:
        """Check the file for damage; raise :class:`IndexCorruptError` when it has any.

        ``quick_check`` (page and b-tree structure; ~5 ms per MB) and FTS5's own check of the keyword
        indexes against their text (~11 ms per 1,000 notes: a zeroed block of FTS5's data reads as an
        empty list of notes, so without it a search silently misses them); ``full`` runs SQLite's
        ``integrity_check`` (indexes match their tables) instead of ``quick_check``. Searches do not run
        it (they detect damage when a query meets it); ``mdrecall index`` and a ``watch`` do, once.
        """
        with self._lock:
            self.verify_skipped = None
            try:
                check = "integrity_check" if full else "quick_check"
                rows = self._conn.execute(f"PRAGMA {check}(1)").fetchall()
                if not rows or str(rows[0][0]) == "ok":
                    self._fts_check()
            except sqlite3.DatabaseError as exc:
                if is_corruption(exc):
                    raise self._failed(exc) from None
                self.verify_skipped = describe(exc)  # busy, full, I/O: not evidence of damage
                return
        first = str(rows[0][0]) if rows else "ok"
        if first != "ok":
            self._corrupt_reason = f"{check} failed: {_printable(first)}"
            raise IndexCorruptError(f"the index is damaged ({self._corrupt_reason})")

    def _fts_check(self) -> None:
        """FTS5's own check of both keyword indexes. It is a write statement: on an index another process
        is writing it would wait the whole busy timeout (and busy is no evidence of damage), so it does not
        wait (``sqlite3.OperationalError``: busy, the check skipped)."""
        (timeout,) = self._conn.execute("PRAGMA busy_timeout").fetchone()
        self._conn.execute("PRAGMA busy_timeout = 0")
        try:
            for table in ("chunks_fts", "chunks_cjk"):
                self._conn.execute(f"INSERT INTO {table}({table}) VALUES ('integrity-check')")
        finally:
            self._conn.execute(f"PRAGMA busy_timeout = {int(timeout)}")

    def _failed(self, exc: sqlite3.DatabaseError, what: str = "index query failed") -> StoreError:
        """The error to raise for a SQLite failure: corruption, or why the index cannot be used now."""
        if is_corruption(exc):
            self._corrupt_reason = describe(exc)
            return IndexCorruptError(
                f"the index is damaged ({self._corrupt_reason}); indexing again rebuilds it from Markdown",
                next_step="index",
            )
        if self.read_only:
            return self._refused()
        reason = describe(exc)
        room = _no_room(exc, self.path.parent)
        if room:
            return StoreError(
                f"{what}: {room[0]}: {reason}; what the index held before is kept and the Markdown "
                f"files are unchanged. {room[1]}.",
                next_step="index",
            )
        return StoreError(f"{what}: {reason}; the Markdown files are unchanged")

    def _refused(self) -> StoreError:
        """The error for a write to an index opened read-only (:attr:`read_only` says why)."""
        if self.no_room:
            return StoreError(
                f"the index cannot be written: {self.read_only}; it was kept as it was (searches still "
                f"read it) and the Markdown files are unchanged. {self.no_room[1]}.",
                next_step="index",
            )
        return StoreError(f"the index is read-only now ({self.read_only}); it was not updated")


_CORRUPT_CODES = frozenset({11, 26})


def is_corruption(exc: sqlite3.DatabaseError) -> bool:
    """True when SQLite says the file is damaged, not full, read-only or locked."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return (code & 0xFF) in _CORRUPT_CODES
    text = str(exc).lower()  # Python's own errors carry no code; mdrecall only ever stores UTF-8
    return "malformed" in text or "not a database" in text or "could not decode to utf-8" in text


def describe(exc: sqlite3.DatabaseError) -> str:
    """A one-line, printable reason (never raw bytes of the file)."""
    name = getattr(exc, "sqlite_errorname", "") or type(exc).__name__
    return f"{_printable(str(exc))} [{name}]"


#: SQLITE_FULL; SQLITE_IOERR_WRITE and SQLITE_IOERR_SHMSIZE (a write, or the growth of the ``-shm`` file,
#: refused: EFBIG or ENOSPC, which SQLite does not pass on).
_NO_ROOM_CODES = frozenset({13, 778, 4874})


def _no_room(exc: sqlite3.DatabaseError, folder: Path) -> tuple[str, str] | None:
    """Why SQLite found no room for a write (a full disk, a file-size limit), and what to do; None when
    ``exc`` is not a refused write or the cause is not known."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code not in _NO_ROOM_CODES and "disk is full" not in str(exc):
        return None
    why = no_room(None, folder)
    return (why, remedy(None, folder)) if why else None


def _read_only_fs(folder: Path) -> bool:
    """True when ``folder`` is on a file system mounted read-only."""
    try:
        return bool(os.statvfs(folder).f_flag & getattr(os, "ST_RDONLY", 1))
    except (OSError, AttributeError):
        return False


def _printable(text: str) -> str:
    """``text`` as printable ASCII (``?`` for anything else), at most 160 characters."""
    return "".join(ch if ch.isprintable() and ch.isascii() else "?" for ch in text)[:160]


def _salvage_cache(broken: Path, conn: sqlite3.Connection) -> int:
    """Copy the readable rows of a damaged index's embedding cache into ``conn``; returns how many."""
    if not broken.is_file():
        return 0
    saved = 0
    try:
        old = sqlite3.connect(f"{broken.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error:
        return 0
    try:
        cur = old.execute("SELECT embedder, hash, dims, vec, last_used FROM embedding_cache")
        conn.execute("BEGIN")
        while True:
            rows = cur.fetchmany(500)
            if not rows:
                break
            conn.executemany(
                "INSERT OR IGNORE INTO embedding_cache(embedder, hash, dims, vec, last_used)"
                " VALUES (?, ?, ?, ?, ?)",
                rows,
            )
            saved += len(rows)
    except (sqlite3.Error, UnicodeDecodeError):  # the latter: an error message quoting damaged bytes
        pass  # keep what was read before the damaged page
    finally:
        old.close()
        if conn.in_transaction:
            conn.execute("COMMIT")
    return saved
