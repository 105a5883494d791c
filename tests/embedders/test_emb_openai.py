"""The OpenAI-compatible provider and the shared HTTP behaviour, against a real local server."""

from __future__ import annotations

import email.utils
import time
from datetime import datetime, timedelta, timezone

import numpy as np
import pytest

from mdrecall.config.settings import EmbeddingConfig
from mdrecall.embedders import create_embedder
from mdrecall.embedders.openai import OpenAIEmbedder
from mdrecall.errors import EmbedderError

FAST = {"retry_backoff_s": 0.01}


def make(url: str, key: str = "", **kw) -> OpenAIEmbedder:
    kw.setdefault("options", dict(FAST))
    kw.setdefault("model", "test-embed")  # not in the known-dims table: dims come from the server
    return OpenAIEmbedder(EmbeddingConfig(provider="openai", base_url=f"{url}/v1", api_key=key, **kw))


def test_request_shape_order_and_normalisation(serve, api):
    server = serve(api.openai(dims=8))
    emb = make(server.url, api.KEY, model="my-embed")
    out = emb.embed_documents(["alpha beta", "gamma", ""])
    assert out.shape == (3, 8) and out.dtype == np.float32
    assert np.allclose(np.linalg.norm(out, axis=1), 1.0, atol=1e-5)
    expected = np.array(api.vectors(["alpha beta", "gamma", " "], 8), dtype=np.float32)
    expected /= np.linalg.norm(expected, axis=1, keepdims=True)
    assert np.allclose(out, expected, atol=1e-5)  # answer came reversed: sorted back by index
    req = server.requests[0]
    assert req.path == "/v1/embeddings" and req.method == "POST"
    assert req.json() == {
        "model": "my-embed",
        "input": ["alpha beta", "gamma", " "],
        "encoding_format": "float",
    }
    assert emb.identity.dims == 8 and emb.identity.endpoint == f"{server.url}/v1"
    assert emb.embed_query("alpha beta").shape == (8,)


def test_batches_by_count_and_characters(serve, api):
    server = serve(api.openai())
    emb = make(server.url, api.KEY, batch_size=2, options={**FAST, "max_batch_chars": 12})
    out = emb.embed_documents(["aaaa", "bbbb", "cccc", "dddddddddd", "e"])
    assert out.shape == (5, 8)
    sent = sorted((r.json()["input"] for r in server.requests), key=lambda texts: texts[0])
    assert sent == [["aaaa", "bbbb"], ["cccc"], ["dddddddddd", "e"]]  # in flight together: any order


def test_dims_learned_lazily_by_one_probe(serve, api):
    server = serve(api.openai(dims=5))
    emb = make(server.url, api.KEY, model="unknown-model")
    assert server.requests == []
    assert emb.identity.dims == 5 and len(server.requests) == 1
    emb.embed_documents(["x"])
    assert emb.dims == 5 and len(server.requests) == 2


def test_wrong_dims_is_a_clear_error(serve, api):
    server = serve(api.openai(dims=4))
    emb = make(server.url, api.KEY, model="unknown", dims=8)
    with pytest.raises(EmbedderError, match=r"4-dimensional vectors but 8 were expected"):
        emb.embed_documents(["x"])


def test_dimensions_field_sent_for_text_embedding_3(serve, api):
    server = serve(api.openai())
    emb = make(server.url, api.KEY, model="text-embedding-3-small", dims=16)
    assert emb.embed_documents(["x"]).shape == (1, 16)
    assert server.requests[0].json()["dimensions"] == 16


def test_429_with_retry_after_then_success(serve, api):
    server = serve(api.openai())
    server.script = [
        api.Response(429, json={"error": {"message": "slow down"}}, headers={"Retry-After": "0.3"})
    ]
    emb = make(server.url, api.KEY)
    start = time.monotonic()
    assert emb.embed_documents(["x"]).shape == (1, 8)
    assert time.monotonic() - start >= 0.3
    assert len(server.requests) == 2 and emb.http.retries == 1


