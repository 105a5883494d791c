"""How often a thing happens is a value ("every second Thursday", "weekly", "the first Friday of the
month", "twice a week", "6-hourly"): a later line giving another frequency of the same thing states
another value. Wordings and worlds of our own."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from growth import near_linear

from mdrecall.knowledge.fact_lines.frequency import frequencies

from helpers import fact_pairs_in


@pytest.mark.parametrize(
    ("words", "hours"),
    [
        ("Gutters are cleared every second Thursday", 336),
        ("the choir meets weekly now", 168),
        ("Book club: the first Friday of the month", 730),
        ("swim squad twice a week", 84),
        ("fluids 6-hourly overnight", 6),
        ("vet check every 3 months", 2190),
        ("water the ferns every other day", 48),
        ("backups run nightly", 24),
    ],
)
def test_frequencies_read(words: str, hours: int) -> None:
    assert frequencies(words) == {f"f:{hours}"}


@pytest.mark.parametrize("words", ["early July", "the other week we met", "every time I ask", "a weekday"])
def test_no_frequency(words: str) -> None:
    assert not frequencies(words)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Gutters are cleared every second Thursday.", "gutters cleared weekly now, the oak drops too much"),
        (
            "The piano tuner comes on the first Monday of the month.",
            "piano tuner now comes every other Monday",
        ),
    ],
)
def test_a_frequency_changed_supersedes(tmp_path: Path, old: str, new: str) -> None:
    notes = [("MEMORY.md", f"# Memory\n\n- {old}\n"), ("memory/2031-05-02.md", f"# 2031-05-02\n\n- {new}\n")]
    assert fact_pairs_in(tmp_path, notes)


def test_a_long_line_is_read_in_linear_time() -> None:
    def make(n: int) -> Callable[[], object]:
        line = "every other " * n + "weekly"
        return lambda: frequencies(line)

    make(2)()  # what the first call compiles is no part of the growth
    assert "f:168" in near_linear(make, 50_000)  # type: ignore[operator]
