"""One contract every store must keep; runs against each registered backend."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from mdrecall.chunking import chunk_markdown
from mdrecall.config import Config
from mdrecall.models import FileRecord
from mdrecall.query import build_keyword_query
from mdrecall.stores import Store, open_store

BACKENDS = ["sqlite", "memory"]


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    cfg = Config().merged({"store": {"backend": request.param}})
    s = open_store(cfg, str(tmp_path))
    yield s
    s.close()


def put(store: Store, path: str, text: str, source: str = "memory", mtime: int = 1) -> list[str]:
    chunks = chunk_markdown(text, path=path, source=source, tokens=50, overlap=10)
    rec = FileRecord(path, source, f"h-{hash(text)}", mtime, len(text))
    return store.replace_file(rec, chunks)


def test_replace_and_search_text(store: Store) -> None:
    put(store, "memory/a.md", "# A\nThe kestrel hovers over the field.")
    put(store, "memory/b.md", "# B\nNothing to see here, just a field report.")
    hits = store.search_text(build_keyword_query("kestrel field"), 10)
    assert [h.chunk.path for h in hits][0] == "memory/a.md"
    assert hits[0].raw_score > hits[-1].raw_score > 0
    assert store.counts()["files"] == 2


def test_rare_term_beats_common_term(store: Store) -> None:
    for i in range(20):
        put(store, f"memory/common{i}.md", "# Note\nthe project meeting notes meeting meeting")
    put(store, "memory/rare.md", "# Note\nthe zanzibar project")
    hits = store.search_text(build_keyword_query("zanzibar meeting"), 5)
    assert hits[0].chunk.path == "memory/rare.md"


def test_replace_is_incremental_and_remove_cleans_up(store: Store) -> None:
    first = put(store, "memory/a.md", "# A\nalpha")
    assert len(first) == 1
    assert put(store, "memory/a.md", "# A\nalpha") == []  # same content → nothing new
    put(store, "memory/a.md", "# A\nbeta")
    assert store.search_text(build_keyword_query("alpha"), 5) == []
    assert len(store.search_text(build_keyword_query("beta"), 5)) == 1
    store.remove_file("memory/a.md")
    assert store.search_text(build_keyword_query("beta"), 5) == []
    assert store.counts()["chunks"] == 0 and store.file_records() == {}


def test_sources_filter(store: Store) -> None:
    put(store, "memory/a.md", "# A\nshared word", source="memory")
    put(store, "sessions/s.jsonl", "shared word", source="sessions")
    q = build_keyword_query("shared")
    assert {h.chunk.source for h in store.search_text(q, 5)} == {"memory", "sessions"}
    assert {h.chunk.source for h in store.search_text(q, 5, ["sessions"])} == {"sessions"}
    assert set(store.file_records(source="sessions")) == {"sessions/s.jsonl"}


def test_vectors_and_nearest_neighbours(store: Store) -> None:
    put(store, "memory/a.md", "# A\nalpha")
    put(store, "memory/b.md", "# B\nbeta")
    missing = store.chunks_without_vectors("k1")
    assert len(missing) == 2
    vecs = {c.id: np.eye(3, dtype=np.float32)[i] for i, c in enumerate(sorted(missing, key=lambda c: c.path))}
    store.put_vectors("k1", vecs)
    assert store.chunks_without_vectors("k1") == []
    assert len(store.chunks_without_vectors("k2")) == 2
    near = store.search_vector("k1", np.array([0.9, 0.1, 0], dtype=np.float32), 2)
    assert [c.chunk.path for c in near] == ["memory/a.md", "memory/b.md"]
    assert near[0].raw_score == pytest.approx(0.9)
    assert store.search_vector("k2", np.array([1, 0, 0], dtype=np.float32), 2) == []
    # a changed file loses its old vectors
    put(store, "memory/a.md", "# A\nalpha changed")
    assert [c.path for c in store.chunks_without_vectors("k1")] == ["memory/a.md"]
    assert store.drop_vectors(keep_key="k2") == 1
    assert store.counts()["vectors"] == 0


def test_embedding_cache_is_bounded(store: Store) -> None:
    store.cache_put("k", {f"h{i}": np.full(4, i, dtype=np.float32) for i in range(5)}, max_entries=3)
    got = store.cache_get("k", [f"h{i}" for i in range(5)])
    assert len(got) == 3
    assert store.cache_get("other", ["h4"]) == {}
    assert np.allclose(got["h4"], 4)


def test_meta(store: Store) -> None:
    assert store.get_meta("x") is None
    store.set_meta("x", "1")
    store.set_meta("x", "2")
    assert store.get_meta("x") == "2"
    assert store.schema_version() >= 1


@pytest.mark.parametrize("query", ['"', "*", "a:b", "AND OR NOT", "NEAR(x y)", "-x", "((", "x" * 10_000])
def test_hostile_queries_never_raise(store: Store, query: str) -> None:
    put(store, "memory/a.md", "# A\nsome text x")
    assert isinstance(store.search_text(build_keyword_query(query), 5), list)
