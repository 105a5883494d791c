"""The fact lines and their pairing in the PostgreSQL store (:class:`~mdrecall.stores.views.PairedFactStore`).

Tables (migration 6 of :mod:`mdrecall.stores.postgres_migrations`), as SQLite's migrations 8 and 9:
``facts`` (one row per fact line, :mod:`mdrecall.knowledge.fact_lines.facts`, rewritten with a file's other
views), ``superseded`` (the stored pairing, :mod:`mdrecall.knowledge.changes.superseded`: an older line → the
newer line superseding it) and ``facts_dirty`` (the files whose fact lines changed since the pairing was
made). Meta ``facts_gen`` counts the changes of the fact lines (a file rewritten with the same lines is no
change) and ``superseded_gen`` says which count the pairing was made at.

A write that changes fact lines (:func:`write_facts`, :func:`mark_facts_changed`) and
:meth:`PostgresFacts.write_superseded` take one transaction-level advisory lock of the namespace: a
pairing made from lines that changed meanwhile is refused, never stored under the newer count, and no
file marked dirty meanwhile is dropped from ``facts_dirty``. Paths are ``COLLATE "C"``: read in the
byte order SQLite reads them in, whatever the database's collation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from mdrecall.stores.postgres_rows import clean_text
from mdrecall.stores.views import FACT_COLS, FactRow, Supersession, fact_from_row

__all__ = ["PostgresFacts", "mark_facts_changed", "write_facts"]

_T = TypeVar("_T")

_PAIR_COLS = "path, line, new_path, new_line, new_day"
#: Rows read per query (:meth:`PostgresFacts.fact_rows`, :meth:`PostgresFacts.superseded_all`).
PAGE = 4096


class PostgresFactsAccess(Protocol):
    """What the fact lines need from the store they are mixed into
    (:class:`~mdrecall.stores.postgres.PostgresStore`)."""

    #: The store's schema, quoted for SQL.
    _ns: str

    def run(self, work: Callable[[Any], _T], write: bool = False) -> _T:
        """``work(conn)``, in a transaction when ``write`` (retried once on a broken connection)."""
        ...


def _text(value: Any) -> Any:
    return clean_text(value) if isinstance(value, str) else value


def fact_params(f: FactRow) -> tuple[Any, ...]:
    """A fact line as the row stored (attributes and values joined by ``|``), text PostgreSQL can hold."""
    texts = (f.day, "|".join(f.attrs), "|".join(f.values), f.subject, f.context)
    return (_text(f.path), f.line, *(_text(v) for v in texts), bool(f.cue), _text(f.words))


def _lock(conn: Any, ns: str) -> None:
    """The namespace's lock on its fact lines' count and pairing (released at commit)."""
    conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (f"mdrecall:{ns}:facts",))


def mark_facts_changed(conn: Any, ns: str, paths: Sequence[str]) -> None:
    """Count a change of the fact lines of ``paths`` (in the caller's transaction, under the lock):
    they are paired again by the next :func:`~mdrecall.knowledge.changes.superseded.refresh_superseded`."""
    if not paths:
        return
    _lock(conn, ns)
    conn.execute(
        f"INSERT INTO {ns}.facts_dirty (path) SELECT unnest(%s::text[]) ON CONFLICT (path) DO NOTHING",
        (list(paths),),
    )
    conn.execute(
        f"INSERT INTO {ns}.meta (key, value) VALUES ('facts_gen', '1')"
        " ON CONFLICT (key) DO UPDATE SET value = (meta.value::bigint + 1)::text"
    )


def write_facts(conn: Any, ns: str, facts: Mapping[str, Sequence[FactRow]]) -> None:
    """Replace the fact lines of the files ``facts`` names (path → its lines; in the caller's transaction).
    Only the files whose lines differ from the stored ones are rewritten and counted as changed."""
    if not facts:
        return
    new = {_text(p): sorted((fact_params(f) for f in rows), key=lambda t: t[1]) for p, rows in facts.items()}
    held: dict[str, list[tuple[Any, ...]]] = {}
    for r in conn.execute(
        f"SELECT {FACT_COLS} FROM {ns}.facts WHERE path = ANY(%s) ORDER BY path, line", (list(new),)
    ):
        held.setdefault(r[0], []).append(tuple(r))
    changed = [p for p, rows in new.items() if held.get(p, []) != rows]
    if not changed:
        return
    mark_facts_changed(conn, ns, changed)
    conn.execute(f"DELETE FROM {ns}.facts WHERE path = ANY(%s)", (changed,))
    rows = [r for p in changed for r in new[p]]
    if rows:
        with conn.cursor() as cur:
            cur.executemany(f"INSERT INTO {ns}.facts ({FACT_COLS}) VALUES ({', '.join(['%s'] * 9)})", rows)


def _pages(run: Callable[[str, tuple[Any, ...]], list[Any]], sql: str) -> Iterator[list[Any]]:
    """The rows of ``sql`` (ordered by path and line, its ``{}`` the place of the keyset condition), a page
    at a time."""
    after: tuple[Any, ...] = ()
    while True:
        where = "WHERE (path, line) > (%s, %s)" if after else ""
        rows = run(sql.format(where) + f" LIMIT {PAGE}", after)
        yield rows
        if len(rows) < PAGE:
            return
        after = (rows[-1][0], int(rows[-1][1]))


class PostgresFacts(PostgresFactsAccess):
    """Mixed into :class:`~mdrecall.stores.postgres.PostgresStore`; uses only :class:`PostgresFactsAccess`."""

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return self.run(lambda c: c.execute(sql, params).fetchall())

    def _meta(self, key: str) -> str | None:
        rows = self._read(f"SELECT value FROM {self._ns}.meta WHERE key = %s", (key,))
        return str(rows[0][0]) if rows else None

    def fact_rows(self) -> list[FactRow]:
        """Every stored fact line, in path and line order: read a page at a time (never every row at
        once), each file's path, day and title one shared string and each attribute list one shared tuple."""
        out: list[FactRow] = []
        shared: dict[Any, Any] = {}
        sql = f"SELECT {FACT_COLS} FROM {self._ns}.facts {{}} ORDER BY path, line"
        for rows in _pages(self._read, sql):
            out += (fact_from_row(r, shared) for r in rows)
        return out

    def facts_generation(self) -> str:
        """Changes whenever the stored fact lines do (a sync that rewrote a file's lines identically does
        not change it)."""
        return self._meta("facts_gen") or "0"

    def paired_generation(self) -> str | None:
        """The :meth:`facts_generation` the stored pairing was made at (``None``: never paired)."""
        return self._meta("superseded_gen")

    def dirty_fact_paths(self) -> list[str]:
        """The files whose fact lines changed since the stored pairing was made."""
        return [r[0] for r in self._read(f"SELECT path FROM {self._ns}.facts_dirty ORDER BY path")]

    def superseded_all(self) -> dict[tuple[str, int], Supersession]:
        """Every stored pair: (path, line) of the older line → its newer line (read a page at a time)."""
        sql = f"SELECT {_PAIR_COLS} FROM {self._ns}.superseded {{}} ORDER BY path, line"
        pages = _pages(self._read, sql)
        return {(r[0], int(r[1])): Supersession(r[2], int(r[3]), r[4]) for rows in pages for r in rows}

    def write_superseded(
        self,
        pairs: dict[tuple[str, int], Supersession],
        generation: str,
        dirty: Sequence[str],
        before: dict[tuple[str, int], Supersession] | None,
    ) -> bool:
        """Store the pairing made at ``generation`` (``before``: the stored pairs it was made from, only
        those that differ are written; ``None``: all of it, anew) and forget the ``dirty`` files it took
        in; False (nothing written) when the fact lines changed meanwhile (checked under the lock every
        change of them takes)."""
        ns = self._ns

        def work(conn: Any) -> bool:
            _lock(conn, ns)
            row = conn.execute(f"SELECT value FROM {ns}.meta WHERE key = 'facts_gen'").fetchone()
            if (str(row[0]) if row else "0") != generation:
                return False
            if before is None:
                conn.execute(f"DELETE FROM {ns}.superseded")
                stale: list[tuple[str, int]] = []
                fresh = pairs
            else:
                stale = [k for k in before if k not in pairs]
                fresh = {k: v for k, v in pairs.items() if before.get(k) != v}
            with conn.cursor() as cur:
                if stale:
                    cur.executemany(f"DELETE FROM {ns}.superseded WHERE path = %s AND line = %s", stale)
                if fresh:
                    cur.executemany(
                        f"INSERT INTO {ns}.superseded ({_PAIR_COLS}) VALUES (%s, %s, %s, %s, %s)"
                        " ON CONFLICT (path, line) DO UPDATE SET new_path = EXCLUDED.new_path,"
                        " new_line = EXCLUDED.new_line, new_day = EXCLUDED.new_day",
                        [(_text(p), ln, _text(n.path), n.line, n.day) for (p, ln), n in fresh.items()],
                    )
            conn.execute(f"DELETE FROM {ns}.facts_dirty WHERE path = ANY(%s)", ([_text(p) for p in dirty],))
            conn.execute(
                f"INSERT INTO {ns}.meta (key, value) VALUES ('superseded_gen', %s)"
                " ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
                (generation,),
            )
            return True

        return bool(self.run(work, write=True))

    def superseded_rows(self, paths: Sequence[str]) -> list[tuple[str, int, str, int, str | None]]:
        """The stored pairs whose older line is in ``paths``: (path, line, newer path, line, day)."""
        if not paths:
            return []
        rows = self._read(
            f"SELECT {_PAIR_COLS} FROM {self._ns}.superseded WHERE path = ANY(%s)",
            (sorted({_text(p) for p in paths}),),
        )
        return [(r[0], int(r[1]), r[2], int(r[3]), r[4]) for r in rows]
