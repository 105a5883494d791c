"""Entities of round 11 (issue 29 part 1): names with small words and O'/Ó surnames, an abbreviation's dot,
and kinds told by roles and venues.

The notes are written for these tests (a sailing club, a choir, a print shop, a household), in words of
their own, not the labelled sets'."""

from __future__ import annotations

from pathlib import Path

from helpers import mention_kinds, workspace_kinds


def _kinds(text: str, path: str | None = None) -> dict[str, set[tuple[str, str]]]:
    return mention_kinds(text, path, "2027-05-03")


def _entities(tmp_path: Path, files: dict[str, str]) -> dict[str, tuple[str, tuple[str, ...]]]:
    return workspace_kinds(tmp_path / "ws", files)


def test_small_words_and_irish_prefixes_stay_inside_a_name() -> None:
    found = _kinds("- Dinner on Friday at Osteria del Ponte with Niamh Ó Ceallaigh and Pat de la Vega.\n")
    assert {"Osteria del Ponte", "Niamh Ó Ceallaigh", "Pat de la Vega"} <= set(found)
    assert not {"Ponte", "Ceallaigh", "Vega"} & set(found)


def test_an_o_apostrophe_surname_is_part_of_the_name_and_links_the_first_name(tmp_path: Path) -> None:
    files = {
        "memory/2027-04-01.md": "# 2027-04-01\n\n- Keelin O'Driscoll (cover) starts Monday on the rota.\n",
        "memory/2027-04-09.md": "# 2027-04-09\n\nKeelin's last shift is tomorrow.\n",
        "memory/2027-04-12.md": "# 2027-04-12\n\nRota: Keelin and Dana on the desk.\n",
    }
    found = _entities(tmp_path, files)
    assert "keelin o'driscoll" in found
    assert found["keelin o'driscoll"][0] == "person"
    assert "Keelin" in found["keelin o'driscoll"][1]
    assert "keelin" not in found and "driscoll" not in found


def test_an_abbreviations_dot_inside_a_sentence_belongs_to_the_name() -> None:
    found = _kinds("- Ordered banners from Halyard Sign Co. in Galway, ready next week.\n")
    assert ("organisation", "typed_name") in found["Halyard Sign Co."]
    assert "Sign Co" not in found and "Halyard Sign Co" not in found


def test_a_leading_verb_is_no_leader_inside_a_sentence() -> None:
    assert "Spoke Wheel Works" in _kinds("- Bought a hub from Spoke Wheel Works last week.\n")
    assert "Dana Okafor" in _kinds("Met Dana Okafor about the budget.\n")


def test_a_role_in_a_body_or_a_band_makes_it_an_organisation_not_a_place() -> None:
    found = _kinds("- I'm treasurer of Rushbrooke Community Garden since May.\n")
    assert {kind for kind, _ in found["Rushbrooke Community Garden"]} == {"organisation"}
    found = _kinds("- My cousin plays in Brass Tacks, mostly weddings.\n")
    assert {kind for kind, _ in found["Brass Tacks"]} == {"organisation"}
    found = _kinds("- Retired now, part-time at Leeds City Libraries.\n")
    assert {kind for kind, _ in found["Leeds City Libraries"]} == {"organisation"}
    found = _kinds("- The band plays in Hyde Park on Sunday.\n")
    assert {kind for kind, _ in found["Hyde Park"]} == {"place"}
    assert "UCL" in _kinds("- Dana qualified at UCL in 2009.\n")


def test_a_title_after_at_or_listed_with_a_place_is_a_venue_not_a_work() -> None:
    assert {k for k, _ in _kinds("- 3/6: gig at The Lamplighter, doors 8.\n")["The Lamplighter"]} == {"place"}
    found = _kinds("- 5/6 Leeds, The Wardrobe\n")
    assert {kind for kind, _ in found["The Wardrobe"]} == {"place"}
    found = _kinds("- Ada prefers The Gruffalo at bedtime.\n")
    assert {kind for kind, _ in found["The Gruffalo"]} == {"work"}


def test_whose_friend_a_name_is_in_brackets_makes_it_a_person() -> None:
    found = _kinds("- Flowers: Zodwa (Thandeka's friend), at cost\n")
    assert ("person", "typed_name") in found["Zodwa"]


def test_a_reps_business_is_an_organisation() -> None:
    found = _kinds("- Quarrymill Foods rep: Dana Okafor, calls on Tuesdays.\n")
    assert {kind for kind, _ in found["Quarrymill Foods"]} == {"organisation"}


def test_a_caterer_label_names_a_business() -> None:
    found = _kinds("Caterer: going with Saffron Table (the tasting was great).\n")
    assert {kind for kind, _ in found["Saffron Table"]} == {"organisation"}


def test_a_name_in_brackets_after_a_place_is_its_region() -> None:
    found = _kinds("- We stayed in Sligo (Yeats Country) for a week.\n")
    assert {kind for kind, _ in found["Yeats Country"]} == {"place"}
