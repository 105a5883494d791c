"""Names set after a plural of kin and a comma are those people ("Mira's grandparents, Oyelaran and Kemi
Balogun, fly in Friday"): an apposition, as "my sister, Hanna" is (:data:`~mdrecall.knowledge.mentions.
name_cues.PERSON_BEFORE`, session 25). A family's notes, written for this test."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.mentions.names import name_kind

from helpers import entity_kinds

NOTES = {
    "memory/2027-02-11.md": (
        "# Thursday\n\n"
        "- Mira's grandparents, Oyelaran and Kemi Balogun, fly in from Lagos on Friday.\n"
        "- Booked the brothers' table at Ferncombe for Sunday.\n"
    ),
}


def test_names_after_a_plural_of_kin_are_people(tmp_path: Path) -> None:
    kinds = entity_kinds(tmp_path, NOTES)
    assert kinds["Oyelaran"] == "person"
    assert kinds["Kemi Balogun"] == "person"


def test_the_comma_after_the_plural_is_the_cue() -> None:
    assert name_kind("Tolu", ["Tolu"], "- her in-laws, ", " and Ade visit")[0] == "person"
    assert name_kind("Tolu", ["Tolu"], "- my siblings, ", " included")[0] == "person"
    assert name_kind("Ferncombe", ["Ferncombe"], "- met the cousins at ", " for lunch")[0] != "person"
