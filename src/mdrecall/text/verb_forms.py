"""The irregular forms of an English verb: "kept" and "keep" are one word. Pure.

A light stem (:func:`mdrecall.search.snippets.term_matches`) finds "keeps" and "keeping" from "keep" by
their opening letters; "kept", "bought" or "went" it cannot. The table is WordNet 3.0's exception list
less the forms a prefix finds (``data/irregular_verbs.txt``, written by ``scripts/gen_irregular_verbs.py``).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

__all__ = ["verb_forms"]


@cache
def _table() -> dict[str, frozenset[str]]:
    """Each verb and each of its irregular forms → the verb and all its irregular forms."""
    groups: dict[str, set[str]] = {}
    text = (Path(__file__).parent / "data" / "irregular_verbs.txt").read_text(encoding="utf-8")
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        form, verb = line.split()
        groups.setdefault(verb, {verb}).add(form)
    out: dict[str, set[str]] = {}
    for group in groups.values():
        for word in group:
            out.setdefault(word, set()).update(group)
    return {w: frozenset(g) for w, g in out.items()}


def verb_forms(word: str) -> frozenset[str]:
    """The other forms of the verb ``word`` is (lowercase) when some are irregular (``"kept"`` →
    ``{"keep"}``, ``"buy"`` → ``{"bought"}``); empty for any other word."""
    low = word.lower()
    return _table().get(low, frozenset()) - {low}
