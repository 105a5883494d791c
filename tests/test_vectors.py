"""The SQLite store's vector leg: in-memory cache, block scan, sqlite-vec side index (when it loads)."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import numpy as np
import pytest

from mdrecall.models import Chunk, FileRecord
from mdrecall.stores import sqlite_files, sqlite_migrations, sqlite_vec_index, sqlite_vectors
from mdrecall.stores.sqlite import SQLiteStore
from mdrecall.stores.sqlite_vec_index import available, side_path
from mdrecall.stores.sqlite_vectors import top_k

KEY = "test:model:16"
DIMS = 16
needs_vec = pytest.mark.skipif(not available(), reason="sqlite-vec does not load here (pip install '.[vec]')")


def unit(rng: np.random.Generator, n: int, dims: int = DIMS) -> np.ndarray:
    m = rng.standard_normal((n, dims)).astype(np.float32)
    return m / np.linalg.norm(m, axis=1, keepdims=True)


def fill(store: SQLiteStore, n: int, seed: int = 0, per_file: int = 50) -> list[Chunk]:
    """``n`` chunks (every 4th from ``sessions``) with random unit vectors, some of them duplicated (ties)."""
    rng = np.random.default_rng(seed)
    vecs = unit(rng, n)
    vecs[1::7] = vecs[0::7][: len(vecs[1::7])]  # identical vectors: equal scores must rank by rowid
    chunks = []
    for f in range(0, n, per_file):
        path = f"memory/f{f}.md"
        part = [
            Chunk(path, "sessions" if i % 4 == 0 else "memory", i + 1, i + 1, f"chunk {i}", f"{seed}:{i}")
            for i in range(f, min(n, f + per_file))
        ]
        store.replace_file(FileRecord(path, "memory", f"h{f}", 1, 1), part)
        chunks.extend(part)
    store.put_vectors(KEY, {c.id: vecs[i] for i, c in enumerate(chunks)})
    return chunks


def hits(
    store: SQLiteStore, q: np.ndarray, k: int, sources: list[str] | None = None
) -> list[tuple[int, float]]:
    return [(c.chunk.start_line, c.raw_score) for c in store.search_vector(KEY, q, k, sources)]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "index.sqlite"
    store = SQLiteStore(path, sqlite_vec=False)
    fill(store, 1500)
    store.close()
    return path


def test_top_k_orders_by_score_then_id() -> None:
    values = np.array([0.5, 0.9, 0.5, np.nan, 0.9, -np.inf, 0.5], dtype=np.float32)
    ids = np.array([7, 3, 2, 1, 9, 4, 5])
    best, best_ids = top_k(values, ids, 4)
    assert best_ids.tolist() == [3, 9, 2, 5] and best.tolist() == pytest.approx([0.9, 0.9, 0.5, 0.5])
    assert top_k(values, ids, 10)[1].tolist() == [3, 9, 2, 5, 7]


def test_block_scan_equals_cached(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sqlite_vectors, "SCAN_BLOCK_BYTES", 1)  # blocks of 64 rows: 24 blocks
    cached = SQLiteStore(db, sqlite_vec=False)
    scan = SQLiteStore(db, vector_cache_bytes=1500 * DIMS * 4 - 1, sqlite_vec=False)
    rng = np.random.default_rng(1)
    queries = [*unit(rng, 5), unit(np.random.default_rng(0), 1)[0]]  # the last one ties 1st and 2nd
    for q in queries:
        for k, sources in ((1, None), (24, None), (200, None), (2000, None), (24, ["sessions"]), (5, ["x"])):
            assert hits(scan, q, k, sources) == hits(cached, q, k, sources)
    assert (cached.vectors.last_method, scan.vectors.last_method) == ("cached", "scan")
    assert scan.vectors._cached is None  # nothing held beyond the budget
    top = hits(cached, queries[-1], 3)
    assert top[0][1] == top[1][1] and top[0][0] < top[1][0]  # a tie, broken by rowid
    cached.close()
    scan.close()


def test_sources_filter_and_brute_force(db: Path) -> None:
    store = SQLiteStore(db, sqlite_vec=False)
    rows = [
        (r[0], r[1], np.frombuffer(r[2], dtype=np.float32))
        for r in sqlite3.connect(db).execute(
            "SELECT c.start_line, c.source, v.vec FROM vectors v JOIN chunks c ON c.id = v.chunk_rowid"
        )
    ]
    q = unit(np.random.default_rng(5), 1)[0]
    want = sorted(
        ((float(v @ q), line) for line, src, v in rows if src == "sessions"), key=lambda x: (-x[0], x[1])
    )
    got = hits(store, q, 10, ["sessions"])
    assert [line for line, _ in got] == [line for _, line in want[:10]]
    assert [s for _, s in got] == pytest.approx([s for s, _ in want[:10]], abs=1e-6)
    assert all(line % 4 == 1 for line, _ in got)  # i % 4 == 0 → sessions, start_line = i + 1
    store.close()


@pytest.mark.parametrize("budget", [None, 0])
def test_dims_mismatch_and_empty(db: Path, budget: int | None) -> None:
    kwargs = {} if budget is None else {"vector_cache_bytes": budget}
    store = SQLiteStore(db, sqlite_vec=False, **kwargs)
    assert store.search_vector(KEY, np.ones(DIMS + 1, dtype=np.float32), 5) == []
    assert store.search_vector(KEY, np.ones(DIMS, dtype=np.float32), 0) == []
    assert store.search_vector("other:key", np.ones(DIMS, dtype=np.float32), 5) == []
    assert len(store.search_vector(KEY, np.ones(DIMS, dtype=np.float32), 5)) == 5
    store.close()


@pytest.mark.parametrize("method", ["cached", "scan", pytest.param("sqlite-vec", marks=needs_vec)])
def test_sees_writes_from_another_connection(db: Path, method: str) -> None:
    settings = {
        "cached": {"sqlite_vec": False},
        "scan": {"vector_cache_bytes": 0, "sqlite_vec": False},
        "sqlite-vec": {"vector_cache_bytes": 0},
    }
    reader = SQLiteStore(db, **settings[method])
    writer = SQLiteStore(db, sqlite_vec=False)
    q = unit(np.random.default_rng(9), 1)[0]
    before = hits(reader, q, 3)
    assert reader.vectors.last_method == method
    # a new chunk whose vector is the query itself comes first
    new = Chunk("memory/new.md", "memory", 9999, 9999, "new", "new")
    writer.replace_file(FileRecord("memory/new.md", "memory", "n", 1, 1), [new])
    writer.put_vectors(KEY, {new.id: q})
    assert hits(reader, q, 3)[0] == (9999, pytest.approx(1.0))
    # replaced vector (same chunk, new value) and removed files are seen too
    writer.put_vectors(KEY, {new.id: -q})
    assert [line for line, _ in hits(reader, q, 3)] == [line for line, _ in before]
    writer.remove_file("memory/new.md")
    writer.remove_file("memory/f0.md")
    after = hits(reader, q, 50)
    assert all(line > 50 for line, _ in after) and len(after) == 50
    # the last chunk is replaced by a new one: its rowid may be reused, its vector must not be
    writer.remove_file("memory/f1450.md")
    last = Chunk("memory/f1450.md", "memory", 7777, 7777, "again", "again")
    writer.replace_file(FileRecord("memory/f1450.md", "memory", "a", 1, 1), [last])
    writer.put_vectors(KEY, {last.id: q})
    assert hits(reader, q, 1) == [(7777, pytest.approx(1.0))]
    assert reader.vectors.last_method == method
    reader.close()
    writer.close()


def test_writes_elsewhere_keep_the_cached_matrix(db: Path) -> None:
    store = SQLiteStore(db, sqlite_vec=False)
    q = unit(np.random.default_rng(2), 1)[0]
    hits(store, q, 5)
    matrix = store.vectors._cached
    store.set_meta("x", "1")  # a write that does not touch the vectors
    store.put_vectors("another:key", {})
    hits(store, q, 5)
    assert store.vectors._cached is matrix
    store.put_vectors(KEY, {store.chunks_without_vectors("none")[0].id: q})  # replaces one vector
    assert hits(store, q, 1)[0][1] == pytest.approx(1.0)
    assert store.vectors._cached is not matrix
    store.close()


def _schema_2_index_chunk(conn: sqlite3.Connection, rowid: int, heading: str, text: str) -> None:
    """What schema 2 wrote for a chunk without CJK text: the text in chunks_fts (no heading column)."""
    conn.execute("INSERT INTO chunks_fts(rowid, text) VALUES (?, ?)", (rowid, text))


def test_schema_2_vectors_are_migrated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "index.sqlite"
    with monkeypatch.context() as m:
        # schema 2, plus the columns today's code writes (migration 4), dropped again below
        parents = "\nALTER TABLE chunks ADD COLUMN parent_start INTEGER NOT NULL DEFAULT 0;\n"
        parents += "ALTER TABLE chunks ADD COLUMN parent_end INTEGER NOT NULL DEFAULT 0;\n"
        first, second = sqlite_migrations.MIGRATIONS[:2]
        m.setattr(sqlite_migrations, "MIGRATIONS", [first, second + parents])
        m.setattr(sqlite_files, "index_chunk", _schema_2_index_chunk)
        old = SQLiteStore(path, sqlite_vec=False)
        fill(old, 120)
        old.close()
    conn = sqlite3.connect(path)
    conn.execute("ALTER TABLE chunks DROP COLUMN parent_start")
    conn.execute("ALTER TABLE chunks DROP COLUMN parent_end")
    conn.commit()
    q = unit(np.random.default_rng(3), 1)[0]
    scored = [
        (float(np.frombuffer(vec, dtype=np.float32) @ q), line)
        for line, vec in conn.execute(
            "SELECT c.start_line, v.vec FROM vectors v JOIN chunks c ON c.id = v.chunk_rowid"
        )
    ]
    conn.close()
    want = [line for _, line in sorted(scored, key=lambda x: (-x[0], x[1]))[:10]]
    new = SQLiteStore(path, sqlite_vec=False)
    assert new.schema_version() == len(sqlite_migrations.MIGRATIONS) >= 3
    assert [line for line, _ in hits(new, q, 10)] == want
    assert new.counts()["vectors"] == 120 and new.get_meta("db_id")
    new.close()


# ---- sqlite-vec -------------------------------------------------------------------------------------


@needs_vec
def test_sqlite_vec_matches_numpy(db: Path) -> None:
    cached = SQLiteStore(db, sqlite_vec=False)
    vec = SQLiteStore(db, vector_cache_bytes=0)
    rng = np.random.default_rng(4)
    for q in unit(rng, 5):
        for k, sources in (
            (1, None),
            (24, None),
            (300, None),
            (24, ["sessions"]),
            (24, ["memory", "sessions"]),
        ):
            assert hits(vec, q, k, sources) == hits(cached, q, k, sources)
    assert vec.vectors.last_method == "sqlite-vec"
    assert side_path(db).exists()
    cached.close()
    vec.close()


@needs_vec
def test_sqlite_vec_side_index_follows_the_index(db: Path, caplog: pytest.LogCaptureFixture) -> None:
    q = unit(np.random.default_rng(6), 1)[0]
    store = SQLiteStore(db, vector_cache_bytes=0)
    assert len(hits(store, q, 5)) == 5
    # vectors of a new embedder replace the old ones: the old side table goes
    store.put_vectors("next:model:16", {c.id: -q for c in store.chunks_without_vectors("next:model:16")})
    store.drop_vectors(keep_key="next:model:16")
    assert hits(store, q, 5) == []
    store.search_vector("next:model:16", q, 5)
    side = sqlite3.connect(side_path(db))
    assert [r[0] for r in side.execute("SELECT embedder FROM indexes")] == ["next:model:16"]
    side.close()
    store.close()
    # a side index of another database (db_id) is emptied, not trusted
    other = SQLiteStore(db, vector_cache_bytes=0)
    other.set_meta("db_id", "another")
    other.close()
    again = SQLiteStore(db, vector_cache_bytes=0)
    fill(again, 200, seed=0, per_file=50)  # the fixture's first 200 chunks get their vectors back
    numpy = SQLiteStore(db, sqlite_vec=False)
    assert hits(again, q, 5) == hits(numpy, q, 5) and again.vectors.last_method == "sqlite-vec"
    side = sqlite3.connect(side_path(db))
    assert side.execute("SELECT value FROM meta WHERE key = 'db_id'").fetchone()[0] == "another"
    assert [r[0] for r in side.execute("SELECT embedder FROM indexes")] == [KEY]
    side.close()
    numpy.close()
    again.close()
    # a broken side file: the query scans instead, says so, and the file is rebuilt next time
    side_path(db).write_bytes(b"not a database" * 100)
    broken = SQLiteStore(db, vector_cache_bytes=0)
    with caplog.at_level(logging.WARNING, logger="mdrecall.stores"):
        got = hits(broken, q, 5)
    assert broken.vectors.last_method == "scan" and "sqlite-vec side index failed" in caplog.text
    broken.close()
    fixed = SQLiteStore(db, vector_cache_bytes=0)
    assert hits(fixed, q, 5) == got and fixed.vectors.last_method == "sqlite-vec"
    fixed.close()


def test_without_sqlite_vec_the_scan_answers(
    db: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(sqlite_vec_index, "_available", False)  # as where it is not installed
    store = SQLiteStore(db, vector_cache_bytes=0)
    with caplog.at_level(logging.WARNING, logger="mdrecall.stores"):
        assert len(hits(store, np.ones(DIMS, dtype=np.float32), 5)) == 5
    assert store.vectors.last_method == "scan" and not caplog.text
    assert not side_path(db).exists()
    store.close()
