"""The frames the measured, unshipped mention vote reads (benchmarks/kind_mention_evidence.py)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from kind_mention_evidence import TYPES, evidence  # noqa: E402


class Line(NamedTuple):
    text: str


def share(written: list[str], lines: list[str], kind: str) -> float:
    return evidence(written, [Line(t) for t in lines])[TYPES.index(kind)]


def test_preposition_and_motion_verb() -> None:
    lines = ["We drove to Quarnby on Sunday.", "The road from Quarnby was closed."]
    assert share(["Quarnby"], lines, "prep:to") == 0.5
    assert share(["Quarnby"], lines, "prep:from") == 0.5
    assert share(["Quarnby"], lines, "object_of:motion") == 0.5


def test_possessive_version_and_web() -> None:
    assert share(["Tessaly"], ["Tessaly's support desk replied."], "possessive") == 1.0
    assert share(["Pellwick"], ["upgraded Pellwick 4.2.1 on the build box"], "version") == 1.0
    assert share(["Orvane"], ["docs at orvane.io/start"], "web") == 1.0


def test_noun_after_and_no_mention() -> None:
    assert share(["Brisk"], ["Met at the Brisk office downtown."], "noun_after:artifact") == 1.0
    out = evidence(["Nowhere"], [Line("nothing here")])
    assert sum(out[:-1]) == 0.0 and out[-1] == 0.0
