"""WordNet's nouns of people, animals and premises shipped in ``data/``, loaded on first use, with nothing
of the name lists or the extraction: what a search stage reads to tell a role word in a question ("the
luthier", "the greyhound") without loading the entity machinery."""

from __future__ import annotations

from functools import cache
from pathlib import Path

__all__ = ["animal_words", "person_noun", "venue_noun", "word_set"]

_DATA = Path(__file__).parents[1] / "data"


def word_set(name: str) -> frozenset[str]:
    """The words of the shipped list ``data/<name>`` (whitespace-separated; ``#`` lines are comments)."""
    lines = (_DATA / name).read_text(encoding="utf-8").splitlines()
    return frozenset(w for line in lines if not line.startswith("#") for w in line.split())


def person_noun(word: str) -> bool:
    """Is ``word`` (any case) an English noun of a person, an occupation or a role ("Harpist", "midwife",
    "farrier"), from WordNet (``data/person_nouns.txt``, written by ``scripts/gen_person_nouns.py``)?"""
    return word.casefold() in _person_nouns()


@cache
def _person_nouns() -> frozenset[str]:
    return word_set("person_nouns.txt")


@cache
def animal_words() -> frozenset[str]:
    """One-word English names of animals ("gecko", "axolotl", "dog"), from WordNet
    (``data/animal_words.txt``, written by ``scripts/gen_animal_words.py``)."""
    return word_set("animal_words.txt")


def venue_noun(word: str) -> bool:
    """Is ``word`` (lower case, singular) an English noun of a business's premises ("bakery", "restaurant",
    "clinic", "shop"), from WordNet (``data/venue_nouns.txt``, written by ``scripts/gen_venue_nouns.py``)?"""
    return word in _venue_nouns()


@cache
def _venue_nouns() -> frozenset[str]:
    return word_set("venue_nouns.txt")
