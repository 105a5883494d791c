"""The embedding cache of the PostgreSQL store: vectors by embedder and content hash, least recently used
evicted first (table ``embedding_cache``)."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from mdrecall.stores.postgres_rows import clean_text
from mdrecall.stores.postgres_views import PostgresAccess

if TYPE_CHECKING:
    import numpy as np

    from mdrecall.stores.postgres_sql import Statements

__all__ = ["PostgresEmbeddingCache"]


class PostgresEmbeddingCache(PostgresAccess):
    """Mixed into :class:`~mdrecall.stores.postgres.PostgresStore`; uses only
    :class:`~mdrecall.stores.postgres_views.PostgresAccess` and its statements."""

    sql: Statements

    def cache_get(self, embedder_key: str, hashes: Sequence[str]) -> dict[str, np.ndarray]:
        """Cached vectors by content hash (and marks them recently used)."""
        import numpy as np

        uniq = sorted({clean_text(h) for h in hashes})
        if not uniq:
            return {}
        args = (time.time(), clean_text(embedder_key), uniq)
        rows = self.run(lambda c: c.execute(self.sql.cache_get, args).fetchall(), write=True)
        return {r[0]: np.frombuffer(bytes(r[1]), dtype=np.float32).copy() for r in rows}

    def cache_put(self, embedder_key: str, items: Mapping[str, np.ndarray], max_entries: int) -> None:
        """Add vectors to the cache, evicting the least recently used beyond ``max_entries``."""
        import numpy as np

        if not items:
            return
        key = clean_text(embedder_key)
        rows = sorted((clean_text(h), np.asarray(v, dtype=np.float32).reshape(-1)) for h, v in items.items())
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

        self.run(work, write=True)
