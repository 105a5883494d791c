"""A deadline shared by every provider request made inside a block (a search, a sync step)."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator

__all__ = ["provider_deadline", "time_left"]

_STATE = threading.local()


@contextlib.contextmanager
def provider_deadline(seconds: float) -> Iterator[None]:
    """Bound every provider request inside the block, retries included, to ``seconds`` from now.

    Nested blocks keep the earlier deadline. The HTTP client stops retrying and cuts a request
    short when the time is up, so a search never waits more than one timeout on a provider.
    """
    previous = getattr(_STATE, "at", None)
    at = time.monotonic() + max(0.0, seconds)
    _STATE.at = at if previous is None else min(previous, at)
    try:
        yield
    finally:
        _STATE.at = previous


def time_left() -> float | None:
    """Seconds left before the current deadline (``None``: no deadline set)."""
    at = getattr(_STATE, "at", None)
    return None if at is None else at - time.monotonic()
