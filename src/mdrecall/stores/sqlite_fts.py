"""The SQLite store's keyword leg: BM25 over FTS5 (and the CJK bigram table), best first.

``chunks_fts`` has two columns, the chunk's text and its heading path
(:func:`mdrecall.text.chunking.keyword_heading`), scored as one document: ``bm25()``'s default weights
(1.0 each) ranked best on SciFact and LoCoMo (0.5, 0.75, 1.5 and 2.0 for the heading were measured;
docs/search.md). The other stores index the heading the same way.
"""

from __future__ import annotations

import re
import sqlite3
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mdrecall.models import Candidate
from mdrecall.stores.sqlite_health import SQLiteCore, is_corruption
from mdrecall.stores.sqlite_rows import CHUNK_COLS, row_chunk
from mdrecall.text.chunking import keyword_heading
from mdrecall.text.tokens import cjk_index_text

if TYPE_CHECKING:
    from mdrecall.errors import StoreError
    from mdrecall.text.query import KeywordQuery

__all__ = ["SQLiteKeywordSearch", "index_chunk"]


def index_chunk(conn: sqlite3.Connection, rowid: int, heading: str, text: str, delete: bool = False) -> None:
    """Add a chunk's rows to the keyword indexes (``delete``: remove them; before its row goes).

    ``chunks_fts`` gets its text and indexed heading (:func:`~mdrecall.text.chunking.keyword_heading`),
    ``chunks_cjk`` the CJK bigrams of both when there are any. Both derive from the stored heading
    and text alone, so a delete gives exactly what was inserted; they equal what migration 7's view
    ``chunks_fts_source`` gives a rebuild (a test checks the SQL and this function agree). Values are
    computed here, not read from that view: ``INSERT … SELECT`` into FTS5 from the view made a first
    index about 20% slower.
    """
    head = keyword_heading(heading, text)
    cjk = cjk_index_text(f"{head}\n{text}")
    if delete:
        conn.execute(
            "INSERT INTO chunks_fts(chunks_fts, rowid, text, heading) VALUES ('delete', ?, ?, ?)",
            (rowid, text, head),
        )
        if cjk:
            conn.execute(
                "INSERT INTO chunks_cjk(chunks_cjk, rowid, text) VALUES ('delete', ?, ?)", (rowid, cjk)
            )
        return
    conn.execute("INSERT INTO chunks_fts(rowid, text, heading) VALUES (?, ?, ?)", (rowid, text, head))
    if cjk:
        conn.execute("INSERT INTO chunks_cjk(rowid, text) VALUES (?, ?)", (rowid, cjk))


_DF_CACHE_TERMS = 4096  # document frequencies remembered between searches
_QUOTED = re.compile(r'"(?:[^"]|"")*"\*?')


