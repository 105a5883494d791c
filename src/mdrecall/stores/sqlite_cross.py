"""The supersession cross-encoder's scores, cached in the SQLite store
(:mod:`mdrecall.knowledge.changes.cross_pairs`).

Table ``sup_cross`` (migration 14): a digest of a pair's two input strings and the model's file → p. A
re-index or a views rebuild scores only the pairs it has not seen.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol

__all__ = ["SQLiteCrossScores"]

#: Keys per ``IN (…)`` look-up.
_PART = 500


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
        """The cached p of each of ``keys`` held (the others absent)."""
        out: dict[str, float] = {}
        unique = sorted(set(keys))
        for start in range(0, len(unique), _PART):
            part = unique[start : start + _PART]
            marks = ",".join("?" * len(part))
            for key, p in self.query(f"SELECT key, p FROM sup_cross WHERE key IN ({marks})", part):
                out[str(key)] = float(p)
        return out

    def put_cross_scores(self, scores: Sequence[tuple[str, float]]) -> None:
        """Cache the p of each (key, p)."""
        if scores:
            with self.transaction() as conn:
                conn.executemany("INSERT OR REPLACE INTO sup_cross(key, p) VALUES (?, ?)", scores)
