"""Batch APIs (OpenAI files + batches, Gemini asyncBatchEmbedContent) against local servers."""

from __future__ import annotations

import json
import re

import numpy as np

from mdrecall.config.settings import EmbeddingConfig
from mdrecall.embedders.gemini import GeminiEmbedder
from mdrecall.embedders.openai import OpenAIEmbedder

BATCH = {"batch_api_min_texts": 3, "batch_poll_s": 0.01, "batch_timeout_s": 5, "retry_backoff_s": 0.01}


def openai_batch_app(api, *, final_status="completed", polls_before_done=1, fail_line=None):
    inline = api.openai()
    state = {"files": {}, "polls": 0, "cancelled": 0}

    def app(req):
        if req.path == "/v1/files" and req.method == "POST":
            assert req.headers["Authorization"] == f"Bearer {api.KEY}"
            assert req.headers["Content-Type"].startswith("multipart/form-data; boundary=")
            assert b'name="purpose"\r\n\r\nbatch' in req.body
            content = re.search(rb"application/jsonl\r\n\r\n(.*)\r\n--", req.body, re.S).group(1)
            state["files"]["file-in"] = [json.loads(line) for line in content.splitlines()]
            return api.Response(json={"id": "file-in", "purpose": "batch"})
        if req.path == "/v1/batches" and req.method == "POST":
            body = req.json()
            assert body == {
                "input_file_id": "file-in",
                "endpoint": "/v1/embeddings",
                "completion_window": "24h",
            }
            return api.Response(json={"id": "batch_1", "status": "validating"})
        if req.path == "/v1/batches/batch_1":
            state["polls"] += 1
            if state["polls"] <= polls_before_done:
                return api.Response(json={"id": "batch_1", "status": "in_progress"})
            done = {"id": "batch_1", "status": final_status, "output_file_id": "file-out"}
            if final_status != "completed":
                done = {"id": "batch_1", "status": final_status, "errors": {"data": [{"message": "quota"}]}}
            return api.Response(json=done)
        if req.path == "/v1/batches/batch_1/cancel":
            state["cancelled"] += 1
            return api.Response(json={"id": "batch_1", "status": "cancelling"})
        if req.path == "/v1/files/file-out/content":
            lines = []
            for line in state["files"]["file-in"]:
                assert line["url"] == "/v1/embeddings" and line["method"] == "POST"
                if line["custom_id"] == fail_line:
                    lines.append({"custom_id": line["custom_id"], "response": None, "error": {"code": "x"}})
                    continue
                auth = {"Authorization": f"Bearer {api.KEY}"}
                sub = api.Request("POST", "/v1/embeddings", auth, json.dumps(line["body"]).encode())
                body = inline(sub).json
                lines.append({"custom_id": line["custom_id"], "response": {"status_code": 200, "body": body}})
            return api.Response(body="\n".join(json.dumps(x) for x in lines[::-1]).encode())
        return inline(req)

    return app, state


def make_openai(server, api, **options) -> OpenAIEmbedder:
    cfg = EmbeddingConfig(
        model="test-embed",
        base_url=f"{server.url}/v1",
        api_key=api.KEY,
        batch_api=True,
        batch_size=2,
        options={**BATCH, **options},
    )
    return OpenAIEmbedder(cfg)


def test_openai_batch_matches_inline(serve, api):
    app, state = openai_batch_app(api)
    server = serve(app)
    texts = [f"note number {i}" for i in range(5)]
    out = make_openai(server, api).embed_documents(texts)
    assert state["polls"] == 2 and len(state["files"]["file-in"]) == 3  # 5 texts, 2 per line
    assert "/v1/embeddings" not in server.paths()
    inline = make_openai(server, api, batch_api_min_texts=100).embed_documents(texts)
    assert np.allclose(out, inline, atol=1e-6)


def test_openai_failed_line_is_embedded_inline(serve, api):
    app, _ = openai_batch_app(api, fail_line="r1")
    server = serve(app)
    out = make_openai(server, api).embed_documents(["a", "b", "c", "d", "e"])
    assert out.shape == (5, 8)
    inline = [r.json()["input"] for r in server.requests if r.path == "/v1/embeddings"]
    assert inline == [["c", "d"]]


def test_openai_failures_counted_then_batch_api_disabled(serve, api):
    app, _ = openai_batch_app(api, final_status="failed", polls_before_done=0)
    server = serve(app)
    emb = make_openai(server, api)
    for _ in range(3):
        assert emb.embed_documents(["a", "b", "c"]).shape == (3, 8)  # inline after each failure
    assert emb.batch_failures == 2 and "quota" in emb.last_batch_error
    assert server.paths().count("/v1/files") == 2  # the third call did not try the batch API


