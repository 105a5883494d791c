"""Gemini, Voyage and Ollama against real local servers speaking their APIs."""

from __future__ import annotations

import numpy as np
import pytest

from mdrecall.config.settings import EmbeddingConfig
from mdrecall.embedders import create_embedder
from mdrecall.embedders.gemini import GeminiEmbedder
from mdrecall.embedders.ollama import OllamaEmbedder
from mdrecall.embedders.voyage import VoyageEmbedder
from mdrecall.errors import EmbedderError

FAST = {"retry_backoff_s": 0.01}


def test_gemini_shape_auth_and_task_types(serve, api):
    server = serve(api.gemini(dims=8))
    cfg = EmbeddingConfig(
        provider="gemini", model="test-embed", base_url=f"{server.url}/v1beta", api_key=api.KEY
    )
    emb = create_embedder(cfg)
    assert isinstance(emb, GeminiEmbedder)
    docs = emb.embed_documents(["one", "two"])
    query = emb.embed_query("one")
    assert docs.shape == (2, 8) and np.allclose(docs[0], query)
    first, second = server.requests
    assert first.path == "/v1beta/models/test-embed:batchEmbedContents"
    assert first.headers["x-goog-api-key"] == api.KEY and "Authorization" not in first.headers
    assert first.json()["requests"][0] == {
        "model": "models/test-embed",
        "content": {"parts": [{"text": "one"}]},
        "taskType": "RETRIEVAL_DOCUMENT",
    }
    assert second.json()["requests"][0]["taskType"] == "RETRIEVAL_QUERY"


def test_gemini_at_most_100_per_request_and_output_dims(serve, api):
    server = serve(api.gemini())
    cfg = EmbeddingConfig(base_url=f"{server.url}/v1beta", api_key=api.KEY, dims=16, batch_size=500)
    emb = GeminiEmbedder(cfg)
    assert emb.identity.dims == 16 and emb.identity.model == "gemini-embedding-001"
    out = emb.embed_documents([f"text {i}" for i in range(150)])
    assert out.shape == (150, 16)
    assert sorted(len(r.json()["requests"]) for r in server.requests) == [50, 100]  # in flight together
    assert server.requests[0].json()["requests"][0]["outputDimensionality"] == 16


def test_gemini_key_from_env_and_bad_key(serve, api, monkeypatch):
    server = serve(api.gemini())
    monkeypatch.setenv("GOOGLE_API_KEY", "wrong-key-value")
    emb = GeminiEmbedder(EmbeddingConfig(model="m", base_url=f"{server.url}/v1beta"))
    with pytest.raises(EmbedderError, match="HTTP 403") as info:
        emb.embed_query("x")
    assert "wrong-key-value" not in str(info.value)
    monkeypatch.delenv("GOOGLE_API_KEY")
    with pytest.raises(EmbedderError, match=r"\$GEMINI_API_KEY or \$GOOGLE_API_KEY"):
        GeminiEmbedder(EmbeddingConfig())


def test_voyage_input_type_and_output_dimension(serve, api):
    server = serve(api.voyage())
    cfg = EmbeddingConfig(provider="voyage", base_url=f"{server.url}/v1", api_key=api.KEY, dims=12)
    emb = create_embedder(cfg)
    assert isinstance(emb, VoyageEmbedder) and emb.identity.model == "voyage-3.5"
    assert emb.embed_documents(["a", "b"]).shape == (2, 12)
    assert emb.embed_query("a").shape == (12,)
    bodies = [r.json() for r in server.requests]
    assert [b["input_type"] for b in bodies] == ["document", "query"]
    assert bodies[0]["output_dimension"] == 12 and bodies[0]["model"] == "voyage-3.5"
    assert server.requests[0].headers["Authorization"] == f"Bearer {api.KEY}"


def test_voyage_retries_503_then_succeeds(serve, api):
    server = serve(api.voyage())
    server.script = [api.Response(503, json={"detail": "overloaded"}), api.Response(502, body=b"bad gateway")]
    emb = VoyageEmbedder(
        EmbeddingConfig(model="m", base_url=f"{server.url}/v1", api_key=api.KEY, options=FAST)
    )
    assert emb.embed_documents(["x"]).shape == (1, 8)
    assert len(server.requests) == 3 and emb.http.retries == 2


def test_ollama_host_env_without_scheme(serve, api, monkeypatch):
    server = serve(api.ollama(dims=6))
    monkeypatch.setenv("OLLAMA_HOST", server.url.removeprefix("http://"))
    emb = create_embedder(EmbeddingConfig(provider="ollama", model="tiny-embed"))
    assert isinstance(emb, OllamaEmbedder) and not emb.is_remote  # loopback: texts stay here
    assert emb.embed_documents(["a", "b", "c"]).shape == (3, 6)
    req = server.requests[0]
    assert req.path == "/api/embed" and "Authorization" not in req.headers
    assert req.json() == {"model": "tiny-embed", "input": ["a", "b", "c"], "truncate": True}
    assert emb.identity.endpoint == server.url


def test_ollama_model_missing_is_explained(serve, api):
    server = serve(
        lambda req: api.Response(404, json={"error": 'model "nope" not found, try pulling it first'})
    )
    emb = OllamaEmbedder(EmbeddingConfig(model="nope", base_url=server.url))
    with pytest.raises(EmbedderError, match=r"HTTP 404 .*try pulling it first.*embedding.model"):
        emb.embed_query("x")
    assert OllamaEmbedder(EmbeddingConfig(model="nomic-embed-text:latest")).identity.dims == 768


def test_is_remote_follows_the_host_and_can_be_overridden():
    remote = OllamaEmbedder(EmbeddingConfig(base_url="http://gpu-box.lan:11434"))
    assert remote.is_remote
    forced = OllamaEmbedder(EmbeddingConfig(base_url="http://127.0.0.1:1", options={"is_remote": "true"}))
    assert forced.is_remote
