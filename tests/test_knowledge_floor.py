"""Knowledge read from ordinary notes stays above its floors (issue 29), so an extraction or ranking
change that loses entities, dates, supersession marks or answers fails the build.

Runs ``benchmarks/knowledge_eval.py`` on each labelled set under ``benchmarks/knowledge/`` (a real
workspace copied to a temporary folder, indexed with the default embedder; about a second a set). The
floors sit one labelled item under the figures measured when they were set; stray supersession
marks (a line marked superseded by an unrelated one) may never rise.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import knowledge_eval  # noqa: E402  (benchmarks/knowledge_eval.py)

#: set: (dates, entity precision, entity recall, kinds, first names, supersession, questions, stray marks)
FLOORS: dict[str, tuple[float, float, float, float, float, float, float, int]] = {
    # one labelled item under the figures measured when set (session 23), stray marks as measured
    "dev": (0.97, 0.96, 0.98, 0.98, 0.88, 0.58, 0.90, 0),  # now 1.00 0.98 1.00 1.00 1.00 0.67 0.95
    "held_out": (0.94, 0.96, 0.93, 0.96, 0.66, 0.50, 0.90, 0),  # now 1.00 1.00 0.97 1.00 1.00 0.67 1.00
    "held_out_2": (0.97, 0.96, 0.90, 0.94, 0.92, 0.94, 0.95, 0),  # now 0.99 0.98 0.91 0.95 1.00 1.00 1.00
    "held_out_3": (0.98, 0.98, 0.95, 0.95, 0.93, 0.89, 0.97, 0),  # now 1.00 0.99 0.97 0.96 1.00 0.93 1.00
    "held_out_4": (0.98, 0.97, 0.91, 0.96, 0.90, 0.88, 0.90, 0),  # now 1.00 0.98 0.93 0.97 1.00 0.92 0.94
    # written blind in session 13, tuned on since
    "held_out_5": (0.98, 0.97, 0.90, 0.95, 0.93, 0.65, 0.96, 0),  # now 1.00 0.98 0.91 0.96 1.00 0.69 1.00
    # written blind in session 14, tuned on since (session 15)
    "held_out_6": (0.97, 0.95, 0.97, 0.93, 0.93, 0.72, 0.96, 0),  # now 0.99 0.96 0.98 0.94 1.00 0.76 1.00
    # written blind in session 15, tuned on since (session 16)
    "held_out_7": (0.97, 0.96, 0.94, 0.91, 0.94, 0.75, 0.97, 0),  # now 0.99 0.97 0.95 0.92 1.00 0.79 1.00
    # written blind in session 15, tuned on since (session 16)
    "held_out_8": (0.98, 0.96, 0.93, 0.93, 0.93, 0.59, 0.97, 0),  # now 1.00 0.98 0.94 0.94 1.00 0.63 1.00
    # written blind in session 16, tuned on since (session 17)
    "held_out_9": (0.96, 0.94, 0.88, 0.90, 0.92, 0.56, 0.96, 0),  # now 0.97 0.95 0.89 0.91 1.00 0.60 1.00
    # written blind in session 16, tuned on since (session 17)
    "held_out_10": (0.95, 0.96, 0.89, 0.96, 0.95, 0.47, 0.93, 0),  # now 0.96 0.97 0.90 0.97 1.00 0.50 0.97
    # written blind in session 17, tuned on since (session 18)
    "held_out_11": (0.92, 0.97, 0.93, 0.90, 0.94, 0.38, 0.93, 0),  # now 0.94 0.98 0.94 0.91 1.00 0.42 0.97
    # written blind to the rules in session 18 and tuned on at once (a tuning set, not the blind measure)
    "held_out_13": (0.98, 0.91, 0.89, 0.89, 0.95, 0.46, 0.96, 0),  # now 0.99 0.92 0.90 0.90 1.00 0.49 1.00
    # written blind in session 19, read once as written, then tuned on the same session
    "held_out_15": (0.96, 0.93, 0.85, 0.86, 0.94, 0.40, 0.93, 1),  # now 0.98 0.94 0.86 0.88 1.00 0.43 0.97
    # held_out_16: its reading list beside MEMORY.md is indexed since session 20
    # kinds one item under (h-recall41: "TOPIK", newly found, is an event typed org; 129 → 130 kinds right)
    "held_out_16": (0.97, 0.92, 0.83, 0.91, 0.90, 0.39, 0.94, 2),  # now 0.98 0.93 0.84 0.92 0.95 0.43 0.97
    "held_out_17": (0.97, 0.96, 0.91, 0.89, 0.94, 0.46, 0.97, 3),  # now 0.99 0.97 0.92 0.90 1.00 0.50 1.00
    "held_out_18": (0.96, 0.96, 0.90, 0.92, 0.94, 0.50, 0.97, 3),  # now 0.97 0.97 0.91 0.94 1.00 0.54 1.00
    # written blind in session 20, read once as written, then tuned on the same session
    "held_out_21": (0.97, 0.90, 0.87, 0.88, 0.73, 0.44, 0.97, 0),  # now 0.98 0.91 0.89 0.90 0.79 0.47 1.00
    "held_out_22": (0.96, 0.93, 0.89, 0.91, 0.94, 0.56, 0.91, 1),  # now 0.98 0.94 0.90 0.93 1.00 0.60 0.94
    # written blind in session 24, read once as written, then tuned on the same session
    "held_out_28": (0.95, 0.89, 0.84, 0.83, 0.94, 0.36, 0.94, 0),  # now 0.96 0.91 0.85 0.84 1.00 0.40 0.94
    "held_out_29": (0.94, 0.84, 0.84, 0.83, 0.94, 0.30, 0.91, 2),  # now 0.96 0.85 0.86 0.84 1.00 0.35 0.94
    "held_out_31": (0.97, 0.92, 0.86, 0.84, 0.93, 0.20, 0.97, 5),  # now 0.98 0.93 0.88 0.85 1.00 0.24 1.00
    "held_out_33": (0.98, 0.87, 0.83, 0.88, 0.89, 0.24, 0.91, 3),  # now 0.99 0.88 0.84 0.90 0.95 0.28 0.94
    "held_out_34": (0.93, 0.92, 0.84, 0.72, 0.87, 0.44, 0.94, 3),  # now 0.94 0.93 0.85 0.73 0.94 0.48 0.97
    "held_out_36": (0.92, 0.88, 0.77, 0.77, 0.86, 0.20, 0.96, 3),  # now 0.93 0.90 0.79 0.78 0.93 0.24 1.00
    # written in session 28 (h-sets28) as a tuning set; its blind sibling held_out_39 has no floor
    "held_out_38": (0.82, 0.94, 0.92, 0.82, 0.88, 0.24, 0.87, 6),  # now 0.83 0.95 0.94 0.83 0.94 0.28 0.91
}


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_knowledge_stays_above_its_floor(name: str) -> None:
    res = knowledge_eval.run(name)
    e = res["entities"]
    got = (
        res["dates"]["recall"],
        e["precision"],
        e["recall"],
        e["kinds_right"],
        e["first_names"],
        res["supersession"],
        res["questions_top3"],
    )
    figures = dict(
        zip(
            ("dates", "precision", "recall", "kinds", "first names", "supersession", "questions"),
            got,
            strict=True,
        )
    )
    *floors, stray_floor = FLOORS[name]
    for (measure, value), floor in zip(figures.items(), floors, strict=True):
        assert value >= floor, f"{name}: {measure} {value:.2f} < {floor} ({figures})"
    stray = len(res["stray_superseded_marks"])
    assert stray <= stray_floor, f"{name}: {stray} stray supersession marks ({res['stray_superseded_marks']})"
