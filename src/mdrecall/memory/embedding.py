"""Embedding the chunks that have no vector yet: one run at a time in a process, searches first."""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING

from mdrecall.memory.providers import Providers
from mdrecall.memory.search_traffic import SearchTraffic
from mdrecall.models import IndexReport, ProgressCallback
from mdrecall.stores.base import sync_guard

if TYPE_CHECKING:
    from mdrecall.stores.base import Store


class Embedding(Providers, SearchTraffic):
    """The part of :class:`~mdrecall.memory.Memory` that embeds its pending chunks with its embedder,
    pausing between batches while its searches run."""

    store: Store

    def __init__(self) -> None:
        Providers.__init__(self)
        SearchTraffic.__init__(self)
        self._embed_lock = threading.Lock()  # one embedding run at a time: index, backfill, catch-up

    @property
    def embed_lock(self) -> threading.Lock:
        """Held while this memory embeds chunks (:meth:`embed_pending`, a search's catch-up step):
        one embedding run at a time in this process."""
        return self._embed_lock

    def embed_pending(
        self,
        report: IndexReport | None = None,
        progress: ProgressCallback | None = None,
        *,
        limit: int = 0,
        stop: threading.Event | None = None,
    ) -> IndexReport:
        """Embed the chunks that have no vector yet (in batches; searches in this process go first).

        Setting ``stop`` ends the run after the batch in flight (what it embedded is kept).
        """
        report = report if report is not None else IndexReport()
        embedder = self.embedder if self.config.search.mode != "bm25" else None
        if self._embedder_error:
            report.warnings.append(f"embeddings disabled: {self._embedder_error}")
        if embedder is None:
            return report
        from mdrecall.index.vectorize import embed_missing

        with self._embed_lock, sync_guard(self.store):
            t0 = time.perf_counter()
            report.pending_vectors = embed_missing(
                self.store,
                embedder,
                self.config,
                self.workspace.root,
                report,
                progress,
                limit,
                between_batches=lambda: self._searches_first(stop),
            )
            report.seconds += time.perf_counter() - t0
        return report

    def vector_coverage(self) -> tuple[int, int] | None:
        """``(chunks with a vector, all chunks)`` for the configured embedder; ``None`` without one."""
        embedder = self.embedder if self.config.search.mode != "bm25" else None
        if embedder is None:
            return None
        from mdrecall.index.vectorize import vector_coverage

        return vector_coverage(self.store, embedder.identity.key)
