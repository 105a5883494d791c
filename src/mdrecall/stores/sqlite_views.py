"""The derived views of the SQLite store (:class:`~mdrecall.stores.views.ViewStore`).

Tables (migration 5): ``mentions`` and ``relations`` (and ``facts``, migration 8), rebuilt from the
files like the chunks, and
``file_versions``, the index's append-only record of each file's texts (zlib-compressed) with the time
each was written: the transaction time of a workspace that is not a git repository.
"""

from __future__ import annotations

import sqlite3
import zlib
from collections.abc import Iterable, Mapping, Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol

from mdrecall.models import Chunk
from mdrecall.stores.chunk_lines import Table, chunk_row_at, line_texts
from mdrecall.stores.sqlite_known import count_mention_change
from mdrecall.stores.sqlite_rows import CHUNK_COLS, row_chunk
from mdrecall.stores.views import (
    FACT_COLS,
    FactRow,
    FileVersion,
    FileViews,
    KeySummary,
    MentionRow,
    RelationRow,
    Supersession,
    fact_from_row,
)

__all__ = ["FACTS_CHANGED", "SQLiteAccess", "SQLiteViews"]

#: The chunks as :mod:`mdrecall.stores.chunk_lines` reads them (first and last line: CHUNK_COLS' 5th and 6th).
_CHUNKS = Table("chunks", CHUNK_COLS, 4, 5, "?")

_MENTION_COLS = "path, line, section, key, name, kind, how, day"
#: Fact lines read per query (:meth:`SQLiteViews.fact_rows`).
_PAGE = 4096
_FACT_INSERT = f"INSERT INTO facts({FACT_COLS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
#: Counts a change of the fact lines (meta ``facts_gen``): the stored pairing is made again.
FACTS_CHANGED = (
    "INSERT INTO meta(key, value) VALUES ('facts_gen', '1')"
    " ON CONFLICT(key) DO UPDATE SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT)"
)
#: zlib level of a stored version: level 1 compresses notes ~2x faster than the default 6, 3 % larger
_LEVEL = 1


def _zip_text(text: str, bulk: bool = False) -> bytes:
    """A stored version's body: ``text`` compressed (:data:`_LEVEL`) with a window no larger than the text
    (a 32 KB window finds no more repeats in a shorter text; ``zlib.decompress`` reads any window size).

    ``bulk`` (the versions of a first index, written with their views left for later): Huffman coding
    alone, no search for repeats: 1,000 generated notes in 17 ms instead of 30 ms (the index's largest
    cost after the keyword index itself and chunking), the bodies ~25 % larger (the index ~4 %); a plain
    zlib stream all the same, read as any other. A file's later versions are compressed as usual.
    """
    data = text.encode("utf-8")
    strategy = zlib.Z_HUFFMAN_ONLY if bulk else zlib.Z_DEFAULT_STRATEGY
    packer = zlib.compressobj(_LEVEL, zlib.DEFLATED, min(15, max(9, len(data).bit_length())), 8, strategy)
    return packer.compress(data) + packer.flush()


def _fact_params(f: FactRow) -> tuple[Any, ...]:
    return (
        f.path,
        f.line,
        f.day,
        "|".join(f.attrs),
        "|".join(f.values),
        f.subject,
        f.context,
        int(f.cue),
        f.words,
    )


def _count_fact_change(
    conn: sqlite3.Connection, paths: Sequence[str], facts: dict[str, list[tuple[Any, ...]]]
) -> None:
    """Count a change of the fact lines (meta ``facts_gen``) when ``facts`` (path → rows about to be
    written) differ from what ``paths`` hold: the pairing is redone only then."""
    held: dict[str, list[tuple[Any, ...]]] = {}
    for start in range(0, len(paths), 500):
        part = list(paths[start : start + 500])
        marks = ",".join("?" * len(part))
        for r in conn.execute(
            f"SELECT {FACT_COLS} FROM facts WHERE path IN ({marks}) ORDER BY path, line", part
        ):
            held.setdefault(r[0], []).append(tuple(r))
    dirty = [(p,) for p in paths if held.get(p, []) != sorted(facts.get(p, []), key=lambda t: t[1])]
    if not dirty:
        return
    conn.executemany("INSERT OR IGNORE INTO facts_dirty(path) VALUES (?)", dirty)
    conn.execute(FACTS_CHANGED)


