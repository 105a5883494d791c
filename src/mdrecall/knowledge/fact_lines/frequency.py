"""How often a line says a thing happens: its frequencies as value slots (``f:`` and the period in hours:
"weekly" ``f:168``, "every other Monday" ``f:336``, "4-hourly" ``f:4``), a kind of value beside times and
amounts (:func:`mdrecall.knowledge.fact_lines.value_kinds.value_slots`), so that "reset every second Tuesday"
… "resets are weekly now" states another value. Pure; one pass of one expression over the line."""

from __future__ import annotations

import re

from mdrecall.knowledge.fact_lines.fact_words import DAYS

__all__ = ["frequencies"]

_DAY, _WEEK, _MONTH, _YEAR = 24, 168, 730, 8760
#: A period by its adverb or unit (hours).
_ADVERB = {
    "hourly": 1,
    "daily": _DAY,
    "nightly": _DAY,
    "weekly": _WEEK,
    "fortnightly": 2 * _WEEK,
    "biweekly": 2 * _WEEK,
    "monthly": _MONTH,
    "bimonthly": 2 * _MONTH,
    "quarterly": 3 * _MONTH,
    "yearly": _YEAR,
    "annually": _YEAR,
}
_UNIT = {
    "hour": 1,
    "hr": 1,
    "day": _DAY,
    "night": _DAY,
    "morning": _DAY,
    "evening": _DAY,
    "week": _WEEK,
    "fortnight": 2 * _WEEK,
    "month": _MONTH,
    "quarter": 3 * _MONTH,
    "year": _YEAR,
    **{d: _WEEK for d in DAYS},
}
_COUNT = {"one": 1, "two": 2, "three": 3, "four": 4, "six": 6, "twice": 2, "once": 1, "thrice": 3}
_ORDINAL = {"other": 2, "second": 2, "third": 3, "fourth": 4}
_UNITS = "|".join(sorted((re.escape(u) for u in _UNIT), key=len, reverse=True))
_FREQUENCY = re.compile(
    # "4-hourly", "4 hrly", "weekly"
    r"\b(?:(?P<n>\d{1,2})[\s-]?)?(?P<adverb>hourly|hrly|" + "|".join(_ADVERB) + r")\b"
    # "every day", "every 6 months", "every other Monday", "every second week"
    r"|\bevery\s+(?:(?P<every_n>\d{1,2}|two|three|four|six)\s+|(?P<ordinal>other|second|third|fourth)\s+)?"
    rf"(?P<unit>{_UNITS})s?\b"
    # "twice a week", "3x a week", "once a month", "3 times a year"
    r"|\b(?P<times>once|twice|thrice|\d{1,2}\s?x|\d{1,2} times)\s+(?:a|per|each)\s+"
    rf"(?P<per>{_UNITS})\b"
    # "the first Monday of the month", "last Friday of every month"
    r"|\b(?:first|last|second|third|fourth)\s+(?:[a-z]+day|weekend)\s+of\s+(?:the|each|every)\s+month\b",
    re.I,
)


def frequencies(words: str) -> frozenset[str]:
    """The frequencies a line states, as slots ``f:<hours>`` ("every other Monday": ``f:336``)."""
    # a part of a word every frequency holds, looked for first by substring tests, case aside ("ly " of
    # "Weekly ", "very" of "Every"): most lines hold none, and a regular expression's search cost as much
    # as reading them all
    line = words + " "
    if not (
        "ly " in line
        or "very" in line
        or "imes" in line
        or "onth" in line
        or "once " in line
        or "Once " in line
        or "wice" in line
        or "hrice" in line
        or "x a " in line
        or "x per " in line
    ):
        return frozenset()  # (most lines: no word a frequency needs)
    out = set()
    for m in _FREQUENCY.finditer(words):
        hours = _hours(m)
        if hours:
            out.add(f"f:{hours}")
    return frozenset(out)


def _hours(m: re.Match[str]) -> int | None:
    """The period of one match, in hours."""
    if m.group("adverb"):
        adverb = m.group("adverb").lower()
        base = 1 if adverb == "hrly" else _ADVERB[adverb]
        return base * int(m.group("n")) if m.group("n") and base == 1 else base
    if m.group("unit"):
        unit = _UNIT[m.group("unit").lower()]
        n = m.group("every_n")
        count = int(n) if n and n.isdigit() else _COUNT.get((n or "").lower(), 1)
        return unit * count * _ORDINAL.get((m.group("ordinal") or "").lower(), 1)
    if m.group("times"):
        times = m.group("times").lower()
        count = _COUNT.get(times) or int(re.match(r"\d+", times).group())  # type: ignore[union-attr]
        return _UNIT[m.group("per").lower()] // count if count else None
    return _MONTH  # a day of each month
