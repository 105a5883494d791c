"""One contract every store must keep; runs against every store in the public registry."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import cast

import numpy as np
import pytest

from mdrecall.config.settings import Config
from mdrecall.models import FileRecord
from mdrecall.stores import Store, open_store, store_names
from mdrecall.stores.base import SupportsBatch, SupportsSyncLock, sync_guard, write_batch
from mdrecall.text.chunking import chunk_markdown
from mdrecall.text.query import build_keyword_query

from pgserver import backend_config, drop_namespaces, unique_agent

#: Every registered store: the built-ins are entry points like any installed plugin.
BACKENDS = store_names()


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def make_config(backend: str) -> Iterator[Callable[..., Config]]:
    """Configs for this backend: ``make_config("b")`` is another agent (its own namespace)."""
    prefix = unique_agent()
    yield lambda agent="a": backend_config(backend, prefix + agent)
    if backend == "postgres":
        drop_namespaces(prefix)


@pytest.fixture
def store(make_config: Callable[..., Config], tmp_path: Path) -> Iterator[Store]:
    s = open_store(make_config(), str(tmp_path))
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


def test_chunk_counts_per_file(store: Store) -> None:
    assert store.chunk_counts() == {}
    many = "# Big\n" + "\n\n".join(f"## Part {i}\n" + "word " * 60 for i in range(4))
    n = len(put(store, "memory/big.md", many))
    put(store, "memory/small.md", "# Small\none line")
    assert n > 1
    assert store.chunk_counts() == {"memory/big.md": n, "memory/small.md": 1}
    store.remove_file("memory/big.md")
    assert store.chunk_counts() == {"memory/small.md": 1}


def test_a_term_only_in_the_heading_path_finds_the_chunk(store: Store) -> None:
    """The keyword leg sees each chunk's heading path: a section's later chunks match its heading
    and the note's title, and a chunk that opens with its own heading does not count it twice."""
    body = "\n\n".join(f"Step {i}: drain the pods, then roll the deploys forward." for i in range(12))
    text = f"# Project Atlas\n\nOwner: Sam.\n\n## Kubernetes migration\n\n{body}\n"
    chunks = {c.id: c for c in chunk_markdown(text, path="memory/atlas.md", tokens=50, overlap=10)}
    put(store, "memory/atlas.md", text)
    put(store, "memory/other.md", "# Other\nA note about kubernetes clusters.")
    deep = [c for c in chunks.values() if not c.text.startswith("#")]
    assert deep and all("Kubernetes" not in c.text and "Atlas" not in c.text for c in deep)
    found = {h.chunk.id for h in store.search_text(build_keyword_query("kubernetes"), 50)}
    assert {c.id for c in deep} <= found
    titled = {h.chunk.id for h in store.search_text(build_keyword_query("atlas"), 50)}
    assert titled == set(chunks)  # every chunk of the note, none of the other
    # A chunk that opens with its heading line holds that heading once: "# Widget" + 3 words and
    # "# Notes" + "widget" + 2 words are the same length with one "widget" each, so they tie.
    put(store, "memory/x.md", "# Widget\nplain words here")
    put(store, "memory/y.md", "# Notes\nwidget plain words")
    tie = store.search_text(build_keyword_query("widget"), 5)
    assert {h.chunk.path for h in tie} == {"memory/x.md", "memory/y.md"}
    assert tie[0].raw_score == pytest.approx(tie[1].raw_score)
    store.remove_file("memory/atlas.md")
    assert store.search_text(build_keyword_query("atlas"), 5) == []
    cjk = "# 项目\n\n## 会议记录\n\n" + "\n\n".join(f"Item {i}: budget and hiring notes." for i in range(8))
    put(store, "memory/cjk.md", cjk)
    deep = [h.chunk for h in store.search_text(build_keyword_query("会议"), 20)]
    assert len(deep) > 1 and all(c.heading == "项目 > 会议记录" for c in deep)
    store.remove_file("memory/cjk.md")
    assert store.search_text(build_keyword_query("会议"), 5) == []


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


def test_every_protocol_method_is_present(store: Store) -> None:
    assert isinstance(store, Store)
    assert store.description


