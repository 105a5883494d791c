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
is a bit quieter", "is a lot better") gives no class. Every candidate is looked at; when none classes
the name, the :data:`CLASS_POOL` chunks holding it best in the keyword index are (:func:`name_chunks`: one
keyword query, for such a question only): a page that classes the name among forty lines may rank below
every short note naming it, out of the candidates. One found there joins at the score of the
:data:`WINDOW`-th candidate before its lift. English only.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from mdrecall.models import Chunk, Scored
from mdrecall.stores.base import Store
from mdrecall.text.query import KeywordQuery

__all__ = [
    "CLASS_LIFT",
    "CLASS_POOL",
    "WINDOW",
    "apply_class_lift",
    "asked_class_of",
    "classes_name",
    "name_chunks",
]

#: How much a candidate whose line classes the asked name is lifted (a share of its score).
CLASS_LIFT = 1.0
#: A classing chunk found beyond the candidates joins at the score of this one of them (1-based): the
#: name is the question's only keyword, so the line that classes it may lie under every note naming it.
WINDOW = 10
#: How many chunks holding the name best are read from the keyword index for a line that classes it.
CLASS_POOL = 200
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


def name_chunks(
    store: Store,
    name: str,
    sources: Sequence[str] | None = None,
    allowed: Callable[[Chunk], bool] | None = None,
    limit: int = CLASS_POOL,
) -> list[Chunk]:
    """The ``limit`` chunks holding ``name``'s words best in the keyword index (of ``sources``), those
    ``allowed`` (the search's scope)."""
    words = tuple(w.lower() for w in re.findall(r"\w+", name))
    if not words:
        return []
    found = [c.chunk for c in store.search_text(KeywordQuery(name, words), limit, sources)]
    return [c for c in found if allowed is None or allowed(c)]


def apply_class_lift(
    items: Sequence[Scored],
    name: str,
    weight: float = CLASS_LIFT,
    fetch: Callable[[], Sequence[Chunk]] | None = None,
    floor: float = 0.0,
) -> list[Scored]:
    """``items`` with each one whose line classes ``name`` (:func:`classes_name`) lifted by ``weight``
    (stage ``kinds``), re-sorted when one was. When none does, the chunks ``fetch`` gives
    (:func:`name_chunks`) are looked at: one that classes it joins at the score of the
    :data:`WINDOW`-th candidate (the last, with fewer) before its lift. A classing chunk scores at least
    ``floor`` (the search's ``min_score``) before its lift: a name written in nearly every note weighs
    almost nothing in the keyword index, so the line classing it may score near nothing while a line
    classing another name takes the keyword score by its class word alone ("Comet, a whippet")."""
    out = list(items)
    if not out or weight <= 0 or not name:
        return out
    pattern = classes_name(name)

    def classes(chunk: Chunk) -> bool:
        return any(pattern.search(line) for line in chunk.text.split("\n"))

    lifted = False
    for i, s in enumerate(out):
        if classes(s.chunk):
            out[i] = s.with_score("kinds", max(s.score, floor) * (1 + weight))
            lifted = True
    if not lifted and fetch is not None:
        have = {s.chunk.id for s in items}
        base = max(items[min(WINDOW, len(items)) - 1].score, floor)
        for chunk in fetch():
            if chunk.id not in have and classes(chunk):
                have.add(chunk.id)
                out.append(Scored(chunk, base).with_score("kinds", base * (1 + weight)))
                lifted = True
    if not lifted:
        return out
    return sorted(out, key=lambda s: -s.score)
