"""Entities of round 8 (issue 29 part 1): names whose shape or neighbours tell what they are: a studio named
"... Games", a market after a given name, a business in a supplier column named after a street, a name after
"from", an acronym ending or opening a name, a business named without its last word.

The notes are written for these tests (a bakery, a game studio, a household), in words of their own."""

from __future__ import annotations

from pathlib import Path

from helpers import mention_kinds, workspace_kinds


def _kinds(text: str, path: str | None = None) -> dict[str, set[tuple[str, str]]]:
    return mention_kinds(text, path, "2027-05-03")


def _entities(tmp_path: Path, files: dict[str, str]) -> dict[str, tuple[str, tuple[str, ...]]]:
    return workspace_kinds(tmp_path / "ws", files)


def test_a_name_ending_in_games_is_a_studio_unless_the_games_are_an_event() -> None:
    found = _kinds("- Sound design for Driftwood at Paper Crane Games, two days a week.\n")
    assert ("organisation", "typed_name") in found["Paper Crane Games"]
    found = _kinds("- Tickets for the Commonwealth Games came through.\n")
    assert {kind for kind, _ in found["Commonwealth Games"]} == {"event"}


def test_a_place_word_no_surname_ends_makes_a_place_after_a_given_name() -> None:
    found = _kinds("- Picked up lemons at the Vic Market on the way in.\n")
    assert {kind for kind, _ in found["Vic Market"]} == {"place"}
    assert ("person", "typed_name") in _kinds("- Lunch with Ava Hill on Friday.\n")["Ava Hill"]


def test_a_supplier_column_names_a_business_even_after_a_street_word() -> None:
    text = "| Item | Supplier |\n|---|---|\n| Flour | Rook Lane |\n"
    assert ("organisation", "typed_name") in _kinds(text)["Rook Lane"]


def test_a_name_of_several_words_after_from_is_a_business() -> None:
    found = _kinds("- Bouncy castle hired, it comes from Hopscotch Hire Barn this year.\n")
    assert ("organisation", "typed_name") in found["Hopscotch Hire Barn"]
    found = _kinds("- Our greyhound came to us from the Second Chance Kennels.\n")
    assert ("organisation", "typed_name") in found["Second Chance Kennels"]


def test_an_acronym_ends_or_opens_a_name() -> None:
    found = _kinds("- Tamsin is off to Glasshouse FX after the summer.\n")
    assert ("organisation", "typed_name") in found["Glasshouse FX"]
    assert "Glasshouse" not in found
    found = _kinds("- Builds moved from Jenkins to Harper CI last week.\n")
    assert ("product", "typed_name") in found["Harper CI"]
    found = _kinds("- Shirts now come from KW Racing, cheaper per kit.\n")
    assert ("organisation", "typed_name") in found["KW Racing"]


def test_a_business_named_without_its_last_word_is_the_same_business(tmp_path: Path) -> None:
    found = _entities(
        tmp_path,
        {
            "MEMORY.md": (
                "# Memory\n\n- Contract work for Paper Crane Games, remote.\n"
                "- Driftwood is by Paper Crane Games.\n"
            ),
            "memory/2027-05-03.md": (
                "# 2027-05-03\n\n## Paper Crane sync\n- Everything at Paper Crane is late.\n"
            ),
            "memory/2027-05-04.md": "# 2027-05-04\n\n- Invoice to Paper Crane sent.\n",
        },
    )
    assert "paper crane" not in found
    kind, aliases = found["paper crane games"]
    assert kind == "organisation"
    assert "Paper Crane" in aliases


def test_a_maker_of_frequent_words_only_is_a_group_not_a_person() -> None:
    found = _kinds(
        "## Music\n- Salt Road by Hollow Fathers, on repeat.\n"
        "- Tidewater by Sally Brennan\n- Low Tide by Sally Rogers\n"
    )
    assert ("organisation", "typed_name") in found["Hollow Fathers"]
    assert ("person", "typed_name") in found["Sally Brennan"]
    assert ("person", "typed_name") in found["Sally Rogers"]


def test_a_given_name_cut_short_is_linked_to_the_one_person_it_starts(tmp_path: Path) -> None:
    found = _entities(
        tmp_path,
        {
            "MEMORY.md": "# Memory\n\n- Partner: Joaquim Ferreira, nurse.\n- Met Mirela Stan at work.\n",
            "memory/2027-05-03.md": "# 2027-05-03\n\n- Quim is on nights.\n- Dinner with Quim.\n",
            "memory/2027-05-04.md": "# 2027-05-04\n\n- Joaq picked up the kids; Mir sent the rota.\n",
        },
    )
    assert "Joaq" in found["joaquim ferreira"][1]
    assert "Mir" in found["mirela stan"][1]
    assert "joaq" not in found and "mir" not in found


def test_a_language_name_that_is_also_a_word_is_one_after_written_in() -> None:
    """Before: "Rust" (also a word) was a technology only in a file naming other technologies, so "the
    billing worker is written in Rust" named none, and "what language is it written in" had no answer to
    count; "written/ported/coded in|to" before a known technology decides it."""
    kinds = _kinds("Kestrel is the new billing worker, written in Rust since May.")
    assert "technology" in {k for k, _ in kinds.get("Rust", set())}, kinds
    assert "Go" in _kinds("We ported the exporter to Go last week.")
    plain = _kinds("Rust on the old gate again; Gareth will sand it.")  # a word, no language cue
    assert "technology" not in {k for k, _ in plain.get("Rust", set())}, plain
