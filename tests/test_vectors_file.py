"""The vector file: a new store maps the cached matrix instead of reading SQLite, only when it matches."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from mdrecall.models import Chunk, FileRecord
from mdrecall.stores.sqlite import SQLiteStore
from mdrecall.stores.sqlite_vector_file import vector_file_path
from mdrecall.text.needle import Needle
from tests.test_vectors import DIMS, KEY, fill, hits, unit

QUERIES = [*unit(np.random.default_rng(1), 4), unit(np.random.default_rng(0), 1)[0]]  # the last one ties
SHAPES = ((1, None), (24, None), (2000, None), (24, ["sessions"]), (5, ["x"]))


def answers(store: SQLiteStore) -> list[list[tuple[int, float]]]:
    return [hits(store, q, k, sources) for q in QUERIES for k, sources in SHAPES]


def fresh(db: Path, **kwargs: object) -> tuple[list[list[tuple[int, float]]], str | None]:
    """A new store's answers and where its matrix came from."""
    store = SQLiteStore(db, sqlite_vec=False, **kwargs)  # type: ignore[arg-type]
    try:
        return answers(store), store.vectors.last_load
    finally:
        store.close()


def scanned(db: Path) -> list[list[tuple[int, float]]]:
    """Today's answers read from SQLite alone (the block scan: no matrix, no file)."""
    return fresh(db, vector_cache_bytes=0)[0]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "index.sqlite"
    store = SQLiteStore(path, sqlite_vec=False)
    fill(store, 1500)
    store.close()
    return path


def test_a_new_store_maps_the_file_with_identical_answers(db: Path) -> None:
    first, loaded = fresh(db)
    assert loaded == "sqlite" and vector_file_path(db).is_file()
    second, loaded = fresh(db)
    assert loaded == "file"
    assert second == first == scanned(db)  # the same rowids and the same float bits, ties by rowid
    top = second[4 * len(SHAPES) + 1]
    assert top[0][1] == top[1][1] and top[0][0] < top[1][0]
    a, b = SQLiteStore(db, sqlite_vec=False), SQLiteStore(db, sqlite_vec=False)
    a.vectors.file = None  # as before the file existed: the matrix read from SQLite
    hits(a, QUERIES[0], 1), hits(b, QUERIES[0], 1)
    ma, mb = a.vectors._cached, b.vectors._cached
    assert ma is not None and mb is not None and b.vectors.last_load == "file"
    assert np.array_equal(ma.mat, mb.mat) and np.array_equal(ma.ids, mb.ids) and ma.names == mb.names
    assert [ma.names[c] for c in ma.codes] == [mb.names[c] for c in mb.codes]
    a.close()
    b.close()


def test_writes_to_the_vectors_invalidate_the_file(db: Path) -> None:
    fresh(db)
    q = QUERIES[0]
    writer = SQLiteStore(db, sqlite_vec=False)
    writer.set_meta("x", "1")  # not the vectors: the file stays valid
    writer.put_vectors("another:key", {c.id: q for c in writer.chunks_without_vectors("another:key")[:3]})
    writer.close()
    assert fresh(db)[1] == "file"
    new = Chunk("memory/new.md", "memory", 9999, 9999, "new", "new")
    changes = [
        lambda s: (
            s.replace_file(FileRecord("memory/new.md", "memory", "n", 1, 1), [new]),
            s.put_vectors(KEY, {new.id: q}),
        ),
        lambda s: s.put_vectors(KEY, {new.id: -q}),  # the same chunk, a new vector
        lambda s: s.remove_file("memory/f0.md"),
        lambda s: s.drop_vectors(keep_key="another:key"),
    ]
    for change in changes[:3]:
        writer = SQLiteStore(db, sqlite_vec=False)
        change(writer)
        writer.close()
        got, loaded = fresh(db)
        assert loaded == "sqlite" and got == scanned(db)
        assert fresh(db)[1] == "file"  # rewritten by the first of those stores
    writer = SQLiteStore(db, sqlite_vec=False)
    changes[3](writer)
    writer.close()
    assert fresh(db) == ([[]] * len(QUERIES) * len(SHAPES), None)  # KEY has no vectors left


