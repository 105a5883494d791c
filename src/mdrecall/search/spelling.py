"""A question's misspelt word read as the workspace's word one edit away (stage ``spelling``).

"how do I want my remiders sent" is answered by "signal over email from now on for reminders": no note
holds "remiders", so the keyword leg finds nothing for it and the question's subject is lost. A word of
the question that is

* written in lowercase (a capitalised word is a name the notes may not hold yet), of five letters or
  more, not a stop word;
* in no chunk, read as the keyword index reads it (stemmed);
* no English word (:func:`english_word`: the embedder's ~21,000 frequent words, WordNet's nouns, with a
  regular ending or not: a real word the notes do not hold is left to the synonyms of the ``related``
  stage, never bent into another word);

is replaced by the English word one edit away (a letter left out, added, changed, or two swapped:
Damerau distance 1) that the most chunks hold: never a name or a brand ("varroa" is not "Varrox").
The candidates are the word's ~50×n edits, kept when a prefix of one (of at least n − 5 letters: the
keyword index stores Porter stems) is a term of the index
(:meth:`~mdrecall.stores.base.SupportsVocabulary.index_terms`, read once per change of the index),
then counted by the index itself. The corrected question is what every later stage reads. A store
without a vocabulary gets no correction. Nothing runs for a question whose every word is in the notes
(one cached count a word).
"""

from __future__ import annotations

import re

from mdrecall.errors import IndexCorruptError, StoreError
from mdrecall.stores.base import Store, SupportsVocabulary
from mdrecall.text.stopwords import STOP_WORDS

__all__ = ["MIN_LETTERS", "corrected_query", "edits1", "english_word", "misspelt_words"]

#: Shorter words are not corrected: one edit away from a four-letter word are dozens of words.
MIN_LETTERS = 5
#: At most this many candidates a word are counted in the index.
_MAX_COUNTED = 64
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_ENDINGS = (("ies", "y"), ("ied", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"), ("ing", ""))
_WORD = re.compile(r"(?<![\w'’-])[a-z]+(?![\w'’-])")


def english_word(word: str) -> bool:
    """Is ``word`` (lowercase) a frequent English word (the embedder's vocabulary), a WordNet noun, or
    one of these with a regular ending ("reminders", "booked", "cleaning")?"""
    from mdrecall.knowledge.name_lists import common_word, lower_noun

    return any(common_word(b) or lower_noun(b) for b in _bases(word))


def _bases(word: str) -> list[str]:
    """``word`` and the words it may be with a regular ending taken off (pure guesses, checked above)."""
    out = [word]
    for end, repl in _ENDINGS:
        if word.endswith(end) and len(word) - len(end) >= 3:
            out.append(word[: -len(end)] + repl)
    if word.endswith("ing") and len(word) > 6:
        out.append(word[:-3] + "e")
    return out


def edits1(word: str) -> set[str]:
    """Every string one edit from ``word`` (a letter deleted, inserted, replaced, or two adjacent swapped)."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    out = {a + b[1:] for a, b in splits if b}
    out |= {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    out |= {a + c + b[1:] for a, b in splits if b for c in _LETTERS}
    out |= {a + c + b for a, b in splits for c in _LETTERS}
    out.discard(word)
    return out


def _stored(word: str, terms: frozenset[str]) -> bool:
    """Whether a prefix of ``word`` long enough to be its stem is a term of the index."""
    low = max(3, len(word) - 5)
    return any(word[:k] in terms for k in range(len(word), low - 1, -1))


def misspelt_words(text: str) -> list[str]:
    """The words of ``text`` that may be misspelt as far as their letters say: lowercase, five letters or
    more, no stop word."""
    out: list[str] = []
    for m in _WORD.finditer(text[:2_000]):
        w = m.group(0)
        if len(w) >= MIN_LETTERS and w not in STOP_WORDS and w not in out:
            out.append(w)
    return out


def _correction(vocab: SupportsVocabulary, word: str, terms: frozenset[str]) -> str | None:
    """The English word one edit from ``word`` that the most chunks hold, or ``None``."""
    near = sorted(c for c in edits1(word) if _stored(c, terms) and english_word(c))[:_MAX_COUNTED]
    if not near:
        return None
    counts = vocab.term_chunks(near)
    best = max(near, key=lambda c: counts.get(c, 0))  # the first of equals, alphabetically
    return best if counts.get(best, 0) > 0 else None


def corrected_query(store: Store, text: str) -> str:
    """``text`` with each misspelt word that no chunk holds replaced by its correction (see the module);
    ``text`` itself when there is none, when the store keeps no vocabulary, or on a store error."""
    words = misspelt_words(text)
    if not words or not isinstance(store, SupportsVocabulary):
        return text
    try:
        held = store.term_chunks(words)
        missing = [w for w in words if not held.get(w) and not english_word(w)]
        if not missing:
            return text
        terms = store.index_terms()
        fixes = {w: c for w in missing if (c := _correction(store, w, terms))}
    except IndexCorruptError:
        raise
    except StoreError:
        return text
    if not fixes:
        return text
    return _WORD.sub(lambda m: fixes.get(m.group(0), m.group(0)), text)