class SQLiteKeywordSearch(SQLiteCore):
    """``search_text`` and its helpers, mixed into :class:`~mdrecall.stores.sqlite.SQLiteStore` (uses
    :class:`~mdrecall.stores.sqlite_health.SQLiteCore`, and ``_failed`` of :class:`SQLiteRecovery`)."""

    _conn: sqlite3.Connection
    _lock: threading.RLock
    _count_cache: tuple[tuple[int, int], int] | None
    _df_cache: dict[str, int]

    if TYPE_CHECKING:  # declared only: SQLiteRecovery's method serves at run time

        def _failed(self, exc: sqlite3.DatabaseError, what: str = ...) -> StoreError: ...

    def search_text(
        self, query: KeywordQuery, limit: int, sources: Sequence[str] | None = None
    ) -> list[Candidate]:
        """BM25 candidates from FTS5 (raw_score = -bm25, higher is better).

        Non-CJK terms are matched in ``chunks_fts``, CJK terms (bigrams) in ``chunks_cjk``. When a query
        has both, a chunk's raw score is the sum of its two BM25 scores: BM25 is a sum over query terms,
        so this is one BM25 over all the terms (each table with its own statistics).
        """
        if limit <= 0:
            return []
        fts = self._drop_common_terms(query.fts) if query.fts else None
        exprs = (("chunks_fts", fts), ("chunks_cjk", getattr(query, "cjk_fts", None)))
        legs = [(table, expr) for table, expr in exprs if expr]
        found = [self._match(table, expr, limit, sources) for table, expr in legs]
        if len(found) == 1:
            return [Candidate(row_chunk(r), -float(r["rank"]), i) for i, r in enumerate(found[0])]
        rows: dict[int, sqlite3.Row] = {}
        scores: dict[int, float] = {}
        for leg in found:
            for r in leg:
                rows[r["id"]] = r
                scores[r["id"]] = scores.get(r["id"], 0.0) - float(r["rank"])
        best = sorted(scores, key=lambda rid: (-scores[rid], rid))[:limit]
        return [Candidate(row_chunk(rows[rid]), scores[rid], i) for i, rid in enumerate(best)]

    def _drop_common_terms(self, expr: str) -> str:
        """Drop OR-ed terms that occur in at least half of the chunks.

        FTS5's ``bm25()`` clamps the IDF of such a term to 1e-6, so it changes no score by more than
        that, yet it makes FTS5 score nearly every chunk: on 20k chunks a query holding one very common
        word took ~35 ms instead of a few. A chunk matching only dropped terms scored ~0 and falls out.
        When every term is that common, the expression is kept as it is. A prefix (``"postgres"*``) is
        kept only when the word as typed is in no chunk: it is for the forms users type ("postgres"
        for "PostgreSQL"), not for widening a word the notes hold (``"protein"*`` cost SciFact 0.01).
        """
        units = _QUOTED.findall(expr)
        if " OR ".join(units) != expr:
            return expr
        total = self._chunk_count()  # first: a changed index clears the cached counts
        with self._lock:
            counts = {unit: self._term_count(unit) for unit in units}
            for unit in units:  # a prefix is for a word the index does not hold as typed
                if unit.endswith("*") and unit[:-1] not in counts:
                    counts[unit[:-1]] = self._term_count(unit[:-1])
        if any(c is None for c in counts.values()):
            return expr
        units = [u for u in units if not (u.endswith("*") and counts[u[:-1]])] or units
        if len(units) < 2 or total < 64:
            return " OR ".join(units)
        kept = [u for u in units if (counts[u] or 0) > 0 and 2 * (counts[u] or 0) < total]
        return " OR ".join(kept) if kept else " OR ".join(units)

    def _term_count(self, unit: str) -> int | None:
        """Chunks matching one quoted term (cached), or ``None`` when FTS5 cannot say."""
        hits = self._df_cache.get(unit)
        if hits is None:
            try:
                sql = "SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH ?"
                hits = int(self._conn.execute(sql, (unit,)).fetchone()[0])
            except sqlite3.DatabaseError as exc:
                if is_corruption(exc):
                    raise self._failed(exc) from None
                return None
            if len(self._df_cache) >= _DF_CACHE_TERMS:
                self._df_cache.clear()
            self._df_cache[unit] = hits
        return hits

    def chunk_total(self) -> int:
        """Chunks in the index (counted once per change of the index; a keyword search counts them too)."""
        return self._chunk_count()

    def _chunk_count(self) -> int:
        """Chunks in the index; a change of the index (here or by another process) also clears the
        cached term counts."""
        version = self._version()
        if self._count_cache is None or self._count_cache[0] != version:
            self._df_cache = {}
            self._count_cache = (version, int(self._query("SELECT count(*) FROM chunks")[0][0]))
        return self._count_cache[1]

    def _match(self, table: str, expr: str, limit: int, sources: Sequence[str] | None) -> list[sqlite3.Row]:
        params: list[Any] = [expr]
        if sources:  # the filter needs the chunk row before the limit
            sql = (
                f"SELECT {CHUNK_COLS}, bm25({table}) AS rank FROM {table}"
                f" JOIN chunks c ON c.id = {table}.rowid WHERE {table} MATCH ?"
                f" AND c.source IN ({','.join('?' * len(sources))}) ORDER BY rank LIMIT ?"
            )
            params.extend(sources)
        else:  # rank in FTS alone, then read only the chunks kept: ~40% faster on common terms
            sql = (
                f"SELECT {CHUNK_COLS}, f.rank AS rank FROM (SELECT rowid, bm25({table}) AS rank"
                f" FROM {table} WHERE {table} MATCH ? ORDER BY rank LIMIT ?) f"
                " JOIN chunks c ON c.id = f.rowid ORDER BY f.rank"
            )
        params.append(limit)
        with self._lock:
            try:
                return self._conn.execute(sql, params).fetchall()
            except sqlite3.DatabaseError as exc:  # damage, a lock past the timeout, I/O: say so
                raise self._failed(exc) from None
