"""SQLite-specific behaviour: files on disk, migrations, recovery from a broken index."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from mdrecall.errors import StoreError
from mdrecall.stores.sqlite import SQLiteStore
from mdrecall.stores.sqlite_migrations import MIGRATIONS


def test_creates_wal_database_with_schema(tmp_path: Path) -> None:
    s = SQLiteStore(tmp_path / "idx" / "index.sqlite")
    assert s.schema_version() == len(MIGRATIONS)
    s.close()
    conn = sqlite3.connect(tmp_path / "idx" / "index.sqlite")
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"meta", "files", "chunks", "chunks_fts", "vectors", "embedding_cache"} <= tables


def test_garbage_file_is_moved_aside_and_rebuilt(tmp_path: Path) -> None:
    path = tmp_path / "index.sqlite"
    path.write_bytes(b"this is not a database" * 100)
    s = SQLiteStore(path)
    assert s.rebuilt_from and "moved aside" in s.rebuilt_from
    assert s.counts()["files"] == 0
    assert list(tmp_path.glob("index.sqlite.broken-*"))
    s.close()


def test_newer_schema_is_refused_not_destroyed(tmp_path: Path) -> None:
    path = tmp_path / "index.sqlite"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 5}")
    conn.close()
    with pytest.raises(StoreError, match="upgrade mdrecall"):
        SQLiteStore(path)
    assert path.exists()


def test_reopen_keeps_data(tmp_path: Path) -> None:
    s = SQLiteStore(tmp_path / "i.sqlite")
    s.set_meta("k", "v")
    s.close()
    s = SQLiteStore(tmp_path / "i.sqlite")
    assert s.get_meta("k") == "v"
    s.close()


def test_terms_in_half_the_chunks_do_not_change_the_ranking(tmp_path: Path) -> None:
    from mdrecall.models import FileRecord
    from mdrecall.text.chunking import chunk_markdown
    from mdrecall.text.query import build_keyword_query

    s = SQLiteStore(tmp_path / "i.sqlite")
    for i in range(100):
        extra = " walrus" if i % 10 == 0 else ""
        text = f"# Note {i}\nproject status update number {i}{extra}"
        s.replace_file(
            FileRecord(f"memory/n{i}.md", "memory", str(i), 1, 1),
            chunk_markdown(text, path=f"memory/n{i}.md"),
        )
    q = build_keyword_query("project walrus")
    assert s._drop_common_terms(q.fts) == '"walrus"'  # "project" is in every chunk: IDF clamped to ~0
    mixed = s.search_text(q, 20)
    rare = s.search_text(build_keyword_query("walrus"), 20)
    assert [c.chunk.path for c in mixed] == [c.chunk.path for c in rare]
    assert len(s.search_text(build_keyword_query("project"), 200)) == 100  # common-only queries still work
    # term counts are cached between searches, and forgotten when the index changes (here or elsewhere)
    for i in range(100, 220):
        s.replace_file(
            FileRecord(f"memory/n{i}.md", "memory", str(i), 1, 1),
            chunk_markdown(f"# Note {i}\nwalrus sighting {i}", path=f"memory/n{i}.md"),
        )
    assert s._drop_common_terms(q.fts) == '"project"'  # now walrus is the common one (130 of 220)
    other = SQLiteStore(tmp_path / "i.sqlite")
    for i in range(100, 220):
        other.remove_file(f"memory/n{i}.md")
    other.close()
    assert s._drop_common_terms(q.fts) == '"walrus"'
    s.close()


def test_a_failed_batch_lands_nothing(tmp_path: Path) -> None:
    from mdrecall.models import FileRecord
    from mdrecall.text.chunking import chunk_markdown

    s = SQLiteStore(tmp_path / "i.sqlite")
    with pytest.raises(RuntimeError), s.batch():
        s.replace_file(
            FileRecord("memory/a.md", "memory", "a", 1, 1), chunk_markdown("# A\nalpha", path="memory/a.md")
        )
        raise RuntimeError("crash between files")
    assert s.counts()["files"] == 0 and s.counts()["chunks"] == 0
    with s.batch():
        s.replace_file(
            FileRecord("memory/b.md", "memory", "b", 1, 1), chunk_markdown("# B\nbeta", path="memory/b.md")
        )
    assert s.counts()["files"] == 1
    s.close()


def test_entity_listing_reads_one_covering_index(tmp_path: Path) -> None:
    """Listing entities aggregates the mentions from an index in key order, never the table row by row
    (10,000 notes: the listing went from 1.5 s to a fraction of it); the sums are unchanged."""
    from mdrecall.stores.views import MentionRow

    s = SQLiteStore(tmp_path / "index.sqlite")
    rows = [
        MentionRow("a.md", 1, 0, "dana", "Dana", "person", "name", "2026-01-02"),
        MentionRow("a.md", 1, 0, "dana", "Dana", "person", "speaker", "2026-01-02"),
        MentionRow("a.md", 4, 0, "dana", "dana", "unknown", "name_start", None),
        MentionRow("b.md", 2, 0, "dana", "Dana", "person", "name", "2026-01-05"),
    ]
    s.replace_views("a.md", rows[:3], [])
    s.replace_views("b.md", rows[3:], [])
    (summary,) = s.entity_summary()
    assert (summary.lines, summary.files, summary.first, summary.last) == (3, 2, "2026-01-02", "2026-01-05")
    assert summary.forms[("Dana", "person", "name")] == 2
    plans = []
    for sql in (
        "SELECT key, how, name, kind, count(*) FROM mentions GROUP BY key, how, name, kind",
        "SELECT key, count(DISTINCT path || char(0) || line), count(DISTINCT path), min(day), max(day)"
        " FROM mentions GROUP BY key",
    ):
        plans.append(" ".join(r[3] for r in s.query("EXPLAIN QUERY PLAN " + sql)))
    s.close()
    assert all("COVERING INDEX mentions_entity" in p for p in plans), plans


def _index_at_schema(path: Path, version: int, rows: list[tuple[str, str]]) -> None:
    """An index as an older mdrecall left it: migrations up to ``version``, chunks ``(heading, text)``
    written the way that version's code wrote them (the keyword index holding the text only)."""
    from mdrecall.stores import sqlite_migrations

    conn = sqlite3.connect(path, isolation_level=None)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(sqlite_migrations, "MIGRATIONS", MIGRATIONS[:version])
        assert sqlite_migrations.apply_migrations(conn) == version
    conn.execute("BEGIN")
    conn.execute("INSERT INTO files VALUES ('memory/a.md', 'memory', 'h', 1, 1, NULL, 0)")
    for i, (heading, text) in enumerate(rows):
        cur = conn.execute(
            "INSERT INTO chunks(chunk_id, path, source, start_line, end_line, heading, hash, text)"
            " VALUES (?, 'memory/a.md', 'memory', ?, ?, ?, ?, ?)",
            (f"c{i}", i + 1, i + 1, heading, f"h{i}", text),
        )
        conn.execute("INSERT INTO chunks_fts(rowid, text) VALUES (?, ?)", (cur.lastrowid, text))
    conn.execute("COMMIT")
    conn.close()


