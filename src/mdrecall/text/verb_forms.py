"""The forms of an English verb a stem cannot find: "kept" and "keep" are one word, and "movers" are the
ones who move. Pure.

A light stem (:func:`mdrecall.search.snippets.term_matches`) finds "keeps" and "keeping" from "keep" by
their opening letters; "kept", "bought" or "went" it cannot. That table is WordNet 3.0's exception list
less the forms a prefix finds (``data/irregular_verbs.txt``, written by ``scripts/gen_irregular_verbs.py``).
The keyword index stems "movers" to "mover", never to "move": the nouns of a doer and their verbs are
WordNet's derivational links (``data/agent_nouns.txt``, written by ``scripts/gen_agent_nouns.py``).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

__all__ = ["agent_verb", "verb_forms"]


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


@cache
def _agents() -> dict[str, str]:
    text = (Path(__file__).parent / "data" / "agent_nouns.txt").read_text(encoding="utf-8")
    return dict(line.split() for line in text.splitlines() if line and not line.startswith("#"))


def agent_verb(word: str) -> str | None:
    """The verb of a noun naming the one who does it (``"movers"`` → ``"move"``, ``"buyer"`` →
    ``"buy"``); ``None`` for any other word."""
    low = word.lower()
    agents = _agents()
    return agents.get(low) or (agents.get(low[:-1]) if low.endswith("s") else None)
