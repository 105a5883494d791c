"""The scale-out store: PostgreSQL with pgvector (``store.backend = "postgres"``).

Each agent (``agent_id``) or workspace gets its own schema in the database (its *namespace*), so
many agents share one server without seeing each other's memory. Tables: ``meta``, ``files``,
``chunks``, ``postings`` (the inverted index for BM25), ``corpus`` (chunk count and total length),
``embedders`` + ``vectors`` (pgvector, one partial HNSW cosine index per embedder) and
``embedding_cache``; the views derived from the files in :mod:`~mdrecall.stores.postgres_views` (fact lines
and their pairing: :mod:`~mdrecall.stores.postgres_facts`); forgetting in
:mod:`~mdrecall.stores.postgres_forget`. Text is analysed in Python
(:mod:`mdrecall.stores.analysis`) exactly like SQLite FTS5 does, and ranked with FTS5's BM25, so both
stores score alike. See ``docs/postgres.md``.

Needs ``pip install 'mdrecall[postgres]'`` (psycopg 3, pgvector, snowballstemmer + PyStemmer).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from mdrecall.config.sources import env_dsn
from mdrecall.errors import ConfigError, StoreError
from mdrecall.models import Candidate, Chunk, FileRecord
from mdrecall.stores.analysis import (
    analysis_fingerprint,
    chunk_phrase_count,
    chunk_term_counts,
    query_phrases,
    query_terms,
)
from mdrecall.stores.postgres_cache import PostgresEmbeddingCache
from mdrecall.stores.postgres_cross import PostgresCrossScores
from mdrecall.stores.postgres_forget import PostgresForget
from mdrecall.stores.postgres_rows import clean_text, row_chunk
from mdrecall.stores.postgres_session import DSN_ENV, Session, safe_dsn
from mdrecall.stores.postgres_sql import (
    Statements,
    bm25_sql,
    hnsw_index_sql,
    namespace_for,
    quote_ident,
    vector_sql,
)
from mdrecall.stores.postgres_views import PostgresViews

if TYPE_CHECKING:
    import numpy as np

    from mdrecall.config.settings import Config
    from mdrecall.text.query import KeywordQuery

__all__ = ["PostgresStore", "DSN_ENV"]

#: Below this many vectors an exact scan is fast and exact; from it on, an HNSW index.
VECTOR_INDEX_MIN_ROWS = 2_000
#: ``maintenance_work_mem`` for an HNSW build (the graph should fit in it).
INDEX_BUILD_MEMORY = "512MB"
#: How long one vector index's build may take before its connection is cut (a row write's is shorter).
INDEX_BUILD_DEADLINE_S = 3600.0
#: Meta key holding the fingerprint of the text analysis the postings were built with.
ANALYSIS_KEY = "pg_analysis"


_T = TypeVar("_T")


class PostgresStore(PostgresViews, PostgresCrossScores, PostgresForget, PostgresEmbeddingCache):
    """A :class:`~mdrecall.stores.base.Store` in one schema of a PostgreSQL database."""

    def __init__(self, dsn: str, namespace: str) -> None:
        self.namespace = namespace
        self.description = f"postgres:{safe_dsn(dsn)}#{namespace}"
        self._ns = quote_ident(namespace)
        self.sql = Statements.for_namespace(namespace)
        self._in_sync = 0
        #: An embedder's HNSW index is built once it has this many vectors (below, exact scan).
        self.vector_index_min_rows = VECTOR_INDEX_MIN_ROWS
        self._db = Session(dsn, namespace)
        self._run = self._db.run
        self._lock_key = self._db.xact_lock
        if self.get_meta(ANALYSIS_KEY) != analysis_fingerprint():
            self.reanalyse()

    @contextlib.contextmanager
    def sync_lock(self, timeout_s: float = 600.0) -> Iterator[None]:
        """Hold the namespace's re-index lock (a session advisory lock) while a sync runs.

        Another process syncing the same namespace waits for it (at most ``timeout_s``); searches
        never take it. Per-file writes are safe without it (each takes a per-file transaction lock);
        it only keeps two processes from re-indexing the same files at once. Vector indexes are
        built when the sync ends (:meth:`ensure_vector_indexes`), not vector by vector.
        """
        with self._db.session_lock("sync", timeout_s):
            self._in_sync += 1
            try:
                yield
            finally:
                self._in_sync -= 1
            if not self._in_sync:
                self.ensure_vector_indexes()

    def reanalyse(self, batch: int = 500) -> int:
        """Rebuild every chunk's terms and postings from its text with this version's analyser.

        Runs on open when the stored analysis fingerprint differs (a new tokenizer or stemmer would
        otherwise leave old terms that queries no longer produce); returns the chunks redone.
        """
        done = 0
        with self.sync_lock():
            if self.get_meta(ANALYSIS_KEY) == analysis_fingerprint():
                return 0  # another process did it while we waited
            last = 0
            page = f"SELECT id, heading, text FROM {self._ns}.chunks WHERE id > %s ORDER BY id LIMIT %s"
            while True:

                def read_page(c: Any, after: int = last) -> list[Any]:
                    return c.execute(page, (after, batch)).fetchall()

                rows = self._run(read_page)
                if not rows:
                    break
                counts = [chunk_term_counts(heading, text) for _, heading, text in rows]
                params = {
                    "ids": [r[0] for r in rows],
                    "len": [n for _, n in counts],
                    "terms": ["\x1f".join(tc) for tc, _ in counts],
                    "tfs": [",".join(map(str, tc.values())) for tc, _ in counts],
                }

                def write_page(c: Any, p: dict[str, list[Any]] = params) -> None:
                    for q in self.sql.reanalyse:
                        c.execute(q, p)

                self._run(write_page, write=True)
                done += len(rows)
                last = rows[-1][0]
            self.set_meta(ANALYSIS_KEY, analysis_fingerprint())
        return done

    # ---- meta and files ---------------------------------------------------------------------------

    def run(self, work: Callable[[Any], _T], write: bool = False) -> _T:
        """``work(conn)``, in a transaction when ``write`` (the interface its views use)."""
        return self._db.run(work, write)

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
        self._run(lambda c: c.execute(sql, (clean_text(key), clean_text(value))), write=True)

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
        wanted = {clean_text(c.id): c for c in chunks}
        analysed = {cid: chunk_term_counts(c.heading, c.text) for cid, c in wanted.items()}
        path = clean_text(record.path)

        def work(conn: Any) -> list[str]:
            self._lock_key(conn, "file:" + path)
            old = {r[0]: (r[1], r[2]) for r in conn.execute(self.sql.old_chunks, (path,))}
            gone = [rid_len for cid, rid_len in old.items() if cid not in wanted]
            new = [cid for cid in wanted if cid not in old]
            docs = len(new) - len(gone)
            length = sum(analysed[c][1] for c in new) - sum(n for _, n in gone)
            with conn.pipeline():  # the rest needs no answers: one round trip
                if gone:
                    conn.execute(self.sql.delete_chunks, ([rid for rid, _ in gone],))
                if new:
                    conn.execute(self.sql.insert_chunks, self._chunk_params(wanted, analysed, new))
                meta = (record.hash, record.mtime_ns, record.size, record.date, time.time())
                conn.execute(self.sql.upsert_file, (path, clean_text(record.source), *meta))
                if docs or length:  # last: the one row every writer shares
                    conn.execute(self.sql.bump_corpus, (docs, length))
            return new

        return self._run(work, write=True)

    @staticmethod
    def _chunk_params(wanted: Mapping[str, Chunk], analysed: Mapping[str, Any], new: list[str]) -> dict:
        """Column arrays for :attr:`Statements.insert_chunks`."""
        chunks = [wanted[cid] for cid in new]
        counts = [analysed[cid][0] for cid in new]
        return {
            "cid": new,
            "path": [clean_text(c.path) for c in chunks],
            "source": [clean_text(c.source) for c in chunks],
            "sl": [c.start_line for c in chunks],
            "el": [c.end_line for c in chunks],
            "heading": [clean_text(c.heading) for c in chunks],
            "date": [c.date for c in chunks],
            "hash": [c.hash for c in chunks],
            "text": [clean_text(c.text) for c in chunks],
            "len": [analysed[cid][1] for cid in new],
            "terms": ["\x1f".join(tc) for tc in counts],
            "tfs": [",".join(map(str, tc.values())) for tc in counts],
            "ps": [c.parent_start_line for c in chunks],
            "pe": [c.parent_end_line for c in chunks],
        }

    def remove_file(self, path: str) -> None:
        """Drop a file, its chunks, their postings and vectors."""
        path = clean_text(path)

        def work(conn: Any) -> None:
            self._lock_key(conn, "file:" + path)
            old = conn.execute(self.sql.old_chunks, (path,)).fetchall()
            with conn.pipeline():
                if old:
                    conn.execute(self.sql.delete_chunks, ([r[1] for r in old],))
                conn.execute(f"DELETE FROM {self._ns}.files WHERE path = %s", (path,))
                if old:
                    conn.execute(self.sql.bump_corpus, (-len(old), -sum(r[2] for r in old)))

        self._run(work, write=True)

    # ---- keyword leg --------------------------------------------------------------------------------

    def search_text(
        self, query: KeywordQuery, limit: int, sources: Sequence[str] | None = None
    ) -> list[Candidate]:
        """BM25 candidates (FTS5's formula over the postings), best first.

        A multi-word synonym ("base de datos") is a phrase, as in FTS5: the chunks holding all its
        words are read and the phrase counted in their terms; it then scores as one more term.
        """
        every = getattr(query, "all_terms", query.terms)
        terms = [t for t in query_terms(every) if "\x00" not in t]
        phrases = [p for p in query_phrases(every) if not any("\x00" in t for t in p)]
        if not (terms or phrases) or limit <= 0:
            return []
        sql = bm25_sql(self.namespace, bool(sources))

        def work(conn: Any) -> list[Any]:
            found = self._phrase_postings(conn, phrases)
            params = {
                "terms": terms,
                "limit": int(limit),
                "sources": list(sources or []),
                **{f"ph_{k}": [row[i] for row in found] for i, k in enumerate(("term", "chunk", "tf", "dl"))},
            }
            return conn.execute(sql, params).fetchall()

        rows = self._run(work)
        return [Candidate(row_chunk(r), float(r[11]), i) for i, r in enumerate(rows)]

    def _phrase_postings(self, conn: Any, phrases: list[tuple[str, ...]]) -> list[tuple[str, int, int, int]]:
        """``(key, chunk, tf, dl)`` for every chunk where a phrase occurs (its words in order)."""
        out: list[tuple[str, int, int, int]] = []
        for phrase in phrases:
            words = sorted(set(phrase))
            sql = (
                f"SELECT c.id, c.len, c.heading, c.text FROM {self._ns}.chunks c WHERE c.id IN ("
                f"SELECT chunk FROM {self._ns}.postings WHERE term = ANY(%s::text[])"
                " GROUP BY chunk HAVING count(*) = %s)"
            )
            key = " ".join(phrase)  # no indexed term holds a space: this key is never a real term
            for cid, dl, heading, text in conn.execute(sql, (words, len(words))).fetchall():
                tf = chunk_phrase_count(heading, text, phrase)
                if tf:
                    out.append((key, int(cid), tf, int(dl)))
        return out

    # ---- vectors ------------------------------------------------------------------------------------

    def _embedder(self, conn: Any, key: str) -> tuple[int, int] | None:
        row = conn.execute(f"SELECT id, dims FROM {self._ns}.embedders WHERE key = %s", (key,)).fetchone()
        return (int(row[0]), int(row[1])) if row else None

    def chunks_without_vectors(self, embedder_key: str, limit: int = 0) -> list[Chunk]:
        """Chunks that have no vector for ``embedder_key`` yet (``limit`` 0 = all)."""
        sql = self.sql.missing_vectors
        params: list[Any] = [clean_text(embedder_key)]
        if limit > 0:
            sql += " LIMIT %s"
            params.append(limit)
        return [row_chunk(r) for r in self._run(lambda c: c.execute(sql, params).fetchall())]

    def put_vectors(self, embedder_key: str, items: Mapping[str, np.ndarray]) -> None:
        """Store vectors by chunk id (ids no longer in the index are ignored)."""
        import numpy as np

        if not items:
            return
        key = clean_text(embedder_key)
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
            if not self._in_sync:  # inside a sync, the index is built once at its end
                self._ensure_index(conn, eid, size)

        self._run(work, write=True)

    def ensure_vector_indexes(self) -> None:
        """Build the HNSW index of every embedder that has enough vectors and no index yet.

        Building once over many vectors is several times faster than inserting them one by one
        into an existing HNSW graph, so bulk loads (a sync) insert first and index at the end.
        """
        rows = self._run(
            lambda c: c.execute(
                f"SELECT id, dims FROM {self._ns}.embedders WHERE index_name IS NULL"
            ).fetchall()
        )
        for eid, dims in rows:
            # a build over many vectors may take long: its own deadline, not a row write's
            self._run(
                partial(self._ensure_index, eid=eid, dims=dims), write=True, deadline_s=INDEX_BUILD_DEADLINE_S
            )

    def _ensure_index(self, conn: Any, eid: int, dims: int) -> None:
        name = f"vectors_hnsw_e{eid}"
        ddl = hnsw_index_sql(self.namespace, name, eid, dims)
        if ddl is None:
            return  # too many dimensions for an HNSW index: exact scan
        sql = (
            f"SELECT index_name, (SELECT count(*) FROM {self._ns}.vectors WHERE eid = %s)"
            f" FROM {self._ns}.embedders WHERE id = %s"
        )
        row = conn.execute(sql, (eid, eid)).fetchone()
        if row is None or row[0] or row[1] < self.vector_index_min_rows:
            return
        self._lock_key(conn, "ddl")
        conn.execute("SELECT set_config('maintenance_work_mem', %s, true)", (INDEX_BUILD_MEMORY,))
        conn.execute(ddl)
        conn.execute(f"UPDATE {self._ns}.embedders SET index_name = %s WHERE id = %s", (name, eid))

    def _register_embedder(self, conn: Any, key: str, dims: int) -> tuple[int, int]:
        """Add an embedder (under the namespace's DDL lock); its index comes with enough vectors."""
        self._lock_key(conn, "ddl")
        found = self._embedder(conn, key)
        if found:
            return found
        eid = int(
            conn.execute(
                f"INSERT INTO {self._ns}.embedders (key, dims) VALUES (%s, %s) RETURNING id", (key, dims)
            ).fetchone()[0]
        )
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
            found = self._embedder(conn, clean_text(embedder_key))
            if found is None or found[1] != len(q):
                return []
            conn.execute(
                "SELECT set_config('hnsw.ef_search', %s, true)", (str(min(1000, max(40, 2 * limit))),)
            )
            if sources:
                with contextlib.suppress(self._db._pg.Error), conn.transaction():
                    conn.execute("SELECT set_config('hnsw.iterative_scan', 'strict_order', true)")
            sql = vector_sql(self.namespace, found[0], found[1], bool(sources))
            return conn.execute(sql, {"q": q, "limit": int(limit), "sources": list(sources or [])}).fetchall()

        rows = self._run(work, write=True)
        ranked = sorted(rows, key=lambda r: (-float(r[11]), r[0]))
        return [Candidate(row_chunk(r), float(r[11]), i) for i, r in enumerate(ranked)]

    # ---- housekeeping -------------------------------------------------------------------------------

    def counts(self) -> dict[str, int]:
        """Row counts of files, chunks, vectors and cache entries."""
        row = self._run(lambda c: c.execute(self.sql.counts).fetchone())
        return {"files": row[0], "chunks": row[1], "vectors": row[2], "cache": row[3]}

    def chunk_counts(self) -> dict[str, int]:
        """How many chunks each indexed file has, keyed by path."""
        sql = f"SELECT path, count(*) FROM {self._ns}.chunks GROUP BY path"
        return {r[0]: int(r[1]) for r in self._run(lambda c: c.execute(sql).fetchall())}

    def drop_namespace(self) -> None:
        """Delete this namespace's schema and everything in it (the Markdown files are untouched)."""
        self._run(lambda c: c.execute(f"DROP SCHEMA IF EXISTS {self._ns} CASCADE"), write=True)

    def close(self) -> None:
        """Close the connection."""
        self._db.close()


def create(config: Config, workspace_root: str) -> PostgresStore:
    dsn = config.store.dsn or env_dsn()
    if not dsn:
        raise ConfigError(
            f"store.backend = 'postgres' needs a connection string: set store.dsn or {DSN_ENV}"
            " (postgresql://user:password@host:5432/dbname)"
        )
    return PostgresStore(dsn, namespace_for(config.agent_id, workspace_root))
