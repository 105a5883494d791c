"""The embedder seam: a small Protocol, an identity, and the registry providers add themselves to.

Built-in providers and third-party packages register the same way: a factory taking the
:class:`~mdrecall.config.settings.EmbeddingConfig` and returning an :class:`Embedder`, declared in the
``mdrecall.embedders`` entry-point group (see :mod:`mdrecall.plugins.registry`).
This module imports no provider implementation.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from mdrecall.plugins.registry import EMBEDDERS

if TYPE_CHECKING:
    import numpy as np

    from mdrecall.config.settings import EmbeddingConfig

__all__ = [
    "Embedder",
    "EmbedderFactory",
    "EmbedderIdentity",
    "available_providers",
    "get_factory",
    "register_embedder",
]


@dataclass(frozen=True)
class EmbedderIdentity:
    """Who made a vector: stored vectors are only reused when this matches exactly."""

    provider: str
    model: str
    dims: int
    endpoint: str = ""

    @property
    def key(self) -> str:
        """A stable string form, used as the cache and vector-table key."""
        if not self.endpoint:
            return f"{self.provider}:{self.model}:{self.dims}:-"
        import hashlib  # here: a local model has no endpoint (hashlib's OpenSSL costs a search ~2 ms)

        fp = hashlib.sha256(self.endpoint.encode()).hexdigest()[:12]
        return f"{self.provider}:{self.model}:{self.dims}:{fp}"


@runtime_checkable
class Embedder(Protocol):
    """Turns text into L2-normalised float32 vectors."""

    @property
    def identity(self) -> EmbedderIdentity:
        """Provider, model, dims and endpoint fingerprint."""
        ...

    @property
    def dims(self) -> int:
        """Vector length."""
        ...

    @property
    def is_remote(self) -> bool:
        """True when texts leave the machine (a network provider); local-only chunks must not go there."""
        ...

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        """Embed many texts; returns a float32 array of shape ``(len(texts), dims)``."""
        ...

    def embed_query(self, text: str) -> np.ndarray:
        """Embed one search query; returns a float32 array of shape ``(dims,)``."""
        ...


EmbedderFactory = Callable[["EmbeddingConfig"], Embedder]


def register_embedder(name: str, factory: EmbedderFactory, *, replace: bool = True) -> None:
    """Register the factory for provider ``name``; with ``replace=False`` a known one is kept.

    Built-ins and installed plugins are entry points of the ``mdrecall.embedders`` group
    (see :mod:`mdrecall.plugins.registry`); this is for programs and tests that add one at run time.
    """
    EMBEDDERS.register(name, factory, replace=replace)


def available_providers() -> list[str]:
    """Names of every registered provider."""
    return EMBEDDERS.names()


def get_factory(name: str) -> EmbedderFactory:
    """The factory for ``name``, or a :class:`ConfigError` listing the known providers."""
    factory: EmbedderFactory = EMBEDDERS.get(name)
    return factory
