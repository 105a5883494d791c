"""Initials no list knows, session 27 (h-recall41): after "from the", closing their phrase, a body; before a
paper their holder issues ("registration", "record", "number"), a name of a kind left to the readers.

The notes are written for these tests (a choir's and a bakery's memory), in words of their own, not the
labelled sets'."""

from __future__ import annotations

from mdrecall.knowledge.mentions.acronym_slots import slot_kind

from helpers import mention_kinds


def test_initials_from_the_are_a_body() -> None:
    found = mention_kinds(
        "- Choir sings at the KVCH. Coach leaves at six.\n"
        "- Bakery got a hygiene grant from the BRWA: paid in March.\n"
    )
    # fails before: "from the" was no name's slot; "at the" stays none (a venue or a meeting)
    assert "KVCH" not in found, found
    assert ("organisation", "typed_name") in found.get("BRWA", set()), found


def test_an_ordinary_abbreviation_or_a_modifier_after_the_is_no_name() -> None:
    found = mention_kinds(
        "- Quick word at the AGM. Then cake.\n- Ordered flour from the KVCH depot, twelve sacks.\n"
    )
    assert "AGM" not in found, found
    assert slot_kind("KVCH", "flour from the ", " depot, twelve") is None  # a noun follows: no slot
    assert slot_kind("KVCH", "we met by the ", ".") is None  # "by the": an agent is often a role


def test_initials_before_a_paper_their_holder_issues_are_a_name() -> None:
    found = mention_kinds(
        "- Nell finished the KWRA registration last night.\n"
        "- Pulled the firm's CXPC record: two directors.\n"
        "- Rafe still needs his own EFRT number.\n"
    )
    # fails before: a registration's, a record's or a number's initials were no name
    for word in ("KWRA", "CXPC", "EFRT"):
        assert word in found, found
    assert slot_kind("VAT", "their ", " number") is None  # an ordinary abbreviation
    assert slot_kind("KWRA", "the ", " receipts") is None  # a receipt: no holder's paper
