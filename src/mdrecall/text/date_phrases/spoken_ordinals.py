"""A day of the month said in words beside its month ("the twenty ninth of september", "fourteenth
october", "march third", "June the twenty-first"), as speech-to-text and people writing out numbers give
it: written back as the ordinal in figures ("29th", "14th") the date grammar reads, in the same number of
characters, so every phrase keeps its place in the line. Pure; used by
:mod:`mdrecall.text.date_phrases.note_dates`.

Only an ordinal beside a month's name is one: alone ("the first time", "a second opinion", "on the
third") it is rarely a day.
"""

from __future__ import annotations

import re

__all__ = ["spoken_ordinals"]

_UNITS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9,
}  # fmt: skip
_TEENS = {
    "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14, "fifteenth": 15,
    "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20, "thirtieth": 30,
}  # fmt: skip
_UNIT = "|".join(_UNITS)
_ORDINAL = rf"(?:(?P<tens>twenty|thirty)[\s-]+(?P<unit>{_UNIT})|(?P<one>{_UNIT}|{'|'.join(_TEENS)}))"
_MONTH = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december"
    r"|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b"
)
#: An ordinal before its month ("twenty ninth of september") or after it ("march the third").
_BEFORE = re.compile(rf"\b{_ORDINAL}\b(?=\s+(?:of\s+)?{_MONTH})", re.IGNORECASE)
_AFTER = re.compile(rf"\b{_MONTH}\s+(?:the\s+)?(?P<ord>{_ORDINAL})\b", re.IGNORECASE)
_CHEAP = re.compile(r"(?:st|nd|rd|th)\b", re.IGNORECASE)


def spoken_ordinals(line: str) -> str:
    """``line`` with each day of the month said in words beside its month written as its ordinal in
    figures, padded with spaces to the words' length ("fourteenth october" → "14th       october")."""
    if _CHEAP.search(line) is None:
        return line
    spans = [(m.start(), m.end()) for m in _BEFORE.finditer(line)]
    spans += [(m.start("ord"), m.end("ord")) for m in _AFTER.finditer(line)]
    if not spans:
        return line
    out = list(line)
    for start, end in spans:
        text = line[start:end].lower()
        words = re.findall(r"[a-z]+", text)
        tens = {"twenty": 20, "thirty": 30}.get(words[0], 0)
        last = words[-1]
        day = tens + (_UNITS.get(last) or _TEENS.get(last, 0)) if tens else _UNITS.get(last) or _TEENS[last]
        if not 1 <= day <= 31:
            continue
        figure = f"{day}{_suffix(day)}"
        out[start:end] = list(figure.ljust(end - start))
    return "".join(out)


def _suffix(day: int) -> str:
    if day in (11, 12, 13):
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