def test_500s_exhaust_retries(serve, api):
    server = serve(lambda req: api.Response(500, json={"error": {"message": "boom"}}))
    emb = make(server.url, api.KEY, max_retries=2)
    with pytest.raises(EmbedderError) as info:
        emb.embed_documents(["x"])
    message = str(info.value)
    assert "HTTP 500" in message and "after 3 attempts" in message and "openai" in message
    assert "fallback" in message  # says what to do
    assert len(server.requests) == 3


def test_key_never_in_errors_or_repr(serve, api):
    server = serve(api.openai(key="another-key"))
    emb = make(server.url, api.KEY)
    with pytest.raises(EmbedderError) as info:
        emb.embed_documents(["x"])
    assert "HTTP 401" in str(info.value) and "API key" in str(info.value)
    assert api.KEY not in str(info.value) and "***" in str(info.value)  # the server echoed it
    assert api.KEY not in repr(emb) and api.KEY not in repr(emb.http)
    assert len(server.requests) == 1  # 401 is not retried


def test_timeout(serve, api):
    server = serve(lambda req: api.Response(json={}, delay=1.0))
    emb = make(server.url, api.KEY, timeout_s=0.2, max_retries=1)
    start = time.monotonic()
    with pytest.raises(EmbedderError, match="timed out after 0.2 s after 2 attempts"):
        emb.embed_documents(["x"])
    assert time.monotonic() - start < 1.5


def test_malformed_json(serve, api):
    server = serve(lambda req: api.Response(body=b"<html>proxy error</html>"))
    with pytest.raises(EmbedderError, match="invalid JSON"):
        make(server.url, api.KEY).embed_documents(["x"])


def test_wrong_shape_and_count(serve, api):
    server = serve(lambda req: api.Response(json={"data": [{"embedding": [1.0, 0.0]}]}))
    with pytest.raises(EmbedderError, match="1 vectors for 2 texts"):
        make(server.url, api.KEY).embed_documents(["x", "y"])
    server.app = lambda req: api.Response(json={"result": []})
    with pytest.raises(EmbedderError, match="no 'data' list"):
        make(server.url, api.KEY).embed_documents(["x"])


def test_connection_refused(closed_url):
    emb = make(closed_url, max_retries=1)
    with pytest.raises(EmbedderError, match="cannot connect"):
        emb.embed_documents(["x"])


def test_key_resolution_and_requirement(monkeypatch):
    with pytest.raises(EmbedderError, match=r"\$OPENAI_API_KEY or embedding.api_key"):
        OpenAIEmbedder(EmbeddingConfig(provider="openai"))
    monkeypatch.setenv("OPENAI_API_KEY", "from-env")
    emb = OpenAIEmbedder(EmbeddingConfig(provider="openai"))
    assert emb.http._headers["Authorization"] == "Bearer from-env"
    assert emb.is_remote and emb.identity.endpoint == "https://api.openai.com/v1"
    assert emb.identity.dims == 1536  # known model: no probe
    monkeypatch.setenv("OPENROUTER_API_KEY", "router-key")
    router = OpenAIEmbedder(
        EmbeddingConfig(base_url="https://openrouter.ai/api/v1", headers={"X-Title": "mdrecall"})
    )
    assert router.http._headers == {"Authorization": "Bearer router-key", "X-Title": "mdrecall"}
    local = OpenAIEmbedder(EmbeddingConfig(base_url="http://localhost:1234/v1"), env={})
    assert "Authorization" not in local.http._headers and not local.is_remote


def test_headers_sent_and_factory(serve, api):
    server = serve(api.openai())
    cfg = EmbeddingConfig(
        provider="openai",
        model="m",
        base_url=f"{server.url}/v1",
        api_key=api.KEY,
        headers={"HTTP-Referer": "x"},
    )
    emb = create_embedder(cfg)
    emb.embed_query("hello")
    assert server.requests[0].headers["HTTP-Referer"] == "x"


def test_retry_after_forms():
    from mdrecall.plugins.http_client import _retry_after

    assert _retry_after("2") == 2.0 and _retry_after("0.25") == 0.25
    assert _retry_after(None) is None and _retry_after("soon") is None
    future = email.utils.format_datetime(datetime.now(timezone.utc) + timedelta(seconds=30), usegmt=True)
    assert 25 < _retry_after(future) <= 31
