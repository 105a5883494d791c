"""The supersession cross-encoder's scores, cached in the SQLite store
(:mod:`mdrecall.knowledge.changes.cross_pairs`).

Table ``sup_cross`` (migration 14): a digest of a pair's two input strings and the model's file → p. A
re-index or a views rebuild scores only the pairs it has not seen. A cached p that is not a number in [0, 1]
(a damaged row: text, a blob, infinite) is read as absent (:func:`cached_p`), so the pair is scored again.
"""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol

__all__ = ["SQLiteCrossScores", "cached_p"]

#: Keys per ``IN (…)`` look-up.
_PART = 500


def cached_p(value: object) -> float | None:
    """A cached p as stored, if it is one: a real number in [0, 1] (``None``: a damaged row)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    p = float(value)
    return p if math.isfinite(p) and 0.0 <= p <= 1.0 else None


class _Access(Protocol):
    def query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """The rows of one statement."""
        ...

    def transaction(self) -> AbstractContextManager[sqlite3.Connection]:
        """A connection whose statements commit together (or not at all)."""
        ...


class SQLiteCrossScores(_Access):
    """Mixed into :class:`~mdrecall.stores.sqlite.SQLiteStore`; uses only :class:`_Access`."""

    def cross_scores(self, keys: Sequence[str]) -> dict[str, float]:
        """The cached p of each of ``keys`` held (the others, and damaged rows, absent)."""
        out: dict[str, float] = {}
        unique = sorted(set(keys))
        for start in range(0, len(unique), _PART):
            part = unique[start : start + _PART]
            marks = ",".join("?" * len(part))
            for key, value in self.query(f"SELECT key, p FROM sup_cross WHERE key IN ({marks})", part):
                p = cached_p(value)
                if p is not None:
                    out[str(key)] = p
        return out

    def put_cross_scores(self, scores: Sequence[tuple[str, float]]) -> None:
        """Cache the p of each (key, p)."""
        if scores:
            with self.transaction() as conn:
                conn.executemany("INSERT OR REPLACE INTO sup_cross(key, p) VALUES (?, ?)", scores)
