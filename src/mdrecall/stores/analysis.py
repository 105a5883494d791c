"""Text analysis for stores that keep their own inverted index (the PostgreSQL store).

The same function turns chunk text into indexed terms and query keywords into search terms, so
both sides always agree. It mirrors SQLite FTS5's ``porter unicode61 remove_diacritics 2``
tokenizer, which the embedded store uses:

* :func:`mdrecall.query.tokenize` words (NFKC, lowercased, ``\\w+`` runs, underscores split);
* diacritics folded (``café`` → ``cafe``);
* the original Porter stemmer (``running`` → ``run``), as FTS5's ``porter`` does, from the
  ``snowballstemmer`` package (pure Python; it uses PyStemmer's C code when that is installed).

Stop words are kept in documents (they count towards a chunk's length, as in FTS5); the query
builder drops them from queries.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from functools import lru_cache
from typing import Any

from ..errors import MissingDependencyError
from ..query import tokenize

__all__ = ["MAX_TERM_CHARS", "analyze", "query_terms", "term_counts"]

#: Longer tokens are not indexed (base64 blobs, hashes of pasted data).
MAX_TERM_CHARS = 64

_STEMMER: Any = None


def _stemmer() -> Any:
    global _STEMMER
    if _STEMMER is None:
        try:
            import snowballstemmer
        except ImportError as exc:  # pragma: no cover - the extra installs it
            raise MissingDependencyError("snowballstemmer", "postgres", "The PostgreSQL store") from exc
        _STEMMER = snowballstemmer.stemmer("porter")
    return _STEMMER


@lru_cache(maxsize=200_000)
def _term(token: str) -> str:
    """One token → its indexed form: diacritics folded, then Porter-stemmed."""
    if not token.isascii():
        folded = unicodedata.normalize("NFKD", token)
        token = "".join(ch for ch in folded if not unicodedata.combining(ch))
        token = unicodedata.normalize("NFC", token)
    if not token.isascii() or len(token) < 3:
        return token  # FTS5's porter step leaves these alone too
    return str(_stemmer().stemWord(token))


def analyze(text: str) -> list[str]:
    """Every indexed term of ``text``, in order (repeats kept)."""
    return [_term(t) for t in tokenize(text) if len(t) <= MAX_TERM_CHARS]


def term_counts(text: str) -> tuple[Counter[str], int]:
    """Term frequencies of ``text`` and its length in terms (the BM25 document length)."""
    terms = analyze(text)
    return Counter(terms), len(terms)


def query_terms(terms: tuple[str, ...] | list[str]) -> list[str]:
    """Keyword-query terms → distinct indexed terms (same analysis as documents)."""
    out: dict[str, None] = {}
    for t in terms:
        for a in analyze(t):
            out[a] = None
    return list(out)