def test_drop_vectors_keeps_only_the_current_embedder(store: Store) -> None:
    put(store, "memory/a.md", "# A\nalpha")
    (chunk,) = store.chunks_without_vectors("old")
    store.put_vectors("old", {chunk.id: np.ones(3, dtype=np.float32)})
    store.put_vectors("new", {chunk.id: np.ones(3, dtype=np.float32)})
    assert store.drop_vectors(keep_key="new") == 1
    assert [c.id for c in store.chunks_without_vectors("old")] == [chunk.id]
    assert store.chunks_without_vectors("new") == []
    assert store.drop_vectors(keep_key=None) == 1
    assert store.counts()["vectors"] == 0


def test_optional_capabilities_keep_their_promise(store: Store) -> None:
    # a batch commits every write made inside it; a store without one writes each file at once
    with write_batch(store):
        put(store, "memory/a.md", "# A\nkestrel")
        put(store, "memory/b.md", "# B\nkestrel")
    assert store.counts()["files"] == 2
    assert len(store.search_text(build_keyword_query("kestrel"), 5)) == 2
    # the re-index lock is re-usable and releases
    for _ in range(2):
        with sync_guard(store):
            store.remove_file("memory/b.md")
    assert store.counts()["files"] == 1
    assert isinstance(store, SupportsBatch) or not hasattr(store, "batch")
    assert isinstance(store, SupportsSyncLock) or not hasattr(store, "sync_lock")


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


# ---- added with the PostgreSQL store: namespaces, persistence, hybrid, sync, bad input, concurrency ----


def test_namespaces_are_isolated(make_config: Callable[..., Config], tmp_path: Path) -> None:
    a = open_store(make_config("a"), str(tmp_path / "a"))
    b = open_store(make_config("b"), str(tmp_path / "b"))
    try:
        put(a, "memory/a.md", "# A\nthe secret zanzibar plan")
        a.set_meta("owner", "a")
        a.cache_put("k", {"h": np.ones(3, dtype=np.float32)}, max_entries=10)
        a.put_vectors("k", {c.id: np.ones(3, dtype=np.float32) for c in a.chunks_without_vectors("k")})
        assert b.search_text(build_keyword_query("zanzibar"), 5) == []
        assert b.search_vector("k", np.ones(3, dtype=np.float32), 5) == []
        assert b.file_records() == {} and b.get_meta("owner") is None
        assert b.cache_get("k", ["h"]) == {}
        assert b.counts() == {"files": 0, "chunks": 0, "vectors": 0, "cache": 0}
        put(b, "memory/a.md", "# A\nanother zanzibar")  # same path, other namespace
        assert [h.chunk.text for h in a.search_text(build_keyword_query("zanzibar"), 5)] == [
            "# A\nthe secret zanzibar plan"
        ]
    finally:
        a.close()
        b.close()


def test_reopen_keeps_index_and_schema(
    backend: str, make_config: Callable[..., Config], tmp_path: Path
) -> None:
    if backend == "memory":
        pytest.skip("the in-memory store keeps nothing after close")
    first = open_store(make_config(), str(tmp_path))
    put(first, "memory/a.md", "# A\nkestrel")
    first.put_vectors("k", {c.id: np.ones(2, dtype=np.float32) for c in first.chunks_without_vectors("k")})
    version = first.schema_version()
    first.close()
    again = open_store(make_config(), str(tmp_path))  # migrations are idempotent
    try:
        assert again.schema_version() == version >= 1
        assert set(again.file_records()) == {"memory/a.md"}
        assert len(again.search_text(build_keyword_query("kestrel"), 5)) == 1
        assert again.counts()["vectors"] == 1
    finally:
        again.close()


