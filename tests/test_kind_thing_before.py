"""A name shaped as a person's (a given name first) after an indefinite article or an owner ("a Lionel
Starfire", "my Otto Brio") is a thing named after its maker, a product: no one's full name is written so
(:func:`~mdrecall.knowledge.mentions.names.name_kind`, session 25); a person named as the maker of a work
("a Wes Anderson film") stays a person. A model railway club's notes, written for this test."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.mentions.names import name_kind

from helpers import entity_kinds

NOTES = {
    "memory/2027-10-04.md": (
        "# Monday\n\n"
        "- Grandad restored a Lionel Starfire, the green one, for the club's winter show.\n"
        "- Edith Marwood lent us her layout boards; she wants them back by November.\n"
    ),
    "memory/2027-10-11.md": (
        "# Monday\n\n"
        "- The club voted to show the Starfire on the main table.\n"
        "- Edith Marwood says the boards need new felt.\n"
    ),
}


def test_a_model_named_after_its_maker_is_a_product(tmp_path: Path) -> None:
    kinds = entity_kinds(tmp_path, NOTES)
    assert kinds["Lionel Starfire"] == "product"
    assert kinds["Edith Marwood"] == "person"


def test_the_article_and_what_follows_the_name() -> None:
    words = ["Otto", "Brio"]
    assert name_kind("Otto Brio", words, "- rode my ", " to work, chain slipped")[0] == "product"
    assert name_kind("Otto Brio", words, "- rode with ", " to work")[0] == "person"
    assert name_kind("Wes Anderson", ["Wes", "Anderson"], "- watched a ", " film")[0] == "person"
