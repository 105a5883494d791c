"""A bare year after "in" or "during" ("adopted her in 2024", "moving north in 2028", "during 2019"): the
whole year the event happened or will happen in, unless the number is a count, an amount or a part of a
code (:func:`year_is_count`): "in 2000 steps", "1 in 2000", "in 2048 x 2048", "in 2030 %". Pure."""

from __future__ import annotations

import re

__all__ = ["year_is_count"]

#: "in" or "during" right before the number (only those years are tested; "since 2021" is a year as it is).
_IN = re.compile(r"\b(?:in|during)\s+$")
#: A count before "in": a ratio ("1 in 2000", "one in 2000", "a chance in 2000").
_RATIO = re.compile(r"(?:\b\d[\d,.]*|\b(?:one|a|an|once|chance|odds))\s+in\s+$")
#: What follows a count: a unit, a sign or an operator ("2000 ms", "2000 %", "2048 x 2048", "2000 × 3").
_UNIT_AFTER = re.compile(
    r"\s*(?:[%×*+=]|(?:x|ms|s|secs?|mins?|hrs?|kb|mb|gb|tb|px|pt|km|m|cm|mm|kg|g|lbs?|oz|mph|kph|rpm|ft|kw|"
    r"kwh|mah|hz|khz|mhz|ghz)\b)"
)
#: The next word, when it is a lower-case word ("steps", "was").
_NEXT_WORD = re.compile(r"\s+([a-z]+)\b")
#: Words in -s after a year that are no plural noun counted by it ("in 2024 was", "in 2024 as well").
_NOT_PLURAL = frozenset({
    "was", "has", "is", "as", "its", "his", "hers", "this", "thus", "us", "yes", "does", "goes", "plus",
    "less", "unless", "whereas", "across", "towards", "afterwards", "besides", "always", "perhaps",
    "sometimes", "alongside", "says", "lets", "gets", "comes", "seems", "means",
})  # fmt: skip


def year_is_count(low: str, start: int, end: int) -> bool:
    """Whether the number ``low[start:end]`` after "in"/"during" is a count or an amount, not a year: a
    ratio's ("1 in 2000"), one before a unit, a sign or an operator ("in 2000 ms", "in 2048 x 2048"), or one
    before a lower-case plural noun it counts ("in 2000 steps", "in 1999 dollars"). A year after any other
    word is never tested (``False``)."""
    head = low[max(0, start - 40) : start]
    if _IN.search(head) is None:
        return False
    if _RATIO.search(head):
        return True
    if _UNIT_AFTER.match(low, end):
        return True
    nxt = _NEXT_WORD.match(low, end)
    if nxt is None:
        return False
    word = nxt.group(1)
    return len(word) > 3 and word.endswith("s") and not word.endswith("ss") and word not in _NOT_PLURAL
