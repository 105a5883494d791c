"""A deterministic, dependency-light embedder for tests and for users without a model.

Each lower-cased word token (and each pair of adjacent words) is hashed into one of ``dims`` buckets
with a sign; the bag is L2-normalised. Texts that share words get similar vectors, identical texts
identical ones, on every machine and Python version. Provider ``fake``; ``embedding.dims`` sets the
length (default 64).

Options for testing code that uses an embedder: ``options.fail = true`` makes every call raise
:class:`~mdrecall.errors.EmbedderError`; ``options.is_remote = true`` makes it claim to be remote.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from mdrecall.embedders._util import l2_normalize
from mdrecall.embedders.base import EmbedderIdentity
from mdrecall.errors import EmbedderError
from mdrecall.plugins.options import EMBEDDING_SHARED, check_options, option

if TYPE_CHECKING:
    from mdrecall.config.settings import EmbeddingConfig

__all__ = ["FakeEmbedder", "create"]

_WORD = re.compile(r"\w+", re.UNICODE)


class FakeEmbedder:
    """Hashed bag-of-words vectors; similar wording → similar vectors."""

    def __init__(
        self, dims: int = 64, *, fail: bool = False, is_remote: bool = False, model: str = "hashed-bow-v1"
    ) -> None:
        if dims < 2:
            raise EmbedderError(f"the fake embedder needs at least 2 dims, got {dims}; set embedding.dims")
        self._dims = dims
        self.fail = fail
        self._is_remote = is_remote
        self.model = model
        self.calls = 0  # texts embedded so far (tests use it to check caching)

    def __repr__(self) -> str:
        return f"FakeEmbedder(dims={self._dims})"

    @property
    def identity(self) -> EmbedderIdentity:
        """``fake:<model>:<dims>``."""
        return EmbedderIdentity("fake", self.model, self._dims)

    @property
    def dims(self) -> int:
        """Vector length."""
        return self._dims

    @property
    def is_remote(self) -> bool:
        """False unless constructed with ``is_remote=True``."""
        return self._is_remote

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        """One hashed bag-of-words vector per text, shape ``(len(texts), dims)``."""
        if self.fail:
            raise EmbedderError("fake embedder configured to fail (options.fail = true)")
        self.calls += len(texts)
        out = np.zeros((len(texts), self._dims), dtype=np.float32)
        for row, text in enumerate(texts):
            words = _WORD.findall(text.lower())
            for token in [*words, *(f"{a} {b}" for a, b in zip(words, words[1:], strict=False))]:
                digest = hashlib.blake2b(token.encode(), digest_size=8).digest()
                value = int.from_bytes(digest, "little")
                weight = 1.0 if " " not in token else 0.5
                out[row, value % self._dims] += weight if (value >> 63) & 1 else -weight
            if not words:
                out[row, 0] = 1.0
        return l2_normalize(out)

    def embed_query(self, text: str) -> np.ndarray:
        """Same as a document: the fake has no query/document asymmetry."""
        return self.embed_documents([text])[0]


#: ``embedding.options`` this provider reads.
OPTIONS = {**EMBEDDING_SHARED, "fail": bool, "is_remote": bool}


def create(config: EmbeddingConfig) -> FakeEmbedder:
    """Factory registered as provider ``fake``."""
    check_options("embedding", "fake", config.options, OPTIONS)
    return FakeEmbedder(
        config.dims or 64,
        fail=option(config.options, "fail", False),
        is_remote=option(config.options, "is_remote", False),
        model=config.model or "hashed-bow-v1",
    )