def _write_views(conn: sqlite3.Connection, files: Sequence[FileViews], bulk: bool = False) -> None:
    """Many files' views and versions (in the caller's transaction): one statement per table (``bulk``:
    the versions compressed as :func:`_zip_text` says)."""
    if not files:
        return
    final = {f.path: f for f in files}  # a path given twice: its last rows win
    paths = list(final)
    _count_fact_change(conn, paths, {f.path: [_fact_params(x) for x in f.facts] for f in final.values()})
    count_mention_change(conn, paths, {f.path: f.mentions for f in final.values()})
    last: dict[str, str] = {}
    for start in range(0, len(paths), 500):  # under SQLite's bound-parameter limit
        part = paths[start : start + 500]
        marks = ",".join("?" * len(part))
        conn.execute(f"DELETE FROM mentions WHERE path IN ({marks})", part)
        conn.execute(f"DELETE FROM relations WHERE path IN ({marks})", part)
        conn.execute(f"DELETE FROM facts WHERE path IN ({marks})", part)
        rows = conn.execute(
            "SELECT path, hash FROM file_versions WHERE id IN (SELECT max(id) FROM file_versions"
            f" WHERE path IN ({marks}) GROUP BY path)",
            part,
        ).fetchall()
        last.update({r[0]: r[1] for r in rows})
    versions: list[tuple[str, str, float, bytes | None]] = []
    for f in files:
        if f.hash is None or last.get(f.path) == f.hash or (f.path not in last and f.text is None):
            continue  # what add_file_version would skip
        body = _zip_text(f.text, bulk) if f.text is not None else None
        versions.append((f.path, f.hash, f.seen_at, body))
        last[f.path] = f.hash
    conn.executemany(
        f"INSERT INTO mentions({_MENTION_COLS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [m for f in final.values() for m in f.mentions],
    )
    conn.executemany(
        "INSERT INTO relations(path, line, subject, predicate, object, day) VALUES (?, ?, ?, ?, ?, ?)",
        [r for f in final.values() for r in f.relations],
    )
    conn.executemany(_FACT_INSERT, [_fact_params(x) for f in final.values() for x in f.facts])
    conn.executemany("INSERT INTO file_versions(path, hash, seen_at, body) VALUES (?, ?, ?, ?)", versions)


def _in_paths(conn: sqlite3.Connection, sql: str, paths: Sequence[str]) -> list[Any]:
    """The rows of ``sql`` (its ``{}`` the placeholders of a part of ``paths``), part by part."""
    rows: list[Any] = []
    for start in range(0, len(paths), 500):  # under SQLite's bound-parameter limit
        part = paths[start : start + 500]
        rows += conn.execute(sql.format(",".join("?" * len(part))), part).fetchall()
    return rows


class SQLiteAccess(Protocol):
    """What the views need from the store they are mixed into
    (:class:`~mdrecall.stores.sqlite.SQLiteStore`)."""

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """The rows of one statement."""
        ...

    def transaction(self) -> AbstractContextManager[sqlite3.Connection]:
        """A connection whose statements commit together (or not at all)."""
        ...

    def change_stamp(self) -> tuple[int, int]:
        """A value that changes whenever the index does (in this process or another)."""
        ...


