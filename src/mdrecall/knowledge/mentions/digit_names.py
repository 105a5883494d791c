"""Names that open with a digit ("3Shape", "4Runner", "3Com"), read before the capitalised runs, which
start at a letter and would take only the words after one ("Dental System" of "3Shape Dental System"): a
digit or two glued to a capitalised word, and the capitalised words that follow it (a maker's product
line). A unit glued to a number ("10Gbps", "5Ghz") is none."""

from __future__ import annotations

import re

from mdrecall.knowledge.lexicon.mention_patterns import STOP
from mdrecall.knowledge.mentions.file_scan import SHAPE, FileScan

__all__ = ["add_digit_names"]

_DIGIT_NAME = re.compile(
    r"(?<![\w'’@/.,:-])\d{1,2}(?![KMGT]bps\b|[KMG]hz\b)[A-Z][a-z]{2,}[A-Za-z]*(?:[ ][A-Z][a-z]+){0,3}"
    r"(?![\w'’@/-])"
)


def add_digit_names(scan: FileScan) -> None:
    """Add the names of ``scan`` that open with a digit, with the capitalised words after them (no calendar
    or other stop word), and take their spans."""
    for m in _DIGIT_NAME.finditer(scan.plain):
        i = scan.line_of(m.start())
        if i in scan.skip or scan.taken.overlaps(m.start(), m.end()):
            continue
        words = m.group(0).split()
        while len(words) > 1 and words[-1] in STOP:
            words.pop()
        name = " ".join(words)
        scan.add(i, name, "unknown", SHAPE)
        scan.taken.add(m.start(), m.start() + len(name))
