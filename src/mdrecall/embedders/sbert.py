"""Optional provider ``sentence-transformers``: any model the library can load, run locally.

Install with ``pip install 'mdrecall[sentence-transformers]'`` (it brings PyTorch). The model is
named by ``embedding.model`` (default ``sentence-transformers/all-MiniLM-L6-v2``); the library may
download it from the Hugging Face Hub on first use and caches it. Texts stay on this machine.
Options: ``device`` (``cpu``, ``cuda``...), ``query_prefix`` and ``document_prefix`` (e.g.
``"query: "`` / ``"passage: "`` for e5 models), ``trust_remote_code`` (default false).
"""

from __future__ import annotations

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

__all__ = ["SentenceTransformersEmbedder", "create"]

DEFAULT_MODEL = "sentence-transformers/all-MiniLM-L6-v2"


#: ``embedding.options`` this provider reads.
OPTIONS = {
    **EMBEDDING_SHARED,
    "device": str,
    "query_prefix": str,
    "document_prefix": str,
    "trust_remote_code": bool,
}


class SentenceTransformersEmbedder:
    """A sentence-transformers model, loaded on first use (dims are known after loading)."""

    is_remote = False

    def __init__(self, config: EmbeddingConfig) -> None:
        require_extra(
            "sentence_transformers",
            "sentence-transformers",
            "sentence-transformers",
            "The sentence-transformers provider",
        )
        opts = config.options
        check_options("embedding", "sentence-transformers", opts, OPTIONS)
        self.model_name = config.model or DEFAULT_MODEL
        self.device = option(opts, "device", "") or None
        self.query_prefix = option(opts, "query_prefix", "")
        self.document_prefix = option(opts, "document_prefix", "")
        self.trust_remote_code = option(opts, "trust_remote_code", False)
        self.batch_size = max(1, config.batch_size)
        self._configured_dims = config.dims
        self._model: Any = None
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"SentenceTransformersEmbedder(model={self.model_name!r})"

    def load(self) -> Any:
        """Load the model now (otherwise done on first use)."""
        with self._lock:
            if self._model is None:
                from sentence_transformers import SentenceTransformer

                try:
                    self._model = SentenceTransformer(
                        self.model_name, device=self.device, trust_remote_code=self.trust_remote_code
                    )
                except Exception as exc:  # noqa: BLE001 - hub and torch errors vary
                    raise EmbedderError(
                        f"cannot load sentence-transformers model '{self.model_name}': {exc}. "
                        "Check embedding.model and the network (the first use downloads the model)."
                    ) from exc
        return self._model

    @property
    def dims(self) -> int:
        """Vector length (loads the model unless ``embedding.dims`` is set)."""
        if self._configured_dims:
            return self._configured_dims
        return int(self.load().get_sentence_embedding_dimension())

    @property
    def identity(self) -> EmbedderIdentity:
        """``sentence-transformers:<model>:<dims>``."""
        return EmbedderIdentity("sentence-transformers", self.model_name, self.dims)

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        """Embed documents (with ``options.document_prefix``)."""
        return self._encode([self.document_prefix + t for t in texts])

    def embed_query(self, text: str) -> np.ndarray:
        """Embed one query (with ``options.query_prefix``)."""
        return self._encode([self.query_prefix + text])[0]

    def _encode(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dims), dtype=np.float32)
        model = self.load()
        try:
            vectors = model.encode(texts, batch_size=self.batch_size, convert_to_numpy=True)
        except Exception as exc:  # noqa: BLE001
            raise EmbedderError(f"sentence-transformers model '{self.model_name}' failed: {exc}") from exc
        return l2_normalize(np.asarray(vectors, dtype=np.float32))


def create(config: EmbeddingConfig) -> SentenceTransformersEmbedder:
    """Factory registered as provider ``sentence-transformers``."""
    return SentenceTransformersEmbedder(config)
