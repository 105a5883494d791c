"""The derived views of the PostgreSQL store (:class:`~mdrecall.stores.views.ViewStore`).

Tables (migration 3 of :mod:`mdrecall.stores.postgres_migrations`): ``mentions``, ``relations`` and
``file_versions``, as in the SQLite store (:mod:`mdrecall.stores.sqlite_views`); the fact lines and their
stored pairing (migration 6) are :mod:`mdrecall.stores.postgres_facts`, written here with a file's other
views.
"""

from __future__ import annotations

import uuid
import zlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from mdrecall.models import Chunk
from mdrecall.stores.chunk_lines import Table, chunk_row_at, line_texts
from mdrecall.stores.postgres_facts import PostgresFacts, write_facts
from mdrecall.stores.postgres_rows import row_chunk
from mdrecall.stores.postgres_sql import CHUNK_COLS
from mdrecall.stores.views import FactRow, FileVersion, FileViews, KeySummary, MentionRow, RelationRow

__all__ = ["PostgresAccess", "PostgresViews"]

_T = TypeVar("_T")

_MENTION_COLS = "path, line, section, key, name, kind, how, day"
#: The meta key whose value, drawn anew by every write of mentions, says the stored mentions changed.
STAMP = "views_stamp"


def _clean(value: Any) -> Any:
    return value.replace("\x00", "") if isinstance(value, str) else value


class PostgresAccess(Protocol):
    """What the views need from the store they are mixed into
    (:class:`~mdrecall.stores.postgres.PostgresStore`)."""

    #: The store's schema, quoted for SQL.
    _ns: str

    def run(self, work: Callable[[Any], _T], write: bool = False) -> _T:
        """``work(conn)``, in a transaction when ``write`` (retried once on a broken connection)."""
        ...


