"""A given name never written alone, of a pair the workspace types no kind at all: "Santosh" of "Jai Malhar
Tankers (Santosh Kamble)", "Jimmy" of "Feet: Jimmy Okoro", "Prakash" of "Prakash Deshpande files the
returns". Read by :class:`~mdrecall.knowledge.index.EntityIndex` after
:func:`~.name_links.link_unwritten_given`, which takes the pairs typed a person.

Where no mention of the pair is cued to any kind, its words must say it is a person's name: a given name by
the lists, a listed nickname, a word with a name's shape (:func:`~.name_edges.name_word`) or a frequent word
that is no English word (``data/unlexed_words.txt``: "Prakash", "Vikram"), then a surname by its form:
letters, three or more, no noun never capitalised, place, given name, nor a place's, event's or
organisation's last word. A surname that is a frequent word ("Lynch", "Baker") is read only after a given
name by the lists or a nickname, never after a word read by its shape alone ("Wild Salmon", "Royal Mail"
are no one's).
"""

from __future__ import annotations

from collections.abc import Mapping

from mdrecall.knowledge.aliases.name_links import lone_openers, places_key
from mdrecall.knowledge.lexicon.mention_patterns import PARTICLE_WORD
from mdrecall.knowledge.lexicon.name_lists import (
    common_word,
    demonym,
    given_name,
    lower_noun,
    nicknames,
    unlexed_word,
)
from mdrecall.knowledge.lexicon.name_words import EVENT_LAST, INSTITUTION_LAST, ORG_LAST, ORG_WORD, PLACE_LAST
from mdrecall.knowledge.mentions.name_edges import name_word

__all__ = ["link_untyped_given", "unlexed_word"]  # unlexed_word: name_lists's, for old callers


def link_untyped_given(
    out: dict[str, str], stats: Mapping[str, tuple[int, bool]], kinds: Mapping[str, str]
) -> None:
    """Fold into ``out`` the first word, never written alone, of the one accepted two-word name it opens
    where no mention types that name (``kinds`` lacks it) and both words read as a person's: a given name
    then a surname (see the module), perhaps a surname's particles between ("Leonora dela Rama").
    Skipped as :func:`~.name_links.link_unwritten_given` skips: a word written alone or opening several
    names, a person called by another short name already, a family name written first ("Park Ji-ho"), a
    known place. Linear in the names."""
    for first, full in lone_openers(out, stats):
        if (
            full not in kinds
            and len(words := full.split()) <= 4
            and all(PARTICLE_WORD.fullmatch(w) for w in words[1:-1])
            and _person_pair(words[0].capitalize(), words[-1].capitalize())
        ):
            out[first] = full


def _person_pair(first: str, last: str) -> bool:
    """Do ``first`` and ``last`` (capitalised) read as a given name and a surname?"""
    if not _surname(last):
        return False
    if given_name(first) or first.casefold() in nicknames():
        return True
    return (name_word(first) or unlexed_word(first)) and not common_word(last)


def _surname(word: str) -> bool:
    """Could ``word`` be a surname by its form: letters (an O' or a hyphen inside), three or more, and none
    of a noun never capitalised, a given name, a people's adjective, a place, or a place's, an event's or an
    organisation's last word?"""
    core = word[2:] if word[:2] in ("O'", "O’", "D'", "D’") else word
    return (
        len(core) > 2
        and core.replace("-", "").isalpha()
        and not lower_noun(word)
        and not given_name(word)
        and not demonym(word)
        and word.casefold() not in places_key()
        and word not in PLACE_LAST
        and word not in EVENT_LAST
        and word not in ORG_LAST
        and word not in INSTITUTION_LAST
        and not ORG_WORD.match(word)
    )
