"""A question asking what class a named thing belongs to is answered by a line that classes it (stage
``kinds``).

"What breed is Biscuit?" holds one keyword, the name: every note about the cat holds it as often as
the line that answers ("Cat: Biscuit, a British Shorthair, 9 yrs old."), and a curated page that names
him once among thirty lines ranks below the daily notes. The question's grammar says what answers it:
"what/which NOUN is NAME" (a copula, a capitalised subject and nothing after it) asks for the name's
class, and a line gives a class by Hearst's patterns of hyponymy, a predicate or an apposition with an
indefinite noun phrase ("Biscuit, a British Shorthair", "Pickle is a cockapoo", "Rolo (a beagle)") or
the noun phrase naming it ("a wire-haired terrier called Tuppence"). A candidate with such a line is
lifted by :data:`CLASS_LIFT` (a share of its score). An indefinite article of degree or amount ("Biscuit
is a bit quieter", "is a lot better") gives no class. Nothing is fetched: the stage reorders the first
:data:`WINDOW` candidates. English only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from mdrecall.models import Scored

__all__ = ["CLASS_LIFT", "WINDOW", "apply_class_lift", "asked_class_of", "classes_name"]

#: How much a candidate whose line classes the asked name is lifted (a share of its score).
CLASS_LIFT = 1.0
#: How many of the first candidates are looked at: the name is the question's only keyword, so the line
#: that classes it may lie under every note that mentions it.
WINDOW = 10
#: "what breed is Biscuit", "which kind of dog is Tuppence?", "what species was Kobe": a common noun
#: (a few words), a copula, then only a capitalised name (not "Nonno's dog", not "Mia in").
_ASKS = re.compile(
    r"^\s*(?i:what|which)\s+(?P<noun>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3})\s+(?:is|was)\s+"
    r"(?P<name>[A-Z][\w.’'-]*(?:\s+[A-Z][\w.’'-]*){0,2})\s*\??\s*$"
)
#: Nouns that ask for a time, an amount or a place, not a class ("what day is Mia", "which room is Ana").
_NOT_CLASS = frozenset(
    "day days date time year month week age size number room floor address colour color price".split()
)
#: Indefinite noun phrases of degree or amount: no class ("is a bit off", "a lot better", "a few").
_DEGREE = r"(?:bit|little|lot|few|while|couple|tad|touch|half|third|quarter|day|week|month|year)\b"


def asked_class_of(query: str) -> str | None:
    """The name whose class the question asks (``"what breed is Biscuit?"`` → ``"Biscuit"``), or
    ``None`` when it asks no such thing (a possessive subject, a word after the name, a noun of time)."""
    m = _ASKS.match(query)
    if m is None:
        return None
    name = m.group("name").rstrip(".")
    if name.endswith(("'s", "’s")) or set(m.group("noun").split()) & _NOT_CLASS:
        return None
    return name


def classes_name(name: str) -> re.Pattern[str]:
    """A pattern finding a line that classes ``name``: ``NAME, a/an …``, ``NAME is/was a/an …``,
    ``NAME (a …``, ``NAME — a …``, or ``a/an … called/named NAME`` (a few words between)."""
    n = re.escape(name)
    after = rf"(?<![\w-]){n}(?![\w-])\s*(?:,|\(|—|–|-|\bis\b|\bwas\b)\s*(?:an?)\s+(?!{_DEGREE})[\w-]"
    before = rf"\b(?:an?)\s+(?!{_DEGREE})[\w-]+(?:\s+[\w-]+){{0,3}},?\s+(?:called|named)\s+{n}(?![\w-])"
    return re.compile(f"{after}|{before}")


def apply_class_lift(items: Sequence[Scored], name: str, weight: float = CLASS_LIFT) -> list[Scored]:
    """``items`` with each of the first :data:`WINDOW` whose line classes ``name`` (:func:`classes_name`)
    lifted by ``weight`` (stage ``kinds``), re-sorted when one was."""
    out = list(items)
    if not out or weight <= 0 or not name:
        return out
    pattern = classes_name(name)
    head = out[:WINDOW]
    lifted = False
    for i, s in enumerate(head):
        if any(pattern.search(line) for line in s.chunk.text.split("\n")):
            head[i] = s.with_score("kinds", s.score * (1 + weight))
            lifted = True
    if not lifted:
        return out
    return sorted(head, key=lambda s: -s.score) + out[WINDOW:]