class PostgresViews(PostgresFacts, PostgresAccess):
    """Mixed into :class:`~mdrecall.stores.postgres.PostgresStore`; uses only :class:`PostgresAccess`."""

    _stats_cache: tuple[str | None, dict[str, tuple[int, bool]]] | None = None

    def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return self.run(lambda c: c.execute(sql, params).fetchall())

    def _chunks(self) -> Table:
        """The chunks as :mod:`mdrecall.stores.chunk_lines` reads them (first and last line: CHUNK_COLS'
        4th and 5th)."""
        return Table(f"{self._ns}.chunks", CHUNK_COLS, 3, 4, "%s")

    def chunk_at(self, path: str, line: int) -> Chunk | None:
        """The smallest stored chunk of ``path`` holding ``line`` (``None``: none), read from the chunks
        starting nearest before it (:func:`~mdrecall.stores.chunk_lines.chunk_row_at`)."""
        row = chunk_row_at(self._rows, self._chunks(), path, line)
        return row_chunk(row) if row is not None else None

    def replace_views(
        self,
        path: str,
        mentions: Sequence[MentionRow],
        relations: Sequence[RelationRow],
        facts: Sequence[FactRow] = (),
    ) -> None:
        """Replace a file's mentions, relationships and fact lines (empty lists forget the file)."""
        ns = self._ns

        def work(conn: Any) -> None:
            write_facts(conn, ns, {path: facts})
            _replace(conn, ns, [path], mentions, relations)

        self.run(work, write=True)

    def write_views(self, files: Sequence[FileViews]) -> None:
        """Many files' views and versions in one transaction (one statement per table for the views)."""
        if not files:
            return
        ns = self._ns
        self.run(lambda conn: _write_files(conn, ns, files), write=True)

    def write_built_views(
        self, files: Sequence[FileViews], marks: Mapping[str, int] | None = None
    ) -> list[str]:
        """:meth:`write_views` for extracted views, dropping their pending marks, in one transaction; given
        ``marks``, only the files still pending with that very mark (their rows locked until it commits).
        Returns the paths written."""
        if not files:
            return []
        ns = self._ns

        def work(conn: Any) -> list[str]:
            chosen = list(files)
            if marks is not None:
                held = conn.execute(
                    f"SELECT path, mark FROM {ns}.views_pending WHERE path = ANY(%s) FOR UPDATE",
                    ([_clean(f.path) for f in files],),
                ).fetchall()
                still = {p for p, m in held if m == marks.get(p)}
                chosen = [f for f in files if _clean(f.path) in still]
            paths = [_clean(f.path) for f in chosen]
            conn.execute(f"DELETE FROM {ns}.views_pending WHERE path = ANY(%s)", (paths,))
            if chosen:
                _write_files(conn, ns, chosen)
            return [f.path for f in chosen]

        return self.run(work, write=True)

    def mark_views_pending(self, paths: Iterable[str], mark: int) -> None:
        """Leave the views of ``paths`` to be built later, under ``mark`` (one row per path)."""
        sql = (
            f"INSERT INTO {self._ns}.views_pending (path, mark) VALUES (%s, %s)"
            " ON CONFLICT (path) DO UPDATE SET mark = EXCLUDED.mark"
        )

        def work(conn: Any) -> None:
            with conn.cursor() as cur:
                cur.executemany(sql, [(_clean(p), mark) for p in paths])

        self.run(work, write=True)

    def views_pending(self, after: str = "", limit: int = 0) -> list[tuple[str, int]]:
        """Pending ``(path, mark)`` in path order, paths after ``after`` only; at most ``limit`` (0: all)."""
        sql = f"SELECT path, mark FROM {self._ns}.views_pending WHERE path > %s ORDER BY path"
        rows = self._rows(sql + " LIMIT %s", (after, limit)) if limit else self._rows(sql, (after,))
        return [(r[0], int(r[1])) for r in rows]

    def count_views_pending(self) -> int:
        """How many files' views are pending."""
        return int(self._rows(f"SELECT count(*) FROM {self._ns}.views_pending")[0][0])

    def mention_rows(self, keys: Sequence[str] | None = None) -> list[MentionRow]:
        """Mentions of the entities ``keys`` (``None``: all), in path and line order."""
        sql = f"SELECT {_MENTION_COLS} FROM {self._ns}.mentions"
        if keys is None:
            return [MentionRow(*r) for r in self._rows(sql + " ORDER BY path, line")]
        if not keys:
            return []
        rows = self._rows(sql + " WHERE key = ANY(%s) ORDER BY path, line", (list(keys),))
        return [MentionRow(*r) for r in rows]

    def mention_lines(self, keys: Sequence[str]) -> set[tuple[str, int]]:
        """The distinct ``(path, line)`` where any of ``keys`` is mentioned."""
        if not keys:
            return set()
        sql = f"SELECT DISTINCT path, line FROM {self._ns}.mentions WHERE key = ANY(%s)"
        return {(r[0], r[1]) for r in self._rows(sql, (list(keys),))}

    def cooccurring(self, keys: Sequence[str]) -> list[tuple[str, str, int, str | None, str]]:
        """(key, name as written, sections shared, latest day, citation of that section) for every key
        mentioned in a section with ``keys``."""
        if not keys:
            return []
        ns = self._ns
        sql = (
            "SELECT m.key, m.name, count(DISTINCT (m.path, m.section)), max(m.day),"
            " (array_agg(m.path || '#L' || greatest(m.section, 1) ORDER BY m.day DESC NULLS LAST))[1]"
            f" FROM {ns}.mentions m"
            f" JOIN (SELECT DISTINCT path, section FROM {ns}.mentions WHERE key = ANY(%s)) s"
            " ON s.path = m.path AND s.section = m.section"
            " WHERE NOT (m.key = ANY(%s)) GROUP BY m.key, m.name"
        )
        return [(r[0], r[1], int(r[2]), r[3], r[4]) for r in self._rows(sql, (list(keys), list(keys)))]

    def entity_summary(self, keys: Sequence[str] | None = None) -> list[KeySummary]:
        """Per entity key (``keys``, or all): distinct lines and files, first and last day, and
        (name, kind, how) counts."""
        where = ""
        params: tuple[list[str], ...] = ()
        if keys is not None:
            if not keys:
                return []
            where, params = " WHERE key = ANY(%s)", (list(keys),)
        forms: dict[str, dict[tuple[str, str, str], int]] = {}
        sql = (
            f"SELECT key, name, kind, how, count(*) FROM {self._ns}.mentions{where}"
            " GROUP BY key, name, kind, how"
        )
        for r in self._rows(sql, params):
            forms.setdefault(r[0], {})[(r[1], r[2], r[3])] = int(r[4])
        rows = self._rows(
            "SELECT key, count(*), count(DISTINCT path), min(d1), max(d2) FROM"
            f" (SELECT key, path, min(day) AS d1, max(day) AS d2 FROM {self._ns}.mentions{where}"
            " GROUP BY key, path, line) t GROUP BY key",
            params,
        )
        return [KeySummary(r[0], int(r[1]), int(r[2]), r[3], r[4], forms.get(r[0], {})) for r in rows]

    def relation_rows(self) -> list[RelationRow]:
        """Every stored relationship."""
        sql = f"SELECT path, line, subject, predicate, object, day FROM {self._ns}.relations"
        sql += " ORDER BY path, line"
        return [RelationRow(*r) for r in self._rows(sql)]

    def entity_stats(self) -> dict[str, tuple[int, bool]]:
        """Entity key → (files naming it, once one names it mid-sentence; found other than as a capitalised
        word); the same object until the mentions change (in this process or another: :data:`STAMP`), as
        SQLite's, which the kind and name tables' caches are keyed by (read anew for each entity listed, a
        page of 4,000 names took 200 s CPU to list)."""
        got = self._rows(f"SELECT value FROM {self._ns}.meta WHERE key = %s", (STAMP,))
        stamp = got[0][0] if got else None  # read before the stats: a write between reads them again
        cached = self._stats_cache
        if cached is None or cached[0] != stamp:
            rows = self._rows(
                "SELECT key, CASE WHEN bool_or(how = 'name') THEN"
                " count(DISTINCT path) FILTER (WHERE how IN ('name', 'name_start')) ELSE 0 END,"
                f" bool_or(how NOT IN ('name', 'name_start')) FROM {self._ns}.mentions GROUP BY key"
            )
            cached = self._stats_cache = (stamp, {r[0]: (int(r[1]), bool(r[2])) for r in rows})
        return cached[1]

    def add_file_version(self, path: str, hash: str, seen_at: float, text: str | None) -> bool:
        """Append a version of ``path`` unless its last one has the same hash; True when added."""
        ns = self._ns
        return bool(self.run(lambda conn: _add_version(conn, ns, path, hash, seen_at, text), write=True))

    def file_versions(self, path: str | None = None) -> list[FileVersion]:
        """Versions of one file (``None``: all files), oldest first."""
        sql = f"SELECT path, seen_at, hash, body FROM {self._ns}.file_versions"
        rows = (
            self._rows(sql + " WHERE path = %s ORDER BY id", (_clean(path),))
            if path is not None
            else self._rows(sql + " ORDER BY id")
        )
        return [
            FileVersion(
                r[0], float(r[1]), r[2], zlib.decompress(bytes(r[3])).decode("utf-8") if r[3] else None
            )
            for r in rows
        ]

    def line_texts(self, wanted: Sequence[tuple[str, int]]) -> dict[tuple[str, int], str]:
        """The indexed text of the lines ``(path, line)``, each read from the chunks starting nearest before
        it (:func:`~mdrecall.stores.chunk_lines.line_texts`)."""
        return line_texts(self._rows, self._chunks(), wanted)


