"""The semantic layer at scale, with the real local model: a search never embeds a backlog, long-lived
processes fill vectors in the background, a killed index run resumes, and estimates embed nothing."""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from mdrecall import Config, Memory
from mdrecall.index.backfill import Backfiller
from mdrecall.services.estimate import estimate_index

from helpers import run_cli

LOCAL = Config().merged({"embedding": {"provider": "local"}})
TOPICS = ("billing", "deploy", "hiring", "garden", "kafka", "budget", "travel", "pricing", "rust", "oncall")


def notes(root: Path, n: int, words: int = 12) -> Path:
    """``n`` one-chunk daily notes."""
    (root / "memory").mkdir(parents=True, exist_ok=True)
    for i in range(n):
        topic = TOPICS[i % len(TOPICS)]
        body = " ".join(f"{topic}{j % 7}" for j in range(words))
        (root / "memory" / f"note-{i:05d}.md").write_text(f"# Note {i}\n\nAbout {topic}: {body} item {i}.\n")
    return root


LOCAL_ENV = {"MDRECALL_EMBEDDING_PROVIDER": "local"}


def test_a_search_never_embeds_a_backlog(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ws = notes(tmp_path / "ws", 3000)
    with Memory.open(ws, Config().merged({"embedding": {"provider": "none"}})) as mem:
        assert mem.index().chunks_written == 3000  # a keyword-only index: no vector at all
    with Memory.open(ws, LOCAL) as mem:
        embedded: list[int] = []
        real = mem.embedder.embed_documents  # type: ignore[union-attr]

        def counting(texts):  # type: ignore[no-untyped-def]
            embedded.append(len(texts))
            return real(texts)

        monkeypatch.setattr(mem.embedder, "embed_documents", counting)
        res = mem.search_result("billing item 42")  # the default: sync on search
        assert embedded == [1]  # the query, nothing else
        assert res.vectors == {"indexed": 0, "total": 3000}
        assert res.fallback and "vectors behind: 0 of 3,000 chunks embedded" in res.fallback
        assert res.hits and res.hits[0].path == "memory/note-00042.md"  # keywords still answer
        assert mem.store.counts()["vectors"] == 0
        assert mem.status().to_dict()["vectors_pending"] == 3000
    out = run_cli("-w", str(ws), "search", "billing item 42", env=LOCAL_ENV)
    assert out.returncode == 0, out.stderr
    notes_seen = [line for line in out.stderr.splitlines() if line.startswith("mdrecall: note:")]
    assert len(notes_seen) == 1 and "vectors behind: 0 of 3,000" in notes_seen[0]


def test_background_backfill_fills_the_vectors(tmp_path: Path, open_memory: Callable[..., Memory]) -> None:
    ws = notes(tmp_path / "ws", 40)
    mem = open_memory(ws, LOCAL)
    mem.index(embed=False)
    assert mem.search_result("garden").vectors == {"indexed": 0, "total": 40}
    backfill = Backfiller(mem, check_s=0.05).start()
    try:
        deadline = time.monotonic() + 120
        while mem.vector_coverage() != (40, 40) and time.monotonic() < deadline:
            mem.search("kafka item")  # searches keep answering while it works
            time.sleep(0.05)
    finally:
        backfill.stop()
    assert mem.vector_coverage() == (40, 40) and backfill.state["embedded"] == 40
    res = mem.search_result("garden")
    assert res.vectors == {"indexed": 40, "total": 40} and res.fallback is None
    assert mem.status().to_dict()["vectors_pending"] == 0


def _vectors(ws: Path) -> dict[str, np.ndarray]:
    db = sqlite3.connect(ws / ".mdrecall" / "index.sqlite")
    try:
        rows = db.execute(
            "SELECT c.chunk_id, v.embedder, v.vec FROM vectors v JOIN chunks c ON c.id = v.chunk_rowid"
        ).fetchall()
    finally:
        db.close()
    return {cid: np.frombuffer(vec, dtype=np.float32) for cid, _key, vec in rows}


#: ``python -c GATE ARGS`` is ``mdrecall ARGS`` whose local model embeds GATED batches, then says "gated"
#: on stdout and waits forever inside the next one: the kill lands at a known point however fast or loaded
#: the machine. (Killing on a progress event raced the run: JSON progress is at most one event a second,
#: so on a fast machine the first event past the threshold was the last one, every vector written.)
GATED = 2
GATE = f"""
import sys, threading
from mdrecall.embedders.local import LocalEmbedder
real, batches = LocalEmbedder.embed_documents, []
def gated(self, texts):
    if len(batches) == {GATED}:
        print("gated", flush=True)
        threading.Event().wait()
    batches.append(len(texts))
    return real(self, texts)
LocalEmbedder.embed_documents = gated
from mdrecall.cli import main
sys.exit(main())
"""


def test_a_killed_index_run_resumes_to_the_same_index(tmp_path: Path) -> None:
    ws = notes(tmp_path / "ws", 64, words=30)
    fresh = tmp_path / "fresh"
    shutil.copytree(ws, fresh)
    env = {"MDRECALL_EMBEDDING_PROVIDER": "local", "MDRECALL_EMBEDDING_BATCH_SIZE": "8"}
    proc = subprocess.Popen(
        [sys.executable, "-c", GATE, "-w", str(ws), "index"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **env},
    )
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline() == "gated\n"  # two batches embedded and written, the third in flight
        proc.send_signal(signal.SIGKILL)
        _, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == -signal.SIGKILL
    events = [json.loads(line) for line in err.splitlines()]  # not a terminal: JSON-lines progress
    assert any(e["phase"] == "files" for e in events)
    assert any(e["phase"] == "embedding" and 0 < e["done"] <= 8 * GATED for e in events)
    partial = _vectors(ws)
    assert len(partial) == 8 * GATED  # the batches written before the kill survive
    status = json.loads(run_cli("-w", str(ws), "status", "--json", env=env).stdout)
    assert status["vectors_pending"] == 64 - len(partial)
    again = run_cli("-w", str(ws), "index", "--json", env=env)
    assert again.returncode == 0, again.stderr
    report = json.loads(again.stdout)
    assert report["embedded"] + report["cache_hits"] == 64 - len(partial) and report["pending_vectors"] == 0
    assert run_cli("-w", str(fresh), "index", env=env).returncode == 0
    resumed, clean = _vectors(ws), _vectors(fresh)
    assert resumed.keys() == clean.keys() and len(clean) == 64
    worst = min(float(np.dot(resumed[k], clean[k])) for k in clean)
    assert worst > 0.999  # the same model on the same text (batches differ: float noise only)


def test_estimate_embeds_nothing_and_matches_the_run(
    tmp_path: Path, open_memory: Callable[..., Memory]
) -> None:
    ws = notes(tmp_path / "ws", 60)
    mem = open_memory(ws, LOCAL)
    before = estimate_index(mem)
    assert (before.files, before.files_to_read, before.chunks, before.chunks_to_embed) == (60, 60, 60, 60)
    assert before.tokens_to_embed > 60 * 10 and before.cost == 0.0
    # before any run: the provider's typical rate, said to be one
    assert before.rate_source == "typical" and before.seconds == pytest.approx(60 / 25.0)
    assert mem.store.counts() == {"files": 0, "chunks": 0, "vectors": 0, "cache": 0}  # nothing written
    report = mem.index()
    assert report.embedded == before.chunks_to_embed
    # a copied file comes from the cache; a new one must be embedded; a rate was measured
    (ws / "memory" / "copy.md").write_text((ws / "memory" / "note-00003.md").read_text())
    (ws / "memory" / "new.md").write_text("# New\n\nA brand new thought about compilers.\n")
    after = estimate_index(mem)
    assert (after.files_to_read, after.cache_hits, after.chunks_to_embed) == (2, 1, 1)
    assert after.rate_texts_per_s and after.seconds is not None and after.seconds > 0
    assert after.rate_source == "measured"
    assert mem.store.counts()["chunks"] == 60  # still nothing written


def test_estimate_prices_a_remote_provider_without_calling_it(tmp_path: Path) -> None:
    ws = notes(tmp_path / "ws", 10)
    nowhere = "http://127.0.0.1:9/v1"  # the discard port: any request would fail
    emb = {"provider": "openai", "base_url": nowhere, "api_key": "k", "model": "text-embedding-3-small"}
    emb |= {"price_per_million_tokens": 0.02, "options": {"is_remote": True}}
    cfg = Config().merged({"embedding": emb})
    with Memory.open(ws, cfg) as mem:
        est = estimate_index(mem)
    assert est.is_remote and est.chunks_to_embed == 10
    assert est.cost == pytest.approx(est.tokens_to_embed * 0.02 / 1e6)
    out = run_cli("-w", str(ws), "index", "--estimate", "--json")  # keyword-only (tests/conftest.py)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["files"] == 10 and data["chunks_to_embed"] == 0 and "no embedder" in data["notes"][0]


def test_estimate_chunks_a_file_exactly_as_the_indexer_does(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    sections = "\n\n".join(
        f"## Part {i}\n"
        + "\n".join(f"Line {j} of part {i}: note {i * 100 + j} on topic {j % 7}." for j in range(40))
        for i in range(6)
    )
    (ws / "memory" / "2026-02-01.md").write_text(f"# 2026-02-01\n\n{sections}\n")
    cfg = Config().merged({"embedding": {"provider": "fake"}})
    with Memory.open(ws, cfg) as mem:
        est = estimate_index(mem)
        report = mem.index()
    assert est.chunks == report.chunks_written == est.chunks_to_embed > 1


def test_estimate_with_force_counts_every_file_to_read(tmp_path: Path) -> None:
    """Before: ``index --estimate --force`` ignored --force and said "0 to read" for a run that
    re-reads every file."""
    ws = notes(tmp_path / "ws", 10)

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return run_cli("-w", str(ws), *args)  # keyword-only (tests/conftest.py)

    assert cli("index", "--quiet").returncode == 0
    plain = json.loads(cli("index", "--estimate", "--json").stdout)
    forced = json.loads(cli("index", "--estimate", "--force", "--json").stdout)
    assert plain["files_to_read"] == 0 and plain["chunks"] == 10
    assert forced["files_to_read"] == 10 and forced["chunks"] == 10
