"""What the index's helpers need from a memory: the :class:`MemoryAccess` protocol.

The background embedding (:mod:`mdrecall.index.backfill`), the status report
(:mod:`mdrecall.index.status`) and the search runner (:mod:`mdrecall.search.runner`) are handed a
:class:`~mdrecall.Memory` but name only this protocol, so nothing below the facade imports it (as
:class:`~mdrecall.stores.sqlite_views.SQLiteAccess` does for the store's views).
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from mdrecall.config.settings import Config
    from mdrecall.embedders.base import Embedder
    from mdrecall.files.workspace import Workspace
    from mdrecall.models import IndexReport, ProgressCallback
    from mdrecall.stores.base import Store

__all__ = ["MemoryAccess"]


class MemoryAccess(Protocol):
    """One workspace's memory as its index helpers see it (:class:`~mdrecall.Memory` satisfies it)."""

    @property
    def workspace(self) -> Workspace:
        """The workspace (its root and the files it holds)."""
        ...

    @property
    def config(self) -> Config:
        """The settings in force."""
        ...

    @property
    def store(self) -> Store:
        """The index."""
        ...

    @property
    def embedder(self) -> Embedder | None:
        """The configured embedder, built once (``None``: keyword search only)."""
        ...

    @property
    def embedder_error(self) -> str | None:
        """Why the configured embedder could not be built (``None``: it was, or none is configured)."""
        ...

    @property
    def embed_lock(self) -> threading.Lock:
        """Held while this memory embeds chunks: one embedding run at a time in this process."""
        ...

    def vector_coverage(self) -> tuple[int, int] | None:
        """``(chunks with a vector, all chunks)`` for the configured embedder; ``None`` without one."""
        ...

    def embed_pending(
        self,
        report: IndexReport | None = None,
        progress: ProgressCallback | None = None,
        *,
        limit: int = 0,
        stop: threading.Event | None = None,
    ) -> IndexReport:
        """Embed the chunks that have no vector yet, under :attr:`embed_lock`."""
        ...
