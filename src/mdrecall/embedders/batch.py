"""Asynchronous batch APIs for large backfills (``embedding.batch_api = true``).

Used by :meth:`RemoteEmbedder.embed_documents` when at least ``options.batch_api_min_texts`` texts
(default 256) are embedded at once. A job is submitted, polled every ``options.batch_poll_s``
seconds (default 10) for at most ``options.batch_timeout_s`` (default 3600, then it is cancelled),
and its results are read back. Items the job failed are embedded inline. Any job failure raises
:class:`EmbedderError`; the embedder then embeds the texts inline and counts the failure, and after
``options.batch_api_max_failures`` failures (default 2) it stops trying the batch API.

- OpenAI (and compatible): upload a JSONL file to ``/files`` (purpose ``batch``), create
  ``/batches`` for ``/v1/embeddings``, read ``/files/{output_file_id}/content``.
- Gemini: ``models/{model}:asyncBatchEmbedContent`` with inlined requests, poll ``batches/{id}``.

This module knows the providers only through the public methods named by :class:`OpenAIBatchHost` and
:class:`GeminiBatchHost` (which :class:`~mdrecall.embedders.openai.OpenAIEmbedder` and
:class:`~mdrecall.embedders.gemini.GeminiEmbedder` have); the providers import it, never the reverse.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Iterator
from typing import Any, Protocol

import numpy as np

from mdrecall.errors import EmbedderError
from mdrecall.plugins.http_client import HttpClient, multipart

__all__ = ["BatchHost", "GeminiBatchHost", "OpenAIBatchHost", "gemini_batch", "openai_batch", "poll"]

_OPENAI_DONE = {"completed", "failed", "expired", "cancelled"}
_GEMINI_FAILED = ("FAILED", "CANCELLED", "EXPIRED")


class BatchHost(Protocol):
    """What every batch job needs of its embedder: the client, the polling limits, the row check."""

    @property
    def provider(self) -> str: ...

    @property
    def http(self) -> HttpClient: ...

    @property
    def batch_poll_s(self) -> float: ...

    @property
    def batch_timeout_s(self) -> float: ...

    def checked(self, rows: Any, expected: int) -> np.ndarray:
        """``rows`` as a checked, normalised matrix of ``expected`` rows."""
        ...


class OpenAIBatchHost(BatchHost, Protocol):
    """An OpenAI-compatible embedder: request bodies, answer parsing, and one inline request."""

    def batches(self, texts: list[str]) -> Iterator[list[str]]:
        """``texts`` split as inline requests are."""
        ...

    def body(self, texts: list[str]) -> dict[str, Any]:
        """The JSON body of one embeddings request."""
        ...

    def parse(self, doc: Any, path: str = ...) -> list[Any]:
        """The vectors of one embeddings answer."""
        ...

    def request(self, texts: list[str], kind: str) -> np.ndarray:
        """One inline request (for a chunk the job failed)."""
        ...


class GeminiBatchHost(BatchHost, Protocol):
    """A Gemini embedder: its model, request items, answer values, and inline embedding."""

    @property
    def model(self) -> str: ...

    def item(self, text: str, kind: str) -> dict[str, Any]:
        """One ``EmbedContentRequest``."""
        ...

    def values(self, embedding: Any, path: str) -> Any:
        """The vector of one ``ContentEmbedding``."""
        ...

    def embed_inline(self, texts: list[str], kind: str) -> np.ndarray:
        """Inline requests (for the items the job failed)."""
        ...


def poll(emb: BatchHost, fetch: Callable[[], Any], done: Callable[[Any], bool], job: str) -> Any:
    """Call ``fetch`` until ``done(result)``; raise after ``batch_timeout_s``."""
    deadline = time.monotonic() + emb.batch_timeout_s
    while True:
        result = fetch()
        if done(result):
            return result
        if time.monotonic() >= deadline:
            raise EmbedderError(
                f"{emb.provider} batch job {job} did not finish within {emb.batch_timeout_s:g} s "
                "(options.batch_timeout_s); embedding inline instead."
            )
        time.sleep(emb.batch_poll_s)


def openai_batch(emb: OpenAIBatchHost, texts: list[str]) -> np.ndarray:
    """Embed ``texts`` with one OpenAI batch job (one JSONL line per inline-sized request)."""
    chunks = list(emb.batches(texts))
    lines = [
        json.dumps({"custom_id": f"r{i}", "method": "POST", "url": "/v1/embeddings", "body": emb.body(c)})
        for i, c in enumerate(chunks)
    ]
    body, ctype = multipart(
        {"purpose": "batch"}, "file", "mdrecall-embeddings.jsonl", "\n".join(lines).encode()
    )
    upload = emb.http.decode_json(emb.http.request("POST", "files", data=body, content_type=ctype), "files")
    batch = emb.http.request_json(
        "POST",
        "batches",
        {"input_file_id": _field(upload, "id"), "endpoint": "/v1/embeddings", "completion_window": "24h"},
    )
    job = _field(batch, "id")
    try:
        final = poll(
            emb,
            lambda: emb.http.request_json("GET", f"batches/{job}"),
            lambda b: b.get("status") in _OPENAI_DONE,
            job,
        )
    except EmbedderError:
        _quietly(lambda: emb.http.request("POST", f"batches/{job}/cancel", data=b""))
        raise
    if final.get("status") != "completed" or not final.get("output_file_id"):
        errors = (final.get("errors") or {}).get("data") or []
        why = "; ".join(str(e.get("message", e)) for e in errors[:3]) or "no output file"
        raise EmbedderError(f"openai batch job {job} ended '{final.get('status')}': {why}")
    raw = emb.http.request("GET", f"files/{final['output_file_id']}/content")
    results: dict[str, Any] = {}
    for line in raw.decode("utf-8", "replace").splitlines():
        if not line.strip():
            continue
        doc = json.loads(line)
        response = doc.get("response") or {}
        if not doc.get("error") and response.get("status_code") == 200:
            results[doc.get("custom_id", "")] = response.get("body")
    parts = []
    for i, chunk in enumerate(chunks):
        answer = results.get(f"r{i}")
        rows = emb.parse(answer, "batch output") if answer is not None else None
        parts.append(emb.checked(rows, len(chunk)) if rows is not None else emb.request(chunk, "document"))
    return np.vstack(parts)


def gemini_batch(emb: GeminiBatchHost, texts: list[str]) -> np.ndarray:
    """Embed ``texts`` with one Gemini async batch job of inlined requests."""
    requests = [
        {"request": emb.item(t, "document"), "metadata": {"key": str(i)}} for i, t in enumerate(texts)
    ]
    payload = {
        "batch": {
            "displayName": f"mdrecall-{len(texts)}",
            "inputConfig": {"requests": {"requests": requests}},
        }
    }
    op = emb.http.request_json("POST", f"models/{emb.model}:asyncBatchEmbedContent", payload)
    job = _field(op, "name")
    try:
        final = poll(emb, lambda: emb.http.request_json("GET", job), _gemini_done, job)
    except EmbedderError:
        _quietly(lambda: emb.http.request("POST", f"{job}:cancel", data=b"{}"))
        raise
    state = _gemini_state(final)
    if final.get("error") or state.endswith(_GEMINI_FAILED):
        why = (final.get("error") or {}).get("message", state)
        raise EmbedderError(f"gemini batch job {job} failed: {why}")
    answers = _find(final, "inlinedResponses")
    if isinstance(answers, dict):
        answers = answers.get("inlinedResponses")
    if not isinstance(answers, list):
        raise EmbedderError(f"gemini batch job {job} finished without inlined responses")
    rows: list[Any] = [None] * len(texts)
    for pos, answer in enumerate(answers):
        key = (answer.get("metadata") or {}).get("key", pos)
        embedding = (answer.get("response") or {}).get("embedding")
        if embedding is not None and not answer.get("error"):
            rows[int(key)] = emb.values(embedding, "batch output")
    missing = [i for i, row in enumerate(rows) if row is None]
    if missing:  # items the job failed: embed them inline
        again = emb.embed_inline([texts[i] for i in missing], "document")
        for i, vec in zip(missing, again, strict=True):
            rows[i] = vec.tolist()
    return emb.checked(rows, len(texts))


def _gemini_state(op: dict[str, Any]) -> str:
    state = _find(op, "state")
    return state if isinstance(state, str) else ""


def _gemini_done(op: Any) -> bool:
    state = _gemini_state(op)
    return bool(op.get("done")) or state.endswith(("SUCCEEDED", *_GEMINI_FAILED))


def _find(doc: Any, key: str) -> Any:
    """The first value under ``key`` in nested dicts (the batch resource nests differently by version)."""
    if isinstance(doc, dict):
        if key in doc:
            return doc[key]
        for value in doc.values():
            found = _find(value, key)
            if found is not None:
                return found
    return None


def _field(doc: Any, key: str) -> str:
    value = doc.get(key) if isinstance(doc, dict) else None
    if not isinstance(value, str) or not value:
        raise EmbedderError(f"batch API answer has no '{key}'; the endpoint may not support batches")
    return value


def _quietly(call: Callable[[], Any]) -> None:
    with contextlib.suppress(EmbedderError):
        call()
