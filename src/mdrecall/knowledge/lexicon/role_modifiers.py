"""A role's noun capitalised as a class or a grade of the noun after it: "holds a Technician licence", "the
Senior league", "our Partner portal", "a Novice class". WordNet spells these words only in lower case
(:func:`~.name_lists.lower_noun`) and files them among people's nouns (:func:`~.noun_words.person_noun`):
written with a capital between a determiner and a common noun, they name a rank of that noun, not a
person or a thing of their own. A surname or a title ("the Baker family", "the Captain hat") is not such a
word: WordNet or the name lists spell it with a capital, so it is left alone. A maker named by such a word
("a Pioneer amplifier") is lost here; it is found where its other mentions give a name's evidence."""

from __future__ import annotations

import re

from mdrecall.knowledge.lexicon.name_lists import given_name, kin_word, known_name, lower_noun
from mdrecall.knowledge.lexicon.noun_words import person_noun
from mdrecall.text.stopwords import STOP_WORDS

__all__ = ["role_modifier"]

#: A determiner or a possessive right before the word: "a ", "the ", "her ", "Tess's ".
_DETERMINER = re.compile(
    r"(?:^|[\s(\"'“])(?:a|an|the|my|our|his|her|their|your|its|this|that|each|every|no|any|[\w-]+['’]s)[ ]$",
    re.IGNORECASE,
)
#: Nouns of a family or a household: after them the word is a surname ("the Novice family", "the Senior
#: twins"), whatever WordNet says of it.
_HOUSEHOLD = frozenset(
    "family families household households clan twins brothers sisters kids children".split()
)
#: The lower-case word right after it: " licence", " exam".
_NOUN_AFTER = re.compile(r"[ ]([a-z]{3,})\b")


def role_modifier(word: str, before: str, after: str) -> bool:
    """Is the capitalised ``word``, written between ``before`` (the line's text before it) and ``after``
    (the text after it), a role's noun naming a class of the common noun after it ("a Technician licence",
    "the Senior league"), not a name? Not a given name, a well-known name, nor before a noun of kin or of
    a household ("the Novice family"): a word WordNet spells only in lower case and files among people's
    nouns."""
    noun = _NOUN_AFTER.match(after)
    if noun is None or _DETERMINER.search(before[-40:]) is None:
        return False
    follow = noun.group(1)
    return (
        person_noun(word)
        and lower_noun(word)
        and not given_name(word)
        and known_name(word) is None
        and follow not in STOP_WORDS
        and lower_noun(follow)
        and not kin_word(follow)
        and follow not in _HOUSEHOLD
    )
