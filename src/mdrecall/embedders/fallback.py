"""A primary embedder with a fallback, and helpers that say which identity made the vectors.

Vectors from two embedders live in different spaces, so mixing them is never silent:

- every call is served by **one** member for the whole batch: the primary, or — when the primary
  raises :class:`~mdrecall.errors.EmbedderError` — the fallback;
- :meth:`FallbackEmbedder.embed_documents_tagged` / :meth:`~FallbackEmbedder.embed_query_tagged`
  return ``(identity, vectors)``; the plain methods record the same in ``last_identity``,
  ``last_provider``, ``fallback_used`` and ``last_error`` (last call only; use the tagged methods
  from several threads);
- ``identity`` is the **primary's**: the identity the index aims for. Vectors stored under the
  fallback's identity should be re-embedded once the primary works again. (A remote primary of
  unknown dims probes its endpoint for it, and raises :class:`EmbedderError` while it is down:
  set ``embedding.dims`` for such models);
- after a primary failure the primary is skipped for ``cooldown_s`` seconds
  (``options.fallback_cooldown_s``, default 60) so that a backfill does not wait on a dead
  endpoint for every batch.

``is_remote`` is true if any member is remote; :func:`local_only` gives the members that keep
texts on this machine, for chunks marked local-only.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from mdrecall.embedders.base import Embedder, EmbedderIdentity
from mdrecall.errors import EmbedderError

if TYPE_CHECKING:
    import numpy as np

__all__ = ["FallbackEmbedder", "embed_documents_tagged", "embed_query_tagged", "local_only"]


class FallbackEmbedder:
    """Serve from ``primary``; on :class:`EmbedderError`, serve the whole call from ``fallback``."""

    def __init__(self, primary: Embedder, fallback: Embedder, *, cooldown_s: float = 60.0) -> None:
        self.primary = primary
        self.fallback = fallback
        self.cooldown_s = cooldown_s
        self.last_identity: EmbedderIdentity | None = None
        self.last_provider = ""
        self.fallback_used = False
        self.last_error = ""
        self._skip_until = 0.0
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"FallbackEmbedder({self.primary!r}, {self.fallback!r})"

    @property
    def members(self) -> tuple[Embedder, Embedder]:
        """``(primary, fallback)``."""
        return (self.primary, self.fallback)

    @property
    def identity(self) -> EmbedderIdentity:
        """The primary's identity (what the index aims for)."""
        return self.primary.identity

    @property
    def dims(self) -> int:
        """The primary's vector length (the fallback's may differ: see ``last_identity``)."""
        return self.primary.dims

    @property
    def is_remote(self) -> bool:
        """True when any member sends texts off this machine."""
        return self.primary.is_remote or self.fallback.is_remote

    @property
    def window_hint(self) -> int:
        """The primary's preferred texts per call (0: no preference)."""
        return int(getattr(self.primary, "window_hint", 0) or 0)

    @property
    def dims_known(self) -> bool:
        """Whether the primary's identity can be read without a request."""
        return bool(getattr(self.primary, "dims_known", True))

    def embed_documents_tagged(self, texts: Sequence[str]) -> tuple[EmbedderIdentity, np.ndarray]:
        """``(identity of the member that served, vectors)`` for a batch of documents."""
        return self._serve(lambda e: e.embed_documents(texts))

    def embed_query_tagged(self, text: str) -> tuple[EmbedderIdentity, np.ndarray]:
        """``(identity of the member that served, vector)`` for one query."""
        return self._serve(lambda e: e.embed_query(text))

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        """Vectors from one member; which one is in ``last_identity``."""
        return self.embed_documents_tagged(texts)[1]

    def embed_query(self, text: str) -> np.ndarray:
        """Vector from one member; which one is in ``last_identity``."""
        return self.embed_query_tagged(text)[1]

    def _serve(self, call: Callable[[Embedder], Any]) -> tuple[EmbedderIdentity, Any]:
        error = ""
        if time.monotonic() >= self._skip_until:
            try:
                vectors = call(self.primary)
                return self._record(self.primary, vectors, False, "")
            except EmbedderError as exc:
                error = str(exc)
                self._skip_until = time.monotonic() + self.cooldown_s
                import logging  # here: only a failure logs (the import costs every search ~2 ms)

                logging.getLogger("mdrecall.embedders").warning(
                    "primary embedder failed, using the fallback: %s", exc
                )
        else:
            error = self.last_error or "primary skipped after a recent failure"
        try:
            vectors = call(self.fallback)
        except EmbedderError as exc:
            raise EmbedderError(f"both embedders failed. Primary: {error} Fallback: {exc}") from exc
        return self._record(self.fallback, vectors, True, error)

    def _record(self, member: Embedder, vectors: Any, used: bool, error: str) -> tuple[EmbedderIdentity, Any]:
        identity = member.identity
        with self._lock:
            self.last_identity = identity
            self.last_provider = identity.provider
            self.fallback_used = used
            self.last_error = error
        return identity, vectors


def embed_documents_tagged(embedder: Embedder, texts: Sequence[str]) -> tuple[EmbedderIdentity, np.ndarray]:
    """``(identity, vectors)`` from any embedder: store the vectors under that identity."""
    tagged = getattr(embedder, "embed_documents_tagged", None)
    if tagged is not None:
        return tagged(texts)
    vectors = embedder.embed_documents(texts)
    return embedder.identity, vectors


def embed_query_tagged(embedder: Embedder, text: str) -> tuple[EmbedderIdentity, np.ndarray]:
    """``(identity, vector)`` from any embedder: search the vectors stored under that identity."""
    tagged = getattr(embedder, "embed_query_tagged", None)
    if tagged is not None:
        return tagged(text)
    vector = embedder.embed_query(text)
    return embedder.identity, vector


def local_only(embedder: Embedder | None) -> Embedder | None:
    """The part of ``embedder`` that keeps texts on this machine, or ``None`` if there is none.

    Use it for chunks marked local-only: a plain local embedder is returned as is, a remote one
    gives ``None`` (index those chunks for keyword search only), and a :class:`FallbackEmbedder`
    gives its local members (whose identity may differ from ``embedder.identity``).
    """
    if embedder is None:
        return None
    if isinstance(embedder, FallbackEmbedder):
        primary, fallback = local_only(embedder.primary), local_only(embedder.fallback)
        if primary is not None and fallback is not None:
            return FallbackEmbedder(primary, fallback, cooldown_s=embedder.cooldown_s)
        return primary or fallback
    return None if embedder.is_remote else embedder
