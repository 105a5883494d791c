"""The derived views of the SQLite store (:class:`~mdrecall.stores.views.ViewStore`).

Tables (migration 4): ``mentions`` and ``relations``, rebuilt from the files like the chunks, and
``file_versions``, the index's append-only record of each file's texts (zlib-compressed) with the time
each was written: the transaction time of a workspace that is not a git repository.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from typing import Any

from .views import FileVersion, MentionRow, RelationRow

__all__ = ["SQLiteViews"]

_MENTION_COLS = "path, line, section, key, name, kind, how, day, text"


class SQLiteViews:
    """Mixed into :class:`~mdrecall.stores.sqlite.SQLiteStore`; uses its ``_tx``, ``_query``, ``_version``."""

    _stats_cache: tuple[Any, dict[str, tuple[int, bool]]] | None = None

    def replace_views(
        self, path: str, mentions: Sequence[MentionRow], relations: Sequence[RelationRow]
    ) -> None:
        """Replace a file's mentions and relationships (empty lists forget the file)."""
        with self._tx() as conn:  # type: ignore[attr-defined]
            conn.execute("DELETE FROM mentions WHERE path = ?", (path,))
            conn.execute("DELETE FROM relations WHERE path = ?", (path,))
            conn.executemany(
                f"INSERT INTO mentions({_MENTION_COLS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", mentions
            )
            conn.executemany(
                "INSERT INTO relations(path, line, subject, predicate, object, day)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                relations,
            )

    def mention_rows(self, keys: Sequence[str] | None = None) -> list[MentionRow]:
        """Mentions of the entities ``keys`` (``None``: all), in path and line order."""
        sql = f"SELECT {_MENTION_COLS} FROM mentions"
        params: list[Any] = []
        if keys is not None:
            if not keys:
                return []
            sql += f" WHERE key IN ({','.join('?' * len(keys))})"
            params = list(keys)
        rows = self._query(sql + " ORDER BY path, line", params)  # type: ignore[attr-defined]
        return [MentionRow(*r) for r in rows]

    def relation_rows(self) -> list[RelationRow]:
        """Every stored relationship."""
        rows = self._query(  # type: ignore[attr-defined]
            "SELECT path, line, subject, predicate, object, day FROM relations ORDER BY path, line"
        )
        return [RelationRow(*r) for r in rows]

    def entity_stats(self) -> dict[str, tuple[int, bool]]:
        """Entity key → (files naming it mid-sentence, found other than as a capitalised word); cached
        until the index changes (a search consults it)."""
        version = self._version()  # type: ignore[attr-defined]
        cached = self._stats_cache
        if cached is None or cached[0] != version:
            rows = self._query(  # type: ignore[attr-defined]
                "SELECT key, count(DISTINCT CASE WHEN how = 'name' THEN path END),"
                " max(how NOT IN ('name', 'name_start')) FROM mentions GROUP BY key"
            )
            cached = (version, {r[0]: (int(r[1]), bool(r[2])) for r in rows})
            self._stats_cache = cached
        return cached[1]

    def add_file_version(self, path: str, hash: str, seen_at: float, text: str | None) -> bool:
        """Append a version of ``path`` unless its last one has the same hash; True when added."""
        body = zlib.compress(text.encode("utf-8")) if text is not None else None
        with self._tx() as conn:  # type: ignore[attr-defined]
            last = conn.execute(
                "SELECT hash FROM file_versions WHERE path = ? ORDER BY id DESC LIMIT 1", (path,)
            ).fetchone()
            if (last[0] if last else None) == hash or (last is None and text is None):
                return False
            conn.execute(
                "INSERT INTO file_versions(path, hash, seen_at, body) VALUES (?, ?, ?, ?)",
                (path, hash, seen_at, body),
            )
        return True

    def file_versions(self, path: str | None = None) -> list[FileVersion]:
        """Versions of one file (``None``: all files), oldest first."""
        sql = "SELECT path, seen_at, hash, body FROM file_versions"
        params: tuple[Any, ...] = ()
        if path is not None:
            sql, params = sql + " WHERE path = ?", (path,)
        rows = self._query(sql + " ORDER BY id", params)  # type: ignore[attr-defined]
        return [
            FileVersion(r[0], float(r[1]), r[2], zlib.decompress(r[3]).decode("utf-8") if r[3] else None)
            for r in rows
        ]
