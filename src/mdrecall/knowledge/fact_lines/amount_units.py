"""The words a line writes right before an amount ("RM 540", "KSh 2,300", "Rs 450"): a currency's or a
unit's name, not the thing the amount is of. Two lines sharing only such a word ("January collection
RM 31,420, 6 outstanding" … "Paid the homestay balance, RM 540") share no thing. Read by
:func:`~mdrecall.knowledge.changes.state_pairs.state_pairs`. Pure.
"""

from __future__ import annotations

import re

from mdrecall.knowledge.fact_lines.fact_values import stem

__all__ = ["unit_words"]

#: A word, then a number of two or more digits (thousands' separators allowed: "31,420"); a one-digit
#: number after a word is most often a thing's own number ("Court 3", "Line 1").
_BEFORE_AMOUNT = re.compile(r"(?<![\w'’-])([A-Za-z][\w'’-]*) (\d{1,3}(?:[,.]\d{3})+|\d{2,})(?![\w,.]\d)")


def unit_words(words: str) -> dict[str, set[str]]:
    """Each word (as a stem) a line's stored words write right before a number of two or more digits → the
    numbers it stands before."""
    out: dict[str, set[str]] = {}
    for m in _BEFORE_AMOUNT.finditer(words):
        out.setdefault(stem(m.group(1)), set()).add(m.group(2))
    return out
