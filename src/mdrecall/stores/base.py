"""The store seam: where chunks, their keyword index, vectors and the embedding cache live.

A store returns *candidates* with raw leg scores; ranking (normalisation, fusion, decay, MMR,
snippets) is done by the pure functions in :mod:`mdrecall.search.ranking`, the same for every store.
Stores are plugins: the built-ins (``sqlite``, ``postgres``, ``memory``) are entry points of the
``mdrecall.stores`` group like any third-party store (see :mod:`mdrecall.plugins.registry`); programs may also
call :func:`register_store`. This module imports no implementation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from mdrecall.models import Candidate, Chunk, FileRecord
from mdrecall.plugins.registry import STORES

if TYPE_CHECKING:
    import numpy as np

    from mdrecall.config.settings import Config
    from mdrecall.text.needle import Needle
    from mdrecall.text.query import KeywordQuery

__all__ = [
    "Store",
    "SupportsBatch",
    "SupportsForget",
    "SupportsRecovery",
    "SupportsSyncLock",
    "SupportsVectorStats",
    "StoreFactory",
    "open_store",
    "register_store",
    "store_names",
    "sync_guard",
    "write_batch",
]


@runtime_checkable
class Store(Protocol):
    """What the engine needs from an index store: the whole contract (``tests/test_store_contract.py``).

    Optional capabilities are separate protocols a store may also implement:
    :class:`SupportsSyncLock`, :class:`SupportsBatch` and :class:`~mdrecall.stores.views.ViewStore`
    (the entity and history views).
    """

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

    def chunk_counts(self) -> dict[str, int]:
        """How many chunks each indexed file has, keyed by path."""
        ...

    def close(self) -> None:
        """Release resources."""
        ...


StoreFactory = Callable[["Config", str], Store]


@runtime_checkable
class SupportsSyncLock(Protocol):
    """Optional: a cross-process re-index lock.

    Server stores shared by several processes (PostgreSQL) provide it so two processes do not
    re-index the same namespace at once; embedded stores need none.
    """

    def sync_lock(self) -> AbstractContextManager[object]:
        """Held while one process re-indexes; blocks other processes' re-index until released."""
        ...


@runtime_checkable
class SupportsBatch(Protocol):
    """Optional: several whole-file writes in one transaction (faster full indexing)."""

    def batch(self) -> AbstractContextManager[object]:
        """Group the ``replace_file``/``remove_file`` calls made inside the block into one commit."""
        ...


@runtime_checkable
class SupportsRecovery(Protocol):
    """Optional: a store that can tell damage from other failures and rebuild itself (SQLite).

    ``verify`` raises :class:`~mdrecall.errors.IndexCorruptError` when the index is damaged; ``recover``
    moves the damaged index aside and starts an empty one (the indexer refills it from the Markdown);
    ``rebuilt_from`` says why the last rebuild happened, until the facade has reported it.
    """

    rebuilt_from: str | None

    def verify(self, full: bool = False) -> None:
        """Check the index for damage (``full``: every page and the FTS index, slower)."""
        ...

    def recover(self) -> None:
        """Move a damaged index aside and open a new, empty one."""
        ...


@runtime_checkable
class SupportsVectorStats(Protocol):
    """Optional: cheap counts for progress, coverage and estimates (without reading chunk texts)."""

    def count_without_vectors(self, embedder_key: str) -> int:
        """How many chunks have no vector for ``embedder_key``."""
        ...

    def missing_vector_sizes(self, embedder_key: str) -> list[tuple[str, str, int]]:
        """``(path, hash, characters)`` of each chunk without a vector."""
        ...

    def chunk_counts_by_path(self) -> dict[str, int]:
        """Chunks per indexed file."""
        ...

    def cache_has(self, embedder_key: str, hashes: Sequence[str]) -> set[str]:
        """The hashes the embedding cache holds a vector for (nothing marked used)."""
        ...


@runtime_checkable
class SupportsForget(Protocol):
    """Optional: find and remove every row that holds a text (``mdrecall forget``).

    ``purge_text`` deletes the chunks holding it (with their keyword rows and vectors) and the cache
    entries of those chunks' texts, rewrites the index's record of file versions with ``marker`` in its
    place, and drops the entity rows naming it; the indexer then re-adds the rewritten files. ``scrub``
    makes what was deleted unreadable where the store keeps leftovers (SQLite: free pages, the WAL, old
    keyword-index segments) and drops cache entries no chunk uses (the cache keeps no text to check).
    """

    def find_text(self, needle: Needle) -> list[str]:
        """Where the index holds ``needle``: one short line per row (``chunk memory/x.md#L3-L5``, …)."""
        ...

    def texts(self) -> Iterator[tuple[str, str]]:
        """Every text the index holds, as ``(where, text)`` (chunks, file versions, meta values): what
        ``mdrecall redact --rescan`` scans with the current rules."""
        ...

    def purge_text(self, needle: Needle, marker: str) -> int:
        """Delete or rewrite every row holding ``needle``; returns how many rows changed."""
        ...

    def scrub(self) -> list[str]:
        """Overwrite the leftovers of deleted rows; returns notes on anything that could not be done."""
        ...


def sync_guard(store: Store) -> AbstractContextManager[object]:
    """The store's cross-process re-index lock (:class:`SupportsSyncLock`), if it has one."""
    return store.sync_lock() if isinstance(store, SupportsSyncLock) else nullcontext()


def write_batch(store: Store) -> AbstractContextManager[object]:
    """The store's write batch (:class:`SupportsBatch`), if it has one."""
    return store.batch() if isinstance(store, SupportsBatch) else nullcontext()


def register_store(name: str, factory: StoreFactory) -> None:
    """Register (or replace) the factory for store backend ``name`` (see :mod:`mdrecall.plugins.registry`)."""
    STORES.register(name, factory)


def store_names() -> list[str]:
    """Registered backend names: built-ins, installed plugins and run-time registrations."""
    return STORES.names()


def open_store(config: Config, workspace_root: str) -> Store:
    """Open the store named by ``config.store.backend`` for a workspace."""
    factory: StoreFactory = STORES.get(config.store.backend)
    return factory(config, workspace_root)
