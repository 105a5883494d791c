"""Names written family name first by the custom's published structure: a person's name with no given
name of the lists at its head ("Nguyễn Thị Hồng Nhung", "Tan Bee Hoon", "Jason Tan Wei Ming").

* Vietnamese: a frequent family name (Nguyễn, Trần, Lê... about nine people in ten carry one of these:
  :data:`~.family_names.VIETNAMESE_KEYS`), then one to three words, each one syllable of Vietnamese
  spelling (:func:`~.family_names.vietnamese_syllable`: an onset, a vowel run, an ending of
  ``c ch m n ng nh p t``). The short family names are English, French or Chinese words too ("Le", "Do",
  "Ha", "Mai"), so the name must also carry a mark of Vietnamese spelling (a horn, a hook, a dot below, a
  breve, "đ": "Lê Văn Khoa") or open with a family name that is nothing else (Nguyen, Tran, Pham...) or
  have the middle name men's "Văn" or women's "Thị" second ("Le Thi Mai").
* Chinese and Korean as written in Malaysia, Singapore, Hong Kong or Korea: a family name of
  :func:`~.name_lists.family_first` then two given syllables as separate capitalised words ("Tan Bee
  Hoon", "Khoo Boon Hock", "Kim Min Jun"), neither a place, an English stop word nor an organisation's or
  event's word: :func:`~.family_customs.han_name`, the one definition of the shape, which the custom's
  first names (:func:`~.family_customs.customary_name`) read too.

Either may follow an English given name of the lists, as Malaysian and Singaporean Chinese write theirs
("Jason Tan Wei Ming"). Read by :func:`mdrecall.knowledge.mentions.names.name_kind` after the gazetteer, so a
city ("Ho Chi Minh City") stays a place. So is a name opened by a form of address of another language, which
the given-name rule misses ("Encik Hakim", "Cikgu Aisyah", "Kak Ros": ``data/kin_titles.txt``, no English
word).
"""

from __future__ import annotations

import re
import unicodedata

from mdrecall.knowledge.lexicon.address_words import kin_address
from mdrecall.knowledge.lexicon.family_customs import han_name
from mdrecall.knowledge.lexicon.family_names import (
    MIDDLE_NAMES,
    PLAIN_VIETNAMESE,
    VIETNAMESE_KEYS,
    vietnamese_syllable,
)
from mdrecall.knowledge.lexicon.kind_slots import senses
from mdrecall.knowledge.lexicon.name_lists import common_word, fold_accents, given_name, places

__all__ = [
    "custom_shaped_person",
    "family_first_person",
    "premises_on",
]

#: Combining marks and letters only Vietnamese spelling uses among the languages notes mix in: the horn
#: (ơ, ư), the hook above (ả), the dot below (ạ), the breve (ă), and "đ".
_VIETNAMESE_MARKS = frozenset("\u031b\u0309\u0323\u0306")


def _vietnamese_marked(words: list[str]) -> bool:
    text = "".join(words)
    return "đ" in text.lower() or any(c in _VIETNAMESE_MARKS for c in unicodedata.normalize("NFD", text))


def _vietnamese(words: list[str]) -> bool:
    family = fold_accents(words[0]).lower()
    if family not in VIETNAMESE_KEYS or not 2 <= len(words) <= 4:
        return False
    if not all(vietnamese_syllable(w) for w in words):
        return False
    middle = fold_accents(words[1]).lower() in MIDDLE_NAMES
    return family in PLAIN_VIETNAMESE or middle or _vietnamese_marked(words)


def family_first_person(words: list[str]) -> bool:
    """Is the name of ``words`` a person's written family name first: Vietnamese ("Trần Minh Quân",
    "Nguyen Thi Mai"), or Chinese or Korean with two given syllables ("Tan Bee Hoon", "Kim Min Jun"),
    perhaps after an English given name ("Jason Tan Wei Ming")? Not a place of the gazetteer."""
    if " ".join(words) in places():
        return False
    if len(words) > 2 and given_name(words[0]) and (han_name(words[1:]) or _vietnamese(words[1:])):
        return True
    return _vietnamese(words) or han_name(words)


#: A noun, then "on" ending the text before a name: "the shop on", "our office on".
_NOUN_ON = re.compile(r"([A-Za-z]+)[ ]on[ ]$")


def premises_on(tail: str) -> bool:
    """Does ``tail`` end with a building or a place (a WordNet noun of artifacts or locations: "shop",
    "office", "stall", "flat") and "on": the name after it a street's ("the shop on Lê Văn Sỹ")?"""
    m = _NOUN_ON.search(tail[-40:])
    return m is not None and senses(m.group(1))[0] in ("artifact", "location")


def custom_shaped_person(words: list[str]) -> bool:
    """Is the name of ``words`` a person's by its shape: written family name first
    (:func:`family_first_person`), or opened by a form of address of another language ("Encik Hakim",
    "Cikgu Aisyah", "Kak Ros"; not an English word: "Doc Martens", "Brother overlock")?"""
    if len(words) < 2:
        return False
    first = words[0]
    if 2 <= len(words) <= 4 and kin_address(first) and not common_word(first.rstrip(".").lower()):
        rest = words[1:]
        if all(w[:1].isupper() for w in rest) and " ".join(rest) not in places():
            return True
    return family_first_person(words)
