"""Growth checks for the hang guards of the fault campaign: work that must stay near-linear in its input is
timed at a quarter of the size and at the full size, and the two CPU times compared. A ratio, not a limit in
seconds: a slow or busy machine slows both alike, while work that grows with the square of the input takes
about sixteen times as long at four times the size (near-linear work: about four)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def cpu_seconds(run: Callable[[], T]) -> tuple[float, T]:
    """The CPU seconds ``run`` takes, and what it returns."""
    t0 = time.process_time()
    got = run()
    return time.process_time() - t0, got


def near_linear(make: Callable[[int], Callable[[], T]], n: int, *, ratio: float = 8.0) -> T:
    """Run ``make(n // 4)()`` and ``make(n)()``, each timed alone (``make`` builds the input, untimed);
    fail unless the full size takes under ``ratio`` times the quarter size (plus 0.3 s for start-up work).
    Returns what the full-size run returned."""
    small, _ = cpu_seconds(make(n // 4))
    big, got = cpu_seconds(make(n))
    assert big < ratio * small + 0.3, f"{n // 4}: {small:.2f} s, {n}: {big:.2f} s (more than {ratio}x)"
    return got
