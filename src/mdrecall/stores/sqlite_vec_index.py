"""The optional sqlite-vec accelerator: a ``vec0`` side index of the SQLite store's vectors.

Used for a query when one embedder's vectors exceed the store's in-memory budget (see
:mod:`mdrecall.stores.sqlite_vectors`); ``pip install 'mdrecall[vec]'`` installs it. The extension
must be loaded into a connection, which this Python's ``sqlite3`` may not allow: then the
``sqlean.py`` binding (a ``sqlite3``-compatible module with extensions enabled) opens the side index.

Design:

* The side index is derived data in its own file next to the index (``index.vec.sqlite``), on its
  own connection; the store's writes stay on one connection and one transaction. One ``vec0`` table
  per embedder key (cosine distance, ``source`` as a metadata column for the sources filter),
  rowid = ``vectors.id``.
* It is brought in step lazily, before a query, inside the caller's read transaction: ids of
  ``vectors`` are never reused (schema 3), so when (count, largest id) of the key differ from what
  the side index recorded, a set difference of ids gives every insert, replacement and delete.
* ``meta.db_id`` of the index is recorded: a rebuilt or replaced index empties the side index.
* Candidates are rescored by the caller from the ``vectors`` blobs, so the scores are the same
  numpy dot products the other paths give.
"""

from __future__ import annotations

import contextlib
import importlib
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

__all__ = ["MAX_K", "SideIndex", "available", "knn_sql", "side_path"]

#: The most neighbours one ``vec0`` query returns.
MAX_K = 4096

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS indexes (embedder TEXT PRIMARY KEY, name TEXT NOT NULL,"
    " dims INTEGER NOT NULL, count INTEGER NOT NULL, largest INTEGER NOT NULL)",
)
_available: bool | None = None
_binding: str | None = None  # the module that loaded it


def side_path(index_path: Path) -> Path:
    """``index.sqlite`` → ``index.vec.sqlite``."""
    return index_path.with_name(f"{index_path.stem}.vec{index_path.suffix or '.sqlite'}")


def connect(path: str | Path) -> Any:
    """A connection with sqlite-vec loaded: ``sqlite3`` where it loads extensions, else ``sqlean``.

    Raises :class:`ImportError` when neither binding can load the extension.
    """
    global _binding
    import sqlite_vec

    names = [_binding] if _binding else ["sqlite3", "sqlean"]
    failures = []
    for name in names:
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        conn = module.connect(str(path), isolation_level=None, check_same_thread=False, timeout=60)
        try:
            conn.enable_load_extension(True)
            sqlite_vec.load(conn)
            conn.enable_load_extension(False)
        except Exception as exc:  # noqa: BLE001 - no extension loading in this build, a foreign wheel, ...
            conn.close()
            failures.append(f"{name}: {exc}")
            continue
        _binding = name
        return conn
    raise ImportError(
        f"no SQLite binding here loads sqlite-vec ({'; '.join(failures) or 'sqlean.py not installed'});"
        " pip install 'mdrecall[vec]'"
    )


def available() -> bool:
    """True when sqlite-vec and a binding that loads it are installed and the extension loads."""
    global _available
    if _available is None:
        try:
            connect(":memory:").close()
            _available = True
        except Exception:  # noqa: BLE001 - not installed, or not loadable here
            _available = False
    return _available


def knn_sql(table: str, k: int, sources: Sequence[str] | None) -> tuple[str, list[Any]]:
    """The ``vec0`` KNN query (the query vector is the first parameter, prepended by the caller)."""
    sql = f"SELECT rowid FROM {table} WHERE embedding MATCH ? AND k = ?"
    params: list[Any] = [max(1, min(int(k), MAX_K))]
    if sources:
        sql += f" AND source IN ({','.join('?' * len(sources))})"
        params.extend(sources)
    return sql, params


def _table(key: str) -> str:
    import hashlib  # here: hashlib loads OpenSSL (~2 ms): only where a hash is taken

    return "vec_" + hashlib.sha1(key.encode("utf-8")).hexdigest()[:16]


