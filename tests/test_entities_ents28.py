"""Entity spans, session 23 (h-ents28): a venue's name whose capitalised parts "in the", "on the", "under
the" or "by the" join.

The notes are written for these tests (a pottery class, a cycling club, a book swap), in words of their own,
not the labelled sets', the entity corpus's nor the pair corpora's."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.mentions.bridged_names import bridged_run

from helpers import entity_kinds, mention_kinds


def test_a_venue_named_by_an_ordinary_noun_and_a_place_is_one_name() -> None:
    found = mention_kinds(
        "- Book swap moved to Owl by the Bridge Inn, first Tuesday.\n"
        "- Priya booked Lantern under the Arches Club for the wrap party.\n"
    )
    # fails before: "Bridge Inn" and "Arches Club" alone, fragments; "Owl" and "Lantern" weak words
    assert "Owl by the Bridge Inn" in found, found
    assert "Lantern under the Arches Club" in found, found
    assert "Bridge Inn" not in found and "Arches Club" not in found, found


def test_a_person_a_place_or_a_brand_before_the_small_words_stays_apart() -> None:
    found = mention_kinds(
        "- Tea with Ana in the Quarry Hotel lobby.\n"
        "- Coffee at Starbucks in the Harbour Hotel.\n"
        "- Flew into Lisbon on the Monday, then the Quay Hotel.\n"
        "- Lunch in the Dock Hotel was slow.\n"
    )
    assert "Quarry Hotel" in found and "Harbour Hotel" in found and "Dock Hotel" in found, found
    assert not any(" in the " in n or " on the " in n for n in found), found


def test_only_a_venue_s_last_word_closes_the_joined_name() -> None:
    text = "- Met Fox in the Snow yesterday, then Robin on the Hill Street corner.\n"
    assert bridged_run(text, ["Fox"], text.index(" in the"), False) is None  # no venue's word
    text = "- Dinner at Pig in the Wall Bistro tonight.\n"
    assert bridged_run(text, ["Pig"], text.index(" in the"), False) == (
        ["Pig", "in", "the", "Wall", "Bistro"],
        text.index(" tonight"),
    )
    assert bridged_run(text, ["Pig"], text.index(" in the"), True) is None  # opening a sentence


def test_a_workspace_lists_the_venue_whole(tmp_path: Path) -> None:
    kinds = entity_kinds(
        tmp_path,
        {
            "memory/2027-06-01.md": "- Class ends early; Hana wants drinks at Heron in the Reeds Tavern.\n",
            "memory/2027-06-08.md": "- Hana says the Reeds Tavern quiz is back on Thursday.\n",
        },
    )
    # fails before: the fragment "Reeds Tavern" was the entity, the venue's whole name missed
    assert "Heron in the Reeds Tavern" in kinds, kinds


def test_initials_a_body_s_act_follows_are_an_organisation() -> None:
    found = mention_kinds(
        "- QWCB want the cycle-lane survey back by the 20th.\n"
        "- Ride leaders: KVTC sent the new waiver forms.\n"
        "- PTSA meets on the second Monday, in the gym.\n"
    )
    # fails before: initials no list knows, in no slot a preposition makes: no name
    for name in ("QWCB", "KVTC", "PTSA"):
        assert ("organisation", "typed_name") in found.get(name, set()), (name, found)


def test_a_role_or_an_ordinary_abbreviation_before_a_verb_stays_out() -> None:
    found = mention_kinds("- The CTO said no.\n- Our CFO wants the PDF today.\n- The ICU called at six.\n")
    assert not {"CTO", "CFO", "PDF", "ICU"} & set(found), found
    found = mention_kinds("- Street BBQ cancelled, rain.\n- ESTA approved at last.\n")  # "was" dropped
    assert not {"BBQ", "ESTA"} & set(found), found
