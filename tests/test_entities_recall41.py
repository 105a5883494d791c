"""Initials after "at the" and "from the", closing their phrase, session 27 (h-recall41): a venue and a body.

The notes are written for these tests (a choir's and a bakery's memory), in words of their own, not the
labelled sets'."""

from __future__ import annotations

from mdrecall.knowledge.mentions.acronym_slots import slot_kind

from helpers import mention_kinds


def test_initials_at_the_are_a_venue_and_from_the_a_body() -> None:
    found = mention_kinds(
        "- Choir sings at the KVCH. Coach leaves at six.\n"
        "- Bakery got a hygiene grant from the BRWA: paid in March.\n"
    )
    # fails before: "at the" and "from the" were no name's slot
    assert ("place", "typed_name") in found.get("KVCH", set()), found
    assert ("organisation", "typed_name") in found.get("BRWA", set()), found


def test_an_ordinary_abbreviation_or_a_modifier_after_the_is_no_name() -> None:
    found = mention_kinds(
        "- Quick word at the AGM. Then cake.\n- Ordered flour from the KVCH depot, twelve sacks.\n"
    )
    assert "AGM" not in found, found
    assert slot_kind("KVCH", "flour from the ", " depot, twelve") is None  # a noun follows: no slot
    assert slot_kind("KVCH", "we met by the ", ".") is None  # "by the": an agent is often a role
