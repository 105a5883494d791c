"""Searches first: the searches of this process in flight, that background embedding waits for."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator


class SearchTraffic:
    """The part of :class:`~mdrecall.memory.Memory` that counts its searches in flight, so that embedding
    pauses between batches while one runs."""

    def __init__(self) -> None:
        self._search_count = 0
        self._search_count_lock = threading.Lock()
        self._no_searches = threading.Event()
        self._no_searches.set()

    @contextlib.contextmanager
    def searching(self) -> Iterator[None]:
        """Mark a search in flight: background embedding pauses between batches until it ends."""
        with self._search_count_lock:
            self._search_count += 1
            self._no_searches.clear()
        try:
            yield
        finally:
            with self._search_count_lock:
                self._search_count -= 1
                if self._search_count == 0:
                    self._no_searches.set()

    def _searches_first(self, stop: threading.Event | None) -> bool:
        """Between embedding batches: wait (at most 5 s) while searches of this process run.

        Returns ``False`` when ``stop`` is set (the run ends there).
        """
        self._no_searches.wait(timeout=5.0)
        return stop is None or not stop.is_set()