def test_hybrid_search_fuses_both_legs(store: Store) -> None:
    from mdrecall.config.settings import SearchConfig
    from mdrecall.models import VectorLeg
    from mdrecall.search.pipeline import PipelineRequest, run_search

    put(store, "memory/words.md", "# W\nthe quarterly budget review")
    put(store, "memory/meaning.md", "# M\nmoney planning for next season")
    put(store, "memory/other.md", "# O\nunrelated gardening notes")
    by_path = {c.path: c for c in store.chunks_without_vectors("k")}
    basis = {"memory/words.md": [1, 0, 0], "memory/meaning.md": [0.8, 0.6, 0], "memory/other.md": [0, 0, 1]}
    store.put_vectors("k", {by_path[p].id: np.array(v, dtype=np.float32) for p, v in basis.items()})
    req = PipelineRequest(query="budget review", max_results=3, min_score=0.0)
    leg = VectorLeg("k", np.array([0.8, 0.6, 0], dtype=np.float32))
    result = run_search(store, req, SearchConfig(), leg)
    paths = [h.path for h in result.hits]
    assert set(paths[:2]) == {"memory/words.md", "memory/meaning.md"}  # one from each leg
    assert result.hits[0].score > result.hits[-1].score


def test_incremental_sync_through_memory(make_config: Callable[..., Config], ws: Path) -> None:
    from mdrecall import Memory

    with Memory.open(ws, make_config()) as mem:
        first = mem.index()
        assert first.added == 4 and first.chunks_written >= 4
        assert mem.index().changed is False  # nothing to do
        (ws / "memory" / "2026-01-27.md").write_text("# 2026-01-27\n\nThe ocelot project started.\n")
        (ws / "memory" / "projects" / "kestrel.md").unlink()
        second = mem.index()
        assert (second.updated, second.removed, second.unchanged) == (1, 1, 2)
        assert mem.search("ocelot", min_score=0.0)[0].path == "memory/2026-01-27.md"
        assert mem.search("tantivy", min_score=0.0) == []
        assert mem.status().files == 3


def test_bad_input_is_stored_or_ignored_never_fatal(store: Store) -> None:
    put(store, "memory/nul.md", "# N\nbefore\x00after wombat")
    put(store, "memory/emoji.md", "# E\n🦉 owl café naïve 東京")
    assert store.replace_file(FileRecord("memory/empty.md", "memory", "h", 1, 0), []) == []
    assert "memory/empty.md" in store.file_records()
    store.remove_file("memory/never-indexed.md")
    store.put_vectors("k", {"no-such-chunk": np.ones(3, dtype=np.float32)})
    assert store.counts()["vectors"] == 0
    assert len(store.search_text(build_keyword_query("wombat"), 5)) == 1
    assert [h.chunk.path for h in store.search_text(build_keyword_query("owl"), 5)] == ["memory/emoji.md"]
    assert store.search_text(build_keyword_query("owl"), 0) == []
    assert store.search_vector("k", np.ones(3, dtype=np.float32), 0) == []
    assert store.cache_get("k", []) == {}
    store.cache_put("k", {}, max_entries=10)


def test_vector_leg_honours_sources(store: Store) -> None:
    put(store, "memory/a.md", "# A\nalpha", source="memory")
    put(store, "sessions/s.jsonl", "beta", source="sessions")
    store.put_vectors(
        "k", {c.id: np.ones(2, dtype=np.float32) / 2**0.5 for c in store.chunks_without_vectors("k")}
    )
    got = store.search_vector("k", np.array([1, 0], dtype=np.float32), 5, ["sessions"])
    assert [c.chunk.source for c in got] == ["sessions"]
    assert got[0].raw_score == pytest.approx(2**-0.5, abs=1e-4)


_WORKER = """
import sys
from mdrecall import Memory, load_config
mem = Memory.open(sys.argv[1], load_config(sys.argv[1]))
for _ in range(3):
    mem.index(force=True)
    assert mem.search("zanzibar", min_score=0.0), "planted note not found"
mem.close()
"""


