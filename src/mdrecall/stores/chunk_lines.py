"""A file's lines read back from a SQL store's chunks by line number, in time that does not grow with
the file (``chunk_at`` and ``line_texts`` of :class:`~mdrecall.stores.sqlite_views.SQLiteViews` and
:class:`~mdrecall.stores.postgres_views.PostgresViews`; :class:`Table` says how each store names things).

Both used to read every chunk of the file between the lines asked: the entity views ask for up to 24
mention lines of each name and a heading for each, so a 1 MB page naming 20,000 people in turn read the
file some 40,000 times (views of 30 s CPU, the fault campaign's round 13). Here the chunks starting at or
before a line are found through the index on ``(path, start_line)`` (SQLite's migration 13, PostgreSQL's
5), nearest first,
:data:`NEAR` of them; only when none of them holds the line (a line that no chunk holds, or one inside a
longer chunk that opened earlier) is the file's scan run for that line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

__all__ = ["NEAR", "Table", "chunk_row_at", "line_texts"]

#: How many chunks starting nearest before a line are read for it.
NEAR = 6

Query = Callable[[str, Sequence[Any]], list[Any]]


class Table(NamedTuple):
    """How a store names its chunks: the table (schema-qualified where needed), the columns of a chunk row
    (aliased ``c``) with the positions of its first and last line among them, and the parameter mark."""

    name: str
    cols: str
    start: int
    end: int
    mark: str


def _sql(table: Table, sql: str) -> str:
    return sql.format(t=table.name, cols=table.cols, m=table.mark)


def chunk_row_at(query: Query, table: Table, path: str, line: int) -> Any | None:
    """The row (``table.cols``) of the smallest chunk of ``path`` holding ``line`` (the earliest among
    equals), ``None`` when none does."""
    start, end = table.start, table.end
    rows = query(
        _sql(
            table,
            "SELECT {cols} FROM {t} c WHERE c.path = {m} AND c.start_line <= {m}"
            " ORDER BY c.start_line DESC LIMIT {m}",
        ),
        (path, line, NEAR),
    )
    held = [r for r in rows if r[end] >= line]
    if held:
        best = min(held, key=lambda r: (r[end] - r[start], r[start]))
        # a chunk opening before every row read spans more than line - the earliest start read: it can be
        # no smaller than the best, so the best stands when it spans no more than that
        if len(rows) < NEAR or best[end] - best[start] <= line - rows[-1][start]:
            return best
    elif len(rows) < NEAR:
        return None
    rows = query(
        _sql(
            table,
            "SELECT {cols} FROM {t} c WHERE c.path = {m} AND c.start_line <= {m} AND c.end_line >= {m}"
            " ORDER BY c.end_line - c.start_line, c.start_line LIMIT 1",
        ),
        (path, line, line),
    )
    return rows[0] if rows else None


def line_texts(query: Query, table: Table, wanted: Sequence[tuple[str, int]]) -> dict[tuple[str, int], str]:
    """The indexed text of the lines ``(path, line)``: each from the earliest-starting chunk read that
    holds it (a line cut over several chunks, as a line of a megabyte is, gives its first piece)."""
    out: dict[tuple[str, int], str] = {}
    asked = set(wanted)
    for path, line in sorted(asked):
        if (path, line) in out:
            continue
        # the nearest starts, in the index's order (no text, no sort: a line of a megabyte is cut into a
        # thousand chunks of one start, and ordering them by id with their text read the page per line)
        rows = query(
            _sql(
                table,
                "SELECT start_line, end_line FROM {t} WHERE path = {m} AND start_line <= {m}"
                " ORDER BY start_line DESC LIMIT {m}",
            ),
            (path, line, NEAR),
        )
        starts = [r[0] for r in rows if r[1] >= line]
        if not starts and len(rows) < NEAR:
            continue
        # the first piece at the earliest start holding the line, or the file's scan for it
        held = query(
            _sql(
                table,
                "SELECT start_line, end_line, id, text FROM {t} WHERE path = {m}"
                " AND start_line " + ("= {m}" if starts else "<= {m}") + " AND end_line >= {m}"
                " ORDER BY start_line, id LIMIT 1",
            ),
            (path, min(starts) if starts else line, line),
        )
        if not held:
            continue
        start, end, _id, text = held[0]
        pieces = text.split("\n")
        for at in range(start, min(end, start + len(pieces) - 1) + 1):  # the other lines asked it holds
            if at == line or (at > line and (path, at) in asked):
                out.setdefault((path, at), pieces[at - start])
    return out
