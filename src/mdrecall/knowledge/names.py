"""What kind of thing a capitalised name in prose is: cheap heuristics, no model.

* a known given name first (``data/first_names.txt``) and a surname after it: a person ("Dana Okafor");
* an organisation suffix (Labs, Inc, Ltd, GmbH, Corp, Company, Group, University...): an organisation;
* a known city or country (``data/places.txt``): a place;
* a verb that people do right after the name ("Dana said", "Marcus prefers"): a person.

Each of these is evidence strong enough to make the name an entity at once (``how`` = ``typed_name``);
weaker hints (a lone given name, "in Paris") only set the kind. The lists load on first use.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

__all__ = ["first_names", "name_kind", "places", "trim_leading"]

_DATA = Path(__file__).parent / "data"
_ORG_SUFFIX = re.compile(
    r"\b(Inc|Corp|Corporation|Ltd|LLC|GmbH|Labs|University|College|School|Institute|Company|Bank|Group|"
    r"Foundation|Agency|Team|Studio|Studios)\.?$"
)
#: Suffixes that make a multi-word name an organisation on their own ("Platform Team" is not one).
_STRONG_ORG = {"Inc", "Corp", "Corporation", "Ltd", "LLC", "GmbH", "Labs", "University", "Company", "Group"}
_PERSON_VERB = re.compile(
    r"[ ](?:said|says|prefers|signed|met|asked|asks|told|tells|wants|thinks|agreed|mentioned|emailed|"
    r"called|wrote|writes|suggested|joined|approved|likes|loves|decided|replied|confirmed|promised|"
    r"reported|explained|shared|recommended|complained|argued|insisted|admitted)\b"
)
_PLACE_END = re.compile(r"\b(?:in|visited)$")
#: Words that open a sentence before a name ("Met Dana Okafor", "Ask Priya"): not part of the name.
_LEADERS = set(
    """met meet meeting called call asked ask told tell emailed email pinged ping thanked thank invited
    invite saw see visited visit with from for about per cc dear congratulate congrats lunch dinner
    coffee call sync chat talked spoke""".split()
)


def _words(name: str) -> frozenset[str]:
    lines = (_DATA / name).read_text(encoding="utf-8").splitlines()
    return frozenset(w for line in lines if not line.startswith("#") for w in line.split())


@cache
def first_names() -> frozenset[str]:
    """Common given names (capitalised)."""
    return _words("first_names.txt")


@cache
def places() -> frozenset[str]:
    """Major cities and countries (multi-word names joined by one space)."""
    lines = (_DATA / "places.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(" ".join(line.split()) for line in lines if line.strip() and not line.startswith("#"))


def trim_leading(words: list[str], sentence_start: bool) -> int:
    """How many leading words of a capitalised run are not part of the name: a sentence-opening verb or
    preposition ("Met Dana Okafor"), or a capitalised sentence opener before a known given name."""
    first = first_names()
    n = 0
    while len(words) - n > 1:
        word, nxt = words[n], words[n + 1]
        if word.casefold() in _LEADERS or (sentence_start and n == 0 and nxt in first and word not in first):
            n += 1
            continue
        break
    return n


def name_kind(name: str, words: list[str], before: str, after: str) -> tuple[str, bool]:
    """(kind, strong) of a capitalised name, from the name itself and the text around it."""
    if _ORG_SUFFIX.search(name):
        return "organisation", len(words) > 1 and words[-1].rstrip(".") in _STRONG_ORG
    if name in places():
        return "place", True
    first = first_names()
    if words[0] in first and 1 < len(words) <= 3 and not any(w in places() for w in words[1:]):
        return "person", True
    if _PERSON_VERB.match(after):
        return "person", True
    if len(words) == 1 and name in first:
        return "person", False
    tail = before.rstrip()
    if len(tail) < len(before) and _PLACE_END.search(tail[-9:]):  # "in Paris", "visited Paris"
        return "place", False
    return "unknown", False
