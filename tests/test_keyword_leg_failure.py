"""A keyword leg that fails without damage (here: its FTS table dropped by another program) degrades
the search and says why, instead of reading as "no match"."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from mdrecall import Config, Memory
from mdrecall.errors import StoreError
from mdrecall.stores.sqlite import SQLiteStore
from mdrecall.text.query import build_keyword_query

from helpers import write


def _drop_fts(index: Path) -> None:
    other = sqlite3.connect(index)
    other.execute("DROP TABLE chunks_fts")
    other.commit()
    other.close()


def test_the_store_raises_instead_of_returning_nothing(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "i.sqlite")
    try:
        _drop_fts(tmp_path / "i.sqlite")
        with pytest.raises(StoreError, match="no such table"):
            store.search_text(build_keyword_query("kestrel"), 5)
    finally:
        store.close()


def test_the_search_answers_with_vectors_and_says_why(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    write(ws, "MEMORY.md", "# Memory\n\nThe kestrel nests on the north tower.\n")
    cfg = Config().merged({"embedding": {"provider": "fake"}})
    with Memory.open(ws, cfg) as mem:
        mem.index()
        _drop_fts(Path(mem.store.path))  # type: ignore[attr-defined]
        result = mem.search_result("kestrel tower", sync=False, min_score=0.0)
    assert "keyword search failed" in (result.fallback or "")
    assert "no such table" in (result.fallback or "")
    assert result.hits and result.hits[0].path == "MEMORY.md"  # the vector leg still answered
