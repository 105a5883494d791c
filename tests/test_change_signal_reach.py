"""The change signal's test of a word of addition near a change wording, read once per line: the same
answers as counting words from the line's start for every pair (the old, cubic reading), on lines where
additions and change wordings lie near, far and on both sides of each other."""

from __future__ import annotations

import itertools

from mdrecall.knowledge.fact_lines.change_signal import ADDITION_REACH, lexicon_signal, signal
from mdrecall.knowledge.fact_lines.fact_words import ADDITION, CHANGE, CHANGE_WEAK


def _near_by_counting(words: str) -> bool:
    adds = [m.start() for m in ADDITION.finditer(words)]
    changes = [m.start() for m in CHANGE.finditer(words)] + [m.start() for m in CHANGE_WEAK.finditer(words)]
    if not adds:
        return False
    if not changes:
        return True
    return any(
        abs(words.count(" ", 0, c) - words.count(" ", 0, at)) < ADDITION_REACH for at in adds for c in changes
    )


def _lines() -> list[str]:
    pieces = ["the kiln fee", "also", "moved to", "Thursdays now", "still", "the glaze order", "switched to"]
    filler = " ".join(["with the usual clay"] * 3)
    out = []
    for a, b, c in itertools.product(pieces, repeat=3):
        out.append(f"{a} {b} {c}")
        out.append(f"{a} {filler} {b} {filler} {c}")
    return out


def test_addition_near_a_change_as_counting_words_from_the_start() -> None:
    from mdrecall.knowledge.fact_lines import change_signal

    for line in _lines():
        adds = [m.start() for m in ADDITION.finditer(line)]
        assert change_signal._adds_near(line, adds) == _near_by_counting(line), line


def test_a_long_line_of_additions_far_from_its_changes_is_read_whole() -> None:
    far = "the cost " + " ".join(["also"] * 3000) + " " + " ".join(["word"] * 20) + " changed to 40"
    near = "the cost changed to 40, the deposit also"
    assert signal(far) == "strong"  # the change wording is beyond every addition's reach: another clause
    assert signal(near) is None  # "also" beside the change: it adds to a fact
    assert not lexicon_signal("the cost also")
