"""Rerankers: re-score the top hits of a search with a model that reads query and passage together.

A reranker (a cross-encoder) judges each (query, passage) pair jointly, which a bi-encoder embedding
cannot; it is the usual way past what BM25 and small embedding models find (see ``docs/search.md``).
None runs by default: no cross-encoder ships its weights in a package on PyPI, and mdrecall never
downloads models. Point ``[rerank]`` at one you run or rent:

* ``cohere`` (``POST /v2/rerank``), ``jina`` (``POST /v1/rerank``), ``voyage`` (``POST /v1/rerank``);
* ``http``: any endpoint speaking the Cohere/Jina shape at ``{base_url}/rerank`` (vLLM, Infinity, …);
* ``tei``: Hugging Face text-embeddings-inference serving a reranker (``POST {base_url}/rerank``);
* ``cross-encoder``: a sentence-transformers ``CrossEncoder`` on this machine (the
  ``sentence-transformers`` extra; the library fetches the model, mdrecall never does).

Providers are plugins: built-ins and third-party packages alike are entry points of the
``mdrecall.rerankers`` group (a factory taking a :class:`~mdrecall.config.settings.RerankConfig`; see
:mod:`mdrecall.plugins.registry`); programs may also call :func:`register_reranker`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Protocol, runtime_checkable

from mdrecall.config.settings import RerankConfig
from mdrecall.errors import ConfigError
from mdrecall.plugins.registry import RERANKERS

__all__ = [
    "Reranker",
    "RerankerFactory",
    "available_rerankers",
    "create_reranker",
    "probe_reranker",
    "register_reranker",
    "unit_scores",
]


@runtime_checkable
class Reranker(Protocol):
    """Scores passages for a query: one relevance in 0..1 per passage, higher is better."""

    name: str  # provider:model, shown in results
    is_remote: bool  # passages leave the machine (local-only chunks are then never sent)

    def rerank(self, query: str, passages: Sequence[str]) -> list[float]:
        """Relevance of each passage, in input order; raises :class:`~mdrecall.errors.RerankError`."""
        ...


RerankerFactory = Callable[[RerankConfig], Reranker]


def unit_scores(scores: Sequence[float]) -> list[float]:
    """Relevances in 0..1: kept when all are already, else all squashed by the logistic function
    (raw cross-encoder logits), so one answer is never half one scale and half the other."""
    if all(0.0 <= s <= 1.0 for s in scores):
        return list(scores)
    return [1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, s)))) for s in scores]


def register_reranker(name: str, factory: RerankerFactory, *, replace: bool = True) -> None:
    """Register (or replace) the factory for provider ``name`` (see :mod:`mdrecall.plugins.registry`)."""
    RERANKERS.register(name, factory, replace=replace)


def available_rerankers() -> list[str]:
    """Names of every registered provider."""
    return RERANKERS.names()


def create_reranker(config: RerankConfig) -> Reranker | None:
    """The configured reranker, or ``None`` for provider ``none``.

    Raises :class:`~mdrecall.errors.ConfigError` for an unknown provider and
    :class:`~mdrecall.errors.RerankError` when it is misconfigured (no API key, no base URL).
    """
    name = config.provider.strip().lower() or "none"
    if name == "none":
        return None
    factory: RerankerFactory = RERANKERS.get(name)
    return factory(replace(config, provider=name))


def probe_reranker(config: RerankConfig) -> dict[str, object]:
    """Rerank two passages for a probe query (cold, then warm) and describe what answered.

    Returns ``reranker``, ``is_remote``, ``cold_ms``, ``latency_ms``, the two ``scores`` and ``sane``
    (the passage that answers the query scored higher). Raises :class:`ConfigError` when no reranker
    is configured, and the reranker's own errors when it fails.
    """
    import time

    reranker = create_reranker(config)
    if reranker is None:
        raise ConfigError(
            "no reranker is configured (rerank.provider = 'none'); see docs/search.md#reranking"
        )
    query = "Where does the team keep the deployment checklist?"
    passages = [
        "Lunch on Friday was tacos; everyone liked the salsa.",
        "The deployment checklist lives in the ops wiki under Releases.",
    ]
    start = time.perf_counter()
    reranker.rerank(query, passages)
    cold_ms = (time.perf_counter() - start) * 1000
    start = time.perf_counter()
    scores = reranker.rerank(query, passages)
    latency_ms = (time.perf_counter() - start) * 1000
    return {
        "reranker": reranker.name,
        "is_remote": reranker.is_remote,
        "cold_ms": round(cold_ms, 1),
        "latency_ms": round(latency_ms, 1),
        "scores": [round(float(x), 4) for x in scores],
        "sane": len(scores) == 2 and scores[1] > scores[0],
    }
