"""Does a line correct a value in passing, the value it replaces named after "not" at a clause's end ("we
got the 12-seater, not the 9", "it's Thursday, not Tuesday.", "the code is 4471, not 4417")? A spoken or
quick note often tells a change so, with no word of change: read by
:func:`mdrecall.knowledge.fact_lines.said_facts.said_fact` as a line's change cue. Pure, English."""

from __future__ import annotations

import re

__all__ = ["corrects"]

#: A comma or a dash, "not", an optional article or preposition, then one value (a number or a word
#: holding a digit, a weekday, a month, a capitalised word) closing its clause (a mark or the line's end).
_CORRECTION = re.compile(
    r"[,–—-]\s*not\s+(?:the\s+|a\s+|an\s+|on\s+|at\s+|in\s+|to\s+)?"
    r"(?:\w*\d[\w:./-]*|(?:mon|tues|wednes|thurs|fri|satur|sun)day"
    r"|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)\w*\s+\d{1,2}(?:st|nd|rd|th)?"
    r"|(?-i:[A-Z])[\w'’-]*)"
    r"\s*(?:[,.;:!?)]|$)",
    re.I,
)


def corrects(line: str) -> bool:
    """Does ``line`` (as written: its punctuation read) name a value it replaces after ", not"?"""
    return "not" in line.lower() and _CORRECTION.search(line) is not None
