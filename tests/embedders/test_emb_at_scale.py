"""Remote providers at scale, over loopback servers that speak each API: requests in flight,
``429 Retry-After``, a slow server, and an outage in the middle of an index run that the next run resumes."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import numpy as np
import pytest

from mdrecall import Config, Memory
from mdrecall.config.settings import EmbeddingConfig
from mdrecall.embedders._util import l2_normalize
from mdrecall.embedders.gemini import GeminiEmbedder
from mdrecall.embedders.openai import OpenAIEmbedder
from mdrecall.index.breaker import breaker_open, reset_breaker


class InFlight:
    """Wraps an app: counts requests being served at once (the most seen), and when each arrived.

    ``expect``: each request is held (up to ``delay`` plus 10 s) until that many are in flight at once, so
    a client that sends them together is seen to, however loaded the machine; one that sends fewer only
    waits out the hold."""

    def __init__(self, app, delay: float = 0.0, expect: int = 0) -> None:
        self.app, self.delay, self.expect = app, delay, expect
        self.now = 0
        self.most = 0
        self.arrivals: list[float] = []
        self._seen = threading.Condition()

    def __call__(self, req):
        with self._seen:
            self.now += 1
            self.most = max(self.most, self.now)
            self.arrivals.append(time.monotonic())
            self._seen.notify_all()
            if self.expect > 1:
                self._seen.wait_for(lambda: self.most >= self.expect, timeout=self.delay + 10.0)
        try:
            time.sleep(self.delay)
            return self.app(req)
        finally:
            with self._seen:
                self.now -= 1


def openai(server, api, **over) -> OpenAIEmbedder:
    opts = {"retry_backoff_s": 0.01, **over.pop("options", {})}
    cfg = EmbeddingConfig(
        model="m", base_url=f"{server.url}/v1", api_key=api.KEY, dims=8, options=opts, **over
    )
    return OpenAIEmbedder(cfg)


@pytest.mark.parametrize("concurrency", [1, 4])
def test_requests_in_flight_at_once_keep_the_order(serve, api, concurrency):
    slow = InFlight(api.openai(), delay=0.15, expect=concurrency)  # requests overlap only if sent together
    server = serve(slow)
    texts = [f"note {i} about the launch" for i in range(40)]
    out = openai(server, api, batch_size=10, concurrency=concurrency).embed_documents(texts)
    assert len(server.requests) == 4
    assert slow.most == concurrency
    assert np.allclose(out, l2_normalize(np.asarray(api.vectors(texts, 8))), atol=1e-6)


def test_gemini_requests_in_flight(serve, api):
    slow = InFlight(api.gemini(), delay=0.4, expect=3)  # held until three are in flight (or 10 s)
    server = serve(slow)
    url = f"{server.url}/v1beta"
    cfg = EmbeddingConfig(base_url=url, api_key=api.KEY, dims=8, batch_size=5, concurrency=3)
    out = GeminiEmbedder(cfg).embed_documents([f"t{i}" for i in range(15)])
    assert out.shape == (15, 8) and slow.most == 3


def test_429_retry_after_is_honoured(serve, api):
    inline = api.openai()
    arrivals: list[float] = []

    def app(req):
        arrivals.append(time.monotonic())
        if len(arrivals) == 1:
            return api.Response(429, json={"error": {"message": "slow down"}}, headers={"Retry-After": "0.5"})
        return inline(req)

    server = serve(app)
    emb = openai(server, api)
    out = emb.embed_documents(["one", "two"])
    assert out.shape == (2, 8) and emb.http.retries == 1 and len(server.requests) == 2
    assert arrivals[1] - arrivals[0] >= 0.5  # the server's Retry-After, not the 0.01 s backoff


def test_rate_limiting_server_with_requests_in_flight(serve, api):
    """A server that allows two requests at a time answers 429 (Retry-After) to the others: all
    texts still get their vectors, in order, and the retries waited at least what it asked."""
    inline = api.openai()
    state = {"now": 0, "limited": 0}
    lock = threading.Lock()

    def app(req):
        with lock:
            state["now"] += 1
            busy = state["now"] > 2
            if busy:
                state["limited"] += 1
        try:
            if busy:
                return api.Response(429, json={"error": {"message": "rate"}}, headers={"Retry-After": "0.2"})
            time.sleep(0.1)
            return inline(req)
        finally:
            with lock:
                state["now"] -= 1

    server = serve(app)
    texts = [f"line {i}" for i in range(60)]
    emb = openai(server, api, batch_size=10, concurrency=6, max_retries=20)
    t0 = time.monotonic()
    out = emb.embed_documents(texts)
    assert np.allclose(out, l2_normalize(np.asarray(api.vectors(texts, 8))), atol=1e-6)
    assert state["limited"] > 0 and emb.http.retries == state["limited"]
    assert time.monotonic() - t0 >= 0.2  # at least one Retry-After wait happened


def _workspace(root: Path, n: int) -> Path:
    (root / "memory").mkdir(parents=True)
    for i in range(n):
        (root / "memory" / f"note-{i:03d}.md").write_text(f"# Note {i}\n\nThe fact number {i} is {i * 7}.\n")
    return root


def test_outage_mid_run_is_resumed_by_the_next_run(serve, api, tmp_path, open_memory):
    """The provider goes down after a few requests: the run keeps what it embedded and says so; the
    next run sends only what is missing and ends with every chunk embedded."""
    inline = api.openai()
    state = {"up": True, "served": 0, "texts": []}

    def app(req):
        if not state["up"]:
            return api.Response(503, json={"error": {"message": "down"}})
        state["served"] += 1
        if state["served"] > 3:
            state["up"] = False
        state["texts"].extend(req.json()["input"])
        return inline(req)

    server = serve(app)
    ws = _workspace(tmp_path / "ws", 40)
    emb = {"provider": "openai", "base_url": f"{server.url}/v1", "api_key": api.KEY, "model": "m", "dims": 8}
    # a remote provider, as in real use: a search sends it only its query (a local one's search would
    # embed a handful of missing chunks itself, see tests/test_inline_vectors.py)
    emb["options"] = {"is_remote": True}
    cfg = Config().merged({"embedding": {**emb, "batch_size": 5, "concurrency": 1, "max_retries": 0}})
    mem: Memory = open_memory(ws, cfg)
    first = mem.index()
    assert any("embedding stopped" in w and "resume" in w for w in first.warnings)
    assert first.embedded == 20 and first.pending_vectors == 20  # 4 requests of 5 served, then down
    assert breaker_open(mem.store, mem.embedder)  # the outage tripped the breaker: searches skip it
    state["up"], state["served"] = True, -1000  # back up: a search uses the vectors there are
    reset_breaker(mem.store, mem.embedder)  # as when its 60 s have passed
    res = mem.search_result("fact number 3", sync=False)
    assert res.vectors == {"indexed": 20, "total": 40} and "vectors behind" in (res.fallback or "")
    state["texts"] = []
    second = mem.index()
    assert second.embedded == 20 and second.pending_vectors == 0
    assert len(state["texts"]) == 20  # only the missing ones were sent
    assert mem.search_result("fact number 3", sync=False).vectors == {"indexed": 40, "total": 40}
