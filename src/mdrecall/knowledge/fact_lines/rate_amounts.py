"""Prices told bare, as a rate: a number with no currency beside it, written per a unit ("1,500 a load",
"4k per month", "12.000/h", "350 per flat", "85.50 an hour"). A rate is a price whatever its currency, so
the fact reader (:mod:`mdrecall.knowledge.fact_lines.fact_values`) reads it as an amount of money (``m:``), as
it reads "₹1,650 a load". Pure.

The grammar: an amount's number (:mod:`mdrecall.knowledge.fact_lines.money`: groups, a decimal, a ``k``/``m``
scale), then "/" and a unit word, or "a", "an", "per" or "each" and a unit word. A count per unit ("2 scoops a
day", "3 a week") is no price: the number must read as money, that is 100 or more, or scaled, or with
cents; and a unit shorter than an hour ("120/min", "300 per second") or "per cent" tells a speed or a
share, not a price. Every test is one regular expression's pass over the line: linear."""

from __future__ import annotations

import re

from mdrecall.knowledge.fact_lines.fact_words import DIGIT
from mdrecall.knowledge.fact_lines.money import amount_value

__all__ = ["TIME_UNITS", "bare_rates", "other_units", "price_units", "priced_amounts"]

#: A number read as an amount ("1,500", "12.000", "4k", "85.50"), then a unit: "/h", "/month", "a load",
#: "per flat", "each session" (one space at most before "/"; the unit a word of letters). No match starts
#: inside a number's groups (after a digit and a separator): a long run of groups is read once, not once
#: a group (quadratic).
_RATE = re.compile(
    r"(?<![\w.,/:#-])(?<!\d[ ,.'\u00a0\u202f])"
    r"(\d{1,3}(?:[ ,.'\u00a0\u202f]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)"
    r"(?:\s?([km])\b)?"
    r"(?:\s?/\s?|\s+(?:a|an|per|each)\s+)([^\W\d_]+)\b",
    re.I,
)
#: Units that make a number a speed, a share or a pace, not a price.
_NOT_PRICE_UNIT = frozenset(
    "s sec secs second seconds min mins minute minutes ms cent centum mille percent lot few bit couple "
    "while time times little half quarter third".split()
)
#: A word naming a price or a payment, then a bare amount after it ("fee is 4k", "Rent: 1,150", "awarded
#: 1.25m", "quoted 900 for the lot"), a few small words between at most; the amount's own end checked by
#: :data:`_AFTER_PRICE`.
_PRICED = re.compile(
    r"\b(?:fees?|prices?|costs?|rents?|rates?|salary|wages?|budget|quote|grants?|award|fines?|deposit|fares?"
    r"|subs|premium|tuition|stipend|allowance|paid|pays?|charged?|charges|quoted|awarded|granted|owed?|owes"
    r"|earns?|earned|spent|billed)"
    r"(?:\s*:|\s+(?:is|was|are|were|of|at|now|to|up|down|goes|went|rises|rose|fell|for|about|around|only"
    r"|just|still|stays|us|them|me|him|her)\b){0,3}\s*"
    r"(?<![\w.,/:#-])(\d{1,3}(?:[ ,.'\u00a0\u202f]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)"
    r"(?:\s?([km])\b)?",
    re.I,
)
#: What may not follow a priced amount: a digit, a sign of a time, date, share or range ("10:30", "3/4",
#: "20%", "2-3"), or a word (a count of things: "fee for 30 kids"), unless a small one or a unit's "a"/"per".
_AFTER_PRICE = re.compile(
    r"[\w%/:-]|[.,]\d|\s+(?!(?:a|an|per|each|for|from|to|and|or|in|on|at|by|now|this|a)\b)[^\W\d_]"
)
#: A year (1900–2099) written plain is a date, not a price ("in 2019 a year later").
_YEAR = re.compile(r"(?:19|20)\d\d")


def _money_like(number: str, scale: str | None, value: str) -> bool:
    """Does the number read as money: scaled, with cents, or 100 and more?"""
    if scale:
        return True
    if re.search(r"[.,]\d\d$", number) and not re.search(r"[.,]\d{3}$", number):
        return True  # "85.50": cents
    try:
        return float(value) >= 100
    except ValueError:
        return False


