"""The names a person is called by alone, by the naming custom their full name shows: read by
:mod:`~mdrecall.knowledge.aliases.given_forms` and :mod:`~mdrecall.knowledge.aliases.kin_names`.

- **The family name first, the person called by the last part** (Vietnamese, Khmer:
  ``data/family_last_given.txt``): "Nguyễn Thị Hạnh" → "Hạnh", "Lê Minh Tuấn" → "Tuấn" or "Minh Tuấn", "Sok
  Dara" → "Dara". "Văn" and "Thị" after the family name are middle names, never called alone. A family name
  that is an English word, a given name or two letters too ("Le", "Mai", "Lam") is read so only where the
  name shows the custom: a Vietnamese letter ("Lê Văn Tám" does, "Le Monde" does not) or a frequent
  Vietnamese middle name after it ("Le Van Tam", "Vo Minh Tri").
- **A Malay or Malaysian Indian patronym** ("Nurul Aisyah binti Hassan", "Kavitha a/p Raman", "Suresh s/o
  Muthu"): the words before "bin", "binti", "bte", "a/l", "a/p", "s/o", "d/o" are the person's own; the
  words after are the father's given name, never the person's ("Hassan" alone is no one of these).

The middle names and the syllable shape it shares with the other recognisers of names written family name
first live in :mod:`~mdrecall.knowledge.lexicon.family_names`. The Chinese, Korean and Hungarian family
names written first (``data/family_first.txt``) lend the given
name after them; :func:`~mdrecall.knowledge.aliases.given_forms.given_forms` and
:func:`~mdrecall.knowledge.mentions.syllable_names.family_given` read those.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from mdrecall.knowledge.lexicon.family_names import MIDDLE_NAMES, han_syllable
from mdrecall.knowledge.lexicon.mention_patterns import STOP
from mdrecall.knowledge.lexicon.name_lists import family_first, fold_accents, places
from mdrecall.knowledge.lexicon.name_words import (
    EVENT_LAST,
    INSTITUTION_LAST,
    ORG_WORD,
    PLACE_LAST,
    PLACE_WORDS,
)

__all__ = [
    "ADDRESS_GIVEN",
    "PATRONYMS",
    "called_names",
    "custom_person",
    "customary_name",
    "han_name",
    "initialled_given",
    "last_given_family",
    "patronym_split",
]

_DATA = Path(__file__).parents[1] / "data" / "family_last_given.txt"
#: A letter only Vietnamese writes among the Latin alphabets (ă â đ ê ô ơ ư, and the tone-marked vowels of
#: Unicode's Latin Extended Additional block): a name written with one shows the custom.
_VIETNAMESE_LETTER = re.compile("[ăâđêôơưĂÂĐÊÔƠƯ\u1ea0-\u1ef9]")
#: Vietnamese forms of address that are given names too ("anh": an older brother, a man of one's age;
#: "em": a younger person): before the name a custom calls one person by ("Anh Hùng"), the form (entity keys).
ADDRESS_GIVEN = frozenset({"anh", "em"})
#: Frequent Vietnamese middle names (accents folded: the public lists of Vietnamese names), evidence of the
#: custom after a family name that is a word of another kind too ("Vo Minh Tri", "Do Ngoc Anh").
_VIETNAMESE_MIDDLE = frozenset(
    "van thi huu duc cong quang minh ngoc thanh xuan kim quoc gia bao hoang trong dinh manh hong nhu bich"
    " my dieu phuong hai".split()
)
#: The words between a Malay or Malaysian Indian person's own names and their father's given name.
PATRONYMS = frozenset("bin binti bte bt ibn a/l a/p s/o d/o".split())


@cache
def _lists() -> tuple[frozenset[str], frozenset[str]]:
    """The family names (entity keys) of the customs calling a person by the last part, and those of them
    that are words of other kinds too (read only with the custom's evidence)."""
    parts: dict[str, set[str]] = {"vietnamese": set(), "khmer": set(), "plain": set()}
    side = "vietnamese"
    for line in _DATA.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line.startswith("["):
            side = line.strip("[]")
        elif line and not line.startswith("#"):
            parts[side].update(line.casefold().split())
    plain = frozenset(parts["plain"])
    return frozenset(parts["vietnamese"] | parts["khmer"]) | plain, plain


def last_given_family(words: list[str]) -> bool:
    """Do ``words`` (an entity key's, two or more) open with a family name of a custom that calls a person
    by the last part of the name (Vietnamese, Khmer), shown by the name's own words where the family name
    is a word of another kind too?"""
    families, plain = _lists()
    first = words[0]
    if len(words) < 2 or first not in families:
        return False
    if first not in plain:
        return True
    return fold_accents(words[1]) in _VIETNAMESE_MIDDLE or any(_VIETNAMESE_LETTER.search(w) for w in words)


def patronym_split(words: list[str]) -> int | None:
    """The index of the patronym's word ("binti", "a/p") in ``words`` (an entity key's), after one own
    name at least and before one more word, or None where the name has none."""
    for i in range(1, len(words) - 1):
        if words[i] in PATRONYMS:
            return i
    return None


#: One to three initials as an entity key writes them ("k.", "t.m."): a word of their own before a name.
_INITIALS = re.compile(r"(?:[^\W\d_]\.){1,3}")


def initialled_given(full: str) -> str | None:
    """The name a person written with initials first is called by ("k. ramesh" → "ramesh", "t.m. lakshmi"
    → "lakshmi": the South Indian custom, the initials the father's name or the home place's), else None."""
    words = full.split()
    if 1 < len(words) <= 4 and all(_INITIALS.fullmatch(w) for w in words[:-1]) and len(words[-1]) > 2:
        return words[-1]
    return None


def called_names(full: str) -> list[str]:
    """The names (entity keys) the person named ``full`` (an entity key) is called by alone, by the
    custom the name shows, or [] where it shows none of these (see the module): "nguyễn thị hạnh" →
    ["hạnh"], "lê minh tuấn" → ["tuấn", "minh tuấn"], "nurul aisyah binti hassan" → ["nurul aisyah",
    "nurul", "aisyah"], "kavitha a/p raman" → ["kavitha"], "k. ramesh" → ["ramesh"]."""
    if (given := initialled_given(full)) is not None:
        return [given]
    words = full.split()
    split = patronym_split(words)
    if split is not None:
        own = words[:split]
        return list(dict.fromkeys([" ".join(own), *(own if len(own) > 1 else [])]))
    if not last_given_family(words):
        if customary_name([w.capitalize() for w in words]):
            return [" ".join(words[1:]), words[-1]]  # "siew ling" of "yeoh siew ling" (or "ling" alone)
        return []
    forms = [words[-1]]
    if len(words) >= 3 and words[-2] not in MIDDLE_NAMES:
        forms.append(" ".join(words[-2:]))  # "Minh Tuấn", "Mai Anh": a given name of two words
    return forms


#: Chinese family names as Malaysia and Singapore spell them (Hokkien, Teochew, Hakka, Cantonese) that
#: :func:`~.name_lists.family_first` lacks (general knowledge of the spellings there).
_MALAYSIAN_FAMILY = frozenset(
    """Ooi Ang Teh Yap Chew Yong Chin Khor Cheah Saw Gan Heng Koay Phua Seah Soo Tee Wee Yeap Yew Lum
    Thum Fong Kuan Loke Hee Beh Chuah Khaw Neoh Siow Tiong Tneh Lye Kee Lew Chai Chee Lok Tio""".split()
)
#: The Hokkien and Cantonese "Ah" opening a given name ("Lim Ah Kow"): a name's syllable, not the word.
_AH = "Ah"


def _han_given(word: str) -> bool:
    """Is ``word`` a given name's syllable in a Chinese or Korean name: "Ah", or one syllable
    (:func:`~.family_names.han_syllable`) capitalised, six letters at most, no stop, place, event or
    organisation word?"""
    return word == _AH or (
        word[:1].isupper()
        and word[1:].islower()
        and len(word) <= 6
        and han_syllable(word)
        and word.lower() not in STOP
        and word not in PLACE_WORDS
        and word not in EVENT_LAST
        and ORG_WORD.match(word) is None
    )


def han_name(words: list[str]) -> bool:
    """Are ``words`` a Chinese or Korean name written family name first, as Malaysia, Singapore, Hong
    Kong or Korea write it: a family name of :func:`~.name_lists.family_first` (or a Malaysian spelling)
    and two given syllables as capitalised words ("Tan Bee Hoon", "Khoo Boon Hock", "Kim Min Jun"),
    neither a place, an English stop word nor an organisation's or event's word? The one definition of
    the shape: :func:`customary_name` and :func:`~.family_order.family_first_person` read it."""
    return (
        len(words) == 3
        and words[0][:1].isupper()
        and (family_first(words[0]) or words[0] in _MALAYSIAN_FAMILY)
        and all(_han_given(w) for w in words[1:])
        and places().isdisjoint(words[1:])
    )


def customary_name(words: list[str]) -> bool:
    """Are ``words`` (a capitalised run, as written) a full name whose shape is a naming custom's: two to
    four words opening with a family name that calls the person by the last part ("Phạm Thu Trang", "Sok
    Dara"), a Chinese or Korean family name and two given syllables ("Tan Wei Ming", "Kim Min Jun"), or own
    names, a patronym's word and a father's name ("Nurul Aisyah binti Hassan")? Such a run opening a line
    is a person's name, not a sentence's first words."""
    if not 2 <= len(words) <= 5 or not all(w[:1].isupper() or w.casefold() in PATRONYMS for w in words):
        return False
    last = words[-1]
    if last in PLACE_LAST or last in EVENT_LAST or last in INSTITUTION_LAST or ORG_WORD.match(last):
        return False  # "Ha Long Bay", "Tan Sri Holdings": a place's or a firm's last word
    keys = [w.casefold() for w in words]
    if patronym_split(keys) is not None:
        return all(w[:1].isupper() for w in words if w.casefold() not in PATRONYMS)
    if len(words) > 4:
        return False
    if last_given_family(keys):
        return True
    return han_name(words)


def custom_person(full: str) -> bool:
    """Is ``full`` (an entity key) a person's name by a naming custom's shape (:func:`customary_name`),
    and no listed place ("Hồ Chí Minh" is a city too): a person, whatever kind a cue gave it?"""
    words = [w.capitalize() for w in full.split()]
    return customary_name(words) and " ".join(words) not in places()
