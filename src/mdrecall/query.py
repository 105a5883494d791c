"""Query understanding as pure functions: keywords, stop words, and the FTS5 expression.

Any string a user or agent can type becomes either a safe FTS5 expression or ``None`` (nothing to
search): every term is double-quoted, so ``*``, ``:``, ``-``, ``AND``/``OR``/``NOT``/``NEAR``,
parentheses and quotes are only ever words, never syntax. Terms are OR-ed: BM25 ranks chunks that
hold more (and rarer) terms first, while a chunk holding only some of them can still be found.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from .stopwords import STOP_WORDS

__all__ = ["KeywordQuery", "build_keyword_query", "fts_expression", "tokenize", "MAX_TERMS"]

MAX_TERMS = 32
_WORD = re.compile(r"\w+", re.UNICODE)


@dataclass(frozen=True)
class KeywordQuery:
    """The keyword leg's query: the terms, and the FTS5 expression built from them."""

    text: str
    terms: tuple[str, ...]

    @property
    def fts(self) -> str | None:
        """The FTS5 MATCH expression, or ``None`` when there is nothing to search."""
        return fts_expression(self.terms)

    @property
    def empty(self) -> bool:
        """True when no searchable term is left."""
        return not self.terms


def tokenize(text: str) -> list[str]:
    """Lowercased Unicode word tokens (NFKC-normalised; underscores split)."""
    norm = unicodedata.normalize("NFKC", text).lower()
    out: list[str] = []
    for m in _WORD.finditer(norm):
        out.extend(p for p in m.group(0).split("_") if p)
    return out


def build_keyword_query(text: str, stop_words: frozenset[str] = STOP_WORDS) -> KeywordQuery:
    """Keywords of ``text``: tokens of 2+ characters that are not stop words, deduplicated, capped.

    A query made only of stop words and punctuation has no keywords (and finds nothing by keyword).
    """
    tokens = tokenize(text[:20_000])
    kept = [t for t in tokens if len(t) >= 2 and t not in stop_words]
    seen: dict[str, None] = {}
    for t in kept:
        if t not in seen:
            seen[t] = None
        if len(seen) >= MAX_TERMS:
            break
    return KeywordQuery(text=text, terms=tuple(seen))


def fts_expression(terms: tuple[str, ...] | list[str]) -> str | None:
    """OR of double-quoted terms (quotes inside a term are doubled), or ``None`` when empty."""
    quoted = ['"' + t.replace('"', '""') + '"' for t in terms if t]
    return " OR ".join(quoted) if quoted else None
