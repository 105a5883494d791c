"""Chinese, Japanese and Korean notes found by keyword search, through real workspaces."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from mdrecall import Memory
from mdrecall.stores import sqlite_files, sqlite_migrations
from mdrecall.stores.sqlite import default_index_path

from helpers import write

FILLER = "\n".join(
    f"- Line {i}: routine notes about nothing in particular, kept for length." for i in range(40)
)


@pytest.fixture
def cjk_ws(tmp_path: Path) -> Path:
    root = tmp_path / "agent"
    write(
        root,
        "memory/2026-01-26.md",
        """
        # 2026-01-26

        ## 会议记录
        明天的会议很重要，我们讨论了数据库迁移的计划。
        负责人是王伟。我的猫叫小白。
        """,
    )
    write(
        root,
        "memory/2026-01-27.md",
        """
        # 2026-01-27

        ## 打ち合わせ
        来週の会議で新しいデザインを発表します。東京オフィスの山田さんが担当です。
        """,
    )
    write(root, "memory/korean.md", "# 메모\n\n내일 회의에서 예산을 논의합니다.\n")
    write(root, "memory/projects/kestrel.md", "# Kestrel\n\nKestrel API设计 review: 接口需要版本号。\n")
    write(root, "memory/garden.md", "# Garden\n\nPlain English notes about tomatoes and the garden.\n")
    write(root, "memory/long.md", f"# Long\n\n{FILLER}\n- 关键词：量子计算的实验结果。\n{FILLER}\n")
    return root


BACKENDS = pytest.mark.parametrize("backend", ["sqlite", "memory"])


def _paths(mem: Memory, query: str) -> list[str]:
    return [h.path for h in mem.search(query, min_score=0)]


@BACKENDS
@pytest.mark.parametrize(
    ("query", "path"),
    [
        ("会议", "memory/2026-01-26.md"),  # a two-character word inside a sentence
        ("数据库", "memory/2026-01-26.md"),
        ("数据库迁移的计划", "memory/2026-01-26.md"),
        ("王伟", "memory/2026-01-26.md"),
        ("猫", "memory/2026-01-26.md"),  # one character, at the end of a run
        ("小白", "memory/2026-01-26.md"),
        ("会議", "memory/2026-01-27.md"),  # Japanese (the Chinese note has 会议, not 会議)
        ("東京", "memory/2026-01-27.md"),
        ("山田さん", "memory/2026-01-27.md"),
        ("デザインの発表はいつですか", "memory/2026-01-27.md"),
        ("회의", "memory/korean.md"),
        ("예산", "memory/korean.md"),
        ("API设计", "memory/projects/kestrel.md"),
        ("版本号", "memory/projects/kestrel.md"),
    ],
)
def test_cjk_queries_hit(
    cjk_ws: Path, open_memory: Callable[..., Memory], backend: str, query: str, path: str
) -> None:
    assert _paths(open_memory(cjk_ws, store={"backend": backend}), query)[0] == path


@BACKENDS
def test_cjk_does_not_match_unrelated_notes(
    cjk_ws: Path, open_memory: Callable[..., Memory], backend: str
) -> None:
    mem = open_memory(cjk_ws, store={"backend": backend})
    assert _paths(mem, "火车站") == []
    assert "memory/garden.md" not in _paths(mem, "会议")
    assert _paths(mem, "tomatoes") == ["memory/garden.md"]


@BACKENDS
def test_mixed_latin_and_cjk_query_adds_both_legs(
    cjk_ws: Path, open_memory: Callable[..., Memory], backend: str
) -> None:
    mem = open_memory(cjk_ws, store={"backend": backend})
    hits = mem.search("garden 版本号", min_score=0, explain=True)
    assert {h.path for h in hits} == {"memory/garden.md", "memory/projects/kestrel.md"}
    both = mem.search("Kestrel 版本号", min_score=0)
    assert both[0].path == "memory/projects/kestrel.md" and both[0].score == 1.0


def test_cjk_snippet_is_centred_on_the_match(cjk_ws: Path, open_memory: Callable[..., Memory]) -> None:
    hit = open_memory(cjk_ws, search={"snippet_chars": 300}).search("量子计算", min_score=0)[0]
    assert hit.path == "memory/long.md"
    assert "量子计算" in hit.snippet


def test_cjk_index_follows_edits_and_deletes(cjk_ws: Path, open_memory: Callable[..., Memory]) -> None:
    mem = open_memory(cjk_ws)
    assert _paths(mem, "王伟")
    write(cjk_ws, "memory/2026-01-26.md", "# 2026-01-26\n\n今天李娜负责测试。\n")
    mem.index()
    assert _paths(mem, "王伟") == [] and _paths(mem, "李娜") == ["memory/2026-01-26.md"]
    (cjk_ws / "memory/2026-01-26.md").unlink()
    (cjk_ws / "memory/korean.md").unlink()
    mem.index()
    assert _paths(mem, "李娜") == [] and _paths(mem, "회의") == []
    conn = sqlite3.connect(default_index_path(str(cjk_ws)))
    try:
        conn.execute("INSERT INTO chunks_cjk(chunks_cjk, rank) VALUES ('integrity-check', 0)")
        left = conn.execute('SELECT count(*) FROM chunks_cjk WHERE chunks_cjk MATCH \'"李娜" OR "회의"\'')
        assert left.fetchone()[0] == 0
    finally:
        conn.close()


def _v1_index_chunk(conn: sqlite3.Connection, rowid: int, heading: str, text: str) -> None:
    """What version 1 wrote for a chunk: its text in chunks_fts (no heading, no CJK table)."""
    conn.execute("INSERT INTO chunks_fts(rowid, text) VALUES (?, ?)", (rowid, text))


def test_v1_index_is_migrated_and_backfilled(
    cjk_ws: Path, open_memory: Callable[..., Memory], monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as m:
        # version 1's schema, plus the columns today's code writes (migration 4), dropped below
        parents = "\nALTER TABLE chunks ADD COLUMN parent_start INTEGER NOT NULL DEFAULT 0;\n"
        parents += "ALTER TABLE chunks ADD COLUMN parent_end INTEGER NOT NULL DEFAULT 0;\n"
        m.setattr(sqlite_migrations, "MIGRATIONS", [sqlite_migrations.MIGRATIONS[0] + parents])
        m.setattr(sqlite_files, "index_chunk", _v1_index_chunk)
        old = open_memory(cjk_ws, index={"sync_on_search": False})
        old.index()
        assert old.status().schema_version == 1
        assert _paths(old, "会议") == []  # no CJK table yet: the whole sentence is one FTS token
        assert _paths(old, "tomatoes") == ["memory/garden.md"]
        old.close()
    conn = sqlite3.connect(default_index_path(str(cjk_ws)))
    conn.execute("ALTER TABLE chunks DROP COLUMN parent_start")
    conn.execute("ALTER TABLE chunks DROP COLUMN parent_end")
    conn.commit()
    conn.close()
    mem = open_memory(cjk_ws)
    assert mem.status().schema_version == len(sqlite_migrations.MIGRATIONS) >= 2
    report = mem.index()
    assert not report.changed and report.chunks_written == 0  # found through the backfill alone
    assert _paths(mem, "会议")[0] == "memory/2026-01-26.md"
    assert _paths(mem, "東京")[0] == "memory/2026-01-27.md"
