"""Missing vectors filled in the background by long-lived processes (the MCP server, ``watch``).

A search never embeds more than its own query; chunks written by a search's file sync, by the
watcher, or left behind by an interrupted ``mdrecall index`` are embedded here, in a daemon thread,
batch by batch. Searches of the same process go first: :meth:`Memory.embed_pending` pauses between
batches while one runs. A failed run (a provider outage) is tried again after ``retry_s``.
"""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .memory import Memory

__all__ = ["Backfiller"]


class Backfiller:
    """Embeds a :class:`~mdrecall.Memory`'s missing vectors whenever there are some, in a daemon thread.

    ``check_s`` is how often it looks for missing vectors; :meth:`notify` makes it look now.
    ``state`` says what it last did (for status and tests).
    """

    def __init__(self, memory: Memory, *, check_s: float = 30.0, retry_s: float = 60.0) -> None:
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
        from .vectorize import interrupt_embedding

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
