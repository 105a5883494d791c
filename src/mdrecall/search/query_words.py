"""The words of a question as the ranking stages count them on a line: forms of one word count once
("moving" and "move"; "kept" and "keep"). Pure."""

from __future__ import annotations

from collections.abc import Sequence

from mdrecall.search.snippets import query_stems
from mdrecall.text.verb_forms import verb_forms

__all__ = ["stems_and_words", "word_of"]

#: Endings an English word takes after dropping its final "e" ("move" → "moving", "moved", "movers").
_E_DROP_ENDINGS = ("ing", "ed", "er", "ers", "es")


def word_of(stems: frozenset[str]) -> dict[str, str]:
    """Each query stem → the stem standing for its word: forms of one word the light stems keep apart
    ("which moving company is doing our move": "moving" and "move") count once, so a line holding both
    answers no better than a line holding one."""
    out = {s: s for s in stems}
    for s in sorted(stems):
        if len(s) < 3 or not s.endswith("e"):
            continue
        base = s[:-1]
        for t in stems:
            if t != s and t.startswith(base) and t[len(base) :] in _E_DROP_ENDINGS:
                out[t] = out[s]
    return out


def stems_and_words(terms: Sequence[str]) -> tuple[frozenset[str], dict[str, str]]:
    """The stems a line is searched for (:func:`~mdrecall.search.snippets.query_stems`, with the
    irregular forms of a verb the query names: "where is the gear kept" finds "keeps its gear",
    :func:`~mdrecall.text.verb_forms.verb_forms`) and each stem's word (:func:`word_of`): a verb's
    forms count once."""
    stems = query_stems(terms)
    word = word_of(stems)
    for term in terms:
        own = query_stems((term,))
        for form in verb_forms(term):
            for extra in query_stems((form,)) - stems:
                word.setdefault(extra, word.get(next(iter(own)), next(iter(own))))
    return frozenset(word), word