def test_openai_batch_timeout_cancels(serve, api):
    app, state = openai_batch_app(api, polls_before_done=10**6)
    server = serve(app)
    emb = make_openai(server, api, batch_timeout_s=0.1)
    assert emb.embed_documents(["a", "b", "c"]).shape == (3, 8)
    assert state["cancelled"] == 1 and "did not finish" in emb.last_batch_error


def test_small_calls_stay_inline(serve, api):
    app, state = openai_batch_app(api)
    server = serve(app)
    make_openai(server, api).embed_documents(["a", "b"])
    assert state["files"] == {} and server.paths() == ["/v1/embeddings"]


def test_gemini_async_batch(serve, api):
    inline = api.gemini()
    polls = []

    def app(req):
        if req.path.endswith(":asyncBatchEmbedContent"):
            assert req.path == "/v1beta/models/test-embed:asyncBatchEmbedContent"
            batch = req.json()["batch"]
            items = batch["inputConfig"]["requests"]["requests"]
            assert batch["displayName"] and all(
                i["request"]["taskType"] == "RETRIEVAL_DOCUMENT" for i in items
            )
            texts = [i["request"]["content"]["parts"][0]["text"] for i in items]
            keys = [i["metadata"]["key"] for i in items]
            polls.append((texts, keys))
            return api.Response(json={"name": "batches/b1", "metadata": {"state": "BATCH_STATE_PENDING"}})
        if req.path == "/v1beta/batches/b1":
            if len(polls) < 3:
                polls.append("poll")
                return api.Response(json={"name": "batches/b1", "metadata": {"state": "BATCH_STATE_RUNNING"}})
            texts, keys = polls[0]
            vecs = api.vectors(texts, 8)
            answers = [
                {"metadata": {"key": k}, "response": {"embedding": {"values": v}}}
                for k, v in zip(keys, vecs, strict=True)
            ]
            answers[1] = {"metadata": {"key": keys[1]}, "error": {"code": 13, "message": "internal"}}
            output = {"inlinedResponses": {"inlinedResponses": answers[::-1]}}
            return api.Response(
                json={
                    "name": "batches/b1",
                    "done": True,
                    "metadata": {"state": "BATCH_STATE_SUCCEEDED"},
                    "response": {"output": output},
                }
            )
        return inline(req)

    server = serve(app)
    cfg = EmbeddingConfig(
        model="test-embed", base_url=f"{server.url}/v1beta", api_key=api.KEY, batch_api=True, options=BATCH
    )
    emb = GeminiEmbedder(cfg)
    texts = ["alpha", "beta", "gamma", "delta"]
    out = emb.embed_documents(texts)
    expected = GeminiEmbedder(
        EmbeddingConfig(model="test-embed", base_url=f"{server.url}/v1beta", api_key=api.KEY)
    ).embed_documents(texts)
    assert np.allclose(out, expected, atol=1e-6) and emb.batch_failures == 0
    retried = [r.json()["requests"] for r in server.requests if r.path.endswith(":batchEmbedContents")]
    assert [x["content"]["parts"][0]["text"] for x in retried[0]] == ["beta"]  # the failed item, inline


def test_index_run_uses_the_batch_api_above_its_threshold(serve, api, tmp_path, open_memory):
    """``mdrecall index`` hands the embedder enough texts at once for a batch job (``window_hint``)."""
    from mdrecall import Config

    app, state = openai_batch_app(api, polls_before_done=0)
    server = serve(app)
    (tmp_path / "memory").mkdir()
    for i in range(20):
        (tmp_path / "memory" / f"n{i:02d}.md").write_text(f"# Note {i}\n\nFact {i}: {i * 3}.\n")
    emb = {"provider": "openai", "base_url": f"{server.url}/v1", "api_key": api.KEY, "model": "m", "dims": 8}
    opts = {**BATCH, "batch_api_min_texts": 16}
    cfg = Config().merged({"embedding": {**emb, "batch_api": True, "batch_size": 4, "options": opts}})
    report = open_memory(tmp_path, cfg).index()
    assert report.embedded == 20 and report.pending_vectors == 0
    assert sum(len(x["body"]["input"]) for x in state["files"]["file-in"]) == 20  # all in one job
    assert "/v1/embeddings" not in server.paths()
