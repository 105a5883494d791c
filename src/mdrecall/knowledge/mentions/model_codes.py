"""A model's code or number after a name ("his Orion XT8", "Celestron 8SE", "Garmin Swim 2,") and the nouns
that number things ("Room B2", "Unit 4", "Form T1": no model's, no name), for :mod:`.capital_names`."""

from __future__ import annotations

import re

from mdrecall.knowledge.lexicon.mention_patterns import MIXED, NUMBER_PAUSE
from mdrecall.knowledge.lexicon.name_lists import common_word, given_name, known_name, lower_noun, places
from mdrecall.knowledge.lexicon.name_words import ORG_WORD
from mdrecall.knowledge.mentions.mention_readers import is_rare

__all__ = ["model_after", "numbered_noun"]

#: A model's code after a name: capitals and digits mixed, perhaps a hyphened part and a plus ("Orion XT8",
#: "Celestron 8SE", "Sky-Watcher EQ6-R", "Reach RS2+"); no date, time, version or amount follows, and no
#: amount is written so (one letter and digits alone, "Kitbag SA R6 850", is a currency's).
_MODEL_CODE = re.compile(
    r"[ ]((?:[A-Z]{2,4}\d{1,4}[A-Z]{0,3}|[A-Z]\d{1,4}[A-Z]{1,3}|\d{1,4}[A-Z]{1,3})(?:-[A-Z0-9]{1,3})?\+?)"
    r"(?![\w'’/:-]|[.,]\d|\+)"
)
#: A number and a unit's symbol in capitals: a capacity, a power, a size ("60L", "65W", "2TB", "48MP").
_QUANTITY = re.compile(r"\d{1,4}(?:L|W|KW|KWH|MAH|ML|CC|HP|GB|TB|MB|KB|MP)")
#: A Roman numeral after a name ("Lancer Evolution IX", "the Marie-Claude II").
_ROMAN_AFTER = re.compile(r"[ ](II|III|IV|VI|VII|VIII|IX|XI|XII)(?![\w'’/:-])")
#: Words that number rooms, seats, stops, forms and the parts of things ("Room B2", "Gate 5", "Form T1").
_NUMBERED = frozenset(
    "room level floor gate flight platform terminal seat row table block unit suite apt apartment form lane"
    " bus zone grade class year stage step phase part chapter section page figure fig"
    " tab box bay dock pier berth hall court pitch lab ward bed cabin deck car coach track week day round"
    " game match heat lap leg episode season series volume vol issue no number item line question task"
    " test version type size group team cohort module lesson session act scene".split()
)
#: A street's abbreviation or word before its name, in the languages of addresses ("ul. Ruska 46", "Calle
#: Mayor 12", "rue Oberkampf 3"): the number after the name is the house's.
_STREET_BEFORE = re.compile(
    r"\b(?:ul|al|pl|str|st|av|ave|avda|blvd|c|cl|rr|r)\.[ ]$"
    r"|\b(?:calle|carrer|rua|via|viale|rue|avenida|avenue|piazza|plac|ulica|aleja|strada|straat|gasse)[ ]$",
    re.IGNORECASE,
)
#: Region codes that open a size's or a regional variant's code ("EU42", "UK9", "US915"), not a model's.
_REGIONS = frozenset("EU US UK AU NZ JP CN KR CA MX BR IN AS".split())
_YEAR = re.compile(r"1[89]\d\d|20\d\d")
#: A number, a capital letter (perhaps with digits) or a Roman numeral after a noun: "4", "A", "B2", "IV".
_DESIGNATOR = re.compile(r"[ ](?:\d{1,4}[a-z]?|[A-Z]\d{0,3}|[IVX]{1,4})(?![\w'’-]|\.\d)")


def numbered_noun(word: str, after: str) -> bool:
    """Is ``word`` a noun that numbers things followed by its number or letter ("Unit 4", "Studio A",
    "Terminal B", "Season 3", "Type I"): a word of :data:`_NUMBERED` or a noun that is never a name (not a
    given or well-known one: "Pixel 8" stays)?"""
    return _DESIGNATOR.match(after) is not None and (
        word.casefold() in _NUMBERED
        or (lower_noun(word) and not given_name(word) and known_name(word) is None)
    )


def model_after(words: list[str], before: str, after: str) -> re.Match[str] | None:
    """The model's code or number that ``after`` opens with, where it is the name's: a code of capitals and
    digits mixed ("XT8", "8SE", "EQ6-R", "RS2+"), a Roman numeral ("Evolution IX"), or a whole number then
    a pause (a comma, a bracket, the line's end: "Garmin Swim 2,", no count of a unit, "Strait 25 km", and no
    year) after a name that is no given name, place or run of frequent words; never after a word that
    numbers things ("Room B2", "Level 2", "Flight AC855")."""
    name = " ".join(words)
    if name in places() or known_name(name) is not None:
        return None  # "Godot 4", "Python 3": a known tool's version, the tool's mention
    if words[-1].casefold() in _NUMBERED and not _maker_line(words, after):
        return None  # "Room B2", "Level 2": a noun numbering things
    if ORG_WORD.match(words[-1]):
        return None  # "the Harbour Networks NC6 form": an organisation's form or branch, no model of it
    code = _MODEL_CODE.match(after) or _ROMAN_AFTER.match(after)
    if code is not None:
        # "Bio-Rad CFX96": a code that is a name alone; "LoRaWAN EU868", "Pegasus UK9": a variant, a size
        if (
            MIXED.fullmatch(code.group(1))
            or code.group(1)[:2] in _REGIONS
            or _QUANTITY.fullmatch(code.group(1))
        ):
            return None  # (and "a Morphy Richards 60L oven", "Anker 65W": a size or a power, no model)
        return code
    if given_name(words[0]) or all(common_word(w) for w in words) or _STREET_BEFORE.search(before[-12:]):
        return None  # "ul. Ruska 46,": a street's house number
    num = NUMBER_PAUSE.match(after)
    return num if num is not None and not _YEAR.fullmatch(num.group(1)) else None


def _maker_line(words: list[str], after: str) -> bool:
    """Is a noun that numbers things ("Form", "Series", "Type") the model line of a maker no list knows
    before it, its code of capitals and digits mixed after it ("a Printwell Form 3B", "the Voltara Series
    X5")? Not a plain number ("Harbour Hotel Room 4")."""
    return len(words) == 2 and is_rare(words[:1]) and _MODEL_CODE.match(after) is not None
