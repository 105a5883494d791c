"""The embedded default store: one SQLite file (WAL) with FTS5 for BM25 and float32 vector blobs.

Tables (see :mod:`mdrecall.stores.sqlite_migrations`): ``meta``, ``files``, ``chunks``,
``chunks_fts`` (FTS5, external content over ``chunks``), ``chunks_cjk`` (FTS5, contentless: the CJK
bigrams of chunks that hold Chinese/Japanese/Korean text), ``vectors`` and ``embedding_cache``.
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
import re
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import IndexCorruptError, StoreError
from ..models import Candidate, Chunk, FileRecord
from ..tokens import cjk_index_text
from .sqlite_migrations import apply_migrations
from .sqlite_vectors import DEFAULT_VECTOR_CACHE_BYTES, VectorSearch
from .sqlite_views import SQLiteViews

if TYPE_CHECKING:
    import numpy as np

    from ..config import Config
    from ..query import KeywordQuery

__all__ = ["SQLiteStore", "default_index_path"]

_CHUNK_COLS = (
    "c.id, c.chunk_id, c.path, c.source, c.start_line, c.end_line, c.heading, c.date, c.hash, c.text,"
    " c.parent_start, c.parent_end"
)


def default_index_path(workspace_root: str) -> Path:
    """``<workspace>/.mdrecall/index.sqlite``."""
    return Path(workspace_root) / ".mdrecall" / "index.sqlite"


#: One quoted FTS5 term or phrase (``""`` is an escaped quote), with an optional prefix star.
_DF_CACHE_TERMS = 4096  # document frequencies remembered between searches
_QUOTED = re.compile(r'"(?:[^"]|"")*"\*?')


class SQLiteStore(SQLiteViews):
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
        except OSError as exc:
            raise StoreError(f"cannot create the index folder {self.path.parent}: {exc}") from exc
        self._vector_options = (vector_cache_bytes, sqlite_vec)
        self._conn = self._open()
        self.vectors = self._vector_search()

    def _vector_search(self) -> VectorSearch:
        cache_bytes, sqlite_vec = self._vector_options
        side = None
        if sqlite_vec:
            from .sqlite_vec_index import SideIndex, side_path

            side = SideIndex(side_path(self.path), self.get_meta("db_id") or "")
        return VectorSearch(cache_bytes, side)

    # ---- opening and recovery ---------------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=30)
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA busy_timeout = 30000")
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA temp_store = MEMORY")
        apply_migrations(conn)
        conn.execute("SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH '\"x\"'").fetchone()
        return conn

    def _open(self) -> sqlite3.Connection:
        self.read_only: str | None = None  # why writes are off, when the index could only be read
        if self.path.is_dir():
            return self._rebuild("a folder is in the index's place")
        try:
            conn = self._connect()
        except sqlite3.DatabaseError as exc:
            if "fts5" in str(exc).lower() and "no such module" in str(exc).lower():
                raise StoreError(
                    "this Python's SQLite has no FTS5 module; install a Python built with FTS5"
                ) from exc
            if is_corruption(exc):
                return self._rebuild(describe(exc))
            return self._open_read_only(exc)
        return conn

    def _open_read_only(self, cause: sqlite3.DatabaseError) -> sqlite3.Connection:
        """Keep an index that cannot be written (full disk, read-only file, lock): read it as it is."""
        reason = describe(cause)
        if _disk_full(self.path.parent):
            reason = f"the disk is full: {reason}"
        elif _read_only_fs(self.path.parent):
            reason = f"the file system is read-only: {reason}"
        if not self.path.exists():
            raise StoreError(f"cannot create the index {self.path}: {reason}")
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
        raise StoreError(f"cannot open the index {self.path}: {reason}")

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
                        f"({exc.strerror or exc}); remove it and run `mdrecall index`"
                    ) from None
        try:
            conn = self._connect()
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"cannot create the index {self.path}: {describe(exc)}") from None
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

        ``quick_check`` (page and b-tree structure; ~5 ms per MB) by default; ``full`` adds
        SQLite's ``integrity_check`` (indexes match their tables) and FTS5's own check. Searches do
        not run it (they detect damage when a query meets it); ``mdrecall index`` does.
        """
        with self._lock:
            try:
                if full:
                    rows = self._conn.execute("PRAGMA integrity_check(1)").fetchall()
                    for table in ("chunks_fts", "chunks_cjk"):
                        self._conn.execute(f"INSERT INTO {table}({table}) VALUES ('integrity-check')")
                else:
                    rows = self._conn.execute("PRAGMA quick_check(1)").fetchall()
            except sqlite3.DatabaseError as exc:
                if is_corruption(exc):
                    raise self._failed(exc) from None
                return  # busy, full, I/O: not evidence of damage
        first = str(rows[0][0]) if rows else "ok"
        if first != "ok":
            check = "integrity_check" if full else "quick_check"
            self._corrupt_reason = f"{check} failed: {_printable(first)}"
            raise IndexCorruptError(f"the index is damaged ({self._corrupt_reason})")

    def _failed(self, exc: sqlite3.DatabaseError, what: str = "index query failed") -> StoreError:
        """The error to raise for a SQLite failure: corruption, or why the index cannot be used now."""
        if is_corruption(exc):
            self._corrupt_reason = describe(exc)
            return IndexCorruptError(
                f"the index is damaged ({self._corrupt_reason}); it will be rebuilt from the Markdown"
            )
        if self.read_only:
            return StoreError(f"the index is read-only now ({self.read_only}); it was not updated")
        reason = describe(exc)
        if _disk_full(self.path.parent):
            reason = f"the disk is full: {reason}"
        return StoreError(f"{what}: {reason}; the Markdown files are unchanged")

    @contextlib.contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            conn = self._conn
            if self._batch_depth:  # inside batch(): the outer transaction commits
                yield conn
                return
            if self.read_only:
                raise StoreError(f"the index is read-only now ({self.read_only}); it was not updated")
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

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        with self._lock:
            try:
                return self._conn.execute(sql, params).fetchall()
            except sqlite3.DatabaseError as exc:
                raise self._failed(exc) from None

    # ---- meta and files ---------------------------------------------------------------------------

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

    def _version(self) -> tuple[int, int]:
        """Changes whenever the index does: our own commits and (``data_version``) other processes'."""
        return (self._generation, int(self._query("PRAGMA data_version")[0][0]))

    def replace_file(self, record: FileRecord, chunks: Sequence[Chunk]) -> list[str]:
        """Atomically replace a file's record and chunks; returns the ids of chunks that are new."""
        with self._tx() as conn:
            old = {
                r["chunk_id"]: (r["id"], r["text"])
                for r in conn.execute("SELECT id, chunk_id, text FROM chunks WHERE path = ?", (record.path,))
            }
            wanted = {c.id: c for c in chunks}
            for cid, (rowid, text) in old.items():
                if cid not in wanted:
                    self._delete_chunk(conn, rowid, text)
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
                conn.execute("INSERT INTO chunks_fts(rowid, text) VALUES (?, ?)", (cur.lastrowid, c.text))
                cjk = cjk_index_text(c.text)
                if cjk:
                    conn.execute("INSERT INTO chunks_cjk(rowid, text) VALUES (?, ?)", (cur.lastrowid, cjk))
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
    def _delete_chunk(conn: sqlite3.Connection, rowid: int, text: str) -> None:
        conn.execute("INSERT INTO chunks_fts(chunks_fts, rowid, text) VALUES ('delete', ?, ?)", (rowid, text))
        cjk = cjk_index_text(text)
        if cjk:
            conn.execute(
                "INSERT INTO chunks_cjk(chunks_cjk, rowid, text) VALUES ('delete', ?, ?)", (rowid, cjk)
            )
        conn.execute("DELETE FROM vectors WHERE chunk_rowid = ?", (rowid,))
        conn.execute("DELETE FROM chunks WHERE id = ?", (rowid,))

    def remove_file(self, path: str) -> None:
        """Drop a file, its chunks and their vectors."""
        with self._tx() as conn:
            for r in conn.execute("SELECT id, text FROM chunks WHERE path = ?", (path,)).fetchall():
                self._delete_chunk(conn, r["id"], r["text"])
            conn.execute("DELETE FROM files WHERE path = ?", (path,))

    # ---- keyword leg --------------------------------------------------------------------------------

    def search_text(
        self, query: KeywordQuery, limit: int, sources: Sequence[str] | None = None
    ) -> list[Candidate]:
        """BM25 candidates from FTS5 (raw_score = -bm25, higher is better).

        Non-CJK terms are matched in ``chunks_fts``, CJK terms (bigrams) in ``chunks_cjk``. When a query
        has both, a chunk's raw score is the sum of its two BM25 scores: BM25 is a sum over query terms,
        so this is one BM25 over all the terms (each table with its own statistics).
        """
        if limit <= 0:
            return []
        fts = self._drop_common_terms(query.fts) if query.fts else None
        exprs = (("chunks_fts", fts), ("chunks_cjk", getattr(query, "cjk_fts", None)))
        legs = [(table, expr) for table, expr in exprs if expr]
        found = [self._match(table, expr, limit, sources) for table, expr in legs]
        if len(found) == 1:
            return [Candidate(_row_chunk(r), -float(r["rank"]), i) for i, r in enumerate(found[0])]
        rows: dict[int, sqlite3.Row] = {}
        scores: dict[int, float] = {}
        for leg in found:
            for r in leg:
                rows[r["id"]] = r
                scores[r["id"]] = scores.get(r["id"], 0.0) - float(r["rank"])
        best = sorted(scores, key=lambda rid: (-scores[rid], rid))[:limit]
        return [Candidate(_row_chunk(rows[rid]), scores[rid], i) for i, rid in enumerate(best)]

    def _drop_common_terms(self, expr: str) -> str:
        """Drop OR-ed terms that occur in at least half of the chunks.

        FTS5's ``bm25()`` clamps the IDF of such a term to 1e-6, so it changes no score by more than
        that, yet it makes FTS5 score nearly every chunk: on 20k chunks a query holding one very common
        word took ~35 ms instead of a few. A chunk matching only dropped terms scored ~0 and falls out.
        When every term is that common, the expression is kept as it is.
        """
        units = _QUOTED.findall(expr)
        if len(units) < 2 or " OR ".join(units) != expr:
            return expr
        total = self._chunk_count()
        if total < 64:
            return expr
        kept = []
        with self._lock:
            for unit in units:
                hits = self._df_cache.get(unit)
                if hits is None:
                    try:
                        sql = "SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH ?"
                        hits = int(self._conn.execute(sql, (unit,)).fetchone()[0])
                    except sqlite3.DatabaseError as exc:
                        if is_corruption(exc):
                            raise self._failed(exc) from None
                        return expr
                    if len(self._df_cache) >= _DF_CACHE_TERMS:
                        self._df_cache.clear()
                    self._df_cache[unit] = hits
                if hits > 0 and 2 * hits < total:
                    kept.append(unit)
        return " OR ".join(kept) if kept else expr

    def _chunk_count(self) -> int:
        """Chunks in the index; a change of the index (here or by another process) also clears the
        cached term counts."""
        version = self._version()
        if self._count_cache is None or self._count_cache[0] != version:
            self._df_cache = {}
            self._count_cache = (version, int(self._query("SELECT count(*) FROM chunks")[0][0]))
        return self._count_cache[1]

    def _match(self, table: str, expr: str, limit: int, sources: Sequence[str] | None) -> list[sqlite3.Row]:
        params: list[Any] = [expr]
        if sources:  # the filter needs the chunk row before the limit
            sql = (
                f"SELECT {_CHUNK_COLS}, bm25({table}) AS rank FROM {table}"
                f" JOIN chunks c ON c.id = {table}.rowid WHERE {table} MATCH ?"
                f" AND c.source IN ({','.join('?' * len(sources))}) ORDER BY rank LIMIT ?"
            )
            params.extend(sources)
        else:  # rank in FTS alone, then read only the chunks kept: ~40% faster on common terms
            sql = (
                f"SELECT {_CHUNK_COLS}, f.rank AS rank FROM (SELECT rowid, bm25({table}) AS rank"
                f" FROM {table} WHERE {table} MATCH ? ORDER BY rank LIMIT ?) f"
                " JOIN chunks c ON c.id = f.rowid ORDER BY f.rank"
            )
        params.append(limit)
        with self._lock:
            try:
                return self._conn.execute(sql, params).fetchall()
            except sqlite3.DatabaseError as exc:
                if is_corruption(exc):
                    raise self._failed(exc) from None
                return []  # quoting makes this unreachable for any typed string; never fail a search

    # ---- vectors ------------------------------------------------------------------------------------

    def chunks_without_vectors(self, embedder_key: str, limit: int = 0) -> list[Chunk]:
        """Chunks that have no vector for ``embedder_key`` yet."""
        sql = (
            f"SELECT {_CHUNK_COLS} FROM chunks c LEFT JOIN vectors v"
            " ON v.chunk_rowid = c.id AND v.embedder = ? WHERE v.chunk_rowid IS NULL ORDER BY c.id"
        )
        params: list[Any] = [embedder_key]
        if limit > 0:
            sql += " LIMIT ?"
            params.append(limit)
        return [_row_chunk(r) for r in self._query(sql, params)]

    def count_without_vectors(self, embedder_key: str) -> int:
        """How many chunks have no vector for ``embedder_key`` (a count, no rows read)."""
        rows = self._query(
            "SELECT count(*) FROM chunks c WHERE NOT EXISTS"
            " (SELECT 1 FROM vectors v WHERE v.chunk_rowid = c.id AND v.embedder = ?)",
            (embedder_key,),
        )
        return int(rows[0][0])

    def missing_vector_sizes(self, embedder_key: str) -> list[tuple[str, str, int]]:
        """``(path, hash, characters embedded)`` of chunks without a vector (for estimates; no texts)."""
        rows = self._query(
            "SELECT c.path, c.hash, length(c.text) + CASE WHEN coalesce(c.heading, '') != ''"
            " AND ltrim(c.text) NOT LIKE '#%' THEN length(c.heading) + 1 ELSE 0 END FROM chunks c"
            " WHERE NOT EXISTS (SELECT 1 FROM vectors v WHERE v.chunk_rowid = c.id AND v.embedder = ?)",
            (embedder_key,),
        )
        return [(r[0], r[1], int(r[2])) for r in rows]

    def chunk_counts_by_path(self) -> dict[str, int]:
        """Chunks per indexed file."""
        return {r[0]: int(r[1]) for r in self._query("SELECT path, count(*) FROM chunks GROUP BY path")}

    def put_vectors(self, embedder_key: str, items: Mapping[str, np.ndarray]) -> None:
        """Store vectors by chunk id (ids no longer in the index are ignored)."""
        import numpy as np

        if not items:
            return
        rows = []
        for cid, vec in items.items():
            v = np.asarray(vec, dtype=np.float32).reshape(-1)
            rows.append((embedder_key, len(v), v.tobytes(), cid))
        with self._tx() as conn:
            conn.executemany(
                "INSERT OR REPLACE INTO vectors(chunk_rowid, embedder, dims, vec)"
                " SELECT id, ?, ?, ? FROM chunks WHERE chunk_id = ?",
                rows,
            )

    def drop_vectors(self, keep_key: str | None) -> int:
        """Delete vectors of every embedder key except ``keep_key``."""
        with self._tx() as conn:
            cur = conn.execute("DELETE FROM vectors WHERE embedder IS NOT ?", (keep_key,))
            return cur.rowcount

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
            f"SELECT {_CHUNK_COLS} FROM chunks c WHERE c.id IN ({','.join('?' * len(rowids))})", rowids
        )
        return {r["id"]: _row_chunk(r) for r in rows}

    # ---- embedding cache ----------------------------------------------------------------------------

    def cache_get(self, embedder_key: str, hashes: Sequence[str]) -> dict[str, np.ndarray]:
        """Cached vectors by content hash (and marks them recently used)."""
        import numpy as np

        out: dict[str, np.ndarray] = {}
        uniq = list(dict.fromkeys(hashes))
        for i in range(0, len(uniq), 500):
            part = uniq[i : i + 500]
            rows = self._query(
                "SELECT hash, vec FROM embedding_cache WHERE embedder = ?"
                f" AND hash IN ({','.join('?' * len(part))})",
                [embedder_key, *part],
            )
            for r in rows:
                out[r[0]] = np.frombuffer(r[1], dtype=np.float32).copy()
        if out:
            now = time.time()
            with self._tx() as conn:
                conn.executemany(
                    "UPDATE embedding_cache SET last_used = ? WHERE embedder = ? AND hash = ?",
                    [(now, embedder_key, h) for h in out],
                )
        return out

    def cache_has(self, embedder_key: str, hashes: Sequence[str]) -> set[str]:
        """The hashes the cache holds a vector for (read only: nothing is marked used)."""
        found: set[str] = set()
        uniq = list(dict.fromkeys(hashes))
        for i in range(0, len(uniq), 500):
            part = uniq[i : i + 500]
            rows = self._query(
                "SELECT hash FROM embedding_cache WHERE embedder = ?"
                f" AND hash IN ({','.join('?' * len(part))})",
                [embedder_key, *part],
            )
            found.update(r[0] for r in rows)
        return found

    def cache_put(self, embedder_key: str, items: Mapping[str, np.ndarray], max_entries: int) -> None:
        """Add vectors to the cache, evicting the least recently used beyond ``max_entries``."""
        import numpy as np

        if not items:
            return
        now = time.time()
        with self._tx() as conn:
            conn.executemany(
                "INSERT OR REPLACE INTO embedding_cache(embedder, hash, dims, vec, last_used)"
                " VALUES (?, ?, ?, ?, ?)",
                [
                    (embedder_key, h, len(v), np.asarray(v, dtype=np.float32).tobytes(), now)
                    for h, v in items.items()
                ],
            )
            if max_entries > 0:
                total = conn.execute("SELECT count(*) FROM embedding_cache").fetchone()[0]
                if total > max_entries:
                    conn.execute(
                        "DELETE FROM embedding_cache WHERE rowid IN (SELECT rowid FROM embedding_cache"
                        " ORDER BY last_used ASC LIMIT ?)",
                        (total - max_entries,),
                    )

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


def _disk_full(folder: Path) -> bool:
    """True when the file system holding ``folder`` has no free block left for us."""
    try:
        st = os.statvfs(folder)
    except (OSError, AttributeError):
        return False
    return st.f_bavail * st.f_frsize < 64 * 1024


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
    except sqlite3.Error:
        pass  # keep what was read before the damaged page
    finally:
        old.close()
        if conn.in_transaction:
            conn.execute("COMMIT")
    return saved


def _row_chunk(r: sqlite3.Row) -> Chunk:
    return Chunk(
        path=r["path"],
        source=r["source"],
        start_line=r["start_line"],
        end_line=r["end_line"],
        text=r["text"],
        hash=r["hash"],
        heading=r["heading"] or "",
        date=r["date"],
        parent_start_line=r["parent_start"],
        parent_end_line=r["parent_end"],
    )


def create(config: Config, workspace_root: str) -> SQLiteStore:
    raw = config.store.path
    if raw:
        p = Path(raw).expanduser()
        path = p if p.is_absolute() else Path(workspace_root) / p
    else:
        path = default_index_path(workspace_root)
    return SQLiteStore(path)
