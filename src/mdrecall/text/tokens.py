"""Tokens: Unicode words, with Chinese/Japanese/Korean runs cut into overlapping bigrams.

CJK text has no spaces between words, so a word tokenizer sees a whole sentence ("明天的会议很重要")
as one token and a two-character word ("会议") inside it can never match. Here every run of CJK
characters becomes its overlapping character bigrams (会议 → 会议; 明天的会议 → 明天 天的 的会 会议); a
one-character run stays one token. A query's bigrams then match the same bigrams in the text:
the standard CJK bigram approach (as Lucene's ``CJKAnalyzer``), no dictionary needed.

:func:`cjk_index_text` is what the SQLite store indexes in its CJK table: the bigrams plus the last
character of each run, so a one-character query (a prefix query on that table) finds every
occurrence of its character. Changing that rendering needs a migration that rebuilds the table.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

__all__ = ["cjk_index_text", "has_cjk", "is_cjk", "is_hiragana", "normalize", "strip_accents", "tokenize"]

_WORD = re.compile(r"\w+", re.UNICODE)
_WORD_PART = re.compile(r"[^\W_]+", re.UNICODE)  # a \w+ word split at underscores, in one C pass
# Han (+ extensions, compatibility), iteration marks, Hiragana, Katakana (not its punctuation),
# Hangul syllables and jamo.
_CJK_CHARS = (
    "\u1100-\u11ff\u3005-\u3007\u3041-\u3096\u309d-\u309f\u30a1-\u30fa\u30fc-\u30ff\u3130-\u318f"
    "\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7af\ud7b0-\ud7ff\uf900-\ufaff"
    "\U00020000-\U0003134f"
)


@cache
def _cjk_run() -> re.Pattern[str]:
    """A run of CJK characters (compiled on first use: the ranges take milliseconds to compile, and
    ASCII text, a keyword search's usual input, never needs them)."""
    return re.compile(f"[{_CJK_CHARS}]+")


@cache
def _cjk_only() -> re.Pattern[str]:
    return re.compile(f"[{_CJK_CHARS} ]+")


_HIRAGANA = re.compile("[\u3041-\u309f]+")


def normalize(text: str) -> str:
    """NFKC, lowercased: the form every token is taken from."""
    return unicodedata.normalize("NFKC", text).lower()


def strip_accents(word: str) -> str:
    """``word`` without its combining accents, recomposed ("zoé" → "zoe", "Søren" keeps its "ø": a letter of
    its own, no accent; CJK stays)."""
    if word.isascii():
        return word
    bare = "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))
    return unicodedata.normalize("NFC", bare)


def _may_hold_cjk(text: str) -> bool:
    """A cheap test before the regex: every CJK character is at or above U+1100."""
    return not text.isascii() and max(text) >= "\u1100"


def has_cjk(text: str) -> bool:
    """True when ``text`` holds at least one CJK character."""
    return _may_hold_cjk(text) and _cjk_run().search(text) is not None


def is_cjk(token: str) -> bool:
    """True when ``token`` (spaces allowed) is made only of CJK characters."""
    return _may_hold_cjk(token) and bool(token.strip()) and _cjk_only().fullmatch(token) is not None


def is_hiragana(token: str) -> bool:
    """True when ``token`` is only Hiragana (Japanese particles and endings: は, です, ます)."""
    return _HIRAGANA.fullmatch(token) is not None


def _bigrams(run: str) -> list[str]:
    return [run] if len(run) < 2 else [run[i : i + 2] for i in range(len(run) - 1)]


def _split_word(word: str) -> list[str]:
    """A ``\\w+`` word → its non-CJK parts (split on ``_``) and the bigrams of its CJK runs."""
    out: list[str] = []
    pos = 0
    for m in _cjk_run().finditer(word):
        out.extend(p for p in word[pos : m.start()].split("_") if p)
        out.extend(_bigrams(m.group(0)))
        pos = m.end()
    out.extend(p for p in word[pos:].split("_") if p)
    return out


def tokenize(text: str) -> list[str]:
    """Lowercased Unicode word tokens (NFKC; underscores split; CJK runs as overlapping bigrams)."""
    norm = normalize(text)
    out: list[str] = []
    if not has_cjk(norm):
        return _WORD_PART.findall(norm)
    for m in _WORD.finditer(norm):
        word = m.group(0)
        out.extend(_split_word(word) if has_cjk(word) else (p for p in word.split("_") if p))
    return out


def cjk_index_text(text: str) -> str:
    """The CJK bigrams of ``text`` plus each run's last character, space-separated ('' when none)."""
    if not has_cjk(text):
        return ""
    out: list[str] = []
    for m in _cjk_run().finditer(normalize(text)):
        run = m.group(0)
        out.extend(_bigrams(run))
        if len(run) > 1:
            out.append(run[-1])
    return " ".join(out)
