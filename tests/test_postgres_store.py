"""PostgreSQL-specific behaviour: BM25 parity with SQLite, schema, namespaces, HNSW, errors, CLI."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from mdrecall.config.settings import Config
from mdrecall.errors import ConfigError, MissingDependencyError, StoreError
from mdrecall.models import FileRecord
from mdrecall.stores import open_store
from mdrecall.stores.postgres_migrations import MIGRATIONS
from mdrecall.stores.postgres_sql import bm25_sql, namespace_for, vector_sql
from mdrecall.text.chunking import chunk_markdown
from mdrecall.text.query import build_keyword_query

from helpers import run_cli
from pgserver import backend_config, drop_namespaces, pg_dsn, unique_agent

pytest.importorskip("psycopg", reason="PostgreSQL tests need pip install '.[test]'")


@pytest.fixture
def agent() -> Iterator[str]:
    prefix = unique_agent("p")
    yield prefix
    drop_namespaces(prefix)


@pytest.fixture
def pg(agent: str, tmp_path: Path) -> Iterator[object]:
    store = open_store(backend_config("postgres", agent), str(tmp_path))
    yield store
    store.close()


def put(store: object, path: str, text: str, source: str = "memory") -> list[str]:
    chunks = chunk_markdown(text, path=path, source=source, tokens=60, overlap=10)
    return store.replace_file(FileRecord(path, source, f"h{hash(text)}", 1, len(text)), chunks)  # type: ignore[attr-defined]


def sql_rows(sql: str, *params: object) -> list[tuple]:
    import psycopg

    with psycopg.connect(pg_dsn(), autocommit=True) as conn:
        return conn.execute(sql, params).fetchall()


def test_bm25_scores_equal_sqlite_fts5(pg: object, tmp_path: Path) -> None:
    """Same analysis, same formula: the keyword leg scores exactly like the SQLite store."""
    sqlite = open_store(backend_config("sqlite"), str(tmp_path / "sqlite"))
    rnd = random.Random(7)
    vocab = [f"w{i}" for i in range(400)]
    vocab += ["kestrel", "meeting", "meetings", "running", "café", "naïve", "budget"]
    for i in range(250):
        text = "# Note\n" + " ".join(rnd.choice(vocab) for _ in range(rnd.randint(3, 120)))
        put(pg, f"memory/{i}.md", text)
        put(sqlite, f"memory/{i}.md", text)
    for q in ["kestrel meeting", "runs", "w1 w2 w3 w4", "cafe", "budget naive w399 w7"]:
        kq = build_keyword_query(q)
        a, b = pg.search_text(kq, 25), sqlite.search_text(kq, 25)  # type: ignore[attr-defined]
        assert [c.chunk.id for c in a] == [c.chunk.id for c in b], q
        assert [c.raw_score for c in a] == pytest.approx([c.raw_score for c in b], rel=1e-9), q
    sqlite.close()


def test_planted_rare_name_beats_repeated_common_word(pg: object) -> None:
    """The case ts_rank gets wrong: no IDF means repetition of a common word wins."""
    for i in range(300):
        put(pg, f"memory/{i:03d}.md", "# Log\n" + "meeting status meeting " * 10 + f"item{i}")
    put(pg, "memory/target.md", "# Log\nmeeting with Okonkwo about the lease")
    hits = pg.search_text(build_keyword_query("meeting okonkwo"), 5)  # type: ignore[attr-defined]
    assert hits[0].chunk.path == "memory/target.md"


def test_postings_and_corpus_stay_in_step(pg: object, agent: str) -> None:
    put(pg, "memory/a.md", "# A\nalpha beta beta")
    put(pg, "memory/b.md", "# B\nbeta gamma")
    put(pg, "memory/a.md", "# A\nalpha delta")  # replaced
    pg.remove_file("memory/b.md")  # type: ignore[attr-defined]
    ns = pg.namespace  # type: ignore[attr-defined]
    corpus = sql_rows(f'SELECT n_docs, total_len FROM "{ns}".corpus')[0]
    actual = sql_rows(f'SELECT count(*), coalesce(sum(len), 0) FROM "{ns}".chunks')[0]
    assert corpus == actual == (1, 3)
    postings = sql_rows(f'SELECT term, tf FROM "{ns}".postings ORDER BY term')
    assert postings == [("a", 1), ("alpha", 1), ("delta", 1)]


def test_namespace_names() -> None:
    a = namespace_for("agent-1", "/x")
    assert a.startswith("mdrecall_agent_agent_1_") and a == namespace_for("agent-1", "/elsewhere")
    assert namespace_for("Agent 1", "/x") != a  # same slug, different id → different hash
    ws1, ws2 = namespace_for("", "/srv/a/notes"), namespace_for("", "/srv/b/notes")
    assert ws1 != ws2 and ws1.startswith("mdrecall_ws_notes_")
    hostile = namespace_for('x"; DROP SCHEMA public; --' + "é" * 200, "/x")
    assert len(hostile) <= 63 and hostile.replace("_", "").isalnum()


def test_schema_newer_than_code_is_refused(pg: object, agent: str, tmp_path: Path) -> None:
    ns = pg.namespace  # type: ignore[attr-defined]
    sql_rows(f'INSERT INTO "{ns}".schema_migrations (version) VALUES (999) RETURNING version')
    with pytest.raises(StoreError, match="upgrade mdrecall"):
        open_store(backend_config("postgres", agent), str(tmp_path))


def test_concurrent_first_opens_migrate_once(agent: str, tmp_path: Path) -> None:
    cfg = backend_config("postgres", agent + "x")
    errors: list[BaseException] = []
    stores: list[object] = []

    def open_one() -> None:
        try:
            stores.append(open_store(cfg, str(tmp_path)))
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    threads = [threading.Thread(target=open_one) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len(stores) == 4
    assert {s.schema_version() for s in stores} == {len(MIGRATIONS)}  # type: ignore[attr-defined]
    for s in stores:
        s.close()  # type: ignore[attr-defined]


def test_hnsw_index_serves_the_vector_leg(pg: object) -> None:
    rnd = np.random.default_rng(3)
    for i in range(60):
        put(pg, f"memory/{i}.md", f"# N\nnote {i}")
    chunks = sorted(pg.chunks_without_vectors("e"), key=lambda c: c.path)  # type: ignore[attr-defined]
    vecs = rnd.normal(size=(len(chunks), 16)).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    pg.vector_index_min_rows = 50  # type: ignore[attr-defined]
    pg.put_vectors("e", {c.id: v for c, v in zip(chunks[:40], vecs[:40], strict=True)})  # type: ignore[attr-defined]
    ns = pg.namespace  # type: ignore[attr-defined]
    hnsw = "SELECT indexdef FROM pg_indexes WHERE schemaname = %s AND indexdef LIKE '%%USING hnsw%%'"
    assert sql_rows(hnsw, ns) == []  # 40 vectors: exact scan, no index yet
    with pg.sync_lock():  # type: ignore[attr-defined]
        pg.put_vectors("e", {c.id: v for c, v in zip(chunks[40:], vecs[40:], strict=True)})  # type: ignore[attr-defined]
        assert sql_rows(hnsw, ns) == []  # a sync builds the index once, at its end
    got = pg.search_vector("e", vecs[7], 5)  # type: ignore[attr-defined]
    assert got[0].chunk.path == chunks[7].path and got[0].raw_score == pytest.approx(1.0, abs=1e-5)
    exact = sorted(range(len(vecs)), key=lambda i: -float(vecs[i] @ vecs[7]))[:5]
    assert [c.chunk.path for c in got] == [chunks[i].path for i in exact]
    indexes = [r[0] for r in sql_rows(hnsw, ns)]
    assert len(indexes) == 1 and "vector_cosine_ops" in indexes[0] and "eid = 1" in indexes[0]
    import psycopg

    with psycopg.connect(pg_dsn(), autocommit=True) as conn:
        from pgvector.psycopg import register_vector

        register_vector(conn)
        conn.execute("SET enable_seqscan = off")  # a table this small is cheaper to sort
        conn.execute("SET enable_sort = off")
        sql = "EXPLAIN " + vector_sql(ns, 1, 16, with_sources=False)
        plan = "\n".join(r[0] for r in conn.execute(sql, {"q": vecs[7], "limit": 5, "sources": []}))
    assert "vectors_hnsw_e1" in plan
    assert pg.drop_vectors(None) == 60  # type: ignore[attr-defined]
    assert sql_rows(hnsw, ns) == []


@pytest.mark.parametrize("dims", [3000, 4100])
def test_wide_vectors_use_halfvec_or_exact_scan(pg: object, dims: int) -> None:
    put(pg, "memory/a.md", "# A\nalpha")
    put(pg, "memory/b.md", "# B\nbeta")
    a, b = sorted(pg.chunks_without_vectors("wide"), key=lambda c: c.path)  # type: ignore[attr-defined]
    va, vb = np.zeros(dims, dtype=np.float32), np.zeros(dims, dtype=np.float32)
    va[0], vb[1] = 1, 1
    pg.vector_index_min_rows = 1  # type: ignore[attr-defined]
    pg.put_vectors("wide", {a.id: va, b.id: vb})  # type: ignore[attr-defined]
    defs = [r[0] for r in sql_rows("SELECT indexdef FROM pg_indexes WHERE schemaname = %s", pg.namespace)]  # type: ignore[attr-defined]
    assert any("halfvec_cosine_ops" in d for d in defs) == (dims <= 4000)
    assert [c.chunk.path for c in pg.search_vector("wide", vb, 2)] == ["memory/b.md", "memory/a.md"]  # type: ignore[attr-defined]


def test_vector_size_must_not_change_for_a_key(pg: object) -> None:
    put(pg, "memory/a.md", "# A\nalpha")
    (c,) = pg.chunks_without_vectors("k")  # type: ignore[attr-defined]
    pg.put_vectors("k", {c.id: np.ones(4, dtype=np.float32)})  # type: ignore[attr-defined]
    with pytest.raises(StoreError, match="4-dimensional"):
        pg.put_vectors("k", {c.id: np.ones(5, dtype=np.float32)})  # type: ignore[attr-defined]
    assert pg.search_vector("k", np.ones(5, dtype=np.float32), 3) == []  # type: ignore[attr-defined]


def test_reconnects_after_the_server_drops_the_connection(pg: object) -> None:
    put(pg, "memory/a.md", "# A\nkestrel")
    pid = pg._db.conn.info.backend_pid  # type: ignore[attr-defined]
    sql_rows("SELECT pg_terminate_backend(%s)", pid)
    assert len(pg.search_text(build_keyword_query("kestrel"), 3)) == 1  # type: ignore[attr-defined]


def test_sync_lock_excludes_a_second_indexer(pg: object, agent: str, tmp_path: Path) -> None:
    other = open_store(backend_config("postgres", agent), str(tmp_path))
    try:
        with pg.sync_lock():  # type: ignore[attr-defined]
            busy = other.sync_lock(timeout_s=0.2)  # type: ignore[attr-defined]
            with pytest.raises(StoreError, match="indexing"):
                busy.__enter__()
        with other.sync_lock(timeout_s=1):  # type: ignore[attr-defined]
            pass
    finally:
        other.close()


def test_dsn_from_env_and_errors(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, agent: str) -> None:
    cfg = Config().merged({"store": {"backend": "postgres"}, "agent_id": agent})
    with pytest.raises(ConfigError, match="MDRECALL_PG_DSN"):
        open_store(cfg, str(tmp_path))
    monkeypatch.setenv("MDRECALL_PG_DSN", pg_dsn())
    store = open_store(cfg, str(tmp_path))
    assert store.description.startswith("postgres:") and agent in store.description
    store.close()
    bad = cfg.merged({"store": {"dsn": "postgresql://mdr:s3cret@127.0.0.1:1/nodb?connect_timeout=2"}})
    with pytest.raises(StoreError, match="cannot connect") as err:
        open_store(bad, str(tmp_path))
    assert "s3cret" not in str(err.value)


def test_missing_driver_names_the_extra(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)
    cfg = Config().merged({"store": {"backend": "postgres", "dsn": "postgresql:///x"}})
    with pytest.raises(MissingDependencyError, match=r"pip install 'mdrecall\[postgres\]'"):
        open_store(cfg, str(tmp_path))


def test_bm25_sql_is_visible_and_parameterised() -> None:
    sql = bm25_sql('we"ird', with_sources=True)
    assert '"we""ird".postings' in sql and "%(terms)s" in sql and "%(sources)s" in sql


def test_cli_runs_against_postgres(ws: Path, agent: str, monkeypatch: pytest.MonkeyPatch) -> None:
    env = {"MDRECALL_PG_DSN": pg_dsn(), "MDRECALL_AGENT_ID": agent, "MDRECALL_EMBEDDING_PROVIDER": "none"}
    base = ["--store", "postgres", "-w", str(ws)]
    out = run_cli(*base, "index", "--json", env=env)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["added"] == 4
    out = run_cli(*base, "search", "payment gateway", "--json", env=env)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["results"][0]["path"] == "memory/2026-01-26.md"
    out = run_cli(*base, "status", "--json", env=env)
    assert json.loads(out.stdout)["store"].startswith("postgres:")


def test_single_word_synonyms_reach_the_keyword_leg(pg: object) -> None:
    put(pg, "memory/a.md", "# A\nPaid the invoice from the vendor.")
    put(pg, "memory/b.md", "# B\nNothing relevant here.")
    kq = build_keyword_query("factura", synonyms={})  # built-in Spanish ↔ English table
    assert "invoice" in kq.all_terms
    assert [c.chunk.path for c in pg.search_text(kq, 5)] == ["memory/a.md"]  # type: ignore[attr-defined]


def test_multi_word_synonyms_are_phrases_scored_like_fts5(pg: object, tmp_path: Path) -> None:
    """ "database" brings the synonym "base de datos": a phrase, with its own IDF, on both stores."""
    sqlite = open_store(backend_config("sqlite"), str(tmp_path / "sqlite"))
    rnd = random.Random(3)
    filler = [f"w{i}" for i in range(60)]
    texts = [
        "La base de datos principal vive en Madrid.",
        "Base de datos, base de datos: dos veces la base de datos.",
        "The database was migrated; la base de datos también.",
        "Una base sólida y muchos datos, pero no juntos.",  # the words, not the phrase
        "datos de base invertidos",
        "The database holds every booking.",
    ]
    for i in range(80):
        text = "# N\n" + " ".join(rnd.choice(filler) for _ in range(rnd.randint(5, 40)))
        if i < len(texts):
            text += " " + texts[i]
        put(pg, f"memory/{i}.md", text)
        put(sqlite, f"memory/{i}.md", text)
    for q in ["database", "base de datos", "database w3"]:
        kq = build_keyword_query(q, synonyms={})
        a, b = pg.search_text(kq, 25), sqlite.search_text(kq, 25)  # type: ignore[attr-defined]
        assert [c.chunk.id for c in a] == [c.chunk.id for c in b], q
        assert [c.raw_score for c in a] == pytest.approx([c.raw_score for c in b], rel=1e-9), q
    kq = build_keyword_query("database", synonyms={})
    assert "base de datos" in kq.all_terms
    found = {c.chunk.path for c in pg.search_text(kq, 25)}  # type: ignore[attr-defined]
    assert {"memory/0.md", "memory/1.md", "memory/2.md", "memory/5.md"} <= found
    assert "memory/3.md" not in found and "memory/4.md" not in found  # words apart are not the phrase
    sqlite.close()


_WRITER = """
import sys
from mdrecall.text.chunking import chunk_markdown
from mdrecall.config.settings import Config
from mdrecall.models import FileRecord
from mdrecall.text.query import build_keyword_query
from mdrecall.stores import open_store
from mdrecall.stores.postgres_migrations import MIGRATIONS

