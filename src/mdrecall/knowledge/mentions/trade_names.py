"""A firm named for its trade in the plural: "Halloran Roofers", "Tresillian Upholsterers".

A name of several words whose last word is the regular plural of a noun of a trade or profession
(``data/trade_nouns.txt``, from WordNet by ``scripts/gen_trade_nouns.py``: nouns whose first sense is a
worker, a professional or a businessperson) names the business, not a person: people are not written in
the plural. Not a surname that reads as a trade ("Peter Sellers", "Ann Bakers": a given name and one
word), not a title ("The Plumbers") or a phrase with a small word ("Ask the Tilers"). A noun of a person
that WordNet files under another class ("adjuster": an investigator; "tanker": a soldier) counts where it
is an agent noun by its ending ("-er", "-or", "-ist": one who adjusts, who hauls) and no kin word
("Bad Sisters"): "Harland Loss Adjusters", "Medway Tankers".
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path

from mdrecall.knowledge.lexicon.name_lists import given_name, kin_word
from mdrecall.knowledge.lexicon.noun_words import person_noun

__all__ = ["trade_firm", "trade_noun"]

_FILE = Path(__file__).parents[1] / "data" / "trade_nouns.txt"


@cache
def _nouns() -> frozenset[str]:
    try:
        text = _FILE.read_text(encoding="utf-8")
    except OSError:
        return frozenset()
    return frozenset(w for w in text.split("\n") if w and not w.startswith("#"))


def trade_noun(word: str) -> bool:
    """Whether ``word`` (any case) is a noun of a trade or profession ("caterer", "roofer")."""
    return word.casefold() in _nouns()


def _singulars(word: str) -> list[str]:
    """What a regular English plural may be the plural of ("roofers" → "roofer"; "gasses" → "gass",
    "gasse"; "nannies" → "nanny"); nothing for a word not ending in a plural's "s"."""
    low = word.casefold()
    if len(low) < 4 or not low.endswith("s") or low.endswith(("ss", "us", "is")):
        return []
    if low.endswith("ies"):
        return [low[:-3] + "y"]
    return [low[:-1], low[:-2]] if low.endswith("es") else [low[:-1]]


def trade_firm(words: Sequence[str]) -> bool:
    """Whether the name of ``words`` ends in a trade's plural and reads as a business's name."""
    if len(words) < 2 or words[0] == "The" or any(w[:1].islower() for w in words):
        return False  # "The Plumbers": a title; "Ask the Tilers": a phrase
    if len(words) == 2 and given_name(words[0]):
        return False  # "Peter Sellers", "Kelly Bakers": a given name and a surname
    return any(trade_noun(w) or _agent_noun(w) for w in _singulars(words[-1]))


#: The endings of an English agent noun: one who does what the stem says ("adjuster", "surveyor").
_AGENT_ENDS = ("er", "or", "ist")


def _agent_noun(word: str) -> bool:
    """Whether ``word`` (lower case) is a WordNet noun of a person shaped as an agent noun, no kin word."""
    return word.endswith(_AGENT_ENDS) and person_noun(word) and not kin_word(word)