def test_two_processes_index_and_search_at_once(
    backend: str, make_config: Callable[..., Config], tmp_path: Path
) -> None:
    import os
    import subprocess
    import sys

    if backend == "memory":
        pytest.skip("the in-memory store is private to one process")
    cfg = make_config()
    root = tmp_path / "agent"
    for i in range(25):
        body = "\n\n".join(f"## Part {j}\nmeeting notes {i} {j} " + "filler words " * 30 for j in range(3))
        (root / "memory").mkdir(parents=True, exist_ok=True)
        (root / "memory" / f"2026-01-{i + 1:02d}.md").write_text(f"# Day {i}\n\n{body}\n")
    (root / "MEMORY.md").write_text("# Memory\n\nThe zanzibar launch is in March.\n")
    env = {
        **os.environ,
        "MDRECALL_STORE_BACKEND": backend,
        "MDRECALL_STORE_DSN": cfg.store.dsn,
        "MDRECALL_AGENT_ID": cfg.agent_id,
        "MDRECALL_EMBEDDING_PROVIDER": "none",
    }
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", _WORKER, str(root)], env=env, stderr=subprocess.PIPE, text=True
        )
        for _ in range(2)
    ]
    for p in procs:
        _, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
    from mdrecall import Memory

    with Memory.open(root, cfg) as mem:
        reference = Memory.open(
            root, Config().merged({"store": {"backend": "memory"}, "embedding": {"provider": "none"}})
        )
        expected = reference.index()
        reference.close()
        counts = mem.store.counts()
        assert counts["files"] == 26
        assert counts["chunks"] == expected.chunks_written
        assert mem.search("zanzibar", min_score=0.0)[0].path == "MEMORY.md"


def test_a_chunks_passage_range_round_trips(store: Store) -> None:
    """Small-to-big: the passage a chunk cites comes back from both legs as it was written."""
    text = "# Log\n\n" + "\n".join(f"- turn {i}: " + ("filler words " * 6) + f"marker{i}" for i in range(40))
    chunks = chunk_markdown(text, path="memory/log.md", tokens=60, overlap=0, parent_tokens=200)
    assert all(c.parent_start_line <= c.start_line <= c.end_line <= c.parent_end_line for c in chunks)
    assert any(c.cited_lines != (c.start_line, c.end_line) for c in chunks)
    store.replace_file(FileRecord("memory/log.md", "memory", "h", 1, len(text)), chunks)
    by_id = {c.id: c for c in chunks}
    hits = store.search_text(build_keyword_query("marker17"), 5)
    assert hits and hits[0].chunk == by_id[hits[0].chunk.id]
    store.put_vectors("k", {c.id: np.ones(4, dtype=np.float32) for c in chunks})
    near = store.search_vector("k", np.ones(4, dtype=np.float32), 3)
    assert near and all(n.chunk == by_id[n.chunk.id] for n in near)


def test_vector_stats_agree_with_the_plain_methods(store: Store) -> None:
    from mdrecall.stores.base import SupportsVectorStats

    if not isinstance(store, SupportsVectorStats):
        pytest.skip("this store has no vector statistics: callers fall back to the plain methods")
    put(store, "memory/a.md", "# A\nalpha")
    put(store, "memory/b.md", "# B\nbeta\n\n## More\ngamma delta")
    missing = store.chunks_without_vectors("k")
    assert store.count_without_vectors("k") == len(missing)
    assert sorted((p, h) for p, h, _ in store.missing_vector_sizes("k")) == sorted(
        (c.path, c.hash) for c in missing
    )
    assert store.chunk_counts_by_path() == {
        p: sum(1 for c in missing if c.path == p) for p in ("memory/a.md", "memory/b.md")
    }
    store.cache_put("k", {missing[0].hash: np.ones(3, dtype=np.float32)}, max_entries=10)
    assert store.cache_has("k", [c.hash for c in missing]) == {missing[0].hash}