class SQLiteViews(SQLiteAccess):
    """Mixed into :class:`~mdrecall.stores.sqlite.SQLiteStore`; uses only :class:`SQLiteAccess`."""

    _stats_cache: tuple[Any, dict[str, tuple[int, bool]]] | None = None
    _views_ready = False

    def views_ready(self) -> bool:
        """True when the view tables exist (an index held at an older schema has none)."""
        if not self._views_ready:
            sql = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'mentions'"
            self._views_ready = bool(self.query(sql))
        return self._views_ready

    def replace_views(
        self,
        path: str,
        mentions: Sequence[MentionRow],
        relations: Sequence[RelationRow],
        facts: Sequence[FactRow] = (),
    ) -> None:
        """Replace a file's mentions, relationships and fact lines (empty lists forget the file)."""
        with self.transaction() as conn:
            _count_fact_change(conn, [path], {path: [_fact_params(f) for f in facts]})
            count_mention_change(conn, [path], {path: mentions})
            conn.execute("DELETE FROM mentions WHERE path = ?", (path,))
            conn.execute("DELETE FROM relations WHERE path = ?", (path,))
            conn.execute("DELETE FROM facts WHERE path = ?", (path,))
            conn.executemany(_FACT_INSERT, [_fact_params(f) for f in facts])
            conn.executemany(
                f"INSERT INTO mentions({_MENTION_COLS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", mentions
            )
            conn.executemany(
                "INSERT INTO relations(path, line, subject, predicate, object, day)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                relations,
            )

    def write_views(self, files: Sequence[FileViews]) -> None:
        """Many files' views and versions in one transaction: one statement per table, not per file (the
        versions of a bulk write: see :func:`_zip_text`)."""
        if not files:
            return
        with self.transaction() as conn:
            _write_views(conn, files, bulk=True)

    def write_built_views(
        self, files: Sequence[FileViews], marks: Mapping[str, int] | None = None
    ) -> list[str]:
        """:meth:`write_views` for extracted views, dropping their pending marks, in one transaction; given
        ``marks``, only the files still pending with that very mark. Returns the paths written."""
        if not files:
            return []
        with self.transaction() as conn:
            paths = [f.path for f in files]
            if marks is not None:
                held = dict(_in_paths(conn, "SELECT path, mark FROM views_pending WHERE path IN ({})", paths))
                files = [f for f in files if f.path in held and held[f.path] == marks.get(f.path)]
                paths = [f.path for f in files]
            _in_paths(conn, "DELETE FROM views_pending WHERE path IN ({})", paths)
            _write_views(conn, files)
        return paths

    def mark_views_pending(self, paths: Iterable[str], mark: int) -> None:
        """Leave the views of ``paths`` to be built later, under ``mark`` (one row per path)."""
        with self.transaction() as conn:
            conn.executemany(
                "INSERT OR REPLACE INTO views_pending(path, mark) VALUES (?, ?)", ((p, mark) for p in paths)
            )

    def views_pending(self, after: str = "", limit: int = 0) -> list[tuple[str, int]]:
        """Pending ``(path, mark)`` in path order, paths after ``after`` only; at most ``limit`` (0: all)."""
        rows = self.query(
            "SELECT path, mark FROM views_pending WHERE path > ? ORDER BY path LIMIT ?", (after, limit or -1)
        )
        return [(r[0], int(r[1])) for r in rows]

    def count_views_pending(self) -> int:
        """How many files' views are pending."""
        return int(self.query("SELECT count(*) FROM views_pending")[0][0])

    def mention_rows(self, keys: Sequence[str] | None = None) -> list[MentionRow]:
        """Mentions of the entities ``keys`` (``None``: all), in path and line order."""
        sql = f"SELECT {_MENTION_COLS} FROM mentions"
        params: list[Any] = []
        if keys is not None:
            if not keys:
                return []
            sql += f" WHERE key IN ({','.join('?' * len(keys))})"
            params = list(keys)
        rows = self.query(sql + " ORDER BY path, line", params)
        return [MentionRow(*r) for r in rows]

    def mention_lines(self, keys: Sequence[str]) -> set[tuple[str, int]]:
        """The distinct ``(path, line)`` where any of ``keys`` is mentioned."""
        if not keys:
            return set()
        sql = f"SELECT DISTINCT path, line FROM mentions WHERE key IN ({','.join('?' * len(keys))})"
        return {(r[0], r[1]) for r in self.query(sql, list(keys))}

    def cooccurring(self, keys: Sequence[str]) -> list[tuple[str, str, int, str | None, str]]:
        """(key, name as written, sections shared, latest day, citation of that section) for every key
        mentioned in a section with ``keys``."""
        if not keys:
            return []
        marks = ",".join("?" * len(keys))
        sql = (
            # max(day) makes SQLite take path and section from that row: the latest shared section
            "SELECT m.key, m.name, count(DISTINCT m.path || char(0) || m.section), max(m.day),"
            " m.path, m.section FROM mentions m"
            f" JOIN (SELECT DISTINCT path, section FROM mentions WHERE key IN ({marks})) s"
            " ON s.path = m.path AND s.section = m.section"
            f" WHERE m.key NOT IN ({marks}) GROUP BY m.key, m.name"
        )
        rows = self.query(sql, [*keys, *keys])
        return [(r[0], r[1], int(r[2]), r[3], f"{r[4]}#L{max(1, r[5])}") for r in rows]

    def entity_summary(self, keys: Sequence[str] | None = None) -> list[KeySummary]:
        """Per entity key (``keys``, or all): distinct lines and files, first and last day, and
        (name, kind, how) counts."""
        where, params = "", []
        if keys is not None:
            if not keys:
                return []
            where, params = f" WHERE key IN ({','.join('?' * len(keys))})", list(keys)
        # both read the covering index mentions_entity (key, how, name, kind, path, line, day) in order
        forms: dict[str, dict[tuple[str, str, str], int]] = {}
        for r in self.query(
            f"SELECT key, how, name, kind, count(*) FROM mentions{where} GROUP BY key, how, name, kind",
            params,
        ):
            forms.setdefault(r[0], {})[(r[2], r[3], r[1])] = int(r[4])
        rows = self.query(  # a key's first/last day over its lines is the first/last over its mentions
            "SELECT key, count(DISTINCT path || char(0) || line), count(DISTINCT path), min(day), max(day)"
            f" FROM mentions{where} GROUP BY key",
            params,
        )
        return [KeySummary(r[0], int(r[1]), int(r[2]), r[3], r[4], forms.get(r[0], {})) for r in rows]

    def relation_rows(self) -> list[RelationRow]:
        """Every stored relationship."""
        rows = self.query(
            "SELECT path, line, subject, predicate, object, day FROM relations ORDER BY path, line"
        )
        return [RelationRow(*r) for r in rows]

    def fact_rows(self) -> list[FactRow]:
        """Every stored fact line, in path and line order: read a page at a time (never every row as a
        database row at once), each file's path, day and title one shared string and each attribute
        list one shared tuple (100,000 notes: ~170,000 lines)."""
        out: list[FactRow] = []
        shared: dict[Any, Any] = {}
        sql = f"SELECT {FACT_COLS} FROM facts WHERE (path, line) > (?, ?) ORDER BY path, line LIMIT {_PAGE}"
        after: tuple[str, int] = ("", -1)
        while True:
            rows = self.query(sql, after)
            out += (fact_from_row(r, shared) for r in rows)
            if len(rows) < _PAGE:
                return out
            after = (rows[-1][0], int(rows[-1][1]))

    def facts_generation(self) -> str:
        """Changes whenever the stored fact lines do (a sync that rewrote a file's facts identically does
        not change it)."""
        rows = self.query("SELECT value FROM meta WHERE key = 'facts_gen'")
        return str(rows[0][0]) if rows else "0"

    def paired_generation(self) -> str | None:
        """The :meth:`facts_generation` the stored pairing was made at (``None``: never paired)."""
        rows = self.query("SELECT value FROM meta WHERE key = 'superseded_gen'")
        return str(rows[0][0]) if rows else None

    def dirty_fact_paths(self) -> list[str]:
        """The files whose fact lines changed since the stored pairing was made."""
        return [r[0] for r in self.query("SELECT path FROM facts_dirty ORDER BY path")]

    def superseded_all(self) -> dict[tuple[str, int], Supersession]:
        """Every stored pair: (path, line) of the older line → its newer line."""
        rows = self.query("SELECT path, line, new_path, new_line, new_day FROM superseded")
        return {(r[0], int(r[1])): Supersession(r[2], int(r[3]), r[4]) for r in rows}

    def write_superseded(
        self,
        pairs: dict[tuple[str, int], Supersession],
        generation: str,
        dirty: Sequence[str],
        before: dict[tuple[str, int], Supersession] | None,
    ) -> bool:
        """Store the pairing made at ``generation`` (``before``: the stored pairs it was made from, only
        those that differ are written; ``None``: all of it, anew) and forget the ``dirty`` files it took
        in; False (nothing written) when the fact lines changed meanwhile."""
        with self.transaction() as conn:
            row = conn.execute("SELECT value FROM meta WHERE key = 'facts_gen'").fetchone()
            if (str(row[0]) if row else "0") != generation:
                return False
            if before is None:
                conn.execute("DELETE FROM superseded")
                stale: list[tuple[str, int]] = []
                fresh = pairs
            else:
                stale = [k for k in before if k not in pairs]
                fresh = {k: v for k, v in pairs.items() if before.get(k) != v}
            conn.executemany("DELETE FROM superseded WHERE path = ? AND line = ?", stale)
            conn.executemany(
                "INSERT OR REPLACE INTO superseded(path, line, new_path, new_line, new_day)"
                " VALUES (?, ?, ?, ?, ?)",
                [(p, ln, *newer) for (p, ln), newer in fresh.items()],
            )
            conn.executemany("DELETE FROM facts_dirty WHERE path = ?", [(p,) for p in dirty])
            conn.execute(
                "INSERT OR REPLACE INTO meta(key, value) VALUES ('superseded_gen', ?)", (generation,)
            )
        return True

    def chunk_at(self, path: str, line: int) -> Chunk | None:
        """The smallest stored chunk of ``path`` holding ``line`` (``None``: none;
        :func:`~mdrecall.stores.chunk_lines.chunk_row_at`)."""
        row = chunk_row_at(self.query, _CHUNKS, path, line)
        return row_chunk(row) if row is not None else None

    def superseded_rows(self, paths: Sequence[str]) -> list[tuple[str, int, str, int, str | None]]:
        """The stored pairs whose older line is in ``paths``: (path, line, newer path, line, day)."""
        out: list[tuple[str, int, str, int, str | None]] = []
        unique = sorted(set(paths))
        for start in range(0, len(unique), 500):
            part = unique[start : start + 500]
            marks = ",".join("?" * len(part))
            rows = self.query(
                f"SELECT path, line, new_path, new_line, new_day FROM superseded WHERE path IN ({marks})",
                part,
            )
            out += [(r[0], int(r[1]), r[2], int(r[3]), r[4]) for r in rows]
        return out

    def entity_stats(self) -> dict[str, tuple[int, bool]]:
        """Entity key → (files naming it, once one names it mid-sentence - a sentence's first word alone
        is no name, but is the same name as one found inside a sentence -; found other than as a
        capitalised word); cached until the index changes (a search consults it)."""
        version = self.change_stamp()
        cached = self._stats_cache
        if cached is None or cached[0] != version:
            rows = self.query(
                "SELECT key, CASE WHEN max(how = 'name') THEN"
                " count(DISTINCT CASE WHEN how IN ('name', 'name_start') THEN path END) ELSE 0 END,"
                " max(how NOT IN ('name', 'name_start')) FROM mentions GROUP BY key"
            )
            cached = (version, {r[0]: (int(r[1]), bool(r[2])) for r in rows})
            self._stats_cache = cached
        return cached[1]

    def add_file_version(self, path: str, hash: str, seen_at: float, text: str | None) -> bool:
        """Append a version of ``path`` unless its last one has the same hash; True when added."""
        body = _zip_text(text) if text is not None else None
        with self.transaction() as conn:
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
        rows = self.query(sql + " ORDER BY id", params)
        return [
            FileVersion(r[0], float(r[1]), r[2], zlib.decompress(r[3]).decode("utf-8") if r[3] else None)
            for r in rows
        ]

    def line_texts(self, wanted: Sequence[tuple[str, int]]) -> dict[tuple[str, int], str]:
        """The indexed text of the lines ``(path, line)`` (read from the chunks holding them;
        :func:`~mdrecall.stores.chunk_lines.line_texts`)."""
        return line_texts(self.query, _CHUNKS, wanted)
