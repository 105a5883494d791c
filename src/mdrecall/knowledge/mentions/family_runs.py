"""A full name written family name first, as a run of capitalised words: "Trần Thị Hương", "Tran Thi
Huong", "Nguyễn Minh Khoa", "Tan Wei Ming" (for :mod:`.capital_names`).

A Vietnamese name is a family name, a middle name and a given name, each one syllable ("Phạm Văn Đức"); a
Chinese name written so is a family name and a given name of one or two syllables ("Ong Bee Lian"). The
family name comes from a short list: the most frequent Vietnamese family names, which cover about nine
people in ten (the census figures the Vietnamese naming literature quotes; each with and without its
accents, less "Do", an English word: :data:`~.family_names.FREQUENT_SPELLINGS`), and
:func:`~.name_lists.family_first` holds the Chinese and Korean ones. Such a run is one person's name: a
sentence opening with it keeps its first word ("Tran Thi Huong came by": the family name is no opener
before a given name), and its kind is a person's.
"""

from __future__ import annotations

from mdrecall.knowledge.lexicon.address_words import kin_address
from mdrecall.knowledge.lexicon.family_names import FREQUENT_SPELLINGS, MIDDLE_NAMES
from mdrecall.knowledge.lexicon.mention_patterns import HONORIFICS, STOP, TITLES
from mdrecall.knowledge.lexicon.name_lists import (
    family_first,
    given_name,
    known_name,
    lower_noun,
    places,
)
from mdrecall.knowledge.lexicon.name_words import ORG_WORD, PLACE_FIRST, PLACE_WORDS

__all__ = ["CALENDAR_SYLLABLES", "family_run", "familiar_prefix", "titled_family"]

#: The longest syllable of a Vietnamese or romanised Chinese given name ("Nguyễn", "Thương", "Khuông").
_SYLLABLE_MAX = 7
#: Three-letter calendar words that are romanised given syllables too ("Kim Min Jun", "Lee Hae Sun", "Phạm
#: Thu Hà"): inside a custom's name, a name's part, not June or Sunday.
CALENDAR_SYLLABLES = frozenset("Thu Sun Jun Mar May Dec Mai".split())


def _syllable(word: str, marked: bool, custom: bool = False) -> bool:
    """Is ``word`` one capitalised syllable of a name: a capital and a few lower-case letters, no stop word,
    no place's or organisation's word ("Street", "Ltd"), and, unless the run is ``marked`` as a Vietnamese
    name (a middle name or accents: "Le Van Tung"), no noun that is never a name ("Bakery")? In a
    ``custom``'s name (a Chinese or Korean family name and two syllables) a calendar syllable is one too."""
    return (
        1 < len(word) <= _SYLLABLE_MAX
        and word.isalpha()
        and word[0].isupper()
        and word[1:].islower()
        and (
            word not in STOP
            or (marked and len(word) == 3)  # "Thu", a given name, not Thursday's
            or (custom and word in CALENDAR_SYLLABLES)  # "Kim Min Jun", not June
        )
        and (marked or given_name(word) or not lower_noun(word))
        and word not in PLACE_WORDS
        and word not in PLACE_FIRST
        and ORG_WORD.match(word) is None
    )


def _middle(word: str) -> bool:
    """Is ``word`` a Vietnamese middle name written as a name's word ("Van", "Thị"; not "VAN")?"""
    return word.istitle() and word.lower() in MIDDLE_NAMES


def family_run(words: list[str]) -> bool:
    """Are ``words`` a full name written family name first: a Vietnamese family name and two or three
    syllables (one, both written with their accents: "Lê Hoà"; "Le Loi" is as often a street's), or a
    Chinese or Korean one (:func:`~.name_lists.family_first`) and two ("Tan Wei Ming"; one alone, "Lim
    Swee", is as often a place's or a brand's words); no place or well-known name ("Ho Chi Minh" is the
    city as often as the man)?"""
    if not 2 <= len(words) <= 4:
        return False
    vietnamese = words[0] in FREQUENT_SPELLINGS
    marked = vietnamese and (_middle(words[1]) or not all(w.isascii() for w in words))
    # A Chinese or Korean name of three: one of its given syllables may be a calendar word, not both.
    custom = not vietnamese and len(words) == 3 and sum(w in STOP for w in words[1:]) == 1
    if not all(_syllable(w, marked, custom) or (vietnamese and _middle(w)) for w in words[2:]):
        return False
    second = _syllable(words[1], marked, custom) or (vietnamese and _middle(words[1]))
    if not (second or familiar_prefix(words[1:])):  # "Ng Ah Kow"
        return False
    if vietnamese:
        named = len(words) > 2 or not (words[0].isascii() or words[1].isascii())
    else:
        named = len(words) == 3 and family_first(words[0])
    if not named:
        return False
    name = " ".join(words)
    return not {name, f"{name} City"} & places() and known_name(name) is None  # "Ho Chi Minh (City)"


def titled_family(words: list[str], app_after: bool = False) -> bool:
    """Is a run a form of address and a family name of a family-first custom ("Auntie Lim", "Uncle Tan"),
    perhaps then an app (``app_after``: "Auntie Lim WhatsApp:")? A person called so, the name whole as a
    title and a surname are ("Mrs Okoye"), though the family name is a given name too."""
    return (
        (len(words) == 2 or (len(words) == 3 and app_after))
        and words[0] not in TITLES
        and (words[0] in HONORIFICS or kin_address(words[0]))
        and family_first(words[1])
    )


def familiar_prefix(words: list[str]) -> bool:
    """Do ``words`` open with the Cantonese and Hokkien familiar prefix "Ah" before a given name's syllable
    ("Ah Boon", "Ah Ma", "Ng Ah Kow"): a name's first word, not the interjection?"""
    return len(words) >= 2 and words[0] == "Ah" and _syllable(words[1], False)