def test_an_index_from_before_headings_upgrades_in_place(tmp_path: Path) -> None:
    """Migration 7 rebuilds the keyword index of an existing file with the heading paths: a term only
    in a heading then finds its chunk, and FTS5's own check passes through later writes."""
    from mdrecall.text.query import build_keyword_query

    path = tmp_path / "index.sqlite"
    rows = [("Atlas", "# Atlas\nintro"), ("Atlas > Kubernetes", "drain the pods"), ("会议记录", "東京 notes")]
    _index_at_schema(path, 6, rows)
    s = SQLiteStore(path)
    assert s.schema_version() == len(MIGRATIONS) >= 7 and s.rebuilt_from is None
    hits = s.search_text(build_keyword_query("kubernetes"), 5)
    assert [h.chunk.text for h in hits] == ["drain the pods"]
    assert len(s.search_text(build_keyword_query("atlas"), 5)) == 2
    assert [h.chunk.text for h in s.search_text(build_keyword_query("会议"), 5)] == ["東京 notes"]
    s.verify(full=True)
    s.remove_file("memory/a.md")  # deletes give the values the rebuild indexed
    s.verify(full=True)
    assert s.search_text(build_keyword_query("atlas"), 5) == []
    from mdrecall.models import FileRecord
    from mdrecall.text.chunking import chunk_markdown

    text = "# 项目\n\n## 会议记录\n\n" + "\n\n".join(f"東京 item {i}: budget notes." for i in range(8))
    s.replace_file(
        FileRecord("memory/b.md", "memory", "b", 1, 1), chunk_markdown(text, path="memory/b.md", tokens=30)
    )
    found = s.search_text(build_keyword_query("会议"), 20)
    assert len(found) > 1 and {h.chunk.heading for h in found} == {"项目 > 会议记录"}
    s.remove_file("memory/b.md")
    # chunks_cjk is contentless: a delete that gave other bigrams than were indexed would leave them
    assert s.query('SELECT count(*) FROM chunks_cjk WHERE chunks_cjk MATCH \'"会议" OR "東京"\'')[0][0] == 0
    s.close()


