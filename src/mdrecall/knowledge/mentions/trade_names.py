"""A firm named for its trade in the plural: "Halloran Roofers", "Tresillian Upholsterers".

A name of several words whose last word is the regular plural of a noun of a trade or profession
(``data/trade_nouns.txt``, from WordNet by ``scripts/gen_trade_nouns.py``: nouns whose first sense is a
worker, a professional or a businessperson) names the business, not a person: people are not written in
the plural. Not a surname that reads as a trade ("Peter Sellers", "Ann Bakers": a given name and one
word), not a title ("The Plumbers") or a phrase with a small word ("Ask the Tilers"). A noun of a person
that WordNet files under another class ("adjuster": an investigator; "tanker": a soldier) counts where it
is an agent noun by its ending ("-er", "-or", "-ist": one who adjusts, who hauls) and no kin word
("Bad Sisters"): "Harland Loss Adjusters", "Medway Tankers".

A town's name then a noun of no place or thing (an activity, an attribute: WordNet's supersense of its first
sense, :func:`~.kind_slots.senses`) names a body too: "Idaho Power", "Pune Sports", "Yorkshire Ambulance
Service" (:func:`town_firm`). Not where the town's name is a given name ("Victoria Wood"), nor a place's
word last ("Leeds Market" is where it is held), nor a noun of a group ("Oxford Circus").
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path

from mdrecall.knowledge.lexicon.kind_slots import senses
from mdrecall.knowledge.lexicon.name_lists import given_name, kin_word, lower_noun, places
from mdrecall.knowledge.lexicon.name_words import PLACE_FIRST, PLACE_LAST
from mdrecall.knowledge.lexicon.noun_words import person_noun

__all__ = ["town_firm", "trade_firm", "trade_noun"]

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
    if any(trade_noun(w) for w in _singulars(words[-1])):
        return True
    # an agent noun counts after a word of a name, not after common nouns only ("Angiotensin Receptor
    # Blockers", "Calcium Channel Blockers": a class of drugs, not a firm)
    named = not all(lower_noun(w.lower()) for w in words[:-1])
    return named and any(_agent_noun(w) for w in _singulars(words[-1]))


#: The endings of an English agent noun: one who does what the stem says ("adjuster", "surveyor").
_AGENT_ENDS = ("er", "or", "ist")


def _agent_noun(word: str) -> bool:
    """Whether ``word`` (lower case) is a WordNet noun of a person shaped as an agent noun, no kin word."""
    return word.endswith(_AGENT_ENDS) and person_noun(word) and not kin_word(word)


#: WordNet's noun supersenses of what no place is: an activity, a quality, a thought, a message, holdings,
#: a happening of nature, a relation, a state, a feeling, a process.
_NO_PLACE_SENSES = frozenset(
    "act attribute cognition communication possession phenomenon relation state feeling motive"
    " process".split()
)


def town_firm(words: Sequence[str]) -> bool:
    """Whether the name of ``words`` is a town's name (the gazetteer's, no given name, no place's word
    first) then, last, a noun of none of a place's or a thing's classes (:data:`_NO_PLACE_SENSES`)."""
    head, last = words[0], words[-1]
    if len(words) < 2 or last in PLACE_LAST or head in PLACE_FIRST or not last[:1].isupper():
        return False
    if head not in places() or given_name(head):
        return False
    low = last.casefold()
    sense = senses(low)[0] or next((s for w in _singulars(last) if (s := senses(w)[0])), None)
    return sense in _NO_PLACE_SENSES
