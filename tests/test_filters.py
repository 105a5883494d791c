"""Search filters: path patterns and date ranges (pure), and through Memory.search on a real workspace."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from mdrecall import Memory
from mdrecall.errors import MdrecallError
from mdrecall.request import SearchFilter
from mdrecall.text.filters import parse_day


def test_path_patterns() -> None:
    f = SearchFilter(paths=("memory/2026-*.md", "notes"))
    assert f.keeps("memory/2026-01-02.md", "2026-01-02")
    assert f.keeps("memory/2026-01-02-standup.md", None)
    assert f.keeps("notes/a.md", None) and f.keeps("notes", None)
    assert not f.keeps("notesbook/a.md", None)  # a folder prefix stops at a slash
    assert not f.keeps("MEMORY.md", None)
    assert SearchFilter(paths=("memory/*",)).keeps("memory/deep/er/x.md", None)  # * crosses folders
    assert SearchFilter(paths=("./MEMORY.md",)).keeps("MEMORY.md", None)
    assert not SearchFilter().active and SearchFilter().keeps("anything", None)


def test_date_range_is_inclusive_and_needs_a_dated_file() -> None:
    f = SearchFilter(since=date(2026, 1, 2), until=date(2026, 1, 3))
    assert [f.keeps("x", d) for d in ("2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04")] == [
        False,
        True,
        True,
        False,
    ]
    assert not f.keeps("MEMORY.md", None) and not f.keeps("x", "garbage")
    with pytest.raises(MdrecallError, match="after --until"):
        SearchFilter(since=date(2026, 2, 1), until=date(2026, 1, 1))


def test_parse_day() -> None:
    today = date(2026, 3, 10)
    assert parse_day("2026-01-05", today) == date(2026, 1, 5)
    assert parse_day("today", today) == today and parse_day("Yesterday", today) == date(2026, 3, 9)
    assert parse_day("7d", today) == date(2026, 3, 3) and parse_day("2w", today) == date(2026, 2, 24)
    assert parse_day("1m", today) == date(2026, 2, 8) and parse_day("1y", today) == date(2025, 3, 10)
    with pytest.raises(MdrecallError, match="not a date"):
        parse_day("next blue moon", today)


def test_memory_search_applies_filters_before_top_k(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    # Many strong matches outside the filter; one weak match inside it must still be found.
    for i in range(1, 29):
        (root / "memory" / f"2026-02-{i:02d}.md").write_text(f"# Day\nzebra zebra zebra crossing {i}\n")
    (root / "memory" / "2025-06-01.md").write_text("# Old\n" + "filler words here. " * 40 + "one zebra.\n")
    with Memory.open(root) as mem:
        hits = mem.search("zebra", max_results=3, min_score=0, filters=SearchFilter(until=date(2025, 12, 31)))
        assert [h.path for h in hits] == ["memory/2025-06-01.md"]
        some = mem.search(
            "zebra", max_results=50, min_score=0, filters=SearchFilter(paths=("memory/2026-02-1*",))
        )
        assert sorted(h.path for h in some) == [f"memory/2026-02-1{i}.md" for i in range(10)]
