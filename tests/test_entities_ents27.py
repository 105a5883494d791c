"""Entity recall, session 23 (h-ents27): names of several capitalised words that open a sentence or line.

The notes are written for these tests (a ceramics studio, a kayak club, a book fair), in words of their
own, not the labelled sets', the entity corpus's nor the pair corpora's."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.lexicon.name_words import head_kind
from mdrecall.knowledge.mentions.names import name_kind
from mdrecall.knowledge.mentions.opening_names import opening_lead, opening_name, opening_word

from helpers import entity_kinds, mention_kinds


def test_three_capitalised_words_opening_a_line_are_a_name() -> None:
    found = mention_kinds(
        "# Studio\n"
        "- Silver Birch Kiln Glaze for the mugs, two kilos.\n"
        "- Saltmarsh Oar Fellows meets at six, Greta is coxing.\n"
    )
    # fails before: a run opening a line was only a weak candidate (name_start), kept on other evidence
    for name in ("Silver Birch Kiln Glaze", "Saltmarsh Oar Fellows"):
        hows = {how for _kind, how in found.get(name, set())}
        assert hows & {"rare_name", "typed_name"}, (name, found.get(name))


def test_an_inflected_verb_opening_the_run_is_no_part_of_the_name() -> None:
    found = mention_kinds(
        "- Rang Brightwater Kayak Hire about the broken rudder.\n- Drinks Copper Kettle Chai every morning.\n"
    )
    # fails before: "Rang Brightwater Kayak Hire" and "Drinks Copper Kettle Chai", weak, one name each
    assert "Brightwater Kayak Hire" in found, found
    assert "Copper Kettle Chai" in found, found
    assert not any(n.startswith(("Rang", "Drinks")) for n in found), found


def test_a_title_and_a_heading_leave_the_run_weak() -> None:
    found = mention_kinds("# Fair Stall Plan Notes\n- Nurse Dr Halima Osei came by the stall.\n")
    for name in ("Fair Stall Plan", "Nurse Dr Halima Osei"):
        hows = {how for _kind, how in found.get(name, set())}
        assert not hows & {"rare_name", "typed_name"}, (name, found.get(name))


def test_opening_words_are_read_by_their_class_in_wordnet() -> None:
    assert opening_word("Drinks") == "v" and opening_word("Sang") == "v"
    assert opening_word("Big") == "a" and opening_word("United") == "a"  # may open a name: left alone
    assert opening_word("Meeting") is None and opening_word("Harbour") is None  # nouns
    assert opening_word("Rose") is None  # a given name
    assert opening_lead(["Sang", "Willow", "Creek", "Choir"], True, False) == 1
    assert opening_lead(["Sang", "Willow"], True, False) == 0  # two words: "Willow" alone is no name's proof
    assert opening_lead(["Sang", "Willow", "Creek"], False, False) == 0  # inside a sentence
    assert opening_name(["Willow", "Creek", "Choir"], True, False, False)
    assert not opening_name(["Big", "Willow", "Choir"], True, False, False)  # "Big Willow Choir fan"
    assert not opening_name(["Wren's", "Willow", "Choir"], True, False, False)  # whose: two names
    assert not opening_name(["Nurse", "Dr", "Osei"], True, False, False)  # a title: the person's readers
    assert not opening_name(["Willow", "Creek", "Choir"], True, False, True)  # a table cell's
    assert not opening_name(["Willow", "Creek"], True, False, False)
    assert not opening_name(["Willow", "Creek", "Choir"], True, True, False)  # a heading's
    assert not opening_name(["Monday", "Creek", "Choir"], True, False, False)  # a calendar word


def test_an_event_s_word_before_its_scope_makes_an_event() -> None:
    # fails before: the last word is no event's, so the head before it went unread
    assert name_kind("Pottery Expo Global", ["Pottery", "Expo", "Global"], "- ", " in Lyon")[0] == "event"
    assert name_kind("Paddle Summit Online", ["Paddle", "Summit", "Online"], "- ", " in May")[0] == "event"
    assert name_kind("Paddle Summit Notes", ["Paddle", "Summit", "Notes"], "- ", " in May")[0] != "event"


def test_a_romance_head_noun_before_de_names_its_kind_opening_a_sentence() -> None:
    # fails before: "Taller" is an English word too, so a run opening a sentence was given no head
    assert head_kind(["Taller", "de", "Cerámica", "Ruiz"], opens=True) == "organisation"
    assert head_kind(["Taller", "Ruiz", "Prize"], opens=True) is None


def test_a_workspace_lists_an_opening_run_as_an_entity(tmp_path: Path) -> None:
    kinds = entity_kinds(
        tmp_path,
        {
            "memory/2027-04-02.md": "- Tidewater Oar Fellows meets at six, Greta is coxing.\n",
            "memory/2027-04-03.md": "- Greta borrowed my gloves again.\n",
        },
    )
    # fails before: one file, a run opening its line: no entity
    assert "Tidewater Oar Fellows" in kinds, kinds


def test_a_number_before_a_unit_is_a_quantity_not_a_model_s_number() -> None:
    found = mention_kinds("- Brew kit: a Kegmaster 19 L, a Hopwell 5 kg sack, and a Pixel 8 for photos.\n")
    # fails before: "Kegmaster 19" and "Hopwell 5", a model's number that is the keg's size
    assert "Kegmaster 19" not in found and "Kegmaster" in found, found
    assert "Hopwell 5" not in found, found
    assert "Pixel 8" in found, found  # a model's number with no unit after it stays the name's


def test_a_noun_that_numbers_things_after_a_rare_maker_is_its_model_line() -> None:
    found = mention_kinds("- Workshop: Ines wants to try a Printwell Form 4B for the dentures.\n")
    # fails before: "Form" numbers things ("Form T1"), so the code was dropped: "Printwell Form", no kind
    assert found.get("Printwell Form 4B") == {("product", "typed_name")}, found
    found = mention_kinds("- Booked the Harbour Hotel Room 4B for Friday.\n")
    assert not any(n.endswith("4B") for n in found), found  # a room's number, after no rare maker


def test_a_role_and_a_person_opening_a_line_are_left_to_the_person_s_readers() -> None:
    assert not opening_name(["Duty", "Pharmacist", "Noor", "Haddad"], True, False, False)
    assert not opening_name(["Harbour", "Ines", "Trust"], True, False, False)  # a given name inside
    found = mention_kinds("- Duty Pharmacist Noor Haddad is covering the late shift.\n")
    hows = {how for _kind, how in found.get("Duty Pharmacist Noor Haddad", set())}
    assert not hows & {"rare_name", "typed_name"}, found  # a weak candidate, as before
