"""Names that name a kind of person or animal, not one: "a scruffy Jack Russell who barks", "Hens: Pia (a
Welsummer)", "two Joans on the list".

A breed or a type reads as a name by its shape and may be typed a person or a pet by the words around it;
written only after an indefinite article (perhaps with an adjective) and closing its phrase, it is one
of a kind, no one the agent should be told of; so is a given name's plural written only after a number
(whatever kind it was given). A name the notes also write otherwise ("Pia said") is left alone, as is one
qualifying a noun after it ("a Rosalía concert"). The entity view asks only for the few mention lines
(:data:`MAX_LINES`) of its persons and pets, in one batch.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from mdrecall.knowledge.lexicon.name_lists import given_name
from mdrecall.stores.views import ViewStore

__all__ = ["KINDS", "MAX_LINES", "kind_roots", "names_a_kind"]

#: The kinds such a name is typed wrongly with.
KINDS = frozenset({"person", "pet"})
#: An entity with more mention lines than this names someone (or is left to the other rules).
MAX_LINES = 3

#: An indefinite article, perhaps with one lower-case word (an adjective: "a wiry"), right before the name;
#: not a noun and a word of naming ("a lurcher called Momo" names the dog).
_ARTICLE = re.compile(r"(?:^|[^\w'’-])(?:a|an)[ ](?:(?!called[ ]|named[ ]|nicknamed[ ])[a-z][\w-]*[ ])?$")
#: A number or a word of many before a plural ("two Joans", "3 Dobermanns").
_MANY = re.compile(r"(?:^|[^\w'’-])(?:\d+|two|three|four|five|six|several|many|both)[ ]$", re.IGNORECASE)
#: What closes the name's phrase after it: a mark, the line's end, or a word that cannot be the noun it
#: qualifies ("a Jack Russell who barks", "a Welsummer from the show").
_CLOSED = re.compile(
    r"$|[ ]?[,.;:!?)\]]|[ ][-–—][ ]"
    r"|[ ](?:who|that|which|called|named|with|from|and|or|in|on|at|for|of|by|to|is|was|but)\b"
)


def _joins(c: str) -> bool:
    """Does ``c`` join a word to the next (a letter, a digit, ``_``, an apostrophe or a hyphen)?"""
    return c.isalnum() or c in "_'’-"


def _written(text: str, name: str) -> Iterable[tuple[str, str]]:
    """(the text before, the text after) each place ``name`` is written in ``text`` as a whole word. Plain
    substring searches: a pattern compiled for each name overflowed the regular expressions' cache on a page
    of thousands of names (2 s of the views' build on a 20,000-row table)."""
    start = 0
    while (i := text.find(name, start)) >= 0:
        j = i + len(name)
        start = i + 1
        if (i and _joins(text[i - 1])) or (j < len(text) and _joins(text[j])):
            continue
        yield text[max(0, i - 40) : i], text[j : j + 12]


def _plural_given(name: str) -> bool:
    """Is ``name`` a given name's plural ("Joans", "Aoifes")?"""
    return len(name) > 3 and name.endswith("s") and " " not in name and given_name(name[:-1])


def names_a_kind(names: Sequence[str], texts: Iterable[str], one: bool = True) -> bool:
    """Is every place the lines ``texts`` write one of ``names`` after an indefinite article closing its
    phrase (where ``one``), or as a given name's plural after a number ("a British Blue.", "two Joans")?
    False where none is found."""
    seen = False
    for text in texts:
        for name in names:
            for before, after in _written(text, name):
                seen = True
                single = one and _ARTICLE.search(before) is not None and _CLOSED.match(after) is not None
                many = _plural_given(name) and _MANY.search(before) is not None
                if not (single or many):
                    return False
    return seen


def kind_roots(
    store: ViewStore, listed: Sequence[tuple[str, str, int, Sequence[str], Sequence[str]]]
) -> set[str]:
    """The roots, of ``listed`` (root, kind, mention lines, names as written, keys), of persons and pets of a
    few lines that :func:`names_a_kind` reads as one of a kind; their lines are read in one batch."""
    asked = {
        key: root
        for root, kind, lines, names, keys in listed
        if lines <= MAX_LINES and (kind in KINDS or any(_plural_given(n) for n in names))
        for key in keys
    }
    if not asked:
        return set()
    rows = store.mention_rows(sorted(asked))
    texts = store.line_texts(sorted({(r.path, r.line) for r in rows}))
    where: dict[str, set[tuple[str, int]]] = {}
    for r in rows:
        where.setdefault(asked[r.key], set()).add((r.path, r.line))
    names = {root: (names, kind in KINDS) for root, kind, _lines, names, _keys in listed if root in where}
    return {
        root
        for root, at in where.items()
        if names_a_kind(names[root][0], (texts.get(w, "") for w in sorted(at)), one=names[root][1])
    }
