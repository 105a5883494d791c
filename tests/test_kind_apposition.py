"""An apposition after a name says what it is: "PrintLoop, an agency in Utrecht", "Orrin Vale, a village
near Whitby", "Brisko (a small charity)". Its head noun gives the kind: the name lists' organisation and
place words, software's nouns, a business's premises, or WordNet's class of the noun
(``data/apposed_nouns.txt``, by ``scripts/gen_apposed_nouns.py``) (session 26). A bookbinder's notes,
written for this test."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.lexicon.apposition import apposed_noun, apposition_kind
from mdrecall.knowledge.mentions.names import name_kind

from helpers import entity_kinds

NOTES = {
    "memory/2027-09-06.md": (
        "# Monday\n\n"
        "- Marbled papers now come from PaperKite, a co-operative in Ghent. First box Thursday.\n"
        "- Weekend course at Orrin Vale, a village near Whitby, four students booked.\n"
        "- Invoices go out through Ledgerly, the billing app. Cheaper than the old one.\n"
    ),
    "memory/2027-09-09.md": (
        "# Thursday\n\n"
        "- PaperKite box arrived, two sheets creased.\n"
        "- Sewing frames with Priya Nair, our new apprentice, from Monday.\n"
    ),
}


def test_the_head_noun_of_a_comma_apposition_types_the_name(tmp_path: Path) -> None:
    """A humped name (a product by its shape), a given name opening a village's name (a person) and an
    unknown word each take the kind their apposition's noun tells; a person's noun is left to the person
    rules."""
    kinds = entity_kinds(tmp_path, NOTES)
    assert kinds["PaperKite"] == "organisation"
    assert kinds["Orrin Vale"] == "place"
    assert kinds["Ledgerly"] == "product"
    assert kinds["Priya Nair"] == "person"


def test_where_an_apposition_ends() -> None:
    assert apposition_kind(", an agency in Belgrade.") == "organisation"
    assert apposition_kind(", a fishing village") == "place"  # the line ends after its noun
    assert apposition_kind(" (a hamlet up the valley)") == "place"
    assert apposition_kind(", the harbour choir, meets on") == "organisation"
    assert apposition_kind(", a bike repair shop with a") == "organisation"
    # a noun that goes on, an owner's noun, a person's noun, no article: no apposition's kind
    assert apposition_kind(", the agency said it would") is None
    assert apposition_kind(", the company's lawyer, rang") is None
    assert apposition_kind(", our accountant. She") is None
    assert apposition_kind(", village hall booked") is None
    assert name_kind("Priya Nair", ["Priya", "Nair"], "- Met ", ", a charity worker in Leeds")[0] == "person"


def test_the_nouns_come_from_wordnet() -> None:
    assert apposed_noun("cooperative") == apposed_noun("agency") == "organisation"
    assert apposed_noun("hamlet") == apposed_noun("suburb") == apposed_noun("county") == "place"
    assert apposed_noun("spreadsheet") == "product"
    assert apposed_noun("bakery") == "organisation"  # premises: the business
    assert apposed_noun("apprentice") is None and apposed_noun("zurich") is None