def bare_rates(line: str) -> set[str]:
    """The prices ``line`` tells per a unit with no currency beside them, each as its value (separators
    dropped, thousands written out): "Jai Malhar: 1,500 a load" → {"1500"}, "fee is 4k per month" →
    {"4000"}; not "2 scoops a day" nor "120/min"."""
    if DIGIT.search(line) is None:
        return set()
    out: set[str] = set()
    for m in _RATE.finditer(line):
        number, scale, unit = m.group(1), m.group(2), m.group(3).lower()
        if unit in _NOT_PRICE_UNIT or (not scale and _YEAR.fullmatch(number)):
            continue
        value = amount_value(number, scale)
        if _money_like(number, scale, value):
            out.add(value)
    return out


def priced_amounts(line: str) -> set[str]:
    """The bare amounts ``line`` names after a word of a price or a payment ("fee is 4k" → {"4000"},
    "Rent: 1,150" → {"1150"}, "awarded 1.25m" → {"1250000"}); not a count ("fee for 30 kids", "paid 2
    visits"), a year ("budget 2027"), a time or a share."""
    if DIGIT.search(line) is None:
        return set()
    out: set[str] = set()
    for m in _PRICED.finditer(line):
        number, scale = m.group(1), m.group(2)
        if not scale and (_YEAR.fullmatch(number) or _AFTER_PRICE.match(line, m.end())):
            continue
        value = amount_value(number, scale)
        if _money_like(number, scale, value):
            out.add(value)
    return out


#: A number (a currency's sign or code may stand before it), then the unit it is per: "£22 a night",
#: "1500 per child", "€1.90/1000" (no unit: digits), "4k per month".
_PER_UNIT = re.compile(
    r"\d(?:\s?[km])?\b(?:\s?[^\s\w]{1,3})?(?:\s?/\s?|\s+(?:a|an|per|each)\s+)([^\W\d_]+)\b", re.I
)
#: A further unit right after a price's unit, one price per both ("RM 20 per hour per court", "$3/kg/week"):
#: a price told per the two units in another order is the same price's.
_PER_MORE = re.compile(r"(?:\s?/\s?|\s+per\s+)([^\W\d_]+)\b", re.I)
#: Abbreviations of the units of time a price is per, and their words, as one form.
_UNIT_FORMS = {
    "h": "hour", "hr": "hour", "hrs": "hour", "hour": "hour", "hours": "hour",
    "d": "day", "day": "day", "days": "day", "night": "day", "nights": "day",
    "wk": "week", "pw": "week", "week": "week", "weeks": "week",
    "mo": "month", "pcm": "month", "mth": "month", "month": "month", "months": "month",
    "yr": "year", "pa": "year", "annum": "year", "year": "year", "years": "year",
    "term": "term", "terms": "term", "quarter": "quarter", "season": "season",
}  # fmt: skip
#: The units of time: a price per one of them and a price per another may be one price told anew
#: ("£600 a year" … "now £55 a month").
TIME_UNITS = frozenset(_UNIT_FORMS.values())


def price_units(line: str) -> set[str]:
    """The units ``line``'s prices or amounts are per ("entry fee 1500 per child" → {"child"}, "£22 a
    night, £140/wk" → {"day", "week"}), a plural's "s" dropped, a unit of time by one name."""
    if DIGIT.search(line) is None:
        return set()
    out: set[str] = set()
    for m in _PER_UNIT.finditer(line):
        units = [m.group(1)]
        end = m.end()
        while (more := _PER_MORE.match(line, end)) is not None:  # "per hour per court": both units
            units.append(more.group(1))
            end = more.end()
        for unit in (u.lower() for u in units):
            if unit in _NOT_PRICE_UNIT:
                continue
            if unit in _UNIT_FORMS:
                out.add(_UNIT_FORMS[unit])
            elif len(unit) > 2:
                out.add(unit[:-1] if unit.endswith("s") and len(unit) > 3 else unit)
    return out


def other_units(older: str, newer: str) -> bool:
    """Do two lines tell prices per other units, so of other things ("entry fee 1500 per child" … "fee is
    4k per month from April"; "Family room: £80 a night" … "Dogs: £15 a dog")? Units of time are one
    kind: a price per year and one per month may be one price told anew."""
    old, new = price_units(older), price_units(newer)
    if not old or not new or not old.isdisjoint(new):
        return False
    return not (old <= TIME_UNITS and new <= TIME_UNITS)
