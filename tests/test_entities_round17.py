"""Entities of round 17 (issue 29 part 1): names linked by their shape (a first name and an initial, a
surname alone, a nickname in brackets), two people joined by "&", adjectives of a people or a language
alone, and work titles kept whole.

The notes are written for these tests (a sailing club, a language school, a listening diary), in words of
their own, not the labelled sets' nor the entity corpus's."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.mentions.relations import ALIAS, find_relations

from helpers import mention_kinds, workspace_kinds


def test_a_first_name_and_an_initial_is_the_one_person_it_fits(tmp_path: Path) -> None:
    found = workspace_kinds(
        tmp_path,
        {
            "MEMORY.md": "# Crew\n\nSkippers this season are Marit Olsen and Marit Haugen.\n",
            "memory/2027-05-02.md": "- Marit H. takes the Sunday race; Marit O. is away.\n",
        },
    )
    assert "Marit H." in found["marit haugen"][1]  # fails before: "Marit H." an entity of its own
    assert "Marit O." in found["marit olsen"][1]
    assert "marit h." not in found and "marit o." not in found


def test_a_surname_alone_is_the_one_person_it_ends_and_a_shared_one_is_nobody(tmp_path: Path) -> None:
    found = workspace_kinds(
        tmp_path,
        {
            "MEMORY.md": (
                "The harbour master is Ilse Vandenberghe. Oskar Lindgren and Greta Lindgren run the bar.\n"
            ),
            "memory/2027-05-03.md": "- Vandenberghe signed the lease. Lindgren wants the keys back.\n",
        },
    )
    assert "Vandenberghe" in found["ilse vandenberghe"][1]  # fails before: a person of its own
    assert "lindgren" not in found  # fails before: listed, though two people share it


def test_two_first_names_joined_by_an_ampersand_are_two_people() -> None:
    found = mention_kinds("- Supper with Franek & Ingrid at the yacht club on Friday.\n")
    assert "Franek & Ingrid" not in found  # fails before: one organisation
    assert "Franek" in found and "Ingrid" in found
    assert "Lund & Hale" in mention_kinds("- New sails ordered from Lund & Hale.\n")  # a business stays one


def test_a_nickname_in_brackets_lower_case_or_before_the_full_name_is_an_alias() -> None:
    rels = find_relations("- Benedikt Arnason (bensi): deckhand, knots and winches.", 1)
    assert [(r.subject, r.object) for r in rels if r.predicate == ALIAS] == [("bensi", "Benedikt Arnason")]
    rels = find_relations("Kristo (Kristofer Lund) runs the winch course.", 1)
    assert [(r.subject, r.object) for r in rels if r.predicate == ALIAS] == [("Kristo", "Kristofer Lund")]
    assert not [
        r for r in find_relations("- Dana Okafor (finance) and Sam Reyes (sales)", 1) if r.predicate == ALIAS
    ]


def test_an_adjective_of_a_language_alone_is_no_entity(tmp_path: Path) -> None:
    found = workspace_kinds(
        tmp_path,
        {
            "MEMORY.md": "Evening classes in Swedish and Danish. Anneli teaches Danish on Mondays.\n",
            "memory/2027-05-04.md": "- The Danish group moved to room 4; Swedish stays upstairs.\n",
        },
    )
    assert "danish" not in found and "swedish" not in found  # fails before: entities of their own


def test_work_titles_with_small_words_a_part_or_a_label_are_kept_whole() -> None:
    found = mention_kinds(
        "# Listening\n\n"
        "- The Hollow of Winter - Ines Barrow, on the train\n"
        "- Lowland: Part Three - the last one\n\n"
        "audiobook: The Sea Is Quiet Tonight (in the car)\n"
        "- finished last month: Salt and the Stone (Odile Varga)\n"
    )
    assert "The Hollow of Winter" in found  # fails before: cut at "of"
    assert "Lowland: Part Three" in found  # fails before: "Lowland:" read as a label
    assert "The Sea Is Quiet Tonight" in found  # fails before: "Is" ended it
    assert "Salt and the Stone" in found  # fails before: cut at "and the"


def test_two_capitals_stand_for_a_technology_only_among_technologies() -> None:
    assert "JS" not in mention_kinds(
        "- Ordered the estate in the JS trim, delivery in June.\n"
    )  # fails before
    found = mention_kinds("- The dashboard is JS on the front, Kotlin and Postgres behind it.\n")
    assert ("technology", "typed_name") in found["JS"]
