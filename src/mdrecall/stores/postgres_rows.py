"""The PostgreSQL store's values in and out: text it can hold, its rows as :class:`Chunk` records."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mdrecall.models import Chunk

__all__ = ["clean_text", "row_chunk"]


def clean_text(value: str) -> str:
    """PostgreSQL text cannot hold NUL or lone surrogates: drop the one, replace the other."""
    if "\x00" in value:
        value = value.replace("\x00", "")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        value = value.encode("utf-8", "replace").decode("utf-8")
    return value


def row_chunk(r: Sequence[Any]) -> Chunk:
    """A row of :data:`~mdrecall.stores.postgres_sql.CHUNK_COLS` (id first) as a :class:`Chunk`."""
    return Chunk(
        path=r[1],
        source=r[2],
        start_line=r[3],
        end_line=r[4],
        text=r[5],
        hash=r[6],
        heading=r[7] or "",
        date=r[8],
        parent_start_line=r[9],
        parent_end_line=r[10],
    )
