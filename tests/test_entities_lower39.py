"""Names on lines written without capitals, session 26 (h-lower39): the lists the capitalised path trusts,
read only on uncased lines and only in a name's slot.

The notes are written for these tests (a fishing cooperative on the Norwegian coast, a repair shop), in
words of their own, not the labelled sets'."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.mentions.lower_people import uncased

from helpers import mention_kinds, workspace_kinds


def test_a_listed_place_and_given_name_in_their_slots_are_read_on_an_uncased_line() -> None:
    found = mention_kinds(
        "[memo 07:15] so today i drove to stavanger with ingrid, the ferry was late again\n"
    )
    # fails before: the place and the given name, written in lower case, gave no entity
    assert ("place", "typed_name") in found.get("Stavanger", set()), found
    assert ("person", "typed_name") in found.get("Ingrid", set()), found


def test_a_given_name_and_a_surname_no_dictionary_knows_before_said_make_a_full_name() -> None:
    found = mention_kinds("- ingrid halvorsen said the nets are ready, we sail from bergen on friday\n")
    assert ("person", "typed_name") in found.get("Ingrid Halvorsen", set()), found
    assert ("place", "typed_name") in found.get("Bergen", set()), found


def test_a_well_known_tool_after_on_is_read_and_a_given_name_before_and_i() -> None:
    found = mention_kinds("- the standup board is on grafana now, tobias and i checked it twice\n")
    assert ("product", "typed_name") in found.get("Grafana", set()), found
    assert ("person", "typed_name") in found.get("Tobias", set()), found


def test_list_words_out_of_a_slot_or_english_words_in_one_are_no_names() -> None:
    for line in (
        "- we had nice weather in reading and the mark was fine\n",
        "- we met at the park and walked to the river with joy\n",
        "- moved the alerts to slack and the docs to linear\n",
        "- ingrid halvorsen fixed the winch\n",  # a full name with no slot: lower_people's to read or not
    ):
        found = mention_kinds(line)
        assert not {k for k, v in found.items() if k[:1].isupper() and ("place", "typed_name") in v}, found
        assert not {k for k, v in found.items() if k[:1].isupper() and k != "Ingrid Halvorsen"}, found


def test_a_capitalised_line_is_never_read_here() -> None:
    assert uncased("so today i drove to bergen with ingrid")
    assert not uncased("So today I drove to Bergen with ingrid")
    assert uncased("at the show with tami, the ASK stand was busy")  # an acronym is no capital word
    assert not uncased("with ingrid")  # too short to say


def test_the_names_count_in_a_workspace_of_voice_memos(tmp_path: Path) -> None:
    files = {
        "memory/2027-06-02.md": "# 2027-06-02\n\n[memo 06:40] um pots out, went to stavanger with ingrid\n",
        "memory/2027-06-05.md": "# 2027-06-05\n\n[memo 19:10] ingrid said the buyer in stavanger pays less\n",
    }
    kinds = workspace_kinds(tmp_path, files)
    assert kinds.get("stavanger", ("",))[0] == "place", kinds
    assert kinds.get("ingrid", ("",))[0] == "person", kinds
