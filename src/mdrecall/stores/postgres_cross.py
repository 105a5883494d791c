"""The supersession cross-encoder's scores, cached in the PostgreSQL store
(:mod:`mdrecall.knowledge.changes.cross_pairs`), as SQLite's :mod:`mdrecall.stores.sqlite_cross`.

Table ``sup_cross`` (migration 7): a digest of a pair's two input strings and the model's file → p.
"""

from __future__ import annotations

from collections.abc import Sequence

from mdrecall.stores.postgres_views import PostgresAccess
from mdrecall.stores.sqlite_cross import cached_p

__all__ = ["PostgresCrossScores"]


class PostgresCrossScores(PostgresAccess):
    """Mixed into :class:`~mdrecall.stores.postgres.PostgresStore`; uses only
    :class:`~mdrecall.stores.postgres_views.PostgresAccess`."""

    _ns: str

    def cross_scores(self, keys: Sequence[str]) -> dict[str, float]:
        """The cached p of each of ``keys`` held (the others, and damaged rows, absent)."""
        unique = sorted(set(keys))
        if not unique:
            return {}
        sql = f"SELECT key, p FROM {self._ns}.sup_cross WHERE key = ANY(%s)"
        rows = self.run(lambda c: c.execute(sql, (unique,)).fetchall())
        out = {str(r[0]): cached_p(r[1]) for r in rows}
        return {k: p for k, p in out.items() if p is not None}

    def put_cross_scores(self, scores: Sequence[tuple[str, float]]) -> None:
        """Cache the p of each (key, p)."""
        if not scores:
            return
        sql = (
            f"INSERT INTO {self._ns}.sup_cross (key, p) SELECT * FROM unnest(%s::text[], %s::float8[])"
            " ON CONFLICT (key) DO UPDATE SET p = excluded.p"
        )
        keys, ps = [k for k, _ in scores], [float(p) for _, p in scores]
        self.run(lambda c: c.execute(sql, (keys, ps)), write=True)
