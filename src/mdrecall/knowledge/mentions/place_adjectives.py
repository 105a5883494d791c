"""Adjectives of a people after a compass word ("South Indian", "North African"); the adjectives of places
the shipped demonym list lacks ("Maharashtrian", "Kenyan") are read in
:func:`mdrecall.knowledge.lexicon.name_lists.place_adjective`, which :func:`~.name_lists.demonym` asks.

WordNet's demonyms (``data/demonyms.txt``) hold the adjectives of countries and of a few regions; a note names
the cooking, beer or accent of a state or province too ("Maharashtrian thali", "Bavarian beer"). Such a word
alone names no entity, like "Polish" or "English". A word is read as one when a place of the gazetteer
(:func:`~.name_lists.places`, with or without its accents) and one of the usual endings make it, and it is
not itself a place, a given name, a well-known name or an English noun WordNet never capitalises
("Milan", "Sagan", "Human" stay what they were). Pure; a look-up per ending.
"""

from __future__ import annotations

from mdrecall.knowledge.lexicon.name_lists import demonym, place_adjective

__all__ = ["COMPASS", "compass_adjective", "place_adjective"]

#: Words of a compass or of a part before an adjective of a people ("South Indian", "North African").
COMPASS = frozenset("North South East West Central Northern Southern Eastern Western".split())


def compass_adjective(words: list[str]) -> bool:
    """Are ``words`` a compass word and an adjective of a people ("South Indian", "North African")?"""
    return len(words) == 2 and words[0] in COMPASS and demonym(words[1])
