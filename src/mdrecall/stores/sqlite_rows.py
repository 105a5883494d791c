"""Rows of the SQLite store's ``chunks`` table as :class:`~mdrecall.models.Chunk` records."""

from __future__ import annotations

import sqlite3

from mdrecall.models import Chunk

__all__ = ["CHUNK_COLS", "row_chunk"]

#: The columns :func:`row_chunk` reads, for ``SELECT`` lists (table alias ``c``).
CHUNK_COLS = (
    "c.id, c.chunk_id, c.path, c.source, c.start_line, c.end_line, c.heading, c.date, c.hash, c.text,"
    " c.parent_start, c.parent_end"
)


def row_chunk(r: sqlite3.Row) -> Chunk:
    """A ``chunks`` row (selected with :data:`CHUNK_COLS`) as a chunk."""
    return Chunk(
        path=r["path"],
        source=r["source"],
        start_line=r["start_line"],
        end_line=r["end_line"],
        text=r["text"],
        hash=r["hash"],
        heading=r["heading"] or "",
        date=r["date"],
        parent_start_line=r["parent_start"],
        parent_end_line=r["parent_end"],
    )
