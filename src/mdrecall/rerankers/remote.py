"""Rerankers behind HTTP APIs: Cohere, Jina, Voyage, any Cohere-compatible endpoint, and TEI.

=========  ==========================================  ============================================
provider   request                                     answer
=========  ==========================================  ============================================
cohere     ``POST {base}/rerank`` (base                ``{"results": [{"index", "relevance_score"}]}``
           ``https://api.cohere.com/v2``) with
           ``{"model", "query", "documents", "top_n"}``
jina       same body, base ``https://api.jina.ai/v1``  same
http       same body, ``rerank.base_url`` required     same (vLLM, Infinity, …)
voyage     ``{"model", "query", "documents",           ``{"data": [{"index", "relevance_score"}]}``
           "top_k"}``, base ``https://api.voyageai
           .com/v1``
tei        ``{"query", "texts"}`` at ``{base}/rerank``  ``[{"index", "score"}]``
=========  ==========================================  ============================================

Keys: ``rerank.api_key`` or ``$COHERE_API_KEY`` / ``$JINA_API_KEY`` / ``$VOYAGE_API_KEY``; ``http``
and ``tei`` send one only when configured. Each passage is cut to ``MAX_PASSAGE_CHARS``. Scores
outside 0..1 (raw logits) all go through the logistic function.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from mdrecall.config.settings import RerankConfig
from mdrecall.config.sources import env_value
from mdrecall.errors import EmbedderError, RerankError
from mdrecall.plugins.http_client import HttpClient, is_loopback_url
from mdrecall.plugins.options import check_options, option
from mdrecall.rerankers import unit_scores

__all__ = ["PROVIDERS", "HttpReranker", "create"]

MAX_PASSAGE_CHARS = 4000

#: provider → (default base URL, default model, key variables, API shape)
PROVIDERS: dict[str, tuple[str, str, tuple[str, ...], str]] = {
    "cohere": ("https://api.cohere.com/v2", "rerank-v3.5", ("COHERE_API_KEY", "CO_API_KEY"), "cohere"),
    "jina": ("https://api.jina.ai/v1", "jina-reranker-v2-base-multilingual", ("JINA_API_KEY",), "cohere"),
    "voyage": ("https://api.voyageai.com/v1", "rerank-2.5", ("VOYAGE_API_KEY",), "voyage"),
    "http": ("", "", (), "cohere"),
    "tei": ("", "", (), "tei"),
}


#: ``rerank.options`` these providers read.
OPTIONS = {"is_remote": bool}


class HttpReranker:
    """One of the HTTP rerank APIs above."""

    def __init__(self, config: RerankConfig, env: Mapping[str, str] | None = None) -> None:
        self.provider = config.provider
        if self.provider not in PROVIDERS:
            raise RerankError(f"unknown HTTP rerank provider '{self.provider}'")
        check_options("rerank", self.provider, config.options, OPTIONS)
        default_base, default_model, key_vars, self.shape = PROVIDERS[self.provider]
        self.base_url = (config.base_url or default_base).rstrip("/")
        if not self.base_url:
            raise RerankError(
                f"rerank provider '{self.provider}' needs rerank.base_url (the server that runs the model, "
                "e.g. http://127.0.0.1:8080)."
            )
        self.model = config.model or default_model
        key = config.api_key or env_value(key_vars, env)
        if key_vars and not key and not is_loopback_url(self.base_url):
            names = " or ".join(f"${k}" for k in key_vars)
            raise RerankError(f"{self.provider} reranking needs an API key: set {names} or rerank.api_key.")
        self.name = f"{self.provider}:{self.model}" if self.model else self.provider
        self.is_remote = option(config.options, "is_remote", not is_loopback_url(self.base_url), "rerank")
        headers = {**({"Authorization": f"Bearer {key}"} if key else {}), **config.headers}
        self.http = HttpClient(
            self.provider,
            self.base_url,
            headers=headers,
            secret=key,
            timeout_s=config.timeout_s,
            max_retries=config.max_retries,
            section="rerank",
        )

    def __repr__(self) -> str:
        return f"HttpReranker(name={self.name!r}, base_url={self.base_url!r})"

    def rerank(self, query: str, passages: Sequence[str]) -> list[float]:
        """Relevance in 0..1 of each passage, in input order."""
        docs = [p[:MAX_PASSAGE_CHARS] for p in passages]
        if not docs:
            return []
        body: dict[str, Any]
        if self.shape == "tei":
            body = {"query": query, "texts": docs}
        else:
            body = {"query": query, "documents": docs}
            if self.model:
                body["model"] = self.model
            body["top_k" if self.shape == "voyage" else "top_n"] = len(docs)
        try:
            answer = self.http.request_json("POST", "rerank", body)
        except EmbedderError as exc:  # the shared HTTP client speaks for embedders too
            raise RerankError(str(exc)) from None
        return self._scores(answer, len(docs))

    def _scores(self, answer: Any, n: int) -> list[float]:
        if self.shape == "tei":
            items, field = answer, "score"
        else:
            key = "data" if self.shape == "voyage" else "results"
            items, field = (answer.get(key) if isinstance(answer, dict) else None), "relevance_score"
        found: dict[int, float] = {}
        try:
            for item in items:
                found[int(item["index"])] = float(item[field])
        except (TypeError, KeyError, ValueError):
            raise RerankError(
                f"{self.provider} answered with an unexpected rerank shape ({str(answer)[:120]!r}). "
                "Check rerank.provider and rerank.base_url."
            ) from None
        scores = [found.get(i, math.nan) for i in range(n)]
        if not all(math.isfinite(s) for s in scores):
            raise RerankError(f"{self.provider} did not score every passage. Check rerank.base_url.")
        return unit_scores(scores)


def create(config: RerankConfig) -> HttpReranker:
    """Factory for every provider of this module."""
    return HttpReranker(config)
