"""``probe(config)``: build the configured embedder, embed one text, and report what answered."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from mdrecall.embedders import create_embedder, embed_query_tagged, resolve_provider
from mdrecall.embedders.fallback import FallbackEmbedder
from mdrecall.errors import EmbedderError

if TYPE_CHECKING:
    from mdrecall.config.settings import EmbeddingConfig

__all__ = ["probe"]


def probe(config: EmbeddingConfig, text: str = "mdrecall embedding probe") -> dict[str, Any]:
    """Embed ``text`` twice (cold, then warm) and describe the embedder that served it.

    Returns ``provider``, ``model``, ``dims``, ``endpoint``, ``identity_key``, ``is_remote``,
    ``configured`` (the provider asked for) and ``resolved`` (after ``auto``), ``cold_ms`` (first
    call, including model load or connection set-up), ``latency_ms`` (second call), ``fallback``
    (the configured fallback name or ``None``), ``fallback_used`` and ``fallback_error`` (why the
    primary did not serve). Raises :class:`EmbedderError` when no embedder is configured or both
    fail; configuration problems raise their own errors.
    """
    resolved = resolve_provider(config)
    embedder = create_embedder(config)
    if embedder is None:
        raise EmbedderError(
            f"no embedder is configured (embedding.provider = '{config.provider}' resolved to 'none'). "
            "Install the local model (pip install mdrecall), set an API key such as OPENAI_API_KEY, "
            "or set embedding.provider."
        )
    start = time.perf_counter()
    embed_query_tagged(embedder, text)
    cold_ms = (time.perf_counter() - start) * 1000
    start = time.perf_counter()
    identity, vector = embed_query_tagged(embedder, text)
    latency_ms = (time.perf_counter() - start) * 1000
    if vector.shape != (identity.dims,):
        raise EmbedderError(
            f"{identity.provider} returned a vector of shape {vector.shape}, expected ({identity.dims},)"
        )
    used, error = False, None
    if isinstance(embedder, FallbackEmbedder):
        used, error = embedder.fallback_used, embedder.last_error or None
    return {
        "provider": identity.provider,
        "model": identity.model,
        "dims": identity.dims,
        "endpoint": identity.endpoint,
        "identity_key": identity.key,
        "is_remote": embedder.is_remote,
        "configured": config.provider,
        "resolved": resolved,
        "cold_ms": round(cold_ms, 1),
        "latency_ms": round(latency_ms, 1),
        "fallback": config.fallback or None,
        "fallback_used": used,
        "fallback_error": error,
    }