class SideIndex:
    """The ``vec0`` mirror of one index's vectors; opened on first use. The caller serialises calls."""

    def __init__(self, path: Path, db_id: str) -> None:
        self.path = path
        self.db_id = db_id
        self._conn: Any = None
        self._known: dict[str, tuple[int, int, int]] = {}  # key → (dims, count, largest) in step

    def nearest(
        self,
        main: sqlite3.Connection,
        key: str,
        dims: int,
        signature: tuple[int, int],
        vector: np.ndarray,
        k: int,
        sources: Sequence[str] | None = None,
    ) -> list[int]:
        """Ids of the ``k`` nearest vectors of ``key`` (``vectors.id``), after catching up with ``main``.

        ``signature`` is (count, largest id) of the key's vectors, read in ``main``'s current read
        transaction, in which the differences are read too.
        """
        table = self._sync(main, key, dims, signature)
        sql, params = knn_sql(table, k, sources)
        return [int(r[0]) for r in self._conn.execute(sql, [vector.tobytes(), *params])]

    def close(self) -> None:
        """Close the side connection."""
        if self._conn is not None:
            with contextlib.suppress(Exception):
                self._conn.close()
            self._conn = None
        self._known.clear()

    def discard(self) -> None:
        """Close and delete the side index (after an error: the next use rebuilds it)."""
        self.close()
        for suffix in ("", "-wal", "-shm"):
            with contextlib.suppress(OSError):
                Path(f"{self.path}{suffix}").unlink()

    # ---- keeping in step ----------------------------------------------------------------------------

    def _open(self) -> Any:
        if self._conn is None:
            conn = connect(self.path)
            conn.execute("PRAGMA busy_timeout = 60000")
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
            for statement in _SCHEMA:
                conn.execute(statement)
            self._conn = conn
        return self._conn

    def _sync(self, main: sqlite3.Connection, key: str, dims: int, signature: tuple[int, int]) -> str:
        table = _table(key)
        if self._known.get(key) == (dims, *signature):
            return table
        conn = self._open()
        conn.execute("BEGIN IMMEDIATE")
        try:
            self._check_db_id(conn)
            row = conn.execute(
                "SELECT dims, count, largest FROM indexes WHERE embedder = ?", (key,)
            ).fetchone()
            if row is None or row[0] != dims:
                conn.execute(f"DROP TABLE IF EXISTS {table}")
                conn.execute(
                    f"CREATE VIRTUAL TABLE {table} USING vec0("
                    f"embedding float[{int(dims)}] distance_metric=cosine, source text)"
                )
            if row is None or row[0] != dims or (row[1], row[2]) != signature:
                self._catch_up(conn, main, key, table)
                conn.execute(
                    "INSERT OR REPLACE INTO indexes(embedder, name, dims, count, largest)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (key, table, dims, *signature),
                )
            self._drop_orphans(conn, main, key)
            conn.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(Exception):
                conn.execute("ROLLBACK")
            raise
        self._known[key] = (dims, *signature)
        return table

    def _check_db_id(self, conn: Any) -> None:
        row = conn.execute("SELECT value FROM meta WHERE key = 'db_id'").fetchone()
        if row is not None and row[0] == self.db_id:
            return
        for (name,) in conn.execute("SELECT name FROM indexes").fetchall():
            conn.execute(f"DROP TABLE IF EXISTS {name}")
        conn.execute("DELETE FROM indexes")
        conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('db_id', ?)", (self.db_id,))

    @staticmethod
    def _catch_up(conn: Any, main: sqlite3.Connection, key: str, table: str) -> None:
        import numpy as np

        ids = main.execute("SELECT id FROM vectors WHERE embedder = ?", (key,))
        want = np.fromiter((r[0] for r in ids), np.int64)
        have = np.fromiter((r[0] for r in conn.execute(f"SELECT rowid FROM {table}")), np.int64)
        gone = np.setdiff1d(have, want, assume_unique=True)
        conn.executemany(f"DELETE FROM {table} WHERE rowid = ?", [(int(i),) for i in gone])
        new = np.setdiff1d(want, have, assume_unique=True)
        for start in range(0, len(new), 500):
            part = [int(i) for i in new[start : start + 500]]
            rows = main.execute(
                "SELECT v.id, v.vec, c.source FROM vectors v JOIN chunks c ON c.id = v.chunk_rowid"
                f" WHERE v.id IN ({','.join('?' * len(part))})",
                part,
            ).fetchall()
            conn.executemany(
                f"INSERT INTO {table}(rowid, embedding, source) VALUES (?, ?, ?)",
                [(r[0], r[1], r[2]) for r in rows],
            )

    @staticmethod
    def _drop_orphans(conn: Any, main: sqlite3.Connection, key: str) -> None:
        """Drop side tables of keys that no longer have vectors in the index."""
        others = conn.execute("SELECT embedder, name FROM indexes WHERE embedder <> ?", (key,)).fetchall()
        for other, name in others:
            if main.execute("SELECT 1 FROM vectors WHERE embedder = ? LIMIT 1", (other,)).fetchone() is None:
                conn.execute(f"DROP TABLE IF EXISTS {name}")
                conn.execute("DELETE FROM indexes WHERE embedder = ?", (other,))
