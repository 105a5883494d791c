"""Optional provider ``cross-encoder``: a sentence-transformers ``CrossEncoder`` run on this machine.

Install with ``pip install 'mdrecall[sentence-transformers]'`` (it brings PyTorch). The model is
named by ``rerank.model`` (default ``cross-encoder/ms-marco-MiniLM-L-6-v2``); the library may download
it from the Hugging Face Hub on first use and caches it; mdrecall itself downloads nothing. Passages
stay on this machine. Options: ``device`` (``cpu``, ``cuda``...), ``batch_size`` (default 32).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from mdrecall.config.settings import RerankConfig
from mdrecall.errors import RerankError, require_extra
from mdrecall.plugins.options import check_options, option
from mdrecall.rerankers import unit_scores

__all__ = ["CrossEncoderReranker", "create"]

DEFAULT_MODEL = "cross-encoder/ms-marco-MiniLM-L-6-v2"


#: ``rerank.options`` this provider reads.
OPTIONS = {"device": str, "batch_size": int}


class CrossEncoderReranker:
    """A local cross-encoder, loaded on first use."""

    is_remote = False

    def __init__(self, config: RerankConfig) -> None:
        require_extra(
            "sentence_transformers",
            "sentence-transformers",
            "sentence-transformers",
            "The cross-encoder reranker",
        )
        self.model_name = config.model or DEFAULT_MODEL
        self.name = f"cross-encoder:{self.model_name}"
        check_options("rerank", "cross-encoder", config.options, OPTIONS)
        self.device = option(config.options, "device", "", "rerank") or None
        self.batch_size = max(1, option(config.options, "batch_size", 32, "rerank"))
        self._model: Any = None
        self._lock = threading.Lock()

    def load(self) -> Any:
        """Load the model now (otherwise done on first use)."""
        with self._lock:
            if self._model is None:
                from sentence_transformers import CrossEncoder

                try:
                    self._model = CrossEncoder(self.model_name, device=self.device)
                except Exception as exc:  # noqa: BLE001 - hub and torch errors vary
                    raise RerankError(
                        f"cannot load cross-encoder '{self.model_name}': {exc}. Check rerank.model and "
                        "the network (the first use downloads the model)."
                    ) from exc
        return self._model

    def rerank(self, query: str, passages: Sequence[str]) -> list[float]:
        """Relevance in 0..1 of each passage (logits through the logistic function)."""
        if not passages:
            return []
        raw = self.load().predict([(query, p) for p in passages], batch_size=self.batch_size)
        return unit_scores([float(x) for x in raw])


def create(config: RerankConfig) -> CrossEncoderReranker:
    """Factory for provider ``cross-encoder``."""
    return CrossEncoderReranker(config)
