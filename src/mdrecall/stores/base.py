"""The store seam: where chunks, their keyword index, vectors and the embedding cache live.

A store returns *candidates* with raw leg scores; ranking (normalisation, fusion, decay, MMR,
snippets) is done by the pure functions in :mod:`mdrecall.ranking`, the same for every store.
Stores register a factory by name (``register_store``); third-party packages may use the
``mdrecall.stores`` entry-point group. This module imports no implementation.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from ..errors import ConfigError
from ..models import Candidate, Chunk, FileRecord

if TYPE_CHECKING:
    import numpy as np

    from ..config import Config
    from ..query import KeywordQuery

__all__ = [
    "Store",
    "StoreFactory",
    "open_store",
    "register_store",
    "store_names",
    "sync_guard",
    "write_batch",
]


@runtime_checkable
class Store(Protocol):
    """What the engine needs from an index store."""

    #: Short human description (``sqlite:/path/index.sqlite``), shown by ``status``.
    description: str

    def schema_version(self) -> int:
        """The applied schema migration number."""
        ...

    def get_meta(self, key: str) -> str | None:
        """A value from the meta table."""
        ...

    def set_meta(self, key: str, value: str) -> None:
        """Set a value in the meta table."""
        ...

    def file_records(self, source: str | None = None) -> dict[str, FileRecord]:
        """Every indexed file (optionally of one source), keyed by path."""
        ...

    def replace_file(self, record: FileRecord, chunks: Sequence[Chunk]) -> list[str]:
        """Atomically replace a file's record and chunks; returns the ids of chunks that are new."""
        ...

    def remove_file(self, path: str) -> None:
        """Drop a file, its chunks and their vectors."""
        ...

    def search_text(
        self, query: KeywordQuery, limit: int, sources: Sequence[str] | None = None
    ) -> list[Candidate]:
        """Keyword (BM25) candidates, best first; raw_score is a positive BM25 (higher is better)."""
        ...

    def chunks_without_vectors(self, embedder_key: str, limit: int = 0) -> list[Chunk]:
        """Chunks that have no vector for ``embedder_key`` yet (``limit`` 0 = all)."""
        ...

    def put_vectors(self, embedder_key: str, items: Mapping[str, np.ndarray]) -> None:
        """Store vectors by chunk id for ``embedder_key``."""
        ...

    def drop_vectors(self, keep_key: str | None) -> int:
        """Delete vectors of every embedder key except ``keep_key``; returns rows removed."""
        ...

    def search_vector(
        self, embedder_key: str, vector: np.ndarray, limit: int, sources: Sequence[str] | None = None
    ) -> list[Candidate]:
        """Nearest chunks by cosine similarity (raw_score in -1..1), best first."""
        ...

    def cache_get(self, embedder_key: str, hashes: Sequence[str]) -> dict[str, np.ndarray]:
        """Cached vectors by content hash."""
        ...

    def cache_put(self, embedder_key: str, items: Mapping[str, np.ndarray], max_entries: int) -> None:
        """Add vectors to the cache, evicting the least recently used beyond ``max_entries``."""
        ...

    def counts(self) -> dict[str, int]:
        """``files``, ``chunks``, ``vectors`` and ``cache`` row counts."""
        ...

    def close(self) -> None:
        """Release resources."""
        ...


StoreFactory = Callable[["Config", str], Store]


def sync_guard(store: Store) -> AbstractContextManager[object]:
    """The store's cross-process re-index lock (``store.sync_lock()``), if it has one.

    Server stores shared by several processes (PostgreSQL) provide it so two processes do not
    re-index the same namespace at once; embedded stores need none.
    """
    lock = getattr(store, "sync_lock", None)
    return lock() if callable(lock) else nullcontext()


def write_batch(store: Store) -> AbstractContextManager[object]:
    """The store's ``batch()`` (several whole-file writes in one transaction), if it has one."""
    batch = getattr(store, "batch", None)
    return batch() if callable(batch) else nullcontext()


_REGISTRY: dict[str, StoreFactory] = {}


def register_store(name: str, factory: StoreFactory) -> None:
    """Register (or replace) the factory for store backend ``name``."""
    _REGISTRY[name] = factory


def store_names() -> list[str]:
    """Registered backend names."""
    _builtin()
    _entry_points()
    return sorted(_REGISTRY)


def _builtin() -> None:
    if "sqlite" not in _REGISTRY:
        from . import sqlite  # noqa: F401  (registers itself)
    if "memory" not in _REGISTRY:
        from . import memory  # noqa: F401
    if "postgres" not in _REGISTRY:
        _REGISTRY["postgres"] = _postgres_factory


def _entry_points() -> None:
    """Third-party stores (scanning installed packages costs ~20 ms: only when a name is unknown)."""
    from importlib.metadata import entry_points

    for ep in entry_points(group="mdrecall.stores"):
        if ep.name not in _REGISTRY:
            _REGISTRY[ep.name] = ep.load()


def _postgres_factory(config: Config, workspace_root: str) -> Store:
    """Import the PostgreSQL store (and psycopg) only when that backend is opened."""
    from . import postgres

    return postgres._factory(config, workspace_root)


def open_store(config: Config, workspace_root: str) -> Store:
    """Open the store named by ``config.store.backend`` for a workspace."""
    name = config.store.backend
    if name not in _REGISTRY:
        _builtin()
    if name not in _REGISTRY:
        _entry_points()
    try:
        factory = _REGISTRY[name]
    except KeyError:
        raise ConfigError(
            f"unknown store backend '{name}'. Known backends: {', '.join(store_names())}"
        ) from None
    return factory(config, workspace_root)
