"""A deadline shared by every provider request made inside a block (a search, a sync step), and a bounded
wait for something another process holds (:func:`poll_until`)."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator

__all__ = ["poll_until", "provider_deadline", "time_left"]

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


def poll_until(
    attempt: Callable[[], bool], timeout_s: float, pause: float = 0.002, most: float = 0.05
) -> bool:
    """Call ``attempt`` until it returns true or ``timeout_s`` has passed (then ``False``), sleeping between
    tries from ``pause`` seconds, doubled each time up to ``most``: a lock another process holds, waited for
    with a bound and never by one blocking call that a stuck holder would make endless."""
    end = time.monotonic() + timeout_s
    while not attempt():
        left = end - time.monotonic()
        if left <= 0:
            return False
        time.sleep(min(pause, left))
        pause = min(pause * 2, most)
    return True