def test_batched_view_writes_match_file_by_file(make_config: Callable[..., Config], tmp_path: Path) -> None:
    """``write_views`` (what a sync writes per batch of files) leaves the same views and versions as the
    per-file calls, in order: a path given twice keeps its last rows, unchanged versions are not added."""
    from mdrecall.knowledge.refresh import keeps_views
    from mdrecall.stores.views import FileViews, MentionRow, RelationRow, ViewStore

    def mention(path: str, line: int, name: str) -> MentionRow:
        return MentionRow(path, line, 0, name.lower(), name, "person", "name", "2026-01-02")

    rel = RelationRow("memory/a.md", 3, "Dana", "works_at", "Acme Corp", None)
    updates = [
        FileViews("memory/a.md", [mention("memory/a.md", 1, "Dana")], [rel], "h1", 10.0, "Dana\n"),
        FileViews("memory/b.md", [mention("memory/b.md", 2, "Bob")], [], "h2", 11.0, "Bob\n"),
        FileViews("memory/b.md", [mention("memory/b.md", 4, "Erin")], [], "h3", 12.0, "Erin\n"),
        FileViews("memory/c.md", [], [], "h4", 13.0, "plain\n"),
        FileViews("memory/c.md", [], [], "h4", 14.0, "plain\n"),  # same hash: no new version
        FileViews("memory/gone.md", [], [], "", 15.0, None),  # never seen, deleted: nothing recorded
        FileViews("memory/a.md", [], [], "", 16.0, None),  # deleted: views dropped, deletion recorded
        FileViews("memory/d.md", [mention("memory/d.md", 1, "Gus")], [], None),  # views only
    ]
    stores = [open_store(make_config(agent), str(tmp_path / agent)) for agent in ("one", "many")]
    try:
        if not keeps_views(stores[0]):
            pytest.skip("this store keeps no views")
        one, many = (cast(ViewStore, s) for s in stores)
        for u in updates:
            one.replace_views(u.path, u.mentions, u.relations)
            if u.hash is not None:
                one.add_file_version(u.path, u.hash, u.seen_at, u.text)
        many.write_views(updates[:3])
        many.write_views(updates[3:])
        many.write_views([])
        assert many.mention_rows() == one.mention_rows()
        assert [m.key for m in many.mention_rows()] == ["erin", "gus"]
        assert many.relation_rows() == one.relation_rows() == []
        assert many.file_versions() == one.file_versions()
        assert [(v.path, v.hash) for v in many.file_versions()] == [
            ("memory/a.md", "h1"),
            ("memory/b.md", "h2"),
            ("memory/b.md", "h3"),
            ("memory/c.md", "h4"),
            ("memory/a.md", ""),
        ]
    finally:
        for s in stores:
            s.close()


def test_pending_view_marks(store: Store) -> None:
    """The files whose views wait (one mark each, a later mark replacing an earlier one), read a page at a
    time in path order; a build writes a file's views only while its mark is the one it read, an inline
    extraction writes them whatever the mark, and both drop the mark."""
    from mdrecall.knowledge.refresh import has_views
    from mdrecall.stores.views import FileViews, MentionRow

    if not has_views(store):
        pytest.skip("this store keeps no views")

    def views(path: str, name: str) -> FileViews:
        return FileViews(path, [MentionRow(path, 1, 0, name.lower(), name, "person", "name", None)], [])

    assert store.views_pending() == [] and store.count_views_pending() == 0
    store.mark_views_pending((f"memory/{c}.md" for c in "dcba"), 1)
    store.mark_views_pending(["memory/c.md", "memory/e.md"], 2)
    assert store.count_views_pending() == 5
    assert store.views_pending(limit=2) == [("memory/a.md", 1), ("memory/b.md", 1)]
    assert store.views_pending("memory/b.md", 2) == [("memory/c.md", 2), ("memory/d.md", 1)]
    assert [p for p, _ in store.views_pending("memory/d.md")] == ["memory/e.md"]
    read = {"memory/a.md": 1, "memory/b.md": 1, "memory/c.md": 1}  # c was marked again since
    built = store.write_built_views([views(p, "Ann") for p in read], read)
    assert built == ["memory/a.md", "memory/b.md"]
    assert store.views_pending() == [("memory/c.md", 2), ("memory/d.md", 1), ("memory/e.md", 2)]
    assert {m.path for m in store.mention_rows()} == {"memory/a.md", "memory/b.md"}
    assert store.write_built_views([views("memory/d.md", "Dan")]) == ["memory/d.md"]  # inline
    assert store.write_built_views([views("memory/e.md", "Eve")], {"memory/e.md": 1}) == []
    assert store.views_pending() == [("memory/c.md", 2), ("memory/e.md", 2)]
    assert {m.path for m in store.mention_rows()} == {"memory/a.md", "memory/b.md", "memory/d.md"}


