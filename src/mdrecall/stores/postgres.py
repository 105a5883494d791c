"""The scale-out store: PostgreSQL with pgvector (``store.backend = "postgres"``).

Each agent (``agent_id``) or workspace gets its own schema in the database (its *namespace*), so
many agents share one server without seeing each other's memory. Tables: ``meta``, ``files``,
``chunks``, ``postings`` (the inverted index for BM25), ``corpus`` (chunk count and total length),
``embedders`` + ``vectors`` (pgvector, one partial HNSW cosine index per embedder) and
``embedding_cache``. Text is analysed in Python (:mod:`mdrecall.stores.analysis`) exactly like
SQLite FTS5 does, and ranked with FTS5's BM25, so both stores score alike. See ``docs/postgres.md``.

Needs ``pip install 'mdrecall[postgres]'`` (psycopg 3, pgvector, snowballstemmer).
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from ..errors import ConfigError, MissingDependencyError, StoreError
from ..models import Candidate, Chunk, FileRecord
from .analysis import query_terms, term_counts
from .base import register_store
from .postgres_migrations import apply_migrations, ensure_vector_extension
from .postgres_sql import Statements, bm25_sql, hnsw_index_sql, namespace_for, quote_ident, vector_sql

if TYPE_CHECKING:
    import numpy as np

    from ..config import Config
    from ..query import KeywordQuery

__all__ = ["PostgresStore", "DSN_ENV"]

#: Environment variable read when ``store.dsn`` is empty.
DSN_ENV = "MDRECALL_PG_DSN"
_T = TypeVar("_T")


def _psycopg() -> Any:
    try:
        import psycopg
        from pgvector.psycopg import vector as _  # noqa: F401
    except ImportError as exc:
        missing = "pgvector" if "pgvector" in str(exc) else "psycopg"
        raise MissingDependencyError(missing, "postgres", "The PostgreSQL store") from exc
    return psycopg


def safe_dsn(dsn: str) -> str:
    """``host:port/dbname`` of a DSN, without user or password (for messages and ``status``)."""
    try:
        from psycopg.conninfo import conninfo_to_dict

        info = conninfo_to_dict(dsn)
    except Exception:  # noqa: BLE001 - a bad DSN is reported by connect()
        return "?"
    host = str(info.get("host") or "localhost")
    port = f":{info['port']}" if info.get("port") else ""
    return f"{host}{port}/{info.get('dbname') or ''}"


class PostgresStore:
    """A :class:`~mdrecall.stores.base.Store` in one schema of a PostgreSQL database."""

    def __init__(self, dsn: str, namespace: str) -> None:
        self._pg = _psycopg()
        self.dsn = dsn
        self.namespace = namespace
        self.description = f"postgres:{safe_dsn(dsn)}#{namespace}"
        self._ns = quote_ident(namespace)
        self.sql = Statements.for_namespace(namespace)
        self._lock = threading.RLock()
        self._conn = self._connect()

    # ---- connection -------------------------------------------------------------------------------

    def _connect(self) -> Any:
        pg = self._pg
        try:
            conn = pg.connect(self.dsn, autocommit=True, connect_timeout=10)
        except pg.Error as exc:
            raise StoreError(
                f"cannot connect to PostgreSQL at {safe_dsn(self.dsn)}: {str(exc).strip()}."
                f" Check store.dsn (or {DSN_ENV}) and that the server is running"
            ) from exc
        try:
            ensure_vector_extension(conn)
            ext = conn.execute(
                "SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace"
                " WHERE e.extname = 'vector'"
            ).fetchone()[0]
            visible = conn.execute("SELECT %s = ANY(current_schemas(false))", (ext,)).fetchone()[0]
            if not visible:
                conn.execute(f"SET search_path TO {quote_ident(ext)}, public")
            from pgvector.psycopg import register_vector

            register_vector(conn)
            apply_migrations(conn, self.namespace)
        except StoreError:
            conn.close()
            raise
        except pg.Error as exc:
            conn.close()
            raise StoreError(f"cannot prepare PostgreSQL namespace {self.namespace}: {exc}") from exc
        return conn

    def _run(self, work: Callable[[Any], _T], write: bool = False) -> _T:
        """Run ``work(conn)`` (in a transaction when ``write``); reconnect and retry once if the
        connection broke, and retry deadlocks / serialisation failures."""
        pg = self._pg
        with self._lock:
            for attempt in range(4):
                try:
                    if self._conn.closed or self._conn.broken:
                        self._conn = self._connect()
                    if not write:
                        return work(self._conn)
                    with self._conn.transaction():
                        return work(self._conn)
                except (pg.errors.DeadlockDetected, pg.errors.SerializationFailure) as exc:
                    if attempt == 3:
                        raise StoreError(f"PostgreSQL write kept conflicting, gave up: {exc}") from exc
                    time.sleep(0.05 * (attempt + 1))
                except pg.OperationalError as exc:
                    if attempt or not (self._conn.closed or self._conn.broken):
                        raise StoreError(f"PostgreSQL query failed: {exc}") from exc
                except pg.Error as exc:
                    raise StoreError(f"PostgreSQL query failed: {exc}") from exc
        raise AssertionError("unreachable")  # pragma: no cover

    def _lock_key(self, conn: Any, what: str) -> None:
        conn.execute(
            "SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (f"mdrecall:{self.namespace}:{what}",)
        )

    @contextlib.contextmanager
    def sync_lock(self, timeout_s: float = 600.0) -> Iterator[None]:
        """Hold the namespace's re-index lock (a session advisory lock) while a sync runs.

        Another process syncing the same namespace waits for it (at most ``timeout_s``); searches
        never take it. Per-file writes are safe without it (each takes a per-file transaction lock);
        it only keeps two processes from re-indexing the same files at once.
        """
        key = f"mdrecall:{self.namespace}:sync"

        def take(conn: Any) -> None:
            conn.execute(
                "SELECT set_config('lock_timeout', %s, true)", (f"{max(1, int(timeout_s * 1000))}ms",)
            )
            conn.execute("SELECT pg_advisory_lock(hashtextextended(%s, 0))", (key,))

        try:
            self._run(take, write=True)
        except StoreError as exc:
            if "lock timeout" not in str(exc):
                raise
            raise StoreError(
                f"another process has been indexing {self.namespace} for {timeout_s:g}s"
            ) from exc
        try:
            yield
        finally:
            with contextlib.suppress(StoreError):
                self._run(lambda c: c.execute("SELECT pg_advisory_unlock(hashtextextended(%s, 0))", (key,)))

    # ---- meta and files ---------------------------------------------------------------------------

    def schema_version(self) -> int:
        """The applied schema migration number."""
        sql = f"SELECT coalesce(max(version), 0) FROM {self._ns}.schema_migrations"
        return int(self._run(lambda c: c.execute(sql).fetchone()[0]))

    def get_meta(self, key: str) -> str | None:
        """A value from the meta table."""
        row = self._run(
            lambda c: c.execute(f"SELECT value FROM {self._ns}.meta WHERE key = %s", (key,)).fetchone()
        )
        return row[0] if row else None

    def set_meta(self, key: str, value: str) -> None:
        """Set a value in the meta table."""
        sql = (
            f"INSERT INTO {self._ns}.meta (key, value) VALUES (%s, %s)"
            " ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value"
        )
        self._run(lambda c: c.execute(sql, (_clean(key), _clean(value))), write=True)

    def file_records(self, source: str | None = None) -> dict[str, FileRecord]:
        """Every indexed file (optionally of one source), keyed by path."""
        sql = f"SELECT path, source, hash, mtime_ns, size, date FROM {self._ns}.files"
        rows = self._run(
            lambda c: (
                c.execute(sql + " WHERE source = %s", (source,)).fetchall()
                if source
                else c.execute(sql).fetchall()
            )
        )
        return {r[0]: FileRecord(*r) for r in rows}

    def replace_file(self, record: FileRecord, chunks: Sequence[Chunk]) -> list[str]:
        """Atomically replace a file's record and chunks; returns the ids of chunks that are new."""
        wanted = {_clean(c.id): c for c in chunks}
        analysed = {cid: term_counts(c.text) for cid, c in wanted.items()}
        path = _clean(record.path)

        def work(conn: Any) -> list[str]:
            self._lock_key(conn, "file:" + path)
            old = dict(conn.execute(self.sql.old_chunks, (path,)).fetchall())
            gone = self._delete_chunks(conn, [rid for cid, rid in old.items() if cid not in wanted])
            new = [cid for cid in wanted if cid not in old]
            added = self._insert_chunks(conn, [wanted[c] for c in new], [analysed[c] for c in new])
            meta = (record.hash, record.mtime_ns, record.size, record.date, time.time())
            conn.execute(self.sql.upsert_file, (path, _clean(record.source), *meta))
            self._bump_corpus(conn, added[0] - gone[0], added[1] - gone[1])
            return new

        return self._run(work, write=True)

    def _delete_chunks(self, conn: Any, ids: list[int]) -> tuple[int, int]:
        """Delete chunks (their postings too; vectors cascade); returns (count, total length)."""
        if not ids:
            return 0, 0
        row = conn.execute(self.sql.delete_chunks, (ids,)).fetchone()
        return int(row[0]), int(row[1])

    def _insert_chunks(self, conn: Any, chunks: list[Chunk], analysed: list[Any]) -> tuple[int, int]:
        """Insert chunks and their postings in one statement; returns (count, total length)."""
        if not chunks:
            return 0, 0
        p_ord: list[int] = []
        p_term: list[str] = []
        p_tf: list[int] = []
        for i, (counts, _length) in enumerate(analysed, 1):
            for term, tf in counts.items():
                p_ord.append(i)
                p_term.append(term)
                p_tf.append(tf)
        cols = {
            "cid": [_clean(c.id) for c in chunks],
            "path": [_clean(c.path) for c in chunks],
            "source": [_clean(c.source) for c in chunks],
            "sl": [c.start_line for c in chunks],
            "el": [c.end_line for c in chunks],
            "heading": [_clean(c.heading) for c in chunks],
            "date": [c.date for c in chunks],
            "hash": [c.hash for c in chunks],
            "text": [_clean(c.text) for c in chunks],
            "len": [length for _counts, length in analysed],
            "terms": ["\x1f".join(counts) for counts, _length in analysed],
            "p_ord": p_ord,
            "p_term": p_term,
            "p_tf": p_tf,
        }
        row = conn.execute(self.sql.insert_chunks, cols).fetchone()
        return int(row[0]), int(row[1])

    def _bump_corpus(self, conn: Any, docs: int, length: int) -> None:
        """Last statement of a write: the one-row counter is the only row all writers share."""
        if docs or length:
            conn.execute(self.sql.bump_corpus, (docs, length))

    def remove_file(self, path: str) -> None:
        """Drop a file, its chunks, their postings and vectors."""
        path = _clean(path)

        def work(conn: Any) -> None:
            self._lock_key(conn, "file:" + path)
            ids = [r[0] for r in conn.execute(f"SELECT id FROM {self._ns}.chunks WHERE path = %s", (path,))]
            n, length = self._delete_chunks(conn, ids)
            conn.execute(f"DELETE FROM {self._ns}.files WHERE path = %s", (path,))
            self._bump_corpus(conn, -n, -length)

        self._run(work, write=True)

    # ---- keyword leg --------------------------------------------------------------------------------

    def search_text(
        self, query: KeywordQuery, limit: int, sources: Sequence[str] | None = None
    ) -> list[Candidate]:
        """BM25 candidates (FTS5's formula over the postings), best first."""
        terms = [t for t in query_terms(query.terms) if "\x00" not in t]
        if not terms or limit <= 0:
            return []
        params = {"terms": terms, "limit": int(limit), "sources": list(sources or [])}
        sql = bm25_sql(self.namespace, bool(sources))
        rows = self._run(lambda c: c.execute(sql, params).fetchall())
        return [Candidate(_row_chunk(r), float(r[9]), i) for i, r in enumerate(rows)]

    # ---- vectors ------------------------------------------------------------------------------------

    def _embedder(self, conn: Any, key: str) -> tuple[int, int] | None:
        row = conn.execute(f"SELECT id, dims FROM {self._ns}.embedders WHERE key = %s", (key,)).fetchone()
        return (int(row[0]), int(row[1])) if row else None

    def chunks_without_vectors(self, embedder_key: str, limit: int = 0) -> list[Chunk]:
        """Chunks that have no vector for ``embedder_key`` yet (``limit`` 0 = all)."""
        sql = self.sql.missing_vectors
        params: list[Any] = [_clean(embedder_key)]
        if limit > 0:
            sql += " LIMIT %s"
            params.append(limit)
        return [_row_chunk(r) for r in self._run(lambda c: c.execute(sql, params).fetchall())]

    def put_vectors(self, embedder_key: str, items: Mapping[str, np.ndarray]) -> None:
        """Store vectors by chunk id (ids no longer in the index are ignored)."""
        import numpy as np

        if not items:
            return
        key = _clean(embedder_key)
        vecs = {cid: np.asarray(v, dtype=np.float32).reshape(-1) for cid, v in items.items()}
        dims = {len(v) for v in vecs.values()}
        if len(dims) != 1 or 0 in dims:
            raise StoreError(
                f"vectors for embedder {key!r} must all have the same, non-zero size; got {sorted(dims)}"
            )
        size = dims.pop()

        def work(conn: Any) -> None:
            found = self._embedder(conn, key) or self._register_embedder(conn, key, size)
            eid, want = found
            if want != size:
                raise StoreError(f"embedder {key!r} stores {want}-dimensional vectors, got {size}")
            with conn.cursor() as cur:
                cur.executemany(self.sql.put_vector, [(eid, v, cid) for cid, v in sorted(vecs.items())])

        self._run(work, write=True)

    def _register_embedder(self, conn: Any, key: str, dims: int) -> tuple[int, int]:
        """Add an embedder and its partial HNSW index (under the namespace's DDL lock)."""
        self._lock_key(conn, "ddl")
        found = self._embedder(conn, key)
        if found:
            return found
        eid = int(
            conn.execute(
                f"INSERT INTO {self._ns}.embedders (key, dims) VALUES (%s, %s) RETURNING id", (key, dims)
            ).fetchone()[0]
        )
        name = f"vectors_hnsw_e{eid}"
        ddl = hnsw_index_sql(self.namespace, name, eid, dims)
        if ddl:
            conn.execute(ddl)
            conn.execute(f"UPDATE {self._ns}.embedders SET index_name = %s WHERE id = %s", (name, eid))
        return eid, dims

    def drop_vectors(self, keep_key: str | None) -> int:
        """Delete vectors (and HNSW indexes) of every embedder key except ``keep_key``."""

        def work(conn: Any) -> int:
            self._lock_key(conn, "ddl")
            rows = conn.execute(
                f"SELECT id, index_name FROM {self._ns}.embedders WHERE key IS DISTINCT FROM %s", (keep_key,)
            ).fetchall()
            if not rows:
                return 0
            ids = [r[0] for r in rows]
            n = conn.execute(f"DELETE FROM {self._ns}.vectors WHERE eid = ANY(%s)", (ids,)).rowcount
            for _eid, name in rows:
                if name:
                    conn.execute(f"DROP INDEX IF EXISTS {self._ns}.{quote_ident(name)}")
            conn.execute(f"DELETE FROM {self._ns}.embedders WHERE id = ANY(%s)", (ids,))
            return int(n)

        return self._run(work, write=True)

    def search_vector(
        self, embedder_key: str, vector: np.ndarray, limit: int, sources: Sequence[str] | None = None
    ) -> list[Candidate]:
        """Nearest chunks through the embedder's HNSW index (cosine); raw_score is the dot product."""
        import numpy as np

        q = np.asarray(vector, dtype=np.float32).reshape(-1)
        if limit <= 0 or len(q) == 0 or not np.all(np.isfinite(q)):
            return []

        def work(conn: Any) -> list[Any]:
            found = self._embedder(conn, _clean(embedder_key))
            if found is None or found[1] != len(q):
                return []
            conn.execute(
                "SELECT set_config('hnsw.ef_search', %s, true)", (str(min(1000, max(40, 2 * limit))),)
            )
            if sources:
                with contextlib.suppress(self._pg.Error), conn.transaction():
                    conn.execute("SELECT set_config('hnsw.iterative_scan', 'strict_order', true)")
            sql = vector_sql(self.namespace, found[0], found[1], bool(sources))
            return conn.execute(sql, {"q": q, "limit": int(limit), "sources": list(sources or [])}).fetchall()

        rows = self._run(work, write=True)
        ranked = sorted(rows, key=lambda r: (-float(r[9]), r[0]))
        return [Candidate(_row_chunk(r), float(r[9]), i) for i, r in enumerate(ranked)]

    # ---- embedding cache ----------------------------------------------------------------------------

    def cache_get(self, embedder_key: str, hashes: Sequence[str]) -> dict[str, np.ndarray]:
        """Cached vectors by content hash (and marks them recently used)."""
        import numpy as np

        uniq = sorted({_clean(h) for h in hashes})
        if not uniq:
            return {}
        args = (time.time(), _clean(embedder_key), uniq)
        rows = self._run(lambda c: c.execute(self.sql.cache_get, args).fetchall(), write=True)
        return {r[0]: np.frombuffer(bytes(r[1]), dtype=np.float32).copy() for r in rows}

    def cache_put(self, embedder_key: str, items: Mapping[str, np.ndarray], max_entries: int) -> None:
        """Add vectors to the cache, evicting the least recently used beyond ``max_entries``."""
        import numpy as np

        if not items:
            return
        key = _clean(embedder_key)
        rows = sorted((_clean(h), np.asarray(v, dtype=np.float32).reshape(-1)) for h, v in items.items())
        now = time.time()

        def work(conn: Any) -> None:
            hashes, dims, blobs = (
                [h for h, _ in rows],
                [len(v) for _, v in rows],
                [v.tobytes() for _, v in rows],
            )
            conn.execute(self.sql.cache_put, (key, now, hashes, dims, blobs))
            if max_entries > 0:
                total = conn.execute(f"SELECT count(*) FROM {self._ns}.embedding_cache").fetchone()[0]
                if total > max_entries:
                    conn.execute(self.sql.cache_evict, (total - max_entries,))

        self._run(work, write=True)

    # ---- housekeeping -------------------------------------------------------------------------------

    def counts(self) -> dict[str, int]:
        """Row counts of files, chunks, vectors and cache entries."""
        row = self._run(lambda c: c.execute(self.sql.counts).fetchone())
        return {"files": row[0], "chunks": row[1], "vectors": row[2], "cache": row[3]}

    def drop_namespace(self) -> None:
        """Delete this namespace's schema and everything in it (the Markdown files are untouched)."""
        self._run(lambda c: c.execute(f"DROP SCHEMA IF EXISTS {self._ns} CASCADE"), write=True)

    def close(self) -> None:
        """Close the connection."""
        with self._lock, contextlib.suppress(Exception):
            self._conn.close()


def _clean(value: str) -> str:
    """PostgreSQL text cannot hold NUL or lone surrogates: drop the one, replace the other."""
    if "\x00" in value:
        value = value.replace("\x00", "")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        value = value.encode("utf-8", "replace").decode("utf-8")
    return value


def _row_chunk(r: Sequence[Any]) -> Chunk:
    return Chunk(
        path=r[1],
        source=r[2],
        start_line=r[3],
        end_line=r[4],
        text=r[5],
        hash=r[6],
        heading=r[7] or "",
        date=r[8],
    )


def _factory(config: Config, workspace_root: str) -> PostgresStore:
    dsn = config.store.dsn or os.environ.get(DSN_ENV, "")
    if not dsn:
        raise ConfigError(
            f"store.backend = 'postgres' needs a connection string: set store.dsn or {DSN_ENV}"
            " (postgresql://user:password@host:5432/dbname)"
        )
    return PostgresStore(dsn, namespace_for(config.agent_id, workspace_root))


register_store("postgres", _factory)
