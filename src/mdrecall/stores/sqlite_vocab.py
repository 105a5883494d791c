"""The SQLite store's vocabulary: the terms of ``chunks_fts`` as FTS5 stores them (Porter stems), read
through an ``fts5vocab`` table once per change of the index, and how many chunks hold a word
(:class:`~mdrecall.stores.base.SupportsVocabulary`; used by :mod:`mdrecall.search.spelling`).
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING

from mdrecall.stores.sqlite_health import SQLiteCore, is_corruption

if TYPE_CHECKING:
    from mdrecall.errors import StoreError

__all__ = ["SQLiteVocabulary"]

_VOCAB = "CREATE VIRTUAL TABLE IF NOT EXISTS temp.chunks_fts_terms USING fts5vocab(main, chunks_fts, row)"


class SQLiteVocabulary(SQLiteCore):
    """``index_terms`` and ``term_chunks``, mixed into :class:`~mdrecall.stores.sqlite.SQLiteStore`
    (uses ``_term_count`` and ``_chunk_count`` of
    :class:`~mdrecall.stores.sqlite_fts.SQLiteKeywordSearch`)."""

    _conn: sqlite3.Connection
    _lock: threading.RLock
    _vocab_cache: tuple[tuple[int, int], frozenset[str]] | None

    if TYPE_CHECKING:  # declared only: the other mixins' methods serve at run time

        def _failed(self, exc: sqlite3.DatabaseError, what: str = ...) -> StoreError: ...
        def _term_count(self, unit: str) -> int | None: ...
        def _chunk_count(self) -> int: ...

    def index_terms(self) -> frozenset[str]:
        """The keyword index's terms (stems), read once per change of the index; empty when this SQLite
        has no ``fts5vocab``."""
        version = self._version()
        cached = getattr(self, "_vocab_cache", None)
        if cached is not None and cached[0] == version:
            return cached[1]
        with self._lock:
            try:
                self._conn.execute(_VOCAB)
                terms = frozenset(r[0] for r in self._conn.execute("SELECT term FROM temp.chunks_fts_terms"))
            except sqlite3.DatabaseError as exc:
                if is_corruption(exc):
                    raise self._failed(exc) from None
                terms = frozenset()
        self._vocab_cache = (version, terms)
        return terms

    def term_chunks(self, words: Sequence[str]) -> dict[str, int]:
        """Chunks holding each word as FTS5 reads it (stemmed), from the cached document counts."""
        self._chunk_count()  # a changed index clears the cached counts
        out: dict[str, int] = {}
        with self._lock:
            for w in words:
                n = self._term_count('"' + w.replace('"', '""') + '"')
                out[w] = n or 0
        return out
