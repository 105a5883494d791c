"""Nearest-neighbour search over the SQLite store's float32 vectors, in bounded memory.

Each query takes the fastest way that applies (measured by ``benchmarks/vectors.py``, see
``docs/storage.md``):

1. **cached** — while one embedder's vectors fit the byte budget (``cache_bytes``, default
   :data:`DEFAULT_VECTOR_CACHE_BYTES`: 256 MiB, about 170k vectors of 384 dims), they are held as one
   numpy matrix and scored in memory. The matrix is reloaded after any write to the database (this
   connection's writes, or another connection's: ``PRAGMA data_version``) that changed those vectors.
   A new process reads it from the vector file beside the index (:mod:`mdrecall.stores.sqlite_vector_file`)
   when that file matches the vectors; otherwise it reads the vectors from SQLite and rewrites the file.
2. **sqlite-vec** — beyond the budget, when the optional extension loads, a ``vec0`` side index
   answers (:mod:`mdrecall.stores.sqlite_vec_index`).
3. **block scan** — otherwise the vectors are read from SQLite in blocks of about
   :data:`SCAN_BLOCK_BYTES`, each scored and merged into a running top-k; nothing is kept.

Scores are dot products computed by :func:`scores` (``numpy.einsum``, not BLAS: a row's score does
not depend on the block it is read in, and BLAS threads stall when the cores are busy — 8-32 ms
instead of 2.7 ms for 20k × 384 on 2 loaded cores). Ranking is by (score descending, chunk rowid
ascending), so the cached matrix and the block scan return identical candidates.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

    from mdrecall.stores.sqlite_vec_index import SideIndex
    from mdrecall.stores.sqlite_vector_file import VectorFile

__all__ = ["DEFAULT_VECTOR_CACHE_BYTES", "SCAN_BLOCK_BYTES", "VectorSearch", "scores", "top_k"]

#: Largest matrix (bytes of float32) kept in memory per store; beyond it, sqlite-vec or a block scan.
DEFAULT_VECTOR_CACHE_BYTES = 256 * 2**20
#: Vectors read and scored at a time by the block scan.
SCAN_BLOCK_BYTES = 4 * 2**20


#: Count, largest id and dims of one embedder key's vectors (dims from one blob: an identity has one).
#: Ids are never reused, so (count, largest id) changes whenever that key's vectors do.
STAT_SQL = (
    "SELECT count(*), coalesce(max(id), 0), (SELECT length(vec) FROM vectors WHERE embedder = ?1 LIMIT 1)"
    " FROM vectors WHERE embedder = ?1"
)
#: Every vector of one key with its chunk's rowid and source, in the order both numpy paths use.
SCAN_SQL = (
    "SELECT v.chunk_rowid, v.vec, c.source FROM vectors v JOIN chunks c ON c.id = v.chunk_rowid"
    " WHERE v.embedder = ?"
)
#: Vectors by id (the sqlite-vec path rescores what the side index found).
BY_ID_SQL = "SELECT v.chunk_rowid, v.vec FROM vectors v JOIN chunks c ON c.id = v.chunk_rowid WHERE v.id IN "


def scores(mat: np.ndarray, q: np.ndarray) -> np.ndarray:
    """Row-wise dot products (single-threaded; the same bits for a row in any block)."""
    import numpy as np

    return np.einsum("ij,j->i", mat, q)


def top_k(values: np.ndarray, ids: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """The ``k`` best of ``values`` by (value descending, id ascending); NaN and -inf never qualify."""
    import numpy as np

    ok = np.isfinite(values)
    if not ok.all():
        values, ids = values[ok], ids[ok]
    n = len(values)
    if n > k:
        kth = np.partition(values, n - k)[n - k]  # the k-th largest
        keep = values >= kth  # k entries, or more when several tie with the k-th
        values, ids = values[keep], ids[keep]
    order = np.lexsort((ids, -values))[:k]
    return values[order], ids[order]


@dataclass
class _Matrix:
    version: object
    key: str
    signature: tuple[int, int]  # (count, largest id) of the key's vectors when loaded
    ids: np.ndarray  # chunk rowids (int64)
    mat: np.ndarray  # float32, one row per vector
    codes: np.ndarray  # index into names, per row
    names: list[str]  # distinct sources


class VectorSearch:
    """The vector leg of one :class:`~mdrecall.stores.sqlite.SQLiteStore` (the caller holds its lock).

    ``side`` is the sqlite-vec side index, or ``None`` where the extension is not installed or is
    turned off; ``file`` the vector file that keeps the cached matrix for the next process, or ``None``.
    :attr:`last_method` says how the last query was answered (``cached``, ``sqlite-vec`` or ``scan``);
    :attr:`last_load` where the cached matrix last came from (``file`` or ``sqlite``).
    """

    def __init__(
        self,
        cache_bytes: int = DEFAULT_VECTOR_CACHE_BYTES,
        side: SideIndex | None = None,
        file: VectorFile | None = None,
    ):
        self.cache_bytes = max(0, int(cache_bytes))
        self.side = side
        self.file = file
        self.last_method: str | None = None
        self.last_load: str | None = None
        self._cached: _Matrix | None = None
        self._stats: tuple[object, str, tuple[int, int, int]] | None = None  # version, key, stat

    def search(
        self,
        conn: sqlite3.Connection,
        version: object,
        key: str,
        vector: Any,
        limit: int,
        sources: Sequence[str] | None = None,
    ) -> list[tuple[int, float]]:
        """``(chunk rowid, cosine score)`` of the nearest vectors of ``key``, best first."""
        import numpy as np

        q = np.asarray(vector, dtype=np.float32).reshape(-1)
        if limit <= 0 or len(q) == 0:
            return []
        cached = self._cached
        if cached is not None and cached.version == version and cached.key == key:
            if cached.mat.shape[1] != len(q):
                return []
            self.last_method = "cached"
            return self._score_cached(cached, q, limit, sources)
        with _read_tx(conn):
            count, largest, dims = self._stat(conn, version, key)
            if count == 0 or dims != len(q):
                if cached is not None and cached.key == key:
                    self._cached = None
                return []
            if count * dims * 4 <= self.cache_bytes:
                # a write elsewhere (files, meta, another key) keeps the matrix: its signature holds
                if cached is None or cached.key != key or cached.signature != (count, largest):
                    self._cached = None  # free the old matrix before loading the new one
                    cached = self._mapped(key, (count, largest), dims) or self._load_and_keep(
                        conn, key, (count, largest), dims
                    )
                cached.version = version
                self._cached = cached
                self.last_method = "cached"
                return self._score_cached(cached, q, limit, sources)
            self._cached = None  # never hold a matrix over the budget
            if self.side is not None:
                found = self._side_search(conn, key, dims, (count, largest), q, limit, sources)
                if found is not None:
                    self.last_method = "sqlite-vec"
                    return found
            self.last_method = "scan"
            return self._scan(conn, key, q, limit, sources)

    def close(self) -> None:
        """Drop the cache and close the side index."""
        self._cached = self._stats = None
        if self.side is not None:
            self.side.close()

    def discard_file(self) -> None:
        """Delete the vector file (after a forget deleted vectors: no copy of them may stay)."""
        if self.file is not None:
            self.file.discard()

    # ---- the numpy paths ----------------------------------------------------------------------------

    def _stat(self, conn: sqlite3.Connection, version: object, key: str) -> tuple[int, int, int]:
        if self._stats is not None and self._stats[:2] == (version, key):
            return self._stats[2]
        count, largest, size = conn.execute(STAT_SQL, (key,)).fetchone()
        stat = (int(count), int(largest), int(size or 0) // 4)
        self._stats = (version, key, stat)
        return stat

    def _mapped(self, key: str, signature: tuple[int, int], dims: int) -> _Matrix | None:
        """The matrix from the vector file, when it holds exactly these vectors."""
        found = self.file.read(key, signature, dims) if self.file is not None else None
        if found is None:
            return None
        self.last_load = "file"
        ids, mat, codes, names = found
        return _Matrix(None, key, signature, ids, mat, codes, names)

    def _load_and_keep(
        self, conn: sqlite3.Connection, key: str, signature: tuple[int, int], dims: int
    ) -> _Matrix:
        """The matrix from SQLite, written to the vector file for the next process."""
        m = self._load(conn, key, signature, dims)
        self.last_load = "sqlite"
        if self.file is not None:
            self.file.write(key, signature, m.ids, m.mat, m.codes, m.names)
        return m

    def _load(self, conn: sqlite3.Connection, key: str, signature: tuple[int, int], dims: int) -> _Matrix:
        import numpy as np

        count = signature[0]
        mat = np.empty((count, dims), dtype=np.float32)
        ids = np.empty(count, dtype=np.int64)
        codes = np.empty(count, dtype=np.int32)
        names: dict[str, int] = {}
        n = 0
        for block_ids, block, block_sources in _blocks(conn, key, dims):
            end = n + len(block_ids)
            mat[n:end], ids[n:end] = block, block_ids
            codes[n:end] = [names.setdefault(s, len(names)) for s in block_sources]
            n = end
        return _Matrix(None, key, signature, ids[:n], mat[:n], codes[:n], list(names))

    def _score_cached(
        self, m: _Matrix, q: np.ndarray, limit: int, sources: Sequence[str] | None
    ) -> list[tuple[int, float]]:
        import numpy as np

        found, ids = scores(m.mat, q), m.ids
        if sources:
            wanted = [i for i, name in enumerate(m.names) if name in sources]
            allowed = np.isin(m.codes, wanted)
            found, ids = found[allowed], ids[allowed]
        best, best_ids = top_k(found, ids, limit)
        return _pairs(best_ids, best)

    def _scan(
        self, conn: sqlite3.Connection, key: str, q: np.ndarray, limit: int, sources: Sequence[str] | None
    ) -> list[tuple[int, float]]:
        import numpy as np

        best = np.zeros(0, dtype=np.float32)
        best_ids = np.zeros(0, dtype=np.int64)
        for ids, block, block_sources in _blocks(conn, key, len(q)):
            found = scores(block, q)
            if sources:
                allowed = np.fromiter((s in sources for s in block_sources), dtype=bool, count=len(ids))
                found, ids = found[allowed], ids[allowed]
            best, best_ids = top_k(np.concatenate((best, found)), np.concatenate((best_ids, ids)), limit)
        return _pairs(best_ids, best)

    # ---- the sqlite-vec path --------------------------------------------------------------------------

    def _side_search(
        self,
        conn: sqlite3.Connection,
        key: str,
        dims: int,
        signature: tuple[int, int],
        q: np.ndarray,
        limit: int,
        sources: Sequence[str] | None,
    ) -> list[tuple[int, float]] | None:
        """Candidates from the side index, rescored exactly as the numpy paths score them.

        A few more than ``limit`` are fetched; when the last fetched one still ties with the last one
        kept (duplicate texts have equal vectors), more are fetched, so ties rank by rowid as elsewhere.
        """
        import numpy as np

        from mdrecall.stores.sqlite_vec_index import MAX_K, available

        assert self.side is not None
        if not available():
            self.side = None
            return None
        fetch = min(MAX_K, limit + 16)
        while True:
            try:
                vector_ids = self.side.nearest(conn, key, dims, signature, q, fetch, sources)
            except Exception as exc:  # noqa: BLE001 - any failure of the optional accelerator
                import logging  # here: only this rare fallback logs

                logging.getLogger("mdrecall.stores").warning(
                    "sqlite-vec side index failed, scanning instead (%s); rebuilt next time", exc
                )
                self.side.discard()
                self.side = None
                return None
            if not vector_ids:
                return []
            rows = conn.execute(BY_ID_SQL + f"({','.join('?' * len(vector_ids))})", vector_ids).fetchall()
            ids = np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows))
            mat = np.frombuffer(b"".join(r[1] for r in rows), dtype=np.float32).reshape(len(rows), dims)
            found = scores(mat, q)
            best, best_ids = top_k(found, ids, limit)
            complete = len(vector_ids) < fetch or fetch >= MAX_K or len(best) < limit
            if complete or found.min() < best[-1] - 1e-6:
                return _pairs(best_ids, best)
            fetch = min(MAX_K, fetch * 4)


def _pairs(ids: np.ndarray, scores: np.ndarray) -> list[tuple[int, float]]:
    return list(zip(ids.tolist(), scores.tolist(), strict=True))


def _block_rows(dims: int) -> int:
    return max(64, SCAN_BLOCK_BYTES // (4 * max(1, dims)))


def _blocks(conn: sqlite3.Connection, key: str, dims: int) -> Iterator[tuple[Any, Any, list[str]]]:
    """``(chunk rowids, float32 matrix, sources)`` per block of :data:`SCAN_SQL`."""
    import numpy as np

    cur = conn.cursor()
    cur.row_factory = None  # plain tuples: about twice as fast as sqlite3.Row here
    cur.execute(SCAN_SQL, (key,))
    rows = _block_rows(dims)
    try:
        while True:
            part = cur.fetchmany(rows)
            if not part:
                return
            blob = b"".join(r[1] for r in part)
            if len(blob) != 4 * dims * len(part):  # never for one identity; skip odd rows, do not fail
                part = [r for r in part if len(r[1]) == 4 * dims]
                blob = b"".join(r[1] for r in part)
            ids = np.fromiter((r[0] for r in part), dtype=np.int64, count=len(part))
            mat = np.frombuffer(blob, dtype=np.float32).reshape(len(part), dims)
            yield ids, mat, [r[2] for r in part]
    finally:
        cur.close()


@contextlib.contextmanager
def _read_tx(conn: sqlite3.Connection) -> Iterator[None]:
    """One snapshot for the count and the reads that follow (unless a transaction is already open)."""
    if conn.in_transaction:
        yield
        return
    conn.execute("BEGIN")
    try:
        yield
    finally:
        conn.execute("COMMIT")
