"""``Memory.status()``: what the index holds, what is dirty, and the health of its parts (embedder,
reranker, watcher, sessions, backend), gathered in one :class:`~mdrecall.models.Status`."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from mdrecall.index.conversations import SOURCE as CONVERSATIONS
from mdrecall.index.conversations import expired
from mdrecall.index.sessions import sessions_status
from mdrecall.index.vectorize import COMPLETE_KEY, embedder_label, load_rate
from mdrecall.index.watch_health import watcher_health
from mdrecall.models import Status

if TYPE_CHECKING:
    from mdrecall.memory import Memory

__all__ = ["memory_status"]


def memory_status(memory: Memory) -> Status:
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
        extra={
            "cache_entries": counts["cache"],
            "vectors_complete": memory.store.get_meta(COMPLETE_KEY),
            **_pending_vectors(memory),
            "embedder_error": memory.embedder_error,
            "reranker": stage.reranker.name if (stage := memory.rerank_stage) else None,
            "reranker_error": memory.rerank_error,
            "checked_at": time.time(),
            "watcher": watcher_health(memory.store),
            **sessions_status(memory.workspace, memory.store, memory.config),
            **(memory.backend.status() if memory.backend is not None else {"backend": "builtin"}),
        },
    )


def _pending_vectors(memory: Memory) -> dict[str, Any]:
    """Chunks still to embed and, from the last measured rate, how long that will take."""
    coverage = memory.vector_coverage()
    if coverage is None:
        return {"vectors_pending": 0, "vectors_eta_s": None}
    pending = coverage[1] - coverage[0]
    rate = load_rate(memory.store, memory.embedder.identity.key) if pending and memory.embedder else None
    eta = round(pending / rate["texts_per_s"], 1) if rate else None
    return {"vectors_pending": pending, "vectors_eta_s": eta}