def _write_files(conn: Any, ns: str, files: Sequence[FileViews]) -> None:
    """Many files' views and versions (in the caller's transaction); a path given twice: its last rows win."""
    final = {f.path: f for f in files}
    mentions = [m for f in final.values() for m in f.mentions]
    relations = [r for f in final.values() for r in f.relations]
    write_facts(conn, ns, {p: f.facts for p, f in final.items()})
    _replace(conn, ns, list(final), mentions, relations)
    for f in files:
        if f.hash is not None:
            _add_version(conn, ns, f.path, f.hash, f.seen_at, f.text)


def _replace(
    conn: Any, ns: str, paths: list[str], mentions: Sequence[MentionRow], relations: Sequence[RelationRow]
) -> None:
    """Replace the mentions and relationships of ``paths`` (in the caller's transaction), and draw a new
    :data:`STAMP`."""
    clean = [_clean(p) for p in paths]
    conn.execute(
        f"INSERT INTO {ns}.meta (key, value) VALUES (%s, %s)"
        " ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
        (STAMP, uuid.uuid4().hex),
    )
    conn.execute(f"DELETE FROM {ns}.mentions WHERE path = ANY(%s)", (clean,))
    conn.execute(f"DELETE FROM {ns}.relations WHERE path = ANY(%s)", (clean,))
    with conn.cursor() as cur:
        if mentions:
            cur.executemany(
                f"INSERT INTO {ns}.mentions ({_MENTION_COLS}) VALUES ({', '.join(['%s'] * 8)})",
                [tuple(_clean(v) for v in m) for m in mentions],
            )
        if relations:
            cur.executemany(
                f"INSERT INTO {ns}.relations (path, line, subject, predicate, object, day)"
                " VALUES (%s, %s, %s, %s, %s, %s)",
                [tuple(_clean(v) for v in r) for r in relations],
            )


def _add_version(conn: Any, ns: str, path: str, hash: str, seen_at: float, text: str | None) -> bool:
    """Append a version of ``path`` unless its last one has the same hash (in the caller's transaction)."""
    conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (f"{ns}:versions:{path}",))
    last = conn.execute(
        f"SELECT hash FROM {ns}.file_versions WHERE path = %s ORDER BY id DESC LIMIT 1", (_clean(path),)
    ).fetchone()
    if (last[0] if last else None) == hash or (last is None and text is None):
        return False
    body = zlib.compress(text.encode("utf-8")) if text is not None else None
    conn.execute(
        f"INSERT INTO {ns}.file_versions (path, hash, seen_at, body) VALUES (%s, %s, %s, %s)",
        (_clean(path), hash, seen_at, body),
    )
    return True
