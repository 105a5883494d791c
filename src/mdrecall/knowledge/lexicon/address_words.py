"""Words written before a given name (or after it) that are no part of it: kin terms used as forms of
address and honorifics of many languages ("Ate", "Kuya", "Tante", "Pak", "bhai", "oppa"), from
``data/kin_titles.txt`` (hand-kept), with the English honorifics and titles."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from mdrecall.knowledge.lexicon.mention_patterns import HONORIFICS, TITLES
from mdrecall.knowledge.lexicon.titled_names import TITLE_KEYS

__all__ = ["address_word", "kin_address", "kin_titles"]

_DATA = Path(__file__).parents[1] / "data" / "kin_titles.txt"


@cache
def kin_titles() -> tuple[frozenset[str], frozenset[str]]:
    """The words (entity keys) of ``data/kin_titles.txt`` written before a name and those written after
    it."""
    parts: dict[str, set[str]] = {"before": set(), "after": set()}
    side = "before"
    for line in _DATA.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line.startswith("["):
            side = line.strip("[]")
        elif line and not line.startswith("#"):
            parts[side].update(line.casefold().split())
    return frozenset(parts["before"]), frozenset(parts["after"])


@cache
def _before() -> frozenset[str]:
    return kin_titles()[0] | {w.casefold() for w in HONORIFICS | TITLES} | TITLE_KEYS


def address_word(word: str) -> bool:
    """Is ``word`` (as written) a form of address written before a name ("Kuya", "Tita", "Dr.", "Uncle")?"""
    return word.rstrip(".").casefold() in _before()


def kin_address(word: str) -> bool:
    """Is ``word`` (as written) one of ``data/kin_titles.txt``'s forms of address before a name ("Kuya",
    "Tita", "Pak"), not an English honorific or title?"""
    return word.rstrip(".").casefold() in kin_titles()[0]
