"""A name ending in the plural of an agent noun of a person names a firm, though WordNet files the noun
under another class than a trade ("valuer", "remover", "roaster"): people are not written in the plural
(:func:`~mdrecall.knowledge.mentions.trade_names.trade_firm`, session 26). A house move, written for this
test; kin words ("Sisters") and a given name with one word stay as they were."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.mentions.trade_names import trade_firm

from helpers import entity_kinds

NOTES = {
    "memory/2027-10-04.md": (
        "# Monday\n\n"
        "- Quote from Pellow Hill Removers: £1,850 for the Saturday, packing extra.\n"
        "- Leaving drinks: Fenwick Brewers said they can do a keg for the street.\n"
    ),
    "memory/2027-10-08.md": (
        "# Friday\n\n"
        "- Pellow Hill Removers confirmed two vans for 7:30.\n"
        "- Fenwick Brewers dropped the keg off, the neighbours loved it.\n"
    ),
}


def test_a_plural_agent_noun_ends_a_firms_name(tmp_path: Path) -> None:
    kinds = entity_kinds(tmp_path, NOTES)
    assert kinds["Pellow Hill Removers"] == "organisation"
    assert kinds["Fenwick Brewers"] == "organisation"  # a surname first: a person before


def test_kin_words_and_surnames_stay() -> None:
    assert trade_firm("Tallis Roasters".split()) and trade_firm("Harland Loss Adjusters".split())
    assert not trade_firm("Bad Sisters".split())  # a kin word: a title, a band
    assert not trade_firm("Sam Masters".split())  # a given name and a surname
    assert not trade_firm("Pellow Fields".split())  # no person's noun


def test_a_class_of_drugs_is_no_firm() -> None:
    """Common nouns only before the agent noun name a class of things, not a business."""
    assert not trade_firm("Calcium Channel Blockers".split())
    assert not trade_firm("Angiotensin Receptor Blockers".split())
    assert trade_firm("Ostrander Blockers".split())  # a name's word first: a firm
