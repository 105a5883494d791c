"""The converse of a question's verb of transfer: "who bought the canoe?" is answered by "sold it to
the Okafors". Pure.

A converse tells one event from its other party: A sells X to B exactly when B buys X from A. The pairs
are WordNet 3.0's antonymous verbs of possession of which one is the giver's (``data/converse_verbs.txt``,
written by ``scripts/gen_converse_verbs.py``: buy/sell, lend/borrow, give/take, win/lose). Only a
question that asks for a party ("who", "whom", "from whom", "to whom") has its verb's converse searched:
"what did Ana buy?" asks for the thing, which a line of selling rarely names with her.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from pathlib import Path

__all__ = ["asks_for_party", "converse_terms"]

_PARTY = re.compile(r"^\W*(?:(?:and|so|but)\s+)?(?:(?:to|from|by)\s+)?(?:who|whom)(?:'s|\s+)", re.I)
#: Regular inflections read back to a verb: "lends" → lend, "borrowed" → borrow, "lending" → lend.
_SUFFIXES = (("ies", "y"), ("ied", "y"), ("s", ""), ("ed", ""), ("ed", "e"), ("ing", ""), ("ing", "e"))


@cache
def _tables() -> tuple[dict[str, str], dict[str, str], dict[str, tuple[str, ...]]]:
    """Verb → its converse, irregular form → its verb, verb → its irregular forms."""
    converse: dict[str, str] = {}
    verb_of: dict[str, str] = {}
    forms: dict[str, tuple[str, ...]] = {}
    text = (Path(__file__).parent / "data" / "converse_verbs.txt").read_text(encoding="utf-8")
    for line in text.splitlines():
        if line and not line.startswith("#"):
            verb, other, *irregular = line.split()
            converse[verb] = other
            forms[verb] = tuple(irregular)
            verb_of.update((f, verb) for f in irregular)
    return converse, verb_of, forms


def asks_for_party(question: str) -> bool:
    """Whether ``question`` opens by asking for a person ("who", "whom", "to whom", "from whom")."""
    return bool(_PARTY.match(question[:200]))


def _verb(word: str, table: dict[str, str], verb_of: dict[str, str]) -> str | None:
    if word in table:
        return word
    if word in verb_of:  # "bought" → buy
        return verb_of[word]
    for suffix, repl in _SUFFIXES:
        if word.endswith(suffix) and (base := word[: -len(suffix)] + repl) in table:
            return base
    return None


def converse_terms(question: str, terms: Sequence[str]) -> tuple[str, ...]:
    """The converse verbs of ``terms`` (lowercase keywords of ``question``) with their irregular forms
    ("bought" → sell, sold), when the question asks for a party; none otherwise."""
    if not asks_for_party(question):
        return ()
    table, verb_of, forms = _tables()
    said = set(terms)
    out: dict[str, None] = {}
    for t in terms:
        verb = _verb(t.lower(), table, verb_of)
        if verb is None:
            continue
        other = table[verb]
        for w in (other, *forms.get(other, ())):
            if w not in said:
                out.setdefault(w, None)
    return tuple(out)