def test_the_indexed_heading_is_the_same_in_sql_and_python(tmp_path: Path) -> None:
    """The view the keyword index reads (migration 7) and chunking.keyword_heading agree."""
    from mdrecall.text.chunking import keyword_heading

    cases = [
        ("", "plain"),
        ("A", "# A\ntext"),
        ("A", "plain under A"),
        ("A > B", "## B\ntext"),
        ("A > B > C", "   ### C"),
        ("Ünï > 東京 > 会議", "### 会議"),
        ("a>b > c", "# c"),
        ("A > B", "#hashtag first"),
        ("A > B", "\n## B"),
        ("2026-04-15", "# 2026-04-15"),
        ("2026-04-15", "- a turn under the day's title"),
        ("2026-04-15 > Session 1", "- a turn"),
        ("2026-04-15 > Session 1", "## Session 1\n- a turn"),
        ("2026-04-15 > Session 1 > Notes", "### Notes"),
        ("2026-04-15 notes > Deploys", "- not only a date"),
        ("Log > 2026-04-15", "- a date below the top"),
    ]
    path = tmp_path / "index.sqlite"
    _index_at_schema(path, len(MIGRATIONS), [])
    conn = sqlite3.connect(path)
    conn.execute("BEGIN")
    for i, (heading, text) in enumerate(cases):
        conn.execute(
            "INSERT INTO chunks(id, chunk_id, path, source, start_line, end_line, heading, hash, text)"
            " VALUES (?, ?, 'p', 'memory', 1, 1, ?, 'h', ?)",
            (i + 1, f"c{i}", heading, text),
        )
    sql = [r[0] for r in conn.execute("SELECT heading FROM chunks_fts_source ORDER BY id")]
    conn.execute("ROLLBACK")
    conn.close()
    assert sql == [keyword_heading(h, t) for h, t in cases]
    assert sql[:5] == ["", "", "A", "A", "A > B"]
    assert sql[9:] == ["", "", "Session 1", "", "Session 1", "2026-04-15 notes > Deploys", "Log > 2026-04-15"]


def test_an_index_from_schema_10_loses_the_unused_hash_index(tmp_path: Path) -> None:
    """Migration 11 drops the index on chunks(hash) (no lookup used it; a first index spent a third of its
    writes on it); the one statement that reads chunk hashes, the scrub's cache clean-up, still works."""
    import numpy as np

    path = tmp_path / "index.sqlite"
    _index_at_schema(path, 10, [("A", "kept text"), ("B", "more text")])
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'chunks_hash'").fetchone()
    conn.close()
    s = SQLiteStore(path)
    indexes = {r[0] for r in s.query("SELECT name FROM sqlite_master WHERE type = 'index'")}
    assert "chunks_hash" not in indexes and "chunks_path" in indexes
    vec = np.ones(4, dtype=np.float32)
    s.cache_put("e", {"h0": vec, "h1": vec, "gone": vec}, 0)
    assert s.scrub() == []
    assert s.cache_has("e", ["h0", "h1", "gone"]) == {"h0", "h1"}
    s.close()


def test_commits_do_not_checkpoint_every_4_mb(tmp_path: Path) -> None:
    """A write copies the WAL into the database once it holds ``WAL_CHECKPOINT_PAGES`` (32 MB), not at
    SQLite's default of 1,000 pages: every checkpoint waits for the disk twice, and a first index of
    10,000 notes made ~70 of them."""
    from mdrecall.models import Chunk, FileRecord
    from mdrecall.stores.sqlite import WAL_CHECKPOINT_PAGES

    s = SQLiteStore(tmp_path / "index.sqlite")
    words = " ".join(f"w{i}" for i in range(600))
    for f in range(40):  # ~6 MB of WAL in 40 commits
        chunks = [
            Chunk(f"m/{f}.md", "memory", i, i, f"{words} {f} {i}", f"{f}-{i}", heading="H") for i in range(40)
        ]
        s.replace_file(FileRecord(f"m/{f}.md", "memory", str(f), 1, 1), chunks)
    frames = s.query("PRAGMA wal_checkpoint(PASSIVE)")[0][1]  # the WAL's frames before this checkpoint
    assert 1500 < frames < WAL_CHECKPOINT_PAGES
    s.close()
