"""Given names of two romanised syllables joined by a hyphen, the second in lower case ("Ji-woo Park",
"Seo-yeon", "Mei-ling Chou"): the way Korean and Taiwanese given names are written in Latin letters. The
capitalised-run pattern stops at the lower-case part (``Follow-up`` is no name), so these are read here, by
their shape: each part one syllable (a few consonants, one to three vowels, one closing ``n``, ``ng``,
``m``, ``l``, ``k``, ``p``, ``t`` or ``h``; "check-in", "follow-up", "self-hosted" have parts of other
shapes), the second no English tail ("Wi-fi", "Co-op", "Hi-fi"). Followed by a capitalised word (the
surname) the two are a person's name, and so they are after a Korean or Chinese family name written first
("Park Ji-woo", "Mr. Chen Mei-ling": :func:`~.name_lists.family_first`); alone, the given name is a weak
mention, counted only where it is the given name of one person the workspace names in full."""

from __future__ import annotations

import re

from mdrecall.knowledge.lexicon.family_names import han_syllable
from mdrecall.knowledge.lexicon.mention_patterns import STOP
from mdrecall.knowledge.lexicon.name_lists import common_word, family_first, given_name, listed_given_names
from mdrecall.knowledge.lexicon.name_words import EVENT_LAST, INSTITUTION_LAST, ORG_WORD
from mdrecall.knowledge.mentions.file_scan import FileScan

__all__ = ["add_syllable_names", "family_given", "syllable_given"]

#: One romanised syllable: a few consonants, one to three vowels, a closing consonant or none.
_SYLLABLE = re.compile(r"[bcdfghjklmnpqrstvwxyz]{0,3}[aeiouy]{1,3}(?:ng|[nmlkpth])?")
#: English words after a hyphen that make a compound of two short words, no name ("Wi-fi", "Co-op").
_TAILS = frozenset("fi op up in on off out run ray mail way ins ups ons".split())
#: A capitalised part, a hyphen, a lower-case part; then perhaps a surname (group ``s``).
_HYPHENED = re.compile(
    r"(?<![\w'’-])(?P<g>[A-Z][a-z]{1,4}-[a-z]{2,5})(?=['’]s\b|(?![\w'’-]))"
    r"(?:[ ](?P<s>[A-Z][a-z]+(?:-[A-Z][a-z]+)?)(?![\w-]))?"
)

#: A family name, then a hyphened given name ("Park Ji-woo"): read before the given name first.
_FAMILY_FIRST = re.compile(
    r"(?<![\w'’-])(?P<f>[A-Z][a-z]{1,5})[ ](?P<g>[A-Z][a-z]{1,4}-[a-z]{2,5})(?=['’]s\b|(?![\w'’-]))"
)


def syllable_given(word: str) -> bool:
    """Is ``word`` ("Ji-woo") two romanised syllables joined by a hyphen, the second no English tail?"""
    first, _, second = word.lower().partition("-")
    return second not in _TAILS and all(_SYLLABLE.fullmatch(part) for part in (first, second))


def family_given(name: str) -> str | None:
    """The given name of ``name`` (any case) when it is a family name written first and a hyphened given
    name ("Park Ji-woo" → "Ji-woo") or a listed given name ("Nagy Péter" → "Péter"; not where the family
    name is a given name or an English word too: "Simon Anna", "Song Maria"), else None."""
    words = name.split()
    if len(words) != 2 or not family_first(family := words[0].capitalize()):
        return None
    if syllable_given(words[1]) or _han_pair(words[1], family):
        return words[1]
    given = words[1].capitalize()
    if given_name(given) and not given_name(family) and not common_word(family):
        return words[1]  # "Nagy Péter", "Wong Kevin": a listed given name after a family name
    return None


def _han_pair(word: str, family: str) -> bool:
    """Is ``word`` two romanised syllables written as one ("Jianguo", "Meiling" after "Chen"), after a family
    name of one syllable, and no given name of the European lists ("Lee Anna", "Chan Dana": as written)?"""
    low = word.lower()
    return (
        han_syllable(family)
        and word.capitalize() not in listed_given_names()
        and any(han_syllable(low[:i]) and han_syllable(low[i:]) for i in range(2, len(low) - 1))
    )


def _surname(word: str) -> bool:
    """Could ``word`` be a surname after a given name: no stop word, no organisation's or event's word?"""
    return (
        word not in STOP
        and not ORG_WORD.match(word)
        and word not in EVENT_LAST
        and word not in INSTITUTION_LAST
    )


def add_syllable_names(scan: FileScan) -> None:
    """Add the hyphened given names of ``scan`` ("Ji-woo Park": a person; "Ji-woo" alone: a weak mention)
    and take their spans from the later passes."""
    plain = scan.plain
    for m in _FAMILY_FIRST.finditer(plain):
        i = scan.line_of(m.start())
        if i in scan.skip or scan.taken.overlaps(m.start(), m.end()):
            continue
        if i in scan.heads and scan.lines[i].lstrip("#").strip() != m.group():
            continue  # a heading's words, but a people page's heading "# Kim Seo-yeon" is the name
        if family_first(m.group("f")) and syllable_given(m.group("g")):
            scan.add(i, f"{m.group('f')} {m.group('g')}", "person", "typed_name")
            scan.taken.add(m.start(), m.end())
    for m in _HYPHENED.finditer(plain):
        i = scan.line_of(m.start())
        if i in scan.skip or i in scan.heads or scan.taken.overlaps(m.start(), m.end()):
            continue
        given, surname = m.group("g"), m.group("s")
        if not syllable_given(given):
            continue
        if surname is not None and _surname(surname):
            scan.add(i, f"{given} {surname}", "person", "typed_name")
            scan.taken.add(m.start(), m.end())
        else:
            scan.add(i, given, "person", "name_start")
            scan.taken.add(m.start("g"), m.end("g"))
