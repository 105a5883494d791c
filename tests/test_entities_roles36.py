"""Names in technical and dictated notes, session 26 (h-ents36): a role's noun capitalised as a class is no
name, a body's initials before its office in a named place are its name, and a two-letter surname after a
title is the person the workspace names in full.

The notes are written for these tests (a sailing club's and a clinic's memory), in words of their own, not
the labelled sets'."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.lexicon.role_modifiers import role_modifier

from helpers import mention_kinds, workspace_entities


def test_a_role_noun_capitalised_before_a_noun_is_a_class() -> None:
    found = mention_kinds(
        "- Sailing: Imogen sat the Novice exam and holds an Apprentice ticket now.\n"
        "- Ferris entered the Senior regatta at Larne.\n"
    )
    # fails before: "Novice", "Apprentice" and "Senior" were names of no kind
    for word in ("Novice", "Apprentice", "Senior"):
        assert word not in found, found
    assert "Imogen" in found and "Ferris" in found, found


def test_a_role_modifier_needs_a_determiner_and_a_common_noun() -> None:
    assert role_modifier("Novice", "- she sat the ", " exam on Friday")
    assert role_modifier("Apprentice", "holds Imogen's ", " ticket")
    # a surname or a title WordNet spells with a capital, a kin noun, a verb after: left alone
    assert not role_modifier("Baker", "we met the ", " family there")
    assert not role_modifier("Captain", "lost the ", " hat")
    assert not role_modifier("Novice", "we met the ", " family")
    assert not role_modifier("Novice", "then ", " said no")
    assert not role_modifier("Novice", "- the ", ", then lunch")


def test_initials_before_a_body_s_office_in_a_place_are_its_name() -> None:
    found = mention_kinds(
        "- Renewal papers go to the KRTA office in Dunmore on Monday.\n"
        "- Swabs went to the PCR lab in Belfast.\n"
    )
    # fails before: "KRTA" was no name (no slot, no list)
    assert ("organisation", "typed_name") in found.get("KRTA", set()), found
    assert "PCR" not in found, found  # a field's lab, no body


def test_a_two_letter_surname_after_a_title_is_the_person_named_in_full(tmp_path: Path) -> None:
    names = {
        e.name
        for e in workspace_entities(
            tmp_path,
            {
                "MEMORY.md": "- Physio: Dr. Hana Yu (Lakeside Clinic).\n",
                "people.md": "- **Dr. Hana Yu**: physio, Lakeside Clinic.\n",
                "memory/2027-02-01.md": "- Dr. Yu moved the knee session to Thursday.\n",
                "memory/2027-02-08.md": "- Dr. Yu says two more weeks of exercises.\n",
            },
        )
    }
    # fails before: "Yu" was an entity of its own (a surname of two letters linked to no one)
    assert "Hana Yu" in names and "Yu" not in names, names


def test_initials_listed_beside_a_name_take_its_kind() -> None:
    found = mention_kinds(
        "- Race results go up on Strava and QXRN after each round.\n"
        "- Renew the permit at Civic Hall or KRTA before June.\n"
        "- Sam and CJW rigged the dinghies.\n"
        "- Entries: Harbour Club, KRSC 4 and the juniors.\n"
    )
    # fails before: "QXRN" and "KRTA" were no names (no slot, no list knew them)
    assert ("unknown", "typed_name") in found.get("QXRN", set()), found  # a thing's kind: left to the view
    assert ("unknown", "typed_name") in found.get("KRTA", set()), found  # beside a venue: a body or a service
    assert "CJW" not in found, found  # beside a person: most often a person's initials
    assert "KRSC" not in found, found  # a code with its number, not an item of the list


def test_initials_as_the_value_of_a_role_s_label_are_a_body() -> None:
    found = mention_kinds("- Auditor: KWBS, two of them on site.\n- Owner: TBD\n- Contact: HR.\n")
    # fails before: "KWBS" was no name
    assert ("organisation", "typed_name") in found.get("KWBS", set()), found
    assert "TBD" not in found and "HR" not in found, found


def test_a_place_then_a_body_s_initials_are_one_name() -> None:
    found = mention_kinds(
        "- Permit: Ohio DWQ's inspector comes on the 4th.\n"
        "- Yukon DWR wants the logbook back by spring.\n"
        "- Dinner at a Texas BBQ place, then 9 Denver MST call.\n"
    )
    # fails before: "DWQ" and "DWR" were cut from their place ("DWQ" alone, or no name)
    assert ("organisation", "typed_name") in found.get("Ohio DWQ", set()), found
    assert ("organisation", "typed_name") in found.get("Yukon DWR", set()), found
    assert "DWQ" not in found and "Texas BBQ" not in found and "Denver MST" not in found, found