dsn, agent, seed = sys.argv[1], sys.argv[2], int(sys.argv[3])
store = open_store(Config().merged({"store": {"backend": "postgres", "dsn": dsn}, "agent_id": agent}), "/x")
for rnd in range(3):
    for i in range(30):  # both writers touch the same 30 files, with different text
        path = f"memory/{i:02d}.md"
        text = f"# F{i}\\n" + " ".join(f"w{(i * 7 + j * seed + rnd) % 97}" for j in range(40 + seed))
        chunks = chunk_markdown(text, path=path, source="memory", tokens=30, overlap=5)
        store.replace_file(FileRecord(path, "memory", str(hash(text)), 1, len(text)), chunks)
        store.search_text(build_keyword_query("w3 w5"), 5)
        if i % 10 == 9:
            store.remove_file(f"memory/{i - 5:02d}.md")
store.close()
"""


def test_concurrent_writers_keep_postings_and_counters_exact(pg: object, agent: str) -> None:
    """Two processes rewrite and remove the same files at once, without the sync lock."""
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", _WRITER, pg_dsn(), agent, str(seed)], stderr=subprocess.PIPE, text=True
        )
        for seed in (1, 2)
    ]
    for p in procs:
        _, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
    ns = pg.namespace  # type: ignore[attr-defined]
    corpus = sql_rows(f'SELECT n_docs, total_len FROM "{ns}".corpus')[0]
    assert corpus == sql_rows(f'SELECT count(*), coalesce(sum(len), 0) FROM "{ns}".chunks')[0]
    postings = sql_rows(f'SELECT count(*), coalesce(sum(tf), 0) FROM "{ns}".postings')[0]
    expected = sql_rows(
        f'SELECT coalesce(sum(cardinality(terms)), 0), coalesce(sum(len), 0) FROM "{ns}".chunks'
    )
    assert postings == expected[0]
    orphans = sql_rows(
        f'SELECT count(*) FROM "{ns}".chunks c LEFT JOIN "{ns}".files f ON f.path = c.path'
        " WHERE f.path IS NULL"
    )
    assert orphans == [(0,)]


def test_a_changed_analyser_rebuilds_the_postings_on_open(pg: object, agent: str, tmp_path: Path) -> None:
    put(pg, "memory/a.md", "# A\nThe kestrels were running")
    put(pg, "memory/b.md", "# B\nquiet day")
    ns = pg.namespace  # type: ignore[attr-defined]
    before = sql_rows(f'SELECT term, chunk, tf, dl FROM "{ns}".postings ORDER BY 1, 2')
    # as if written by an older analyser: other terms, wrong counters
    sql_rows(f'UPDATE "{ns}".postings SET term = upper(term) RETURNING 1')
    sql_rows(f'UPDATE "{ns}".chunks SET terms = ARRAY(SELECT upper(t) FROM unnest(terms) t) RETURNING 1')
    sql_rows(f'UPDATE "{ns}".corpus SET n_docs = 99 RETURNING 1')
    pg.set_meta("pg_analysis", "older")  # type: ignore[attr-defined]
    again = open_store(backend_config("postgres", agent), str(tmp_path))
    try:
        assert sql_rows(f'SELECT term, chunk, tf, dl FROM "{ns}".postings ORDER BY 1, 2') == before
        assert sql_rows(f'SELECT n_docs FROM "{ns}".corpus') == [(2,)]
        hits = again.search_text(build_keyword_query("kestrel run"), 3)
        assert [c.chunk.path for c in hits] == ["memory/a.md"]
    finally:
        again.close()


def test_heading_paths_score_equal_sqlite_fts5(pg: object, tmp_path: Path) -> None:
    """The heading path is indexed as SQLite's heading column is (weight 1, no doubled heading line)."""
    sqlite = open_store(backend_config("sqlite"), str(tmp_path / "sqlite"))
    rnd = random.Random(11)
    vocab = [f"w{i}" for i in range(300)]
    for i in range(60):
        title, part = (
            rnd.choice(["Atlas", "Borealis", "Kestrel"]),
            rnd.choice(["Deploys", "Budget", "Kestrel"]),
        )
        body = "\n\n".join(" ".join(rnd.choice(vocab) for _ in range(30)) for _ in range(rnd.randint(1, 4)))
        text = f"# {title} {i % 7}\n\n{body}\n\n## {part} plan\n\n{body}\n"
        put(pg, f"memory/{i}.md", text)
        put(sqlite, f"memory/{i}.md", text)
    for q in ["atlas deploys", "kestrel", "budget w3", "borealis 3"]:  # no term in half the chunks
        kq = build_keyword_query(q)
        a, b = pg.search_text(kq, 40), sqlite.search_text(kq, 40)  # type: ignore[attr-defined]
        assert [c.chunk.id for c in a] == [c.chunk.id for c in b], q
        assert [c.raw_score for c in a] == pytest.approx([c.raw_score for c in b], rel=1e-9), q
    sqlite.close()


