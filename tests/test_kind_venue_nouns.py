"""A name right before a noun of a business's premises ("bistro", "clinic", "bakery": WordNet's, in
``data/venue_nouns.txt``) names that business, though its words look like a person's name or are two
unknown words (:func:`~mdrecall.knowledge.mentions.names.name_kind`, session 25). A family's fortnight on
the coast, written for this test; one unknown word before such a noun may be a suburb and is left alone."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.lexicon.noun_words import venue_noun
from mdrecall.knowledge.mentions.names import name_kind

from helpers import entity_kinds

NOTES = {
    "memory/2027-08-02.md": (
        "# Monday\n\n"
        "- Dinner at Ilse Maren bistro on Friday, table for six, Oskar's birthday.\n"
        "- Quillon Vasko clinic: jabs for the dog booked Tuesday 10:30.\n"
        "- Tove Lindahl rang about the boat trip, she can take us Thursday.\n"
    ),
    "memory/2027-08-05.md": (
        "# Thursday\n\n"
        "- Boat trip with Tove Lindahl, calm sea, two seals.\n"
        "- The dog was fine after the jabs, no limp.\n"
    ),
}


def test_a_name_before_a_premises_noun_is_the_business(tmp_path: Path) -> None:
    """Both were people before: a given name opening the bistro's name, two unknown words opening a line."""
    kinds = entity_kinds(tmp_path, NOTES)
    assert kinds["Ilse Maren"] == "organisation"
    assert kinds["Quillon Vasko"] == "organisation"
    assert kinds["Tove Lindahl"] == "person"


def test_one_word_before_the_noun_and_a_known_place_are_left_alone() -> None:
    assert (
        name_kind("Quorvale", ["Quorvale"], "- Paint from Homeright (", " store), 20 tins")[0]
        != "organisation"
    )
    assert name_kind("Ilse Maren", ["Ilse", "Maren"], "- Dinner with ", " tonight")[0] == "person"
    assert name_kind("Ilse Maren", ["Ilse", "Maren"], "- Dinner at ", " bistro")[0] == "organisation"
    assert name_kind("Cape Town", ["Cape", "Town"], "- the ", " shop is shut")[0] == "place"


def test_the_premises_nouns_come_from_wordnet() -> None:
    assert all(venue_noun(w) for w in ("bistro", "bakery", "clinic", "restaurant", "shop", "pizzeria"))
    assert not any(venue_noun(w) for w in ("office", "headquarters", "harvard", "pen", "team", "Bistro"))
