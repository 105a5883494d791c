"""Hybrid search end to end with the real local model (and a real loopback HTTP provider)."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import numpy as np
import pytest

from mdrecall import Config, Memory
from mdrecall.index.vectorize import COMPLETE_KEY

from helpers import run_cli, write

LOCAL = {"embedding": {"provider": "local"}}


@pytest.fixture
def hybrid(open_memory: Callable[..., Memory]) -> Callable[..., Memory]:
    def _open(root: Path, **over: object) -> Memory:
        return open_memory(root, Config().merged({**LOCAL, **over}))

    return _open


def test_paraphrase_is_found_by_vectors(ws: Path, hybrid: Callable[..., Memory]) -> None:
    mem = hybrid(ws)
    report = mem.index()
    assert report.embedded == mem.store.counts()["chunks"] > 0
    # no keyword in common with "Rust ... search service" — only the meaning matches
    res = mem.search_result("which programming language is the retrieval backend built with", min_score=0)
    assert res.provider == "local" and res.fallback in (None, "no keyword match: vector results only")
    assert res.hits[0].path == "memory/projects/kestrel.md"
    vec_only = mem.search("which programming language is the retrieval backend built with", mode="vector")
    assert vec_only and vec_only[0].path == "memory/projects/kestrel.md"


def test_a_match_in_meaning_only_passes_the_default_min_score(
    tmp_path: Path, hybrid: Callable[..., Memory]
) -> None:
    write(tmp_path, "MEMORY.md", "# Memory\n\n## Stack\n- We store every booking in PostgreSQL 16.\n")
    write(tmp_path, "memory/2026-03-01.md", "# 2026-03-01\n\n- Reservations for dinner at eight.\n")
    mem = hybrid(tmp_path)
    mem.index()
    res = mem.search_result("which database holds the reservations", explain=True)  # min_score 0.35
    assert [h.path for h in res.hits] == ["memory/2026-03-01.md", "MEMORY.md"]
    hit = res.hits[1]  # no word in common: its fused score is 0.3 × cosine, below 0.35
    assert hit.explain is not None and "text" not in hit.explain and hit.explain["vector"] >= 0.35
    assert hit.explain["fused"] < 0.35  # its fused score is under the bar: kept by its vector score
    assert hit.explain.get("kind", 0) > hit.explain["fused"]  # then raised: it names a database (kinds)
    assert mem.search("which database holds the reservations", mode="bm25") != res.hits


def test_explain_shows_both_legs(ws: Path, hybrid: Callable[..., Memory]) -> None:
    mem = hybrid(ws)
    mem.index()
    hit = mem.search("Stripe webhooks retried", explain=True)[0]
    assert hit.path == "memory/2026-01-26.md"
    assert hit.explain is not None
    assert {"text", "vector", "fused", "final"} <= set(hit.explain)
    assert 0 < hit.explain["vector"] <= 1


def test_unchanged_text_is_never_embedded_twice(ws: Path, hybrid: Callable[..., Memory]) -> None:
    mem = hybrid(ws)
    first = mem.index()
    assert first.embedded > 0
    assert mem.index(force=True).embedded == 0
    # a new file whose text equals an existing chunk comes from the cache
    (ws / "memory" / "copy.md").write_text((ws / "MEMORY.md").read_text())
    r = mem.index()
    assert r.embedded == 0 and r.cache_hits == 1


def test_identity_change_keeps_old_vectors_until_complete(ws: Path, hybrid: Callable[..., Memory]) -> None:
    mem = hybrid(ws)
    mem.index()
    old_key = mem.store.get_meta(COMPLETE_KEY)
    assert old_key and old_key.startswith("local:")
    mem.close()
    fake = hybrid(ws, embedding={"provider": "fake"})
    partial = fake.index(embed_limit=1)
    assert partial.pending_vectors > 0
    assert fake.store.get_meta(COMPLETE_KEY) == old_key  # old vectors still there
    assert fake.search("Stripe webhooks")  # and search keeps answering
    fake.index()
    new_key = fake.store.get_meta(COMPLETE_KEY)
    assert new_key and new_key.startswith("fake:")
    assert fake.store.counts()["vectors"] == fake.store.counts()["chunks"]  # old ones dropped


def test_bm25_mode_and_broken_embedder_fall_back(ws: Path, open_memory: Callable[..., Memory]) -> None:
    mem = open_memory(ws, Config().merged({"embedding": {"provider": "fake", "options": {"fail": True}}}))
    res = mem.search_result("Stripe webhooks")
    assert res.hits and res.hits[0].path == "memory/2026-01-26.md"
    assert res.fallback and "keyword" in res.fallback
    mem2 = open_memory(ws, Config().merged({"embedding": {"provider": "nonexistent"}}))
    res2 = mem2.search_result("Stripe webhooks")
    assert res2.hits and "unknown embedding provider" in (res2.fallback or "")


class _Recorder(BaseHTTPRequestHandler):
    seen: list[str] = []

    def do_POST(self) -> None:  # noqa: N802 - http.server API
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        texts = body["input"] if isinstance(body["input"], list) else [body["input"]]
        _Recorder.seen.extend(texts)
        rng = np.random.default_rng(0)
        data = [{"index": i, "embedding": rng.normal(size=8).tolist()} for i in range(len(texts))]
        payload = json.dumps({"data": data, "model": body.get("model", "m")}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def openai_server() -> Iterator[str]:
    _Recorder.seen = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Recorder)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()
    server.server_close()


def test_local_only_text_never_reaches_a_remote_embedder(
    tmp_path: Path, open_memory: Callable[..., Memory], openai_server: str
) -> None:
    write(
        tmp_path,
        "MEMORY.md",
        "# Prefs\nLikes green tea.\n\n## Health <!-- local-only -->\nAllergic to penicillin.\n",
    )
    write(tmp_path, "memory/diary.md", "---\nlocal_only: true\n---\n# Diary\nSecret crush on the barista.\n")
    write(tmp_path, "memory/work.md", "# Work\nThe quarterly report is due Friday.\n")
    # a loopback endpoint counts as local unless told otherwise: make it behave like a remote API
    emb = {"provider": "openai", "base_url": openai_server, "api_key": "k", "model": "m", "dims": 8}
    cfg = Config().merged({"embedding": {**emb, "options": {"is_remote": True}}})
    mem = open_memory(tmp_path, cfg)
    report = mem.index()
    sent = "\n".join(_Recorder.seen)
    assert "quarterly report" in sent
    assert "penicillin" not in sent and "barista" not in sent
    assert any("local-only" in w for w in report.warnings)
    # still found by keywords
    assert mem.search("penicillin", mode="bm25")[0].path == "MEMORY.md"
    assert mem.search("barista", mode="bm25")[0].path == "memory/diary.md"


def test_cli_default_config_uses_the_static_model(ws: Path) -> None:
    env = {"MDRECALL_EMBEDDING_PROVIDER": None}  # no provider named: the default
    indexed = run_cli("-w", str(ws), "index", env=env)
    assert indexed.returncode == 0, indexed.stderr
    out = run_cli("-w", str(ws), "search", "Stripe webhooks", "--json", env=env)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["provider"] == "static" and data["fallback"] is None  # the default, by measurement
    assert data["results"][0]["path"] == "memory/2026-01-26.md"
    status = run_cli("-w", str(ws), "status", "--json", env=env)
    st = json.loads(status.stdout)
    assert st["vectors"] == st["chunks"] and st["embedder"].startswith("static:")


def test_chunks_embedded_by_the_fallback_are_re_embedded_by_the_primary(
    ws: Path, open_memory: Callable[..., Memory]
) -> None:
    primary = {"provider": "fake"}
    mem = open_memory(ws, Config().merged({"embedding": primary}))
    mem.index()
    primary_key = mem.store.get_meta(COMPLETE_KEY)
    mem.close()
    write(ws, "memory/2026-02-02.md", "# 2026-02-02\nThe heron migration plan.\n")
    down = {"provider": "fake", "options": {"fail": True}, "fallback": "local"}  # primary down
    during = open_memory(ws, Config().merged({"embedding": down}))
    during.index()
    assert during.store.counts()["vectors"] == during.store.counts()["chunks"]  # one is the fallback's
    during.close()
    again = open_memory(ws, Config().merged({"embedding": primary}))
    again.index()
    assert again.store.chunks_without_vectors(primary_key) == []
    assert again.store.get_meta(COMPLETE_KEY) == primary_key