def test_a_namespace_indexed_before_headings_is_reanalysed_on_open(
    pg: object, agent: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Postings written without the heading paths (an older mdrecall) are rebuilt on open: the stored
    analysis fingerprint names what a chunk indexes, so opening with this version redoes them."""
    from mdrecall.stores import analysis, postgres

    with monkeypatch.context() as m:  # as the previous version indexed: the text only
        m.setattr(postgres, "chunk_term_counts", lambda heading, text: analysis.term_counts(text))
        put(pg, "memory/a.md", "# Atlas\n\nintro\n\n## Kubernetes\n\n" + "drain the pods. " * 30)
    found = pg.search_text(build_keyword_query("kubernetes"), 5)  # type: ignore[attr-defined]
    assert [h.chunk.text for h in found] == ["## Kubernetes"]  # the text only
    pg.set_meta("pg_analysis", "older")  # type: ignore[attr-defined]
    again = open_store(backend_config("postgres", agent), str(tmp_path))
    try:
        hits = again.search_text(build_keyword_query("kubernetes"), 5)
        assert len(hits) > 1 and all(h.chunk.heading == "Atlas > Kubernetes" for h in hits)
        assert len(again.search_text(build_keyword_query("atlas"), 10)) == again.counts()["chunks"]
    finally:
        again.close()


def test_forget_purges_the_namespace_rows_vectors_cache_and_views(
    agent: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mdrecall import Memory
    from mdrecall.stores.base import SupportsForget

    from helpers import write

    monkeypatch.setenv("MDRECALL_EMBEDDING_PROVIDER", "static")
    secret = "Quokka-Vellum-4471"
    root = tmp_path / "agent"
    write(
        root, "MEMORY.md", f"# Memory\n\n- [[Dana Quill]] keeps the alarm code {secret}\n- we use Postgres\n"
    )
    write(root, "memory/2026-02-01.md", f"# 2026-02-01\n\n- told Dana: {secret}\n- the lease ends in May\n")
    cfg = backend_config("postgres", agent).merged({"embedding": {"provider": "static"}})
    with Memory.open(root, cfg) as mem:
        mem.index()
        ns = mem.store.namespace  # type: ignore[attr-defined]
        assert isinstance(mem.store, SupportsForget)
        held = sql_rows(f'SELECT count(*) FROM "{ns}".chunks WHERE text LIKE %s', f"%{secret}%")[0][0]
        assert held == 2 and sql_rows(f'SELECT count(*) FROM "{ns}".vectors')[0][0] >= 2
        plan = mem.forget_plan(secret)
        assert any(r.startswith("embedding cache") for r in plan.index_rows)
        assert any(r.startswith("history") for r in plan.index_rows)
        result = mem.forget(plan)
        assert result.proven, result.to_dict()
        assert mem.store.find_text(plan.target.needle) == []
        assert [h.path for h in mem.search("lease ends May")][:1] == ["memory/2026-02-01.md"]
    assert not sql_rows(
        f'SELECT 1 FROM "{ns}".chunks WHERE text LIKE %s OR heading LIKE %s', f"%{secret}%", f"%{secret}%"
    )
    assert not sql_rows(
        f'SELECT 1 FROM "{ns}".embedding_cache WHERE hash NOT IN (SELECT hash FROM "{ns}".chunks)'
    )
    assert not sql_rows(f'SELECT 1 FROM "{ns}".vectors WHERE chunk NOT IN (SELECT id FROM "{ns}".chunks)')
    assert not sql_rows(f'SELECT 1 FROM "{ns}".postings WHERE term LIKE %s', "%quokka%")
    import zlib

    bodies = [
        zlib.decompress(bytes(r[0])).decode()
        for r in sql_rows(f'SELECT body FROM "{ns}".file_versions WHERE body IS NOT NULL')
    ]
    assert bodies and all(secret not in b for b in bodies)
    # the rewritten notes are indexed again, with their vectors, and the corpus counts what is there
    n_docs, total = sql_rows(f'SELECT n_docs, total_len FROM "{ns}".corpus')[0]
    assert (n_docs, total) == sql_rows(f'SELECT count(*), coalesce(sum(len), 0) FROM "{ns}".chunks')[0]
    unembedded = f'SELECT 1 FROM "{ns}".chunks WHERE id NOT IN (SELECT chunk FROM "{ns}".vectors)'
    assert not sql_rows(unembedded)


def test_pending_marks_kept_as_json_become_rows(pg: object, agent: str, tmp_path: Path) -> None:
    """Migration 4 turns the JSON meta value ``views_pending`` (path → mark) an older mdrecall kept into
    rows: the same files stay pending with the same marks."""
    import psycopg

    ns = pg.namespace  # type: ignore[attr-defined]
    pg.close()  # type: ignore[attr-defined]
    marks = {"memory/a.md": 17, "memory/ü b.md": 1712345678901234567}
    with psycopg.connect(pg_dsn(), autocommit=True) as conn:  # the namespace as schema 3 left it
        for table in ("views_pending", "facts", "superseded", "facts_dirty"):
            conn.execute(f'DROP TABLE "{ns}".{table}')
        conn.execute(f'DELETE FROM "{ns}".schema_migrations WHERE version >= 4')
        value = json.dumps({p: str(m) for p, m in marks.items()})
        conn.execute(f"INSERT INTO \"{ns}\".meta VALUES ('views_pending', %s)", (value,))
    store = open_store(backend_config("postgres", agent), str(tmp_path))
    try:
        assert dict(store.views_pending()) == marks  # type: ignore[attr-defined]
        assert store.get_meta("views_pending") is None
        assert store.schema_version() == len(MIGRATIONS) == 7
    finally:
        store.close()
