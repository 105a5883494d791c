"""A file's lines read back from the SQLite store's chunks by line number, in time that does not grow with
the file (:meth:`~mdrecall.stores.sqlite_views.SQLiteViews.chunk_at`,
:meth:`~mdrecall.stores.sqlite_views.SQLiteViews.line_texts`).

Both used to read every chunk of the file between the lines asked: the entity views ask for up to 24
mention lines of each name and a heading for each, so a 1 MB page naming 20,000 people in turn read the
file some 40,000 times (views of 30 s CPU, the fault campaign's round 13). Here the chunks starting at or
before a line are found through the index on ``(path, start_line)`` (migration 13), nearest first,
:data:`NEAR` of them; only when none of them holds the line (a line that no chunk holds, or one inside a
longer chunk that opened earlier) is the file's scan run for that line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from mdrecall.stores.sqlite_rows import CHUNK_COLS

__all__ = ["NEAR", "chunk_row_at", "line_texts"]

#: How many chunks starting nearest before a line are read for it.
NEAR = 6

Query = Callable[[str, Sequence[Any]], list[Any]]


def chunk_row_at(query: Query, path: str, line: int) -> Any | None:
    """The row (``CHUNK_COLS``) of the smallest chunk of ``path`` holding ``line`` (the earliest among
    equals), ``None`` when none does."""
    rows = query(
        f"SELECT {CHUNK_COLS} FROM chunks c WHERE c.path = ? AND c.start_line <= ?"
        " ORDER BY c.start_line DESC LIMIT ?",
        (path, line, NEAR),
    )
    held = [r for r in rows if r["end_line"] >= line]
    if held:
        best = min(held, key=lambda r: (r["end_line"] - r["start_line"], r["start_line"]))
        # a chunk opening before every row read spans more than line - the earliest start read: it can be
        # no smaller than the best, so the best stands when it spans no more than that
        if len(rows) < NEAR or best["end_line"] - best["start_line"] <= line - rows[-1]["start_line"]:
            return best
    elif len(rows) < NEAR:
        return None
    rows = query(
        f"SELECT {CHUNK_COLS} FROM chunks c WHERE c.path = ? AND c.start_line <= ? AND c.end_line >= ?"
        " ORDER BY c.end_line - c.start_line, c.start_line LIMIT 1",
        (path, line, line),
    )
    return rows[0] if rows else None


def line_texts(query: Query, wanted: Sequence[tuple[str, int]]) -> dict[tuple[str, int], str]:
    """The indexed text of the lines ``(path, line)``: each from the earliest-starting chunk read that
    holds it (a line cut over several chunks, as a line of a megabyte is, gives its first piece)."""
    out: dict[tuple[str, int], str] = {}
    asked = set(wanted)
    for path, line in sorted(asked):
        if (path, line) in out:
            continue
        rows = query(
            "SELECT start_line, end_line, id, text FROM chunks WHERE path = ? AND start_line <= ?"
            " ORDER BY start_line DESC, id LIMIT ?",
            (path, line, NEAR),
        )
        held = [r for r in rows if r[1] >= line]
        if not held and len(rows) == NEAR:
            held = query(
                "SELECT start_line, end_line, id, text FROM chunks"
                " WHERE path = ? AND start_line <= ? AND end_line >= ? ORDER BY start_line, id LIMIT 1",
                (path, line, line),
            )
        if not held:
            continue
        start, end, _id, text = min(held, key=lambda r: (r[0], r[2]))
        pieces = text.split("\n")
        for at in range(start, min(end, start + len(pieces) - 1) + 1):  # the other lines asked it holds
            if at == line or (at > line and (path, at) in asked):
                out.setdefault((path, at), pieces[at - start])
    return out
