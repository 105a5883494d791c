"""Text analysis for stores that keep their own inverted index (the PostgreSQL store).

The same function turns chunk text into indexed terms and query keywords into search terms, so
both sides always agree. It mirrors SQLite FTS5's ``porter unicode61 remove_diacritics 2``
tokenizer, which the embedded store uses:

* :func:`mdrecall.text.query.tokenize` words (NFKC, lowercased, ``\\w+`` runs, underscores split);
* diacritics folded (``café`` → ``cafe``);
* the original Porter stemmer (``running`` → ``run``), as FTS5's ``porter`` does, from the
  ``snowballstemmer`` package (pure Python; it uses PyStemmer's C code when that is installed).

Stop words are kept in documents (they count towards a chunk's length, as in FTS5); the query
builder drops them from queries. A chunk's terms are those of its text and of its heading path
(:func:`mdrecall.text.chunking.keyword_heading`), as SQLite's two-column ``chunks_fts`` holds them; a
phrase is matched within one of the two.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any

from mdrecall.errors import MissingDependencyError
from mdrecall.text.chunking import keyword_heading
from mdrecall.text.query import tokenize
from mdrecall.text.tokens import strip_accents

__all__ = [
    "MAX_TERM_CHARS",
    "analysis_fingerprint",
    "analyze",
    "chunk_phrase_count",
    "chunk_term_counts",
    "phrase_count",
    "query_phrases",
    "query_terms",
    "term_counts",
]

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
    token = strip_accents(token)
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


def chunk_term_counts(heading: str, text: str) -> tuple[Counter[str], int]:
    """A chunk's term frequencies and length as indexed: its text's terms and its heading path's."""
    terms = analyze(text) + analyze(keyword_heading(heading, text))
    return Counter(terms), len(terms)


def chunk_phrase_count(heading: str, text: str, phrase: tuple[str, ...]) -> int:
    """How many times ``phrase`` occurs in a chunk's text or its indexed heading (never across)."""
    return phrase_count(analyze(text), phrase) + phrase_count(analyze(keyword_heading(heading, text)), phrase)


def query_terms(terms: tuple[str, ...] | list[str]) -> list[str]:
    """Keyword-query terms (and synonyms) → distinct indexed terms (same analysis as documents).

    A multi-word synonym ("base de datos") is left out here: see :func:`query_phrases`.
    """
    out: dict[str, None] = {}
    for t in terms:
        analysed = analyze(t)
        if len(analysed) == 1:
            out[analysed[0]] = None
    return list(out)


def query_phrases(terms: tuple[str, ...] | list[str]) -> list[tuple[str, ...]]:
    """The multi-word terms of a query (synonyms such as "base de datos"), each as its indexed terms."""
    out: dict[tuple[str, ...], None] = {}
    for t in terms:
        analysed = tuple(analyze(t))
        if len(analysed) > 1:
            out[analysed] = None
    return list(out)


def phrase_count(terms: list[str], phrase: tuple[str, ...]) -> int:
    """How many times ``phrase`` occurs in the term sequence ``terms`` (as consecutive terms)."""
    n = len(phrase)
    first = phrase[0]
    return sum(
        1 for i in range(len(terms) - n + 1) if terms[i] == first and tuple(terms[i : i + n]) == phrase
    )


#: What a chunk indexes besides its text's terms: bumped when that changes (2: its heading path; 3: without a
#: leading date).
_CHUNK_FORMAT = "3:heading-without-leading-date"

#: Text that exercises every rule above; its analysis fingerprints the analyser's behaviour.
_PROBE = (
    "Running runs ran RUNNER café naïve Ünïcödé snake_case_words v2rays 2026-01-26 3.5kg e-mail "
    "poetry.lock 明天的会议很重要 東京タワー 회의록 Москва ΑΘΗΝΑ " + "x" * 70
)


@lru_cache(maxsize=1)
def analysis_fingerprint() -> str:
    """Changes when :func:`analyze` would index text differently, or a chunk indexes other fields
    (:data:`_CHUNK_FORMAT`): the stored terms must then be rebuilt."""
    probe = "\x1f".join([*analyze(_PROBE), _CHUNK_FORMAT])
    import hashlib  # here: a search stemming a question's names (search.named_subject) needs no digest

    return hashlib.sha256(probe.encode("utf-8")).hexdigest()[:16]
