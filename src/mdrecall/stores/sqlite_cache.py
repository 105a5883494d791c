"""The embedding cache of the SQLite store: vectors by embedder and content hash, least recently used
evicted first (table ``embedding_cache``)."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from mdrecall.stores.sqlite_views import SQLiteAccess

if TYPE_CHECKING:
    import numpy as np

__all__ = ["SQLiteEmbeddingCache"]


class SQLiteEmbeddingCache(SQLiteAccess):
    """Mixed into :class:`~mdrecall.stores.sqlite.SQLiteStore`; uses only
    :class:`~mdrecall.stores.sqlite_views.SQLiteAccess`."""

    def cache_get(self, embedder_key: str, hashes: Sequence[str]) -> dict[str, np.ndarray]:
        """Cached vectors by content hash (and marks them recently used)."""
        import numpy as np

        out: dict[str, np.ndarray] = {}
        uniq = list(dict.fromkeys(hashes))
        for i in range(0, len(uniq), 500):
            part = uniq[i : i + 500]
            rows = self.query(
                "SELECT hash, vec FROM embedding_cache WHERE embedder = ?"
                f" AND hash IN ({','.join('?' * len(part))})",
                [embedder_key, *part],
            )
            for r in rows:
                out[r[0]] = np.frombuffer(r[1], dtype=np.float32).copy()
        if out:
            now = time.time()
            with self.transaction() as conn:
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
            rows = self.query(
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
        with self.transaction() as conn:
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
