"""Lower-case words that are no English word, and finite verbs of what a person does: the word tests of the
readers of names written in lower case (:mod:`mdrecall.knowledge.mentions.lower_people`, the dictated-name
links of :mod:`mdrecall.knowledge.aliases`). Pure; WordNet's senses come from the shipped sense table."""

from __future__ import annotations

from functools import lru_cache

from mdrecall.knowledge.lexicon.kind_slots import senses
from mdrecall.knowledge.lexicon.mention_patterns import STOP
from mdrecall.knowledge.lexicon.name_lists import common_word, known_name, lower_known, lower_noun
from mdrecall.text.instructions import base_verb
from mdrecall.text.verb_forms import verb_forms

__all__ = ["person_verb", "unlexed", "verb_sense"]

#: The WordNet verb supersenses of what a person does and a thing seldom does.
_PERSON_SENSES = frozenset("communication cognition emotion perception social motion".split())


@lru_cache(maxsize=1 << 16)
def unlexed(word: str) -> bool:
    """Is the lower-case ``word`` no English word: not a frequent word, no WordNet noun or verb in any form,
    no stop word and no well-known name ("jepkorir", "nyokabi"; not "sops", "drive", "postgres")?"""
    if not word.isalpha() or len(word) < 3 or word.capitalize() in STOP:
        return False
    if common_word(word) or lower_noun(word) or word in lower_known() or known_name(word) is not None:
        return False
    return senses(word) == (None, None) and not _compound(word) and not _contraction(word)


#: Short words that join another to make an English compound ("log in", "stand up", "re-check").
_PARTICLES = frozenset("up in on out off over re de un co pre end".split())


def _word(part: str) -> bool:
    return part in _PARTICLES or common_word(part) or lower_noun(part)


def _compound(word: str) -> bool:
    """Is ``word`` two English words written as one ("login", "cutover", "bloodwork", "runbooks"): a
    particle and a word of three letters or more, or two words, one of four letters or more?"""
    for cut in range(2, len(word) - 1):
        left, right = word[:cut], word[cut:]
        short, long_ = sorted((len(left), len(right)))
        joined = left in _PARTICLES or right in _PARTICLES
        if (long_ >= 3 if joined else short >= 3 and long_ >= 4) and _word(left) and _word(right):
            return True
    return False


def _contraction(word: str) -> bool:
    """Is ``word`` a contraction written without its apostrophe ("dont", "didnt", "isnt")?"""
    return word.endswith("nt") and len(word) > 3 and common_word(word[:-2])


@lru_cache(maxsize=1 << 16)
def verb_sense(word: str) -> str | None:
    """The WordNet supersense of the lower-case ``word`` as a finite verb (third person or past: "says",
    "agreed", "drove", "said"), or None: a base form ("drive", "tell") follows no subject."""
    sense = senses(word)[1]
    for end, put in (("ied", "y"), ("aid", "ay")):  # "cried", "said": forms the sense table lacks
        if sense is None and word.endswith(end):
            sense = senses(word[: -len(end)] + put)[1]
    if sense is None or word.endswith(("ss", "ing")):
        return None
    if word.endswith(("s", "ed", "aid")):
        return sense  # "says", "agreed", "said"
    if not base_verb(word) and any(base_verb(f) for f in verb_forms(word)):
        return sense  # "drove", "came"
    return None


def person_verb(word: str) -> bool:
    """Is the lower-case ``word`` a finite verb of what a person does (:data:`_PERSON_SENSES`)?"""
    return verb_sense(word) in _PERSON_SENSES
