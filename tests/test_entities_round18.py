"""Entities of round 18 (issue 29 part 1): a saint's "St." opening a name, organisations joined by "for",
two people sharing the surname written after them.

The notes are written for these tests (a rowing club, a research charity, a street party), in words of
their own, not the labelled sets' nor the entity corpus's."""

from __future__ import annotations

from pathlib import Path

from helpers import mention_kinds, workspace_kinds


def test_a_saints_abbreviation_opens_a_places_name() -> None:
    found = mention_kinds("- Meeting point: St. Agnes Chapel (side door)\nSt. Agnes Chapel was locked.\n")
    assert ("place", "typed_name") in found["St. Agnes Chapel"]  # fails before: "Agnes Chapel", and "St"
    assert "Agnes Chapel" not in found and "St" not in found


def test_an_organisation_joined_by_for() -> None:
    found = mention_kinds("- Grant letter from the Institute for Marine Acoustics arrived today.\n")
    assert ("organisation", "typed_name") in found["Institute for Marine Acoustics"]  # fails before
    assert "Marine Acoustics" not in found
    found = mention_kinds("- Booked the Hotel for Dogs again. Thanks Team for Everything.\n")
    assert not any(" for " in name for name in found)  # no organisation's word before "for"


def test_two_people_before_one_surname() -> None:
    found = mention_kinds("- Street party: Siobhan & Declan Foley bring the gazebo.\n")
    assert ("person", "typed_name") in found["Siobhan Foley"]  # fails before: "Siobhan & Declan", a firm
    assert ("person", "typed_name") in found["Declan Foley"]
    assert "Siobhan & Declan" not in found
    found = mention_kinds("- Hired the marquee from Harlow & Sons Events.\n")
    assert not any(kind == "person" for name in found for kind, _ in found[name] if "Harlow" in name)


def test_a_title_of_several_words_in_quotes_is_a_work() -> None:
    found = mention_kinds('- Sunday slot: Ines presents "Harbour Lights Hour", shanties and sea songs.\n')
    assert ("work", "typed_name") in found["Harbour Lights Hour"]  # fails before: no kind
    found = mention_kinds('- Cox: Tomasz Wrona ("Big Tom") steers on Saturdays.\n')
    assert all(kind != "work" for kind, _ in found.get("Big Tom", set()))  # a nickname in brackets
    found = mention_kinds('- Everyone calls her "Lady Marmalade" now.\n')
    assert all(kind != "work" for kind, _ in found.get("Lady Marmalade", set()))


def test_a_composers_name_before_a_musical_form_is_a_work() -> None:
    found = mention_kinds("- Autumn term: the Brahms Requiem, then a Vivaldi Concerto in December.\n")
    assert ("work", "typed_name") in found["Brahms Requiem"]  # fails before: a person ("Brahms")
    assert ("work", "typed_name") in found["Vivaldi Concerto"]
    assert ("person", "typed_name") in mention_kinds("- Coffee with Celine Song at noon.\n")["Celine Song"]


def test_names_listed_after_a_count_of_animals_are_pets() -> None:
    found = mention_kinds("- Out back: two ferrets, Hilda and Margot, and the old pony.\n")
    assert ("pet", "typed_name") in found["Hilda"]  # fails before: people (given names)
    assert ("pet", "typed_name") in found["Margot"]
    found = mention_kinds("- Our two kids, Hilda and Margot, start school.\n")
    assert all(kind == "person" for kind, _ in found["Hilda"])  # no animal's word


def test_a_bracket_opening_with_an_animals_word_makes_a_pet() -> None:
    found = mention_kinds("- Barn: Maud (silver bantam, lays daily) and the ducks.\n")
    assert ("pet", "typed_name") in found["Maud"]  # fails before: a person


def test_a_name_said_to_be_someones_relative_is_a_person() -> None:
    found = mention_kinds("- Sparrow (11) is Odile's nephew; swims Tuesdays.\n")
    assert ("person", "typed_name") in found["Sparrow"]  # fails before: no kind (a bird's word)


def test_an_office_after_a_name_is_no_part_of_it() -> None:
    found = mention_kinds("- Desks split between Leeds and our Holbeck Urban office.\n")
    assert ("place", "typed_name") in found["Holbeck Urban"]  # fails before: "Holbeck Urban office"
    assert "Holbeck Urban office" not in found


def test_a_surname_after_a_title_is_the_one_person_it_ends_though_a_frequent_word(tmp_path: Path) -> None:
    found = workspace_kinds(
        tmp_path,
        {
            "MEMORY.md": "# People\n\n- GP: Dr. Helen Ward, Moorside Surgery\n",
            "memory/2027-05-04.md": "- Follow-up with Dr. Ward on Thursday, bloods first.\n",
        },
    )
    assert "ward" not in found  # fails before: "Ward" (a frequent word) a person of its own
    assert "Ward" in found["helen ward"][1]


def test_a_quoted_nickname_in_brackets_is_the_persons_though_unlike_the_given_name(tmp_path: Path) -> None:
    found = workspace_kinds(
        tmp_path,
        {
            "MEMORY.md": '# Club\n\n- Margaret Osei ("Zuzu"): treasurer since spring.\n',
            "memory/2027-05-06.md": "- Zuzu sent round the accounts.\n",
        },
    )
    assert "Zuzu" in found["margaret osei"][1]  # fails before: "Zuzu" an entity of its own
    assert "zuzu" not in found


def test_a_short_form_that_lost_its_head_noun_does_not_outvote_the_full_name(tmp_path: Path) -> None:
    found = workspace_kinds(
        tmp_path,
        {
            "MEMORY.md": "# Rollout\n\n- First site: Ashgrove Bay Dental (contact: Priya Nair).\n",
            "memory/2027-05-07.md": "- Kiosk is live at Ashgrove Bay since Monday.\n",
        },
    )
    assert found["ashgrove bay dental"][0] == "organisation"  # fails before: a place ("Bay")


def test_a_places_first_word_opening_a_line_stays_in_the_name() -> None:
    found = mention_kinds("Port Isaac Harbour was packed for the regatta.\n")
    assert ("place", "typed_name") in found["Port Isaac Harbour"]  # fails before: "Isaac Harbour"
    assert "Isaac Harbour" not in found


def test_a_name_flown_on_or_with_is_the_airline() -> None:
    found = mention_kinds("- Lisbon trip: flights booked on Transavia, back on the 9th.\n")
    assert {kind for kind, _ in found["Transavia"]} == {"organisation"}  # fails before: no kind
    assert {kind for kind, _ in mention_kinds("- Flying with Tomasz next week.\n")["Tomasz"]} == {"person"}


def test_a_bracket_saying_what_a_name_is_gives_its_kind() -> None:
    found = mention_kinds("2. Brackenfield (our nearest secondary school) as a backup.\n")
    assert ("organisation", "typed_name") in found["Brackenfield"]  # fails before: a weak candidate only
    found = mention_kinds("- Quiz night at Mulligan (the corner pub) on Thursday.\n")
    assert ("place", "typed_name") in found["Mulligan"]
    assert ("person", "typed_name") in mention_kinds("- Odile (our neighbour) feeds the cat.\n")["Odile"]


def test_a_roles_title_after_a_person_cue_is_no_person() -> None:
    found = mention_kinds("- Ilse Brandt: my line manager, Head of Platform since May.\n")
    assert all(kind != "person" for kind, _ in found.get("Head", set()))  # fails before: "Head" a person
    found = mention_kinds("- my line manager, Ilse Brandt, signed it off.\n")
    assert ("person", "typed_name") in found["Ilse Brandt"]
