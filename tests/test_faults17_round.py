"""Defects the seventeenth fault round found (``benchmarks/fault_round17.py``): the change signal's words of
addition and negated "since" read in linear time on a long line, and ``question_misses.py --questions``
refusing a malformed file with a reason."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from growth import near_linear

from mdrecall.knowledge.fact_lines.change_signal import lexicon_signal, signal

BENCH = Path(__file__).resolve().parents[1] / "benchmarks"


@pytest.mark.parametrize(
    "unit",
    [
        # a word of addition far from every change wording, thousands of times on one line
        "the ferry moved to Pier 4 and then one two three four five six seven eight nine ten it also rained "
        "on the quay with the nets and the crates and the gulls all day long ",
        # a negated "since", thousands of times
        "the kiln has not fired since Tuesday ",
    ],
)
def test_long_line_is_read_in_linear_time(unit: str) -> None:
    def make(n: int) -> Callable[[], object]:
        words = (unit * (n // len(unit) + 1))[:n]
        return lambda: (signal(words), lexicon_signal(words))

    make(8_000)()  # what the first call compiles is no part of the growth
    near_linear(make, 64_000)


def test_addition_and_negation_read_as_before() -> None:
    assert signal("the ferry fare went up to 12 euros too") is None
    assert signal("the ferry also moved to Pier 4") is None
    far = "the ferry moved to Pier 4; the café by the harbour was busy and the gulls loud, it also rained"
    assert signal(far) == "strong"
    assert signal("the kiln has not fired since Tuesday") is None
    assert signal("the kiln has been at the new studio since Tuesday") == "strong"


@pytest.mark.parametrize(
    "data",
    [
        None,
        b"",
        b"{'dev': [",
        bytes(range(256)),
        b'["who"]',
        b'{"dev": "who is Ilse"}',
        b'{"dev": [3]}',
        b'{"dev": [{"q": "who is Ilse", "kind": "who"}]}',
        b'{"../../../etc/passwd": []}',
        b'{"dev": [{"q": "who", "kind": "who", "answer": {"file": "/etc/hostname", "line": 1}}]}',
    ],
)
def test_question_file_refused_with_a_reason(tmp_path: Path, data: bytes | None) -> None:
    path = tmp_path / "q.json"
    if data is not None:
        path.write_bytes(data)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(BENCH.parent / "src"), str(BENCH)])}
    r = subprocess.run(
        [sys.executable, str(BENCH / "question_misses.py"), "--questions", str(path), "--summary"],
        capture_output=True,
        cwd=BENCH,
        env=env,
        timeout=120,
    )
    assert r.returncode == 2, r.stderr[-300:]
    assert b"Traceback" not in r.stderr
    assert b"error: " in r.stderr
