"""Defects the fault campaign's twenty-second round found (benchmarks/fault_round22.py), each shown on the
smallest input that showed it (others: tests/test_file_lock.py, test_forget.py, test_trust_capture.py,
test_kind_sentence_batch.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall import Memory
from mdrecall.errors import NotFoundError

from helpers import write
from pgserver import backend_config, drop_namespaces, unique_agent


def test_postgres_forget_leaves_no_row_under_a_note_named_with_the_text(tmp_path: Path) -> None:
    """As SQLite's: a forget of a word a note's name holds renames the note, and no row of the server
    (history, mentions, fact lines) keeps the old name; the proof looks at paths too."""
    prefix = unique_agent()
    cfg = backend_config("postgres", prefix + "a")
    root = tmp_path / "agent"
    write(root, "MEMORY.md", "# Memory\n\n- the kiln fires on Thursdays\n")
    write(root, "memory/2026-08-05-wexcombe-glaze.md", "# Session\n\n- Noted: Ola Brandt ordered glaze.\n")
    try:
        with Memory.open(root, cfg) as mem:
            mem.index()
            mem.entities()
            result = mem.forget(mem.forget_plan("wexcombe"))
            assert result.proven
            assert mem.store.find_text(result.target.needle) == []  # type: ignore[attr-defined]
            with pytest.raises(NotFoundError):  # the history follows the new name
                mem.history("memory/2026-08-05-wexcombe-glaze.md")
            ns = mem.store._ns  # type: ignore[attr-defined]
            for table in ("file_versions", "mentions", "facts", "chunks", "files"):
                sql = f"SELECT count(*) FROM {ns}.{table} WHERE path ILIKE '%wexcombe%'"
                n = mem.store.run(lambda c, sql=sql: c.execute(sql).fetchone()[0])  # type: ignore[attr-defined]
                assert n == 0, table
        assert [p.name for p in (root / "memory").glob("*wexcombe*")] == []
    finally:
        drop_namespaces(prefix)