def test_a_store_reading_back_a_lines_chunk_gives_the_smallest_holding_it(store: Store) -> None:
    from mdrecall.stores.views import ChunkAtStore

    if not isinstance(store, ChunkAtStore):
        pytest.skip("this store reads back no chunk by its line: the supersede stage shows candidates only")
    many = "# Big\n" + "\n\n".join(f"## Part {i}\n" + "word " * 60 for i in range(4))
    put(store, "memory/big.md", many)
    held = [c for c in chunk_markdown(many, path="memory/big.md", source="memory", tokens=50, overlap=10)]
    line = held[-1].end_line
    got = store.chunk_at("memory/big.md", line)
    assert got is not None and got.start_line <= line <= got.end_line
    spans = [c.end_line - c.start_line for c in held if c.start_line <= line <= c.end_line]
    assert got.end_line - got.start_line == min(spans)
    assert store.chunk_at("memory/big.md", line + 500) is None
    assert store.chunk_at("memory/none.md", 1) is None


def test_paired_fact_lines_keep_their_count_dirty_files_and_pairing(store: Store) -> None:
    """The fact lines and their stored pairing (:class:`~mdrecall.stores.views.PairedFactStore`): the count
    changes only when a file's fact lines do, a pairing made at an older count is refused, the files
    changed since the pairing are listed until one takes them in, and a pairing made from the stored one
    writes what differs."""
    from mdrecall.knowledge.refresh import has_views
    from mdrecall.stores.views import FactRow, FileViews, PairedFactStore, Supersession

    if not (has_views(store) and isinstance(store, PairedFactStore)):
        pytest.skip("this store keeps no pairing of its fact lines")

    def fact(path: str, line: int, where: str) -> FactRow:
        day = "2031-04-02" if path.endswith("b.md") else None
        return FactRow(
            path, line, day, ("where",), (where,), "canoe", "", line > 1, f"the canoe is at the {where}"
        )

    a, b = "memory/a.md", "memory/b.md"
    assert store.fact_rows() == [] and store.paired_generation() is None and store.dirty_fact_paths() == []
    start = store.facts_generation()
    store.replace_views(a, [], [], [fact(a, 2, "dock"), fact(a, 1, "barn")])
    first = store.facts_generation()
    assert first != start and store.dirty_fact_paths() == [a]
    store.replace_views(a, [], [], [fact(a, 1, "barn"), fact(a, 2, "dock")])  # the same lines again
    store.write_views([FileViews(a, [], [], facts=[fact(a, 1, "barn"), fact(a, 2, "dock")])])
    assert store.facts_generation() == first
    store.write_views([FileViews(b, [], [], facts=[fact(b, 1, "lake")])])
    second = store.facts_generation()
    assert second != first and store.dirty_fact_paths() == [a, b]
    assert store.fact_rows() == [fact(a, 1, "barn"), fact(a, 2, "dock"), fact(b, 1, "lake")]

    moved = Supersession(b, 1, "2031-04-02")
    assert not store.write_superseded({(a, 1): moved}, first, [a], None)  # the lines changed since
    assert store.paired_generation() is None and store.superseded_all() == {}
    assert store.write_superseded({(a, 1): moved, (a, 2): moved}, second, [a, b], None)
    assert store.paired_generation() == second and store.dirty_fact_paths() == []
    assert store.superseded_rows([b, a, a]) == [(a, 1, b, 1, "2031-04-02"), (a, 2, b, 1, "2031-04-02")]
    assert store.superseded_rows([b]) == []

    store.replace_views(b, [], [], [])  # the newer file forgotten
    third = store.facts_generation()
    assert third != second and store.dirty_fact_paths() == [b]
    before = store.superseded_all()
    later = {(a, 1): Supersession(a, 2, None)}
    assert store.write_superseded(later, third, [b], before)
    assert store.superseded_all() == later and store.dirty_fact_paths() == []
    assert store.paired_generation() == store.facts_generation() == third
