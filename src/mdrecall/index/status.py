"""``Memory.status()``: what the index holds, what is dirty, and the health of its parts (embedder,
reranker, watcher, sessions, backend), gathered in one :class:`~mdrecall.models.Status`."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Protocol

from mdrecall.index.access import MemoryAccess
from mdrecall.index.conversations import SOURCE as CONVERSATIONS
from mdrecall.index.conversations import expired
from mdrecall.index.indexer import sync_check
from mdrecall.index.recall_stats import summary as recall_summary
from mdrecall.index.sessions import sessions_status
from mdrecall.index.vectorize import COMPLETE_KEY, embedder_label, load_rate
from mdrecall.index.watch_health import watcher_health
from mdrecall.knowledge.changes.superseded import cross_state
from mdrecall.knowledge.refresh import pending_count
from mdrecall.models import Status

if TYPE_CHECKING:
    from mdrecall.rerankers import Reranker

__all__ = ["StatusAccess", "memory_status"]


class _Stage(Protocol):
    @property
    def reranker(self) -> Reranker: ...


class _Reports(Protocol):
    def status(self) -> dict[str, Any]: ...


class StatusAccess(MemoryAccess, Protocol):
    """What the status report needs from a memory (:class:`~mdrecall.Memory` satisfies it)."""

    @property
    def rerank_stage(self) -> _Stage | None:
        """The configured reranker as a search stage (``None``: no reranking)."""
        ...

    @property
    def rerank_error(self) -> str | None:
        """Why the configured reranker could not be built."""
        ...

    @property
    def backend(self) -> _Reports | None:
        """The search backend, which reports its own state (``None``: the builtin store)."""
        ...


def memory_status(memory: StatusAccess) -> Status:
    """The status of ``memory`` (see :meth:`mdrecall.Memory.status`)."""
    counts = memory.store.counts()
    indexed = {
        **memory.store.file_records(source="memory"),
        **memory.store.file_records(source=CONVERSATIONS),
    }
    keep = memory.config.sessions.retention_days
    on_disk = {f.key: f for f in memory.workspace.discover() if not expired(f.key, keep)}
    dirty = sum(
        1
        for k, f in on_disk.items()
        if k not in indexed or indexed[k].mtime_ns != f.mtime_ns or indexed[k].size != f.size
    ) + len(indexed.keys() - on_disk.keys())
    last = memory.store.get_meta("last_sync")
    pending, eta = _pending_vectors(memory)
    return Status(
        workspace=str(memory.workspace.root),
        store=memory.store.description,
        files=counts["files"],
        chunks=counts["chunks"],
        vectors=counts["vectors"],
        dirty_files=dirty,
        last_sync=float(last) if last else None,
        embedder=embedder_label(memory.embedder),
        schema_version=memory.store.schema_version(),
        vectors_pending=pending,
        extra={
            "cache_entries": counts["cache"],
            "vectors_complete": memory.store.get_meta(COMPLETE_KEY),
            "vectors_eta_s": eta,
            "embedder_error": memory.embedder_error,
            "reranker": stage.reranker.name if (stage := memory.rerank_stage) else None,
            "reranker_error": memory.rerank_error,
            "checked_at": time.time(),
            "watcher": watcher_health(memory.store),
            "sync_check": sync_check(memory.workspace, memory.store, memory.config)[1],
            # files whose entity and fact views are built on first use (an entity query, as-of, a search)
            "views_pending": pending_count(memory.store),
            # the supersession cross-encoder beside the rules (mdrecall.knowledge.changes.cross_pairs)
            "supersession_model": cross_state(memory.store, memory.config.entities),
            **sessions_status(memory.workspace, memory.store, memory.config),
            **(memory.backend.status() if memory.backend is not None else {"backend": "builtin"}),
            "recall": {
                "enabled": memory.config.recall.enabled,
                "deadline_ms": memory.config.recall.deadline_ms,
                **recall_summary(memory.workspace.root),
            },
        },
    )


def _pending_vectors(memory: MemoryAccess) -> tuple[int, float | None]:
    """Chunks still to embed and, from the last measured rate, how long that will take (seconds)."""
    coverage = memory.vector_coverage()
    if coverage is None:
        return 0, None
    pending = coverage[1] - coverage[0]
    rate = load_rate(memory.store, memory.embedder.identity.key) if pending and memory.embedder else None
    return pending, round(pending / rate["texts_per_s"], 1) if rate else None
