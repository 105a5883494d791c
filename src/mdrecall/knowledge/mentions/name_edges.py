"""Which words of a capitalised run are a name's own: the words opening a sentence before a name ("Met Dana
Okafor", "Interviewed Dev Anand", "Later Bex said") are set aside (:func:`trim_leading`), and a word is
written as a name itself or is a word of English capitalised to open a sentence (:func:`name_word`). What
kind of thing the name is, is :mod:`.names`'s.
"""

from __future__ import annotations

from mdrecall.knowledge.lexicon.family_customs import customary_name
from mdrecall.knowledge.lexicon.mention_patterns import HONORIFICS, STOP
from mdrecall.knowledge.lexicon.name_lists import (
    common_word,
    given_name,
    kin_word,
    known_names,
    lower_noun,
    nicknames,
    person_noun,
    places,
)
from mdrecall.knowledge.lexicon.name_words import PLACE_FIRST

__all__ = ["name_word", "trim_leading"]

#: Words that open a sentence before a name ("Met Dana Okafor", "Ask Priya"): not part of the name.
_LEADERS = set(
    """met meet meeting called call asked ask told tell emailed email pinged ping thanked thank invited
    invite saw see visited visit with from for about per cc dear congratulate congrats lunch dinner
    coffee call sync chat talked spoke interviewed interview hired hire finished reading read watched
    picked chose welcomed fed walked""".split()
)


def trim_leading(words: list[str], sentence_start: bool, after_label: bool = False) -> int:
    """How many leading words of a capitalised run are not part of the name: a sentence-opening verb,
    preposition or family word ("Met Dana Okafor", "Interviewed Dev Anand", "Wife Elmarie"), or a
    capitalised sentence opener before a known given name or a well-known name, not where a label's value
    opens with it ("Chair: Grace Wanjiku": a name, not a sentence's opening word)."""
    n = 0
    while len(words) - n > 1:
        word, nxt = words[n], words[n + 1]
        if word == "St." or (sentence_start and word in PLACE_FIRST and not n):
            break  # "St. Joseph Cathedral", "Fort Hayes Arts": a place's word opens the name
        if (
            (word.casefold() in _LEADERS and (sentence_start or n))  # "from Spoke Print Co." is a name
            or (
                sentence_start
                and n == 0
                and (not after_label or word.endswith("ly"))  # "Note: Hopefully Priya signs"
                and not given_name(word)
                and (_listed_given(nxt) or nxt in known_names())  # "Later Bex said"
                and not (_listed_given(nxt) and name_word(word))  # "Tavita Morgan signed up": a rarer one
                and not customary_name(words[n:])  # "Lê Minh Tuấn", "Tan Wei Ming": a family name first
            )
            or (sentence_start and not n and _verb_form(word))
            or (sentence_start and not n and kin_word(word))  # "Husband Kabelo Khumalo does the water"
        ):
            n += 1
            continue
        break
    return n


def _listed_given(word: str) -> bool:
    """Is ``word`` a given name or a nickname of the lists ("Priya", "Bex")?"""
    return given_name(word) or word.casefold() in nicknames()


#: Endings of English adjectives: a word ending so opens a sentence as a description, not a name.
_ADJECTIVE_ENDS = ("ic", "ical", "ial", "ous", "ive", "able", "ible", "ful", "less")


def name_word(word: str) -> bool:
    """Is ``word`` written as a name itself: a capital and lower-case letters, four or more with a vowel
    (two such parts joined by a hyphen: "Mei-Ling"; not "Thx", "Btw", "Tmrw"), no frequent English word,
    calendar or stop word, title, family word, noun of a person (:func:`~.name_lists.person_noun`), noun
    never capitalised (:func:`~.name_lists.lower_noun`), adjective by its ending, place or well-known
    name? A sentence opens with such a word only where it names someone ("Tavita Morgan volunteered"),
    not as a word before a name ("Yesterday Morgan said", "Emailed Morgan", "Harpist Morgan",
    "Oncogenic Ras")."""
    return (
        len(word) > 3
        and any(v in word.casefold() for v in "aeiouy")
        and all(part[:1].isupper() and part[1:].islower() and part.isalpha() for part in word.split("-"))
        and not common_word(word)
        and word not in STOP
        and word not in HONORIFICS
        and not kin_word(word)
        and not person_noun(word)  # "Harpist Seren Lloyd", "Midwife Grace": what someone is
        and not lower_noun(word)  # "Infertility", "Committee": nouns never written as names
        and not word.casefold().endswith(_ADJECTIVE_ENDS)  # "Oncogenic Ras", "Familial Barrett"
        and word not in places()
        and word not in known_names()
    )


def _verb_form(word: str) -> bool:
    """A sentence-opening "Interviewed", "Finished", "Walking": a verb, not part of the name after it."""
    return len(word) > 4 and word.endswith(("ed", "ing")) and not given_name(word)
