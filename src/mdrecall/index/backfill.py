"""Missing vectors filled: a handful inline by a search, a backlog in the background (with the entity
and fact views a large sync left pending: :func:`mdrecall.knowledge.refresh.build_views`).

A search embeds its own query and, when only a handful of chunks lack a vector (after ``remember`` or
a small edit) and they fit its budget, those too (:func:`embed_inline`): hybrid search then works
from the first search. A real backlog (a first index, a model change, an interrupted
``mdrecall index``) is embedded by long-lived processes (the MCP server, ``watch``) in a daemon thread
(:class:`Backfiller`), batch by batch, under the memory's one embed lock. Searches of the same process
go first: :meth:`Memory.embed_pending` pauses between batches while one runs. A failed run (a provider outage)
is tried again after ``retry_s``.
"""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING, Any

from mdrecall.errors import MdrecallError, StoreError
from mdrecall.index.access import MemoryAccess
from mdrecall.index.vectorize import Coverage, embed_missing, load_rate
from mdrecall.knowledge.refresh import build_views
from mdrecall.models import IndexReport
from mdrecall.plugins.deadline import provider_deadline

if TYPE_CHECKING:
    from mdrecall.embedders.base import Embedder
    from mdrecall.stores.base import Store

__all__ = ["INLINE_MAX_CHUNKS", "INLINE_MAX_S", "Backfiller", "embed_inline", "expected_rate"]

#: A search embeds the chunks it finds without vectors itself when there are at most this many...
INLINE_MAX_CHUNKS = 64
#: ...and the rate measured on earlier runs (or the provider's typical rate) says they take at most this.
INLINE_MAX_S = 1.0


class Backfiller:
    """Embeds a :class:`~mdrecall.Memory`'s missing vectors whenever there are some, in a daemon thread.

    ``check_s`` is how often it looks for missing vectors; :meth:`notify` makes it look now.
    ``state`` says what it last did (for status and tests).
    """

    def __init__(self, memory: MemoryAccess, *, check_s: float = 30.0, retry_s: float = 60.0) -> None:
        self.memory = memory
        self.check_s = check_s
        self.retry_s = retry_s
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.state: dict[str, Any] = {
            "runs": 0,
            "embedded": 0,
            "pending": None,
            "views_built": 0,
            "error": None,
            "last_run": None,
        }

    def start(self) -> Backfiller:
        """Start the thread (returns at once); it looks for missing vectors right away."""
        if self._thread is None:
            self._wake.set()
            self._thread = threading.Thread(target=self._run, name="mdrecall-backfill", daemon=True)
            self._thread.start()
        return self

    def notify(self) -> None:
        """Look for missing vectors now (e.g. after a sync wrote chunks)."""
        self._wake.set()

    def stop(self, timeout: float = 30.0) -> bool:
        """Stop, cutting short the batch in flight where the embedder can; returns ``False`` when the
        thread is still running after ``timeout``.

        The thread is waited for: a process that exits while it runs the local model is aborted by
        onnxruntime ("terminate called without an active exception").
        """
        from mdrecall.index.vectorize import interrupt_embedding

        self._stop.set()
        self._wake.set()
        thread = self._thread
        if thread is None:
            return True
        deadline = time.monotonic() + timeout
        while thread.is_alive() and time.monotonic() < deadline:
            interrupt_embedding()  # again each time: a batch may have begun just after the last one
            thread.join(min(0.2, max(0.0, deadline - time.monotonic())))
        return not thread.is_alive()

    def _run(self) -> None:
        wait = 0.0
        while not self._stop.is_set():
            self._wake.wait(wait)
            self._wake.clear()
            if self._stop.is_set():
                return
            wait = self._once()

    def _once(self) -> float:
        """One pass; returns how long to wait before the next."""
        try:
            # views a first index left pending: built here, so the next entity query or search need not
            self.state["views_built"] += build_views(self.memory.store)
            coverage = self.memory.vector_coverage()
            if coverage is None or coverage[0] >= coverage[1]:
                self.state["pending"] = 0
                return self.check_s
            report = self.memory.embed_pending(stop=self._stop)
        except Exception as exc:  # noqa: BLE001 - a background worker must say why, never die
            self.state.update(error=f"{type(exc).__name__}: {exc}", last_run=time.time())
            return self.retry_s
        stopped = next((w for w in report.warnings if w.startswith("embedding stopped")), None)
        self.state.update(
            runs=self.state["runs"] + 1,
            embedded=self.state["embedded"] + report.embedded,
            pending=report.pending_vectors,
            error=stopped,
            last_run=time.time(),
        )
        return self.retry_s if stopped else self.check_s


def expected_rate(store: Store, embedder: Embedder) -> float | None:
    """Texts per second: measured on an earlier run of this index, else the provider's typical rate."""
    try:
        measured = load_rate(store, embedder.identity.key)
    except (MdrecallError, StoreError):
        measured = None
    if measured:
        return float(measured["texts_per_s"])
    typical = getattr(embedder, "typical_texts_per_s", None)
    return float(typical) if typical else None


def embed_inline(memory: MemoryAccess, found: Coverage, deadline: float) -> tuple[int, Coverage]:
    """Embed a small backlog of missing vectors inside a search (after ``remember`` or a small edit).

    A search calls this after its file sync, before it embeds its query, with ``found``, its coverage
    of the embedder's key (measured once for the search), and ``deadline``, its ``time.monotonic()``
    budget for providers. It embeds only when every missing chunk fits: at most
    :data:`INLINE_MAX_CHUNKS`, expected (:func:`expected_rate`) to take at most :data:`INLINE_MAX_S`
    and to end before ``deadline``; a larger backlog is left to ``mdrecall index`` and the background
    worker, and the search says "vectors behind". Only a local embedder is used: a search sends a
    remote provider its query and nothing else (no surprise cost, no notes leaving the machine
    mid-search). It never waits: when another thread of this process holds the memory's embed lock,
    or anything fails, it does nothing more. Returns how many chunks it embedded and the coverage after.
    """
    embedder = memory.embedder
    if embedder is None or embedder.is_remote:  # a search sends a remote provider its query, nothing more
        return 0, found
    if not getattr(embedder, "dims_known", True):  # its identity would cost a probe request: not here
        return 0, found
    missing = found.missing
    if not missing or missing > INLINE_MAX_CHUNKS:
        return 0, found
    store = memory.store
    lock = memory.embed_lock
    try:
        rate = expected_rate(store, embedder)
        budget = min(INLINE_MAX_S, deadline - time.monotonic())
        if not rate or missing / rate > budget:
            return 0, found
        if not lock.acquire(blocking=False):  # this process is embedding already: never wait for it
            return 0, found
        report = IndexReport()
        try:
            with provider_deadline(deadline - time.monotonic()):
                remaining = embed_missing(
                    store, embedder, memory.config, memory.workspace.root, report, limit=missing
                )
        finally:
            lock.release()
    except (MdrecallError, StoreError):  # a read-only or locked index: the search answers as it is
        return 0, found
    return report.embedded, found._replace(indexed=found.total - remaining)
