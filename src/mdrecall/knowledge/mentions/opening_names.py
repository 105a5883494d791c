"""Names of several capitalised words that open a sentence or a line ("Seafood Expo Global in Barcelona",
"- Universal Studios Japan for Ivy", "Rang Atlantic Chill about the van"). A word opening a sentence is
capitalised anyway, so such a run was only a weak candidate, kept where other evidence named it; but prose
capitalises its first word only: three capitalised words or more in a row are a name's, once the
sentence's own opening word is set aside.

The opening word is read by its class in WordNet (``data/opening_words.txt``, written by
``scripts/gen_opening_words.py``): an inflected verb ("Eats", "Rang", "Booked") opens the sentence, and the
name is the rest; an adjective that is never a noun or a verb ("Big", "New", "United") may open the name as
well as describe it ("New York City", "Big Café Tacvba fan"), so that run is left to the other evidence.
Not a heading's words, a table cell's (a column's values are often title-cased phrases), a run holding a
title or a given name and a word after it ("Vet Dr Ayesha Malik", "Charge Nurse Ben Walsh": the
person's readers decide) or a possessive before its end
("Sauti Sol's Midnight Train": two names), nor a run holding a calendar or other stop word."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from mdrecall.knowledge.lexicon.mention_patterns import HONORIFICS, PARTICLE_WORD, STOP, TITLES
from mdrecall.knowledge.lexicon.name_lists import given_name, known_name, places

__all__ = ["MAX_WORDS", "MIN_WORDS", "opening_lead", "opening_name", "opening_word"]

_DATA = Path(__file__).parents[1] / "data" / "opening_words.txt"
#: The fewest capitalised words of a run that opens a sentence and is read as a name.
MIN_WORDS = 3
#: The most: a longer run of capitalised words is a heading-like list or a page of capitals, not one name
#: (a 1 MB line of them would otherwise be one name of 100,000 words).
MAX_WORDS = 8


@cache
def _opening_words() -> dict[str, str]:
    out: dict[str, str] = {}
    for line in _DATA.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            word, cls = line.split()
            out[word] = cls
    return out


def opening_word(word: str) -> str | None:
    """``"v"`` for an inflected verb ("Eats", "Rang"), ``"a"`` for an adjective never a noun or a verb
    ("Big", "United"), else None; never a given name or a place ("Rose", "Reading")."""
    cls = _opening_words().get(word.casefold())
    if cls is None or given_name(word) or word in places():
        return None
    return cls


def _plain_run(words: list[str]) -> bool:
    """Are ``words`` capitalised words (perhaps joined by a name's small words, "de", "van") with no stop
    word, no title and no possessive before the last?"""
    for k, w in enumerate(words):
        if PARTICLE_WORD.fullmatch(w) and 0 < k < len(words) - 1:
            continue
        if not w[:1].isupper() or w in STOP or w.rstrip(".") in HONORIFICS | TITLES:
            return False
        if k < len(words) - 1 and w.endswith(("'s", "’s", "s'", "s’")):
            return False
    return True


def opening_lead(words: list[str], opens: bool, heading: bool) -> int:
    """1 where a run of capitalised words opening a sentence starts with an inflected verb and goes on
    with a name of two words or more ("Eats Ziwi Peak", "Rang Atlantic Chill"), else 0."""
    if not opens or heading or not MIN_WORDS <= len(words) <= MAX_WORDS:
        return 0
    if opening_word(words[0]) != "v" or not _plain_run(words[1:]) or known_name(" ".join(words)):
        return 0
    return 1


def opening_name(words: list[str], opens: bool, heading: bool, in_cell: bool) -> bool:
    """Is a run of capitalised words that opens a sentence or line a name by its length alone: three words
    to :data:`MAX_WORDS`, no heading's or table cell's, not opened by an adjective or a verb's form, no stop
    word, title or possessive inside, no given name before a last word ("Charge Nurse Ben Walsh": a role and
    a person, for the person's readers) ("Seafood Expo Global", "Taller de Lutería Valdivia")?"""
    return (
        opens
        and not heading
        and not in_cell
        and MIN_WORDS <= len(words) <= MAX_WORDS
        and opening_word(words[0]) is None
        and _plain_run(words)
        and not any(given_name(w) for w in words[1:-1])
    )
