"""The kind an apposition after a name tells by its head noun: "TestFlow, an agency in Belgrade", "Skerne,
a village near Driffield", "Halden (a small charity)". Pure.

An apposition is a noun phrase set beside a name that says what the name is. It opens with an article or a
possessive ("a", "the", "our", "my"...), has at most three lower-case words before its head noun, and ends
where the head noun does: at a stop, a bracket, a comma before a lower-case word, or a word that begins a
modifier after it ("in", "near", "that", "run by"...). The head noun gives the kind: an organisation's or a
place's word of the name lists (:data:`~.name_words.ORG_WORD`, :data:`~.name_words.PLACE_LAST`), software
(:data:`~.name_words.APP_NOUNS`), a business's premises (:func:`~.noun_words.venue_noun`), or
else WordNet's class of its first sense (``data/apposed_nouns.txt``, written by
``scripts/gen_apposed_nouns.py``: an organisation, a place or software). Nouns of people are left to the
person rules ("Dana, our accountant" may be a firm: "supplier", "provider", "client" name both).
A copula equates a name with such a noun phrase too (:func:`predicate_kind`: "Tessera Go is our merchant
app", "Our bank is Brennock Mutual"); its head noun is read the same way.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from mdrecall.knowledge.lexicon.name_words import APP_NOUNS, ORG_WORD, PLACE_LAST, WEAK_ORG, apposed_kind
from mdrecall.knowledge.lexicon.noun_words import venue_noun

__all__ = ["apposed_noun", "apposition_kind", "predicate_kind"]

#: Where an apposition's head noun ends: a stop, a bracket, a comma before a lower-case word or a number, a
#: word opening a modifier, or the end of the text read (when that text is short: not a word cut off).
_END = (
    r"(?=[.;:!?)]|\s\(|,\s[a-z0-9]"
    r"|\s(?:in|on|at|near|by|from|of|for|with|that|which|who|where|run|based|outside|off)\b)"
)
_COMMA = re.compile(
    rf"^,\s(?:a|an|the|our|my|their|his|her|its|your)\s(?:[a-z][a-z'-]*\s){{0,3}}?([a-z][a-z-]*[a-z]){_END}"
)
_BRACKET = re.compile(
    r"^\s\((?:a|an|the|our|my|their|his|her|its|your)\s(?:[a-z][a-z'-]*\s){0,3}?([a-z][a-z-]*[a-z])[,);]"
)
#: A predicate noun after the name and a copula: "Tessera Go is our merchant app", "Halden was a charity".
_IS = re.compile(
    rf"^\s(?:is|was)\s(?:a|an|the|our|my|their|his|her|its|your)\s(?:[a-z][a-z'-]*\s){{0,3}}?([a-z][a-z-]*[a-z])"
    rf"(?:{_END}|,|$)"
)
#: A subject noun before the copula and the name: "Our app is Tessera Go", "the supplier is Halden".
_SUBJECT = re.compile(
    r"(?:^|[\s(*-])(?:[Oo]ur|[Mm]y|[Tt]he|[Tt]heir|[Hh]is|[Hh]er)\s(?:[a-z][a-z'-]*\s){0,2}?([a-z][a-z-]*[a-z])"
    r"\s(?:is|was)(?:\snow)?\s$"
)
_DATA = Path(__file__).parents[1] / "data"
#: The text after a name is read this far at most by the readers of names: shorter, it ends the line.
_READ = 24


@cache
def _nouns() -> dict[str, str]:
    """Noun → kind, from ``data/apposed_nouns.txt`` (a "word kind" pair a line)."""
    lines = (_DATA / "apposed_nouns.txt").read_text(encoding="utf-8").splitlines()
    return dict(line.split() for line in lines if line and not line.startswith("#"))


def apposed_noun(noun: str) -> str | None:
    """The kind a lower-case ``noun`` heading an apposition gives the name before it, or ``None``."""
    if ORG_WORD.match(noun) and noun.capitalize() not in WEAK_ORG:
        return "organisation"
    if noun.capitalize() in PLACE_LAST:
        return "place"
    if noun in APP_NOUNS:
        return "product"  # "Rondel, the booking app"
    if venue_noun(noun):
        return "organisation"  # "Hobnob, a bakery on the high street": the business
    return _nouns().get(noun.replace("-", ""))  # "co-operative" as WordNet's "cooperative"


def apposition_kind(after: str) -> str | None:
    """The kind an apposition opening ``after`` (the text after a name) tells, or ``None``: a bracket's
    (:func:`~.name_words.apposed_kind`, then the head noun's class) or a comma's ("Veldra, a co-operative
    in Ghent")."""
    if after.startswith(" ("):
        if (kind := apposed_kind(after)) is not None:
            return kind
        m = _BRACKET.match(after)
    elif after.startswith(", "):
        m = _COMMA.match(after)
        if m is None and len(after) < _READ:
            m = _COMMA.match(after + ".")  # the line ends after the head noun
    else:
        return None
    return apposed_noun(m[1]) if m is not None else None


def predicate_kind(before: str, after: str) -> str | None:
    """The kind a copula's other noun phrase tells of the name it equates ("Tessera Go is our merchant app",
    "Our app is Tessera Go", "Halden was a small charity"), its head noun read as an apposition's; the
    text after the name must end with the noun phrase or its modifier (``after`` as read, 40 characters)."""
    m = _IS.match(after) if after.startswith((" is ", " was ")) else None
    if m is None and before.endswith((" is ", " was ", " is now ")):
        m = _SUBJECT.search(before[-48:])
    return apposed_noun(m[1]) if m is not None else None
