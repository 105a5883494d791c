"""The SQLite store's files and chunks: the file records, and a file's chunks replaced or dropped in one
transaction (their keyword rows and vectors with them).

Mixed into :class:`~mdrecall.stores.sqlite.SQLiteStore`; its tables are ``files``, ``chunks`` and the
keyword indexes :func:`~mdrecall.stores.sqlite_fts.index_chunk` writes.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from mdrecall.models import Chunk, FileRecord
from mdrecall.stores.sqlite_fts import index_chunk
from mdrecall.stores.sqlite_health import SQLiteCore

if TYPE_CHECKING:
    from mdrecall.errors import StoreError

__all__ = ["SQLiteFiles"]


class SQLiteFiles(SQLiteCore):
    """File records and whole-file writes, mixed into :class:`~mdrecall.stores.sqlite.SQLiteStore` (uses
    :class:`~mdrecall.stores.sqlite_health.SQLiteCore`, the store's ``_tx`` and ``_failed`` of
    :class:`~mdrecall.stores.sqlite_health.SQLiteRecovery`)."""

    _conn: sqlite3.Connection
    _lock: threading.RLock
    _records_cache: dict[str | None, tuple[tuple[int, int], dict[str, FileRecord]]]

    if TYPE_CHECKING:  # declared only: the store's and SQLiteRecovery's methods serve at run time

        def _tx(self) -> contextlib.AbstractContextManager[sqlite3.Connection]: ...

        def _failed(self, exc: sqlite3.DatabaseError, what: str = ...) -> StoreError: ...

    def file_records(self, source: str | None = None) -> dict[str, FileRecord]:
        """Every indexed file (optionally of one source), keyed by path.

        Kept between calls until the index changes (here or in another process): the no-op sync before
        every search reads them, and at 10k files the query costs more than the stat pass itself.
        """
        version = self._version()
        cached = self._records_cache.get(source)
        if cached is None or cached[0] != version:
            sql = "SELECT path, source, hash, mtime_ns, size, date FROM files"
            sql, params = (sql + " WHERE source = ?", (source,)) if source else (sql, ())
            with self._lock:
                try:
                    cur = self._conn.cursor()
                    cur.row_factory = None  # plain tuples: ~2x faster than sqlite3.Row for 10k files
                    rows = cur.execute(sql, params).fetchall()
                except sqlite3.DatabaseError as exc:
                    raise self._failed(exc) from None
            make = FileRecord._make
            records = {r[0]: make(r) for r in rows}
            cached = (version, records)
            self._records_cache[source] = cached
        return dict(cached[1])

    def replace_file(self, record: FileRecord, chunks: Sequence[Chunk]) -> list[str]:
        """Atomically replace a file's record and chunks; returns the ids of chunks that are new."""
        with self._tx() as conn:
            old = {
                r["chunk_id"]: (r["id"], r["heading"], r["text"])
                for r in conn.execute(
                    "SELECT id, chunk_id, heading, text FROM chunks WHERE path = ?", (record.path,)
                )
            }
            wanted = {c.id: c for c in chunks}
            for cid, row in old.items():
                if cid not in wanted:
                    self._delete_chunk(conn, *row)
            new_ids: list[str] = []
            for cid, c in wanted.items():
                if cid in old:
                    continue
                cur = conn.execute(
                    "INSERT INTO chunks(chunk_id, path, source, start_line, end_line, heading, date, hash,"
                    " text, parent_start, parent_end)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        *(cid, c.path, c.source, c.start_line, c.end_line, c.heading, c.date, c.hash),
                        *(c.text, c.parent_start_line, c.parent_end_line),
                    ),
                )
                rowid = cur.lastrowid
                assert rowid is not None  # set by every INSERT
                index_chunk(conn, rowid, c.heading, c.text)
                new_ids.append(cid)
            conn.execute(
                "INSERT OR REPLACE INTO files(path, source, hash, mtime_ns, size, date, indexed_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    record.path,
                    record.source,
                    record.hash,
                    record.mtime_ns,
                    record.size,
                    record.date,
                    time.time(),
                ),
            )
        return new_ids

    @staticmethod
    def _delete_chunk(conn: sqlite3.Connection, rowid: int, heading: str, text: str) -> None:
        index_chunk(conn, rowid, heading, text, delete=True)
        conn.execute("DELETE FROM vectors WHERE chunk_rowid = ?", (rowid,))
        conn.execute("DELETE FROM chunks WHERE id = ?", (rowid,))

    def remove_file(self, path: str) -> None:
        """Drop a file, its chunks and their vectors."""
        with self._tx() as conn:
            rows = conn.execute("SELECT id, heading, text FROM chunks WHERE path = ?", (path,)).fetchall()
            for r in rows:
                self._delete_chunk(conn, r["id"], r["heading"], r["text"])
            conn.execute("DELETE FROM files WHERE path = ?", (path,))
