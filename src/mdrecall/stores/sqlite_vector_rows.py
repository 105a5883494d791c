"""The vector rows of the SQLite store: which chunks still need a vector, writing and dropping vectors.

Mixed into :class:`~mdrecall.stores.sqlite.SQLiteStore`; the vector leg's search itself is
:mod:`mdrecall.stores.sqlite_vectors`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from mdrecall.models import Chunk
from mdrecall.stores.sqlite_rows import CHUNK_COLS, row_chunk
from mdrecall.stores.sqlite_views import SQLiteAccess

if TYPE_CHECKING:
    import numpy as np

__all__ = ["SQLiteVectorRows"]


class SQLiteVectorRows(SQLiteAccess):
    """Mixed into :class:`~mdrecall.stores.sqlite.SQLiteStore`."""

    def chunks_without_vectors(self, embedder_key: str, limit: int = 0) -> list[Chunk]:
        """Chunks that have no vector for ``embedder_key`` yet."""
        sql = (
            f"SELECT {CHUNK_COLS} FROM chunks c LEFT JOIN vectors v"
            " ON v.chunk_rowid = c.id AND v.embedder = ? WHERE v.chunk_rowid IS NULL ORDER BY c.id"
        )
        params: list[Any] = [embedder_key]
        if limit > 0:
            sql += " LIMIT ?"
            params.append(limit)
        return [row_chunk(r) for r in self.query(sql, params)]

    def count_without_vectors(self, embedder_key: str) -> int:
        """How many chunks have no vector for ``embedder_key`` (a count, no rows read)."""
        rows = self.query(
            "SELECT count(*) FROM chunks c WHERE NOT EXISTS"
            " (SELECT 1 FROM vectors v WHERE v.chunk_rowid = c.id AND v.embedder = ?)",
            (embedder_key,),
        )
        return int(rows[0][0])

    def missing_vector_sizes(self, embedder_key: str) -> list[tuple[str, str, int]]:
        """``(path, hash, characters embedded)`` of chunks without a vector (for estimates; no texts)."""
        rows = self.query(
            "SELECT c.path, c.hash, length(c.text) + CASE WHEN coalesce(c.heading, '') != ''"
            " AND ltrim(c.text) NOT LIKE '#%' THEN length(c.heading) + 1 ELSE 0 END FROM chunks c"
            " WHERE NOT EXISTS (SELECT 1 FROM vectors v WHERE v.chunk_rowid = c.id AND v.embedder = ?)",
            (embedder_key,),
        )
        return [(r[0], r[1], int(r[2])) for r in rows]

    def chunk_counts_by_path(self) -> dict[str, int]:
        """Chunks per indexed file."""
        return {r[0]: int(r[1]) for r in self.query("SELECT path, count(*) FROM chunks GROUP BY path")}

    def put_vectors(self, embedder_key: str, items: Mapping[str, np.ndarray]) -> None:
        """Store vectors by chunk id (ids no longer in the index are ignored)."""
        import numpy as np

        if not items:
            return
        rows = []
        for cid, vec in items.items():
            v = np.asarray(vec, dtype=np.float32).reshape(-1)
            rows.append((embedder_key, len(v), v.tobytes(), cid))
        with self.transaction() as conn:
            conn.executemany(
                "INSERT OR REPLACE INTO vectors(chunk_rowid, embedder, dims, vec)"
                " SELECT id, ?, ?, ? FROM chunks WHERE chunk_id = ?",
                rows,
            )

    def drop_vectors(self, keep_key: str | None) -> int:
        """Delete vectors of every embedder key except ``keep_key``."""
        with self.transaction() as conn:
            cur = conn.execute("DELETE FROM vectors WHERE embedder IS NOT ?", (keep_key,))
            return cur.rowcount