def test_one_writer_at_a_time_and_a_killed_writers_file_is_replaced(db: Path) -> None:
    tmp = db.parent / ".index.vectors.tmp"
    tmp.write_bytes(b"being written")  # another process writing it now
    got, loaded = fresh(db)
    assert loaded == "sqlite" and got == scanned(db) and not vector_file_path(db).exists()
    assert tmp.read_bytes() == b"being written"
    os.utime(tmp, (1, 1))  # left by a writer killed long ago
    fresh(db)
    assert not tmp.exists() and fresh(db)[1] == "file"


def test_another_key_replaces_the_file(db: Path) -> None:
    store = SQLiteStore(db, sqlite_vec=False)
    store.put_vectors("b:key:16", {c.id: -QUERIES[0] for c in store.chunks_without_vectors("b:key:16")})
    hits(store, QUERIES[0], 3)
    assert store.vectors.last_load == "sqlite"
    store.search_vector("b:key:16", QUERIES[0], 3)
    assert store.vectors.last_load == "sqlite"
    store.close()
    got, loaded = fresh(db)  # the file holds b:key:16 now: KEY is read from SQLite, never from it
    assert loaded == "sqlite" and got == scanned(db)


@pytest.mark.parametrize(
    "damage",
    ["truncated", "grown", "ids", "codes", "header", "magic", "empty", "garbage", "symlink", "fifo"],
)
def test_a_damaged_or_linked_file_is_ignored_and_replaced(db: Path, tmp_path: Path, damage: str) -> None:
    want = fresh(db)[0]
    path = vector_file_path(db)
    data = bytearray(path.read_bytes())
    header_len = int.from_bytes(data[8:12], "little")
    ids_at = -(-(16 + header_len) // 64) * 64
    codes_at = -(-(ids_at + 8 * 1500) // 64) * 64
    if damage == "truncated":
        data = data[:-100]
    elif damage == "grown":
        data += b"\0" * 64
    elif damage == "ids":
        data[ids_at] ^= 1  # the first chunk rowid, off by one: the CRC catches it
    elif damage == "codes":
        data[codes_at] ^= 1  # the first row's source
    elif damage == "header":
        data[16 : 16 + header_len] = data[16 : 16 + header_len].replace(b'"memory"', b'"memorx"')
    elif damage == "magic":
        data[:8] = b"MDRVMAT9"
    elif damage == "empty":
        data = bytearray()
    elif damage == "garbage":
        data = bytearray(os.urandom(len(data)))
    path.unlink()
    if damage == "symlink":  # a valid file elsewhere: followed, it would be used
        target = tmp_path / "elsewhere.vectors"
        target.write_bytes(data)
        path.symlink_to(target)
    elif damage == "fifo":
        os.mkfifo(path)
    else:
        path.write_bytes(data)
    got, loaded = fresh(db)
    assert loaded == "sqlite" and got == want
    assert path.is_file() and not path.is_symlink()
    assert fresh(db)[1] == "file"
    if damage == "symlink":
        assert (tmp_path / "elsewhere.vectors").read_bytes() == data  # not written through the link


def test_a_rebuilt_index_never_reads_the_old_file(db: Path) -> None:
    fresh(db)
    old = vector_file_path(db).read_bytes()
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    store = SQLiteStore(db, sqlite_vec=False)
    fill(store, 1500, seed=3)  # the same ids, counts and dims, other vectors: only db_id differs
    store.close()
    assert vector_file_path(db).read_bytes() == old
    got, loaded = fresh(db)
    assert loaded == "sqlite" and got == scanned(db)


def test_a_failed_write_keeps_the_old_behaviour(db: Path) -> None:
    path = vector_file_path(db)
    path.mkdir()  # the rename onto it fails
    got, loaded = fresh(db)
    assert loaded == "sqlite" and got == scanned(db)
    assert path.is_dir() and sorted(p.name for p in db.parent.iterdir()) == ["index.sqlite", "index.vectors"]


def test_over_the_budget_no_file_is_written(db: Path) -> None:
    fresh(db, vector_cache_bytes=1500 * DIMS * 4 - 1)
    assert not vector_file_path(db).exists()


def test_forget_deletes_the_file(db: Path) -> None:
    fresh(db)
    store = SQLiteStore(db, sqlite_vec=False)
    assert store.purge_text(Needle(("chunk 7",), whole_words=True), "[forgotten]") == 1
    assert not vector_file_path(db).exists()
    hits(store, QUERIES[0], 3)  # a search in between writes it anew, without the deleted vector
    assert vector_file_path(db).exists()
    store.scrub()
    assert not vector_file_path(db).exists()
    store.close()
