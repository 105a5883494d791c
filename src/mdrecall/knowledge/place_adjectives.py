"""Adjectives of places the shipped demonym list lacks, read from the gazetteer: "Maharashtrian"
(Maharashtra), "Kenyan" (Kenya), "South Indian" (a compass word before one).

WordNet's demonyms (``data/demonyms.txt``) hold the adjectives of countries and of a few regions; a note names
the cooking, beer or accent of a state or province too ("Maharashtrian thali", "Bavarian beer"). Such a word
alone names no entity, like "Polish" or "English". A word is read as one when a place of the gazetteer
(:func:`~.name_lists.places`, with or without its accents) and one of the usual endings make it, and it is
not itself a place, a given name, a well-known name or an English noun WordNet never capitalises
("Milan", "Sagan", "Human" stay what they were). Pure; a look-up per ending.
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["COMPASS", "compass_adjective", "place_adjective"]

#: Words of a compass or of a part before an adjective of a people ("South Indian", "North African").
COMPASS = frozenset("North South East West Central Northern Southern Eastern Western".split())

#: (ending of the adjective, what replaces it to give the place): Keny-an → Kenya, Maharashtr-ian →
#: Maharashtra, Brazil-ian, Ital-ian → Italy, Mexic-an → Mexico, Japan-ese, Chin-ese → China
#: ("-i" is left out: "Kalyani" is a given name as often as Kalyan's adjective).
_ENDINGS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("ian", ("", "a", "ia", "y")),
    ("an", ("a", "o")),
    ("ese", ("", "a")),
)


@lru_cache(maxsize=65536)
def place_adjective(word: str) -> bool:
    """Is ``word`` the adjective of a place of the gazetteer by a usual ending ("Maharashtrian", "Kenyan"),
    and nothing the workspace could mean by itself (a place, a given name, a well-known name, a noun never
    capitalised)?"""
    from mdrecall.knowledge.name_lists import given_name, known_name, lower_noun, places

    if len(word) < 5 or not word[:1].isupper() or not word.isalpha() or not word[1:].islower():
        return False
    if word in places() or given_name(word) or known_name(word) is not None or lower_noun(word):
        return False
    for ending, repl in _ENDINGS:
        if not word.endswith(ending):
            continue
        stem = word[: -len(ending)]
        if len(stem) >= 3 and any(stem + r in places() for r in repl if len(stem + r) >= 4):
            return True
    return False


def compass_adjective(words: list[str]) -> bool:
    """Are ``words`` a compass word and an adjective of a people ("South Indian", "North African")?"""
    from mdrecall.knowledge.name_lists import demonym

    return len(words) == 2 and words[0] in COMPASS and demonym(words[1])
