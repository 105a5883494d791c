"""A search by date reads an undated page's year-less days as the index reads them: from the newest daily
log's day (:func:`~mdrecall.knowledge.dates.valid_time.page_reference`). "Roof felt replaced in June" on a
shed page, in a workspace whose logs run to September, is about that June: a search during June finds it."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.search.event_days import cached_event_days, workspace_reference


def _workspace(root: Path) -> Memory:
    (root / "memory").mkdir()
    (root / "memory" / "2026-09-14.md").write_text("# 2026-09-14\n\n- Bought compost for the beds.\n")
    (root / "memory" / "2026-08-02.md").write_text("# 2026-08-02\n\n- Watered the tomatoes twice.\n")
    (root / "garden").mkdir()
    (root / "garden" / "shed.md").write_text(
        "# Shed\n\n- Roof felt replaced in June by Tomasz.\n- Paint: sage green.\n"
    )
    (root / "garden" / "pond.md").write_text("# Pond\n\n- Liner is the butyl one.\n- Pump: solar.\n")
    over = {"history": {"git": False}, "index": {"sync_on_search": False}, "extra_paths": ["garden"]}
    mem = Memory.open(root, Config().merged(over))
    mem.index()
    return mem


def test_a_search_during_a_month_finds_an_undated_pages_line_naming_it(tmp_path: Path) -> None:
    mem = _workspace(tmp_path)
    try:
        june = {h.path for h in mem.search("roof felt", min_score=0, during="2026-06-01..2026-06-30")}
        assert "garden/shed.md" in june
        # the pond page names no day: its day is still none, and June does not reach it
        assert "garden/pond.md" not in {
            h.path for h in mem.search("pond liner", min_score=0, during="2026-06-01..2026-06-30")
        }
        # nor is the shed's June read a year on from the logs (the index reads it back, not ahead)
        assert "garden/shed.md" not in {
            h.path for h in mem.search("roof felt", min_score=0, during="2027-06-01..2027-06-30")
        }
    finally:
        mem.close()


def test_the_event_days_of_an_undated_page_are_read_from_the_newest_log(tmp_path: Path) -> None:
    mem = _workspace(tmp_path)
    try:
        assert str(workspace_reference(mem.store)) == "2026-09-14"
        days_of = cached_event_days(mem.store, "auto")
        chunk = mem.store.chunk_at("garden/shed.md", 3)  # the sqlite store reads a line's chunk back
        assert chunk is not None and chunk.date is None
        assert "2026-06-15" in days_of(chunk)
    finally:
        mem.close()
