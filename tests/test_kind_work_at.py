"""A name after an occupation and "at" is where one works, an employer ("nurse anesthetist at OhioHealth",
"a glazier at Brenvik"), not a place: the occupation is a WordNet noun of a person (its first sense, or
``data/person_nouns.txt`` where the supersense table lacks the word) (:func:`~mdrecall.knowledge.mentions.
names.name_kind`, session 25). A household's notes, written for this test."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.mentions.names import name_kind

from helpers import entity_kinds

NOTES = {
    "memory/2027-06-07.md": (
        "# Monday\n\n"
        "- Tomasz Wrobel: our lodger, a radiographer at Quellmed, nights this month.\n"
        "- Picnic at Harrowfield with the kids, sunny.\n"
    ),
}


def test_an_occupation_at_a_name_names_the_employer(tmp_path: Path) -> None:
    kinds = entity_kinds(tmp_path, NOTES)
    assert kinds["Quellmed"] == "organisation"
    assert kinds["Harrowfield"] == "place"


def test_the_word_before_at_decides() -> None:
    assert name_kind("Brenvik", ["Brenvik"], "- her cousin, a glazier at ", " since May")[0] == "organisation"
    assert name_kind("Brenvik", ["Brenvik"], "- lunch at ", " on Friday")[0] == "place"
    assert name_kind("Brenvik", ["Brenvik"], "- got it back at ", " on Friday")[0] == "place"  # not a person
