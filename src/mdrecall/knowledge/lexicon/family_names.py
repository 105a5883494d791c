"""The tables and syllable shapes the recognisers of names written family name first share: the frequent
Vietnamese family names, the middle names "Văn" and "Thị", one Vietnamese syllable and one romanised
Chinese or Korean syllable. One home for them; each recogniser keeps its own contract:

- :func:`~mdrecall.knowledge.mentions.family_runs.family_run` (a capitalised run is one person's name)
  reads the most frequent family names as written, with and without accents
  (:data:`FREQUENT_SPELLINGS`);
- :func:`~mdrecall.knowledge.mentions.family_order.family_first_person` (a name's kind is a person's)
  reads the wider list, accents folded (:data:`VIETNAMESE_KEYS`), and :func:`vietnamese_syllable`;
- :mod:`~mdrecall.knowledge.lexicon.family_customs` (the names a person is called by alone) reads
  :data:`MIDDLE_NAMES` and :func:`han_syllable`; its family names are a data file's
  (``data/family_last_given.txt``: Vietnamese and Khmer, with those that are words of other kinds too).

General knowledge of the published shares (Nguyễn about 38 %, Trần 11 %, Lê 9.5 %, Phạm 7 %, Hoàng and
Huỳnh 5 %...: the most frequent hold about nine people in ten). Pure data and two tests.
"""

from __future__ import annotations

import re

from mdrecall.knowledge.lexicon.name_lists import fold_accents

__all__ = [
    "FREQUENT_SPELLINGS",
    "FREQUENT_VIETNAMESE",
    "MIDDLE_NAMES",
    "PLAIN_VIETNAMESE",
    "VIETNAMESE_KEYS",
    "han_syllable",
    "vietnamese_syllable",
]

#: The most frequent Vietnamese family names, as written (Hoàng/Huỳnh and Vũ/Võ are one name in the north's
#: and the south's spelling).
FREQUENT_VIETNAMESE = tuple(
    """Nguyễn Trần Lê Phạm Hoàng Huỳnh Phan Vũ Võ Đặng Bùi Đỗ Hồ Ngô Dương Lý Đinh Trương Đào Đoàn Lâm
    Trịnh""".split()
)
#: Less frequent Vietnamese family names, as written.
_LESS_FREQUENT = tuple(
    "Lương Mai Cao Hà Tạ Tô Lưu Châu Quách Thái Vương Phùng Kiều Triệu Tăng La Khúc Từ".split()
)
#: Spellings without accents that are English words ("Do"): no family name written so, in a run of words.
_ENGLISH_SPELLINGS = frozenset({"Do"})
#: The most frequent family names with and without their accents ("Nguyễn", "Nguyen"), less the English
#: words.
FREQUENT_SPELLINGS = frozenset(FREQUENT_VIETNAMESE) | {
    fold_accents(n) for n in FREQUENT_VIETNAMESE if fold_accents(n) not in _ENGLISH_SPELLINGS
}
#: Every family name of the lists, accents folded and lower case ("nguyen", "luong").
VIETNAMESE_KEYS = frozenset(fold_accents(n).lower() for n in (*FREQUENT_VIETNAMESE, *_LESS_FREQUENT))
#: Family names (accents folded, lower case) that are no English, French or Chinese word: a name opened by
#: one needs no other mark of Vietnamese spelling.
PLAIN_VIETNAMESE = frozenset("nguyen tran pham hoang huynh phan duong truong trinh luong quach".split())
#: The middle names that say a man's ("Văn") or a woman's ("Thị") name, with and without accents (lower
#: case): never called alone. Not "Vân", a given name.
MIDDLE_NAMES = frozenset("văn van thị thi".split())

#: One Vietnamese syllable, accents folded: onset, vowels, ending.
_VIET_SYLLABLE = re.compile(
    r"(?:ngh|ng|nh|ch|gh|gi|kh|ph|qu|th|tr|[bcdghklmnprstvx])?[aeiouy]{1,3}(?:ch|nh|ng|[cmnpt])?"
)
#: One romanised Chinese or Korean syllable written as a word: a few consonants, one to three vowels, an
#: ending ("Bee", "Hoon", "Hock", "Siew", "Ming").
_HAN_SYLLABLE = re.compile(r"[bcdfghjklmnpqrstwxyz]{0,3}[aeiouy]{1,3}(?:ng|nn|ck|[nmkpthw])?")


def vietnamese_syllable(word: str) -> bool:
    """Is ``word`` ("Nhung", "Văn", "Quân") one syllable of Vietnamese spelling, capitalised?"""
    return word[:1].isupper() and _VIET_SYLLABLE.fullmatch(fold_accents(word).lower()) is not None


def han_syllable(word: str) -> bool:
    """Is ``word`` (any case: "Hoon", "bee") the spelling of one romanised Chinese or Korean syllable?"""
    return _HAN_SYLLABLE.fullmatch(word.lower()) is not None
