"""The embedded default store: one SQLite file (WAL) with FTS5 for BM25 and float32 vector blobs.

Tables (see :mod:`mdrecall.stores.sqlite_migrations`): ``meta``, ``files``, ``chunks``,
``chunks_fts`` (FTS5 over the view ``chunks_fts_source``: each chunk's text and heading path),
``chunks_cjk`` (FTS5, contentless: the CJK bigrams of chunks that hold Chinese/Japanese/Korean
text), ``vectors`` and ``embedding_cache``.
Every file is replaced in one transaction, so a crash never leaves a half-indexed file. A file that
is not a readable database, that reports itself malformed at any query, or that fails
:meth:`SQLiteStore.verify` (run by ``mdrecall index``, not by searches), is moved aside and rebuilt
from the Markdown (its embedding cache salvaged where readable). A full disk, a read-only file or a
lock is not corruption: the index is kept and opened read-only, searches answer from it, and writes
fail saying why.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mdrecall.errors import IndexCorruptError, StoreError
from mdrecall.models import Candidate, Chunk, FileRecord
from mdrecall.stores.sqlite_cache import SQLiteEmbeddingCache
from mdrecall.stores.sqlite_cross import SQLiteCrossScores
from mdrecall.stores.sqlite_files import SQLiteFiles
from mdrecall.stores.sqlite_first_build import discard, open_build, remove_stale, same_file, swap_in
from mdrecall.stores.sqlite_forget import SQLiteForget
from mdrecall.stores.sqlite_fts import SQLiteKeywordSearch
from mdrecall.stores.sqlite_health import SQLiteRecovery, describe, is_corruption, refuse_foreign
from mdrecall.stores.sqlite_known import SQLiteKnown
from mdrecall.stores.sqlite_migrations import apply_migrations
from mdrecall.stores.sqlite_rows import CHUNK_COLS, row_chunk
from mdrecall.stores.sqlite_vector_file import VectorFile, vector_file_path
from mdrecall.stores.sqlite_vector_rows import SQLiteVectorRows
from mdrecall.stores.sqlite_vectors import DEFAULT_VECTOR_CACHE_BYTES, VectorSearch
from mdrecall.stores.sqlite_views import SQLiteViews

if TYPE_CHECKING:
    import numpy as np

    from mdrecall.config.settings import Config
    from mdrecall.text.needle import Needle

__all__ = ["SQLiteStore", "default_index_path"]


#: WAL pages written before a commit copies them into the database (SQLite's default is 1,000, 4 MB).
#: Each checkpoint waits for the disk twice (``fdatasync`` of the WAL and of the database) and copies every
#: page changed since the last one: a first index of 10,000 notes made ~70 of them at the default. A
#: checkpoint of a larger WAL copies a page rewritten by many commits once (the keyword index's segments,
#: the tables' upper pages), and the last connection's close checkpoints and deletes the WAL anyway.
WAL_CHECKPOINT_PAGES = 8192


def default_index_path(workspace_root: str) -> Path:
    """``<workspace>/.mdrecall/index.sqlite``."""
    return Path(workspace_root) / ".mdrecall" / "index.sqlite"


def _wal(conn: sqlite3.Connection, wait_s: float = 30.0) -> None:
    """Put the index in WAL mode. Switching needs the file to itself for a moment, and SQLite answers
    "database is locked" at once (its busy handler is not consulted) while another process opens the same
    new index: retry for up to ``wait_s`` seconds, as ``busy_timeout`` does for everything else."""
    end = time.monotonic() + wait_s
    delay = 0.002
    while True:
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() >= end:
                raise
            time.sleep(delay)
            delay = min(delay * 2, 0.1)


class SQLiteStore(
    SQLiteRecovery,
    SQLiteFiles,
    SQLiteKeywordSearch,
    SQLiteViews,
    SQLiteCrossScores,
    SQLiteForget,
    SQLiteKnown,
    SQLiteEmbeddingCache,
    SQLiteVectorRows,
):
    """A :class:`~mdrecall.stores.base.Store` in one SQLite file.

    ``vector_cache_bytes`` bounds the vectors held in memory for the vector leg; beyond it a query
    uses the sqlite-vec side index (when installed and ``sqlite_vec`` is true) or scans the vectors
    in blocks (:mod:`mdrecall.stores.sqlite_vectors`).
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        vector_cache_bytes: int = DEFAULT_VECTOR_CACHE_BYTES,
        sqlite_vec: bool = True,
    ) -> None:
        self.path = Path(path)
        self.description = f"sqlite:{self.path}"
        self.rebuilt_from: str | None = None
        self._corrupt_reason: str | None = None
        self._lock = threading.RLock()
        self._generation = 0
        self._batch_depth = 0
        self._count_cache: tuple[tuple[int, int], int] | None = None
        self._df_cache: dict[str, int] = {}  # FTS5 term → chunks holding it, valid for _count_cache
        self._records_cache: dict[str | None, tuple[tuple[int, int], dict[str, FileRecord]]] = {}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except FileExistsError:  # a file (or a link to one) where the folder goes
            raise StoreError(
                f"cannot create the index folder {self.path.parent}: a file is in its place; "
                "move it out of the way (or set store.path) and mdrecall builds the index from the Markdown"
            ) from None
        except OSError as exc:
            raise StoreError(f"cannot create the index folder {self.path.parent}: {exc}") from exc
        self._vector_options = (vector_cache_bytes, sqlite_vec)
        self._conn = self._open()
        try:
            self.vectors = self._vector_search()  # reads meta: damage there shows here
        except IndexCorruptError:
            self._conn.close()
            self._conn = self._rebuild(self._corrupt_reason or "the index is damaged")
            self.vectors = self._vector_search()

    def _vector_search(self) -> VectorSearch:
        cache_bytes, sqlite_vec = self._vector_options
        db_id = self.get_meta("db_id") or ""
        side = None
        if sqlite_vec:
            from mdrecall.stores.sqlite_vec_index import SideIndex, side_path

            side = SideIndex(side_path(self.path), db_id)
        return VectorSearch(cache_bytes, side, VectorFile(vector_file_path(self.path), db_id))

    # ---- opening and recovery ---------------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        for attempt in range(3):
            try:
                before: os.stat_result | None = os.stat(self.path)
            except OSError:
                before = None
            conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=30)
            try:
                conn.row_factory = sqlite3.Row
                conn.execute("PRAGMA busy_timeout = 30000")
                refuse_foreign(conn, self.path)  # before anything is written
            except BaseException:
                conn.close()
                raise
            if same_file(before, self.path) or attempt == 2:  # else a first build replaced it meanwhile
                break
            conn.close()
        try:
            if before is None or before.st_size == 0:  # a new index: nothing in it to lose to a power cut
                conn.execute("PRAGMA synchronous = OFF")  # its switch to WAL then waits for no disk
            _wal(conn)
            conn.execute("PRAGMA synchronous = NORMAL")
            conn.execute("PRAGMA temp_store = MEMORY")
            conn.execute(f"PRAGMA wal_autocheckpoint = {WAL_CHECKPOINT_PAGES}")
            apply_migrations(conn)
            conn.execute("SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH '\"x\"'").fetchone()
        except BaseException:
            conn.close()
            raise
        return conn

    def _open(self) -> sqlite3.Connection:
        self.read_only: str | None = None  # why writes are off, when the index could only be read
        self.no_room = None  # why, and what to do, when that is for want of room
        if self.path.is_dir():
            return self._rebuild("a folder is in the index's place")
        self._set_aside_special()  # a FIFO or device: SQLite would wait on it for ever
        remove_stale(self.path)  # a first build's file left by a killed process
        try:
            conn = self._connect()
        except IndexCorruptError as exc:  # a header or schema that cannot be ours as it is
            return self._rebuild(str(exc))
        except UnicodeDecodeError:  # SQLite's error quoted bytes of a damaged schema
            return self._rebuild("the schema holds bytes that are not text [SQLITE_CORRUPT]")
        except sqlite3.DatabaseError as exc:
            if "fts5" in str(exc).lower() and "no such module" in str(exc).lower():
                raise StoreError(
                    "this Python's SQLite has no FTS5 module; install a Python built with FTS5"
                ) from exc
            if is_corruption(exc) or "unsupported file format" in str(exc):
                return self._rebuild(describe(exc))
            return self._open_read_only(exc)
        return conn

    @contextlib.contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            conn = self._conn
            if self._batch_depth:  # inside batch(): the outer transaction commits
                yield conn
                return
            if self.read_only:
                raise self._refused()
            try:
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.DatabaseError as exc:
                raise self._failed(exc, "cannot write the index") from None
            try:
                yield conn
            except BaseException as exc:
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
                if isinstance(exc, sqlite3.DatabaseError):
                    raise self._failed(exc, "cannot write the index") from None
                raise
            else:
                try:
                    conn.execute("COMMIT")
                except sqlite3.DatabaseError as exc:
                    with contextlib.suppress(sqlite3.Error):
                        conn.execute("ROLLBACK")
                    raise self._failed(exc, "cannot write the index") from None
                self._generation += 1

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        """Group several whole-file writes in one transaction (all or none of them land).

        Bulk indexing commits a group of files at once: FTS5 then writes one index segment per group
        instead of one per file (1,000 files: about twice as fast).
        """
        with self._tx():
            self._batch_depth += 1
            try:
                yield
            finally:
                self._batch_depth -= 1

    @contextlib.contextmanager
    def first_build(self) -> Iterator[bool]:
        """Write a first index of many files beside the index, unjournaled, and put it in the index's place
        when the block ends, an error included: what was committed is kept, as when writing in place
        (:mod:`~mdrecall.stores.sqlite_first_build`; a killed process leaves the index as it was). Yields
        False (and writes as usual) when another first build runs."""
        with self._lock:
            opened = None
            if not self.read_only and not self._batch_depth and not self.path.is_symlink():
                opened = open_build(self._conn, self.path)
            if opened is None:
                live = None
            else:
                live, (build, fd) = self._conn, opened
                self._switch(build)
        if live is None:
            yield False
            return
        try:
            yield True
        except BaseException:  # an error or Ctrl-C: what the build committed is kept, as in place
            with self._lock:
                try:
                    self._put_in_place(live, build, fd)
                except BaseException:
                    self._switch(live)
                    discard(build, fd, self.path)
            raise
        with self._lock:
            self._put_in_place(live, build, fd)

    def _put_in_place(self, live: sqlite3.Connection, build: sqlite3.Connection, fd: int) -> None:
        self._switch(live)
        if swap_in(live, build, fd, self.path):
            live.close()  # its lock held other openers until the new file was in place
            self._switch(self._connect())

    def _switch(self, conn: sqlite3.Connection) -> None:
        """Make ``conn`` the store's connection (nothing cached from the other one is kept)."""
        self._conn = conn
        self._generation += 1
        self._records_cache.clear()
        self._count_cache = None
        self._df_cache = {}

    # The narrow interface its views use (:class:`~mdrecall.stores.sqlite_views.SQLiteAccess`).
    def query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """The rows of one statement."""
        return self._query(sql, params)

    def transaction(self) -> contextlib.AbstractContextManager[sqlite3.Connection]:
        """A connection whose statements commit together (or not at all)."""
        return self._tx()

    def run_alone(self, sql: str) -> list[sqlite3.Row]:
        """Run one statement outside any transaction (``VACUUM``, a checkpoint, a pragma)."""
        with self._lock:
            if self._batch_depth:
                raise StoreError(f"{sql.split()[0]} cannot run inside a write batch")
            if self.read_only:
                raise self._refused()
            try:
                rows = self._conn.execute(sql).fetchall()
            except sqlite3.DatabaseError as exc:
                raise self._failed(exc, "cannot write the index") from None
            self._generation += 1
            return rows

    def change_stamp(self) -> tuple[int, int]:
        """A value that changes whenever the index does (in this process or another)."""
        return self._version()

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        with self._lock:
            try:
                return self._conn.execute(sql, params).fetchall()
            except sqlite3.DatabaseError as exc:
                raise self._failed(exc) from None

    # ---- meta ---------------------------------------------------------------------------------------

    def schema_version(self) -> int:
        """The applied schema migration number."""
        return int(self._query("PRAGMA user_version")[0][0])

    def get_meta(self, key: str) -> str | None:
        """A value from the meta table."""
        rows = self._query("SELECT value FROM meta WHERE key = ?", (key,))
        return rows[0][0] if rows else None

    def set_meta(self, key: str, value: str) -> None:
        """Set a value in the meta table."""
        with self._tx() as conn:
            conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", (key, value))

    def _version(self) -> tuple[int, int]:
        """Changes whenever the index does: our own commits and (``data_version``) other processes'."""
        return (self._generation, int(self._query("PRAGMA data_version")[0][0]))

    # ---- vectors ------------------------------------------------------------------------------------

    def purge_text(self, needle: Needle, marker: str) -> int:
        """:meth:`SQLiteForget.purge_text`, and the vector file deleted: it may copy the deleted vectors."""
        changed = super().purge_text(needle, marker)
        self.vectors.discard_file()
        return changed

    def scrub(self) -> list[str]:
        """:meth:`SQLiteForget.scrub`, and the vector file deleted (one rewritten meanwhile, e.g. by a
        search that read the vectors before the purge, goes too; the next search writes it anew)."""
        notes = super().scrub()
        self.vectors.discard_file()
        return notes

    def search_vector(
        self, embedder_key: str, vector: np.ndarray, limit: int, sources: Sequence[str] | None = None
    ) -> list[Candidate]:
        """Nearest chunks by cosine similarity (vectors are L2-normalised), best first.

        In memory while the vectors fit the cache budget, else through sqlite-vec or a block scan
        (:mod:`mdrecall.stores.sqlite_vectors`); :attr:`vectors` ``.last_method`` says which.
        """
        with self._lock:
            try:
                version = (self._generation, int(self._conn.execute("PRAGMA data_version").fetchone()[0]))
                found = self.vectors.search(self._conn, version, embedder_key, vector, limit, sources)
            except sqlite3.DatabaseError as exc:
                raise self._failed(exc) from None
            if not found:
                return []
            by_id = self._chunks_by_rowid([rowid for rowid, _ in found])
        return [
            Candidate(by_id[rowid], score, rank)
            for rank, (rowid, score) in enumerate(r for r in found if r[0] in by_id)
        ]

    def _chunks_by_rowid(self, rowids: list[int]) -> dict[int, Chunk]:
        rows = self._query(
            f"SELECT {CHUNK_COLS} FROM chunks c WHERE c.id IN ({','.join('?' * len(rowids))})", rowids
        )
        return {r["id"]: row_chunk(r) for r in rows}

    # ---- housekeeping -------------------------------------------------------------------------------

    def counts(self) -> dict[str, int]:
        """Row counts of files, chunks, vectors and cache entries."""
        row = self._query(
            "SELECT (SELECT count(*) FROM files), (SELECT count(*) FROM chunks),"
            " (SELECT count(*) FROM vectors), (SELECT count(*) FROM embedding_cache)"
        )[0]
        return {"files": row[0], "chunks": row[1], "vectors": row[2], "cache": row[3]}

    def chunk_counts(self) -> dict[str, int]:
        """How many chunks each indexed file has, keyed by path."""
        return {r[0]: int(r[1]) for r in self._query("SELECT path, count(*) FROM chunks GROUP BY path")}

    def close(self) -> None:
        """Close the connection (the WAL is checkpointed by SQLite)."""
        with self._lock:
            self.vectors.close()
            with contextlib.suppress(sqlite3.Error):
                self._conn.execute("PRAGMA optimize")
            self._conn.close()


#: SQLite's primary result codes for a damaged file (SQLITE_CORRUPT, SQLITE_NOTADB).
def create(config: Config, workspace_root: str) -> SQLiteStore:
    raw = config.store.path
    if raw:
        p = Path(raw).expanduser()
        path = p if p.is_absolute() else Path(workspace_root) / p
    else:
        path = default_index_path(workspace_root)
    return SQLiteStore(path)
