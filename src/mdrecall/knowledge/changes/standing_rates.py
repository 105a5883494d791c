"""A standing price told again in a later log: two dated lines, each telling a price per one unit, one of
them saying the price stands ("stays on 18.000/h", "₹1,650 a load now", "still £12 a bag").

Two dated lines each holding an amount are read as two events by the change pass ("paid the bill, £86" …
"£91": each a payment of its day). A price *per a unit* is no event's amount but a standing attribute of
what is sold, hired or paid for (a rate, a fee, a wage: WordNet's ``rate.n.02``, "amount of a charge or
payment relative to some basis"); and where a line says it stands (*now*, *still*, *stays*, *currently*)
it is that attribute's value at the time, which a later line telling another price per the same unit
changes. Counts per a unit ("2 scoops a day") are no price
(:mod:`~mdrecall.knowledge.fact_lines.rate_amounts`); the lines must also hold money (``m:``) values that
differ. Pure; each test is a regular expression's pass over a line: linear.
"""

from __future__ import annotations

import re

from mdrecall.knowledge.fact_lines.rate_amounts import TIME_UNITS, price_units

__all__ = ["same_thing_priced", "standing_rate"]

#: A word saying a value stands at the time it is told: "now", "still", "stays", "currently",
#: "remains", "as before" (a present state, not one occasion's).
_STANDS = re.compile(
    r"\b(?:now|still|stays?|stayed|staying|currently|remains?|remained|as before|these days|going rate)\b",
    re.I,
)


def standing_rate(older: str, newer: str, old_slots: set[str], new_slots: set[str]) -> bool:
    """Do two dated lines tell one standing price anew: each a price per the same unit ("a load", "/h",
    "a month": units of time by one name), money values that differ, and one of them saying the price
    stands ("Bhau says ₹1,650 a load now" … "Jai Malhar: 1,500 a load")? ``old_slots``/``new_slots``:
    the lines' value slots (:func:`~mdrecall.knowledge.fact_lines.value_kinds.value_slots`)."""
    old_money = {v for v in old_slots if v.startswith("m:")}
    new_money = {v for v in new_slots if v.startswith("m:")}
    if not old_money or not new_money or old_money <= new_money or new_money <= old_money:
        return False
    units = price_units(older)
    if not units or units.isdisjoint(price_units(newer)):
        return False
    return _STANDS.search(older) is not None or _STANDS.search(newer) is not None


def same_thing_priced(older: str, newer: str, old_slots: set[str], new_slots: set[str]) -> bool:
    """Is the pair a standing price told anew (:func:`standing_rate`) per the same *thing*, not a unit of
    time ("₹1,650 a load now" … "1,500 a load": the price of a load, whoever sells it)? The unit names
    what is priced, so the two lines are about one thing however few other words they share."""
    if not standing_rate(older, newer, old_slots, new_slots):
        return False
    return bool((price_units(older) & price_units(newer)) - TIME_UNITS)
