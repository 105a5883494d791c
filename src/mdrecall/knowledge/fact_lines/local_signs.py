"""Amounts written with a currency's local sign that the generated table leaves out: a sign of capitals
only ("RM" for the Malaysian ringgit, CLDR's local symbol) read only directly before a number ("RM 220",
"RM1,200"), and the Vietnamese "đ" written straight after one ("1.200.000đ"). The table
(``data/currencies.txt``) drops capitals-only symbols because after a number, or alone, they abbreviate
other things ("15 RM", "KM 12"); before a number with nothing between they name the currency. Read by
:func:`mdrecall.knowledge.fact_lines.money.amounts`. Pure."""

from __future__ import annotations

import re

__all__ = ["LOCAL_BEFORE", "local_amounts"]

#: Capitals-only local signs read before a number (CLDR's symbol where the currency is used).
LOCAL_BEFORE: frozenset[str] = frozenset({"RM"})
#: A number as an amount: digits in groups of three ("1,200", "50.000") or plain, with decimals.
_NUMBER = r"(\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,2})?(?![\d])|\d+(?:[.,]\d{1,2})?)(?![\d.,]?\d)"
_BEFORE = re.compile(
    r"(?<![\w$])(" + "|".join(sorted(LOCAL_BEFORE)) + r")\s?" + _NUMBER + r"(?:\s?(k)\b)?(?![^\W\d_])"
)
_DONG_AFTER = re.compile(r"(?<![\w.,])" + _NUMBER.replace("(?![\\d.,]?\\d)", "") + r"đ(?![^\W\d_])")


def local_amounts(line: str) -> list[tuple[str, str | None]]:
    """The numbers (and a "k" scale) ``line`` writes with a local sign: ``[("220", None), ("1,200",
    None)]`` for "RM 220 … RM1,200"."""
    out: list[tuple[str, str | None]] = []
    if any(sign in line for sign in LOCAL_BEFORE):
        out += [(m.group(2), m.group(3)) for m in _BEFORE.finditer(line)]
    if "đ" in line:
        out += [(m.group(1), None) for m in _DONG_AFTER.finditer(line)]
    return out
