"""A provider's breaker the index cannot record (read-only, locked past the busy timeout, a full disk) is
not lost silently: this process still skips the provider, and the search's fallback says the others will
try it again."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from mdrecall.embedders.fake import FakeEmbedder
from mdrecall.errors import ProviderUnavailableError
from mdrecall.index.breaker import breaker_open, reset_breaker, trip_breaker
from mdrecall.index.vectorize import query_vector
from mdrecall.stores.sqlite import SQLiteStore


class _Unreachable(FakeEmbedder):
    """A provider that never answers a query (as a dead endpoint times out)."""

    def embed_query(self, text: str) -> np.ndarray:
        self.calls += 1
        raise ProviderUnavailableError("the embedding endpoint timed out after 1 s")


def _read_only_store(tmp_path: Path) -> SQLiteStore:
    store = SQLiteStore(tmp_path / "index.sqlite")
    store.read_only = "the folder is mounted read-only"  # as the health check sets it
    return store


def test_a_breaker_the_index_cannot_record_is_kept_by_this_process_and_said(tmp_path: Path) -> None:
    store = _read_only_store(tmp_path)
    embedder = FakeEmbedder(model="harbour-embed-unrecorded")
    note = trip_breaker(store, embedder, "timed out after 1 s")
    assert note is not None and "this process only" in note and "read-only" in note
    assert breaker_open(store, embedder) is not None
    reset_breaker(store, embedder)
    assert breaker_open(store, embedder) is None
    store.close()


def test_a_search_says_the_breaker_was_not_recorded_and_asks_no_more(tmp_path: Path) -> None:
    store = _read_only_store(tmp_path)
    embedder = _Unreachable(model="harbour-embed-down")
    leg, why = query_vector(embedder, "when does the ferry leave", store)
    assert leg is None and why is not None
    assert "timed out" in why and "other processes will try it again" in why
    leg, why = query_vector(embedder, "when does the ferry leave", store)
    assert leg is None and why is not None and "skipped until" in why
    assert embedder.calls == 1  # the provider was not asked again
    reset_breaker(store, embedder)
    store.close()


def test_a_recorded_breaker_gives_no_note(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "index.sqlite")
    embedder = FakeEmbedder(model="harbour-embed-recorded")
    assert trip_breaker(store, embedder, "timed out after 1 s") is None
    assert breaker_open(store, embedder) is not None
    reset_breaker(store, embedder)
    store.close()
