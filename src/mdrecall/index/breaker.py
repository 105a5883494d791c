"""The circuit breaker of an embedding provider: one that times out or cannot be reached is skipped for
:data:`BREAKER_S` seconds, by every process, so an outage costs one timeout, not one per call. The breaker
is kept in the index's ``meta`` table; where the index cannot record it (read-only, locked by a writer
past the busy timeout, a full disk), this process keeps it and :func:`trip_breaker` returns a note saying
so, which the caller adds to its warning or its search's fallback: other processes will try the provider
again.
"""

from __future__ import annotations

import contextlib
import time
import urllib.parse
from typing import TYPE_CHECKING

from mdrecall.errors import StoreError

if TYPE_CHECKING:
    from mdrecall.embedders.base import Embedder
    from mdrecall.stores.base import Store

__all__ = ["BREAKER_S", "breaker_open", "reset_breaker", "trip_breaker"]

#: Seconds a provider that timed out or could not be reached is skipped (by every process).
BREAKER_S = 60.0
_BREAKER_PREFIX = "provider_down:"
#: The breakers this process tripped that the index could not record: breaker key -> (until, reason).
_UNRECORDED: dict[str, tuple[float, str]] = {}


def _breaker_key(embedder: Embedder) -> str:
    """Names the endpoint without asking it anything (an identity may need a probe request), and without
    what its address may carry that is secret: a user and password before the host, a query (the key is
    stored in the index)."""
    url = urllib.parse.urlsplit(str(getattr(embedder, "base_url", "") or ""))
    where = urllib.parse.urlunsplit((url.scheme, url.netloc.rpartition("@")[2], url.path, "", ""))
    parts = (type(embedder).__name__, where, getattr(embedder, "model", ""))
    return _BREAKER_PREFIX + ":".join(str(p) for p in parts)


def breaker_open(store: Store, embedder: Embedder) -> str | None:
    """Why ``embedder`` is being skipped now (its breaker is open, in the index or, where the index could
    not record it, in this process), or ``None``."""
    key = _breaker_key(embedder)
    try:
        value = store.get_meta(key)
    except StoreError:
        value = None
    until, reason = _until(value) if value else (0.0, "")
    if until <= time.time():
        until, reason = _UNRECORDED.get(key, (0.0, ""))
    if until <= time.time():
        return None
    clock = time.strftime("%H:%M:%S", time.localtime(until))
    return f"the embedding provider is skipped until {clock} after it failed: {reason}"


def _until(value: str) -> tuple[float, str]:
    """The time a stored breaker closes and why it opened (0 where the value is not one)."""
    until_s, _, reason = value.partition("|")
    try:
        return float(until_s), reason
    except ValueError:
        return 0.0, ""


def trip_breaker(store: Store, embedder: Embedder, reason: str) -> str | None:
    """Skip ``embedder`` for :data:`BREAKER_S` seconds, in this and every other process. ``None``, or where
    the index could not record it (read-only, locked past the busy timeout, a full disk) a note saying so
    for the caller's warning: this process still skips the provider, the others will try it again."""
    key, until = _breaker_key(embedder), time.time() + BREAKER_S
    try:
        store.set_meta(key, f"{until:.3f}|{reason[:300]}")
    except StoreError as exc:
        _UNRECORDED[key] = (until, reason[:300])
        return (
            f"the embedding provider is skipped by this process only: the index could not record it ({exc}),"
            " so other processes will try it again"
        )
    _UNRECORDED.pop(key, None)
    return None


def reset_breaker(store: Store, embedder: Embedder) -> None:
    """Close ``embedder``'s breaker now (the provider is known to be back)."""
    _UNRECORDED.pop(_breaker_key(embedder), None)
    with contextlib.suppress(StoreError):
        store.set_meta(_breaker_key(embedder), "")
