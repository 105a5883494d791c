"""A kind's tag opening an item says what the name after it is, as an agent types the bullets of the memory
it keeps ("- [org] Halden Bikes — …", "- [place] Ravenscar — …"): the page's own structure, read over the
name's words (a given name opening a firm's or a town's name), but not a task's box ("- [x]") or a note's
type ("- [fact]") (:func:`~mdrecall.knowledge.mentions.label_kinds.tag_kind`, session 25). An assistant's
memory of a beekeeper's year, written for this test."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.mentions.label_kinds import tag_kind

from helpers import entity_kinds

NOTES = {
    "MEMORY.md": (
        "# MEMORY — Ilse Marwick\n\n"
        "## Who's who\n"
        "- [person] Tobenna Okafor — her apiary partner, keeps the queen records.\n"
        "- [org] Clifford Honey Packers — buys the heather crop every September.\n"
        "- [place] Kirby Moorside — where the out-apiary stands.\n"
        "- [venue] Bees & Barley — the pub where the beekeepers' club meets.\n"
        "- [product] Ashforth Super 10 — the frame feeder she swears by.\n"
        "- [pet] Pilchard — the collie who minds the van.\n\n"
        "## Notes\n"
        "- [fact] Clifford Honey Packers pay within a month.\n"
        "- [x] Order more Ashforth Super 10 feeders.\n"
    ),
    "memory/2027-05-03.md": "# 3 May\n\n- Tobenna rang: two colonies queenless.\n",
}


def test_a_tag_types_the_name_after_it(tmp_path: Path) -> None:
    kinds = entity_kinds(tmp_path, NOTES)
    assert kinds["Tobenna Okafor"] == "person"
    assert kinds["Clifford Honey Packers"] == "organisation"  # not a person for its given name
    assert kinds["Kirby Moorside"] == "place"
    assert kinds["Bees & Barley"] == "place"
    assert kinds["Ashforth Super 10"] == "product"
    assert kinds["Pilchard"] == "pet"


def test_only_a_kind_s_word_in_a_tag_opening_the_item() -> None:
    assert tag_kind("- [person] ") == "person"
    assert tag_kind("* [Org] ") == "organisation"
    assert tag_kind("1. [supplier] ") == "organisation"  # a label's word counts too
    assert tag_kind("- [tool] ", technical=True) == "technology"
    assert tag_kind("- [x] ") is None  # a task's box
    assert tag_kind("- [fact] ") is None  # a note's type, not the name's kind
    assert tag_kind("- [person] Ngozi and ") is None  # only the name right after the tag
    assert tag_kind("- met ") is None
