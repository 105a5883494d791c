"""A place after a listed work's title ("- Swan Lake, Bradford Alhambra Theatre, 2/3") is where it is on, not
who made it: a name of several words with a place's word last or a town first is no maker, and ends the
item's titles (:func:`~mdrecall.knowledge.mentions.section_kinds.work_items`, session 25). A theatre-goer's
list, written for this test."""

from __future__ import annotations

from mdrecall.knowledge.mentions.extract import extract_entities

LIST = (
    "# Reading and watch list\n\n"
    "## Watch\n"
    "- Swan Lake, Bradford Alhambra Theatre, 2/3 — Priya wants to go.\n"
    "- Perfect Days, Wim Wenders\n"
    "- The Nightingale, Leeds Grand Theatre.\n"
)


def test_a_venue_after_a_title_is_a_place_and_a_maker_a_person() -> None:
    kinds = {m.name: m.kind for m in extract_entities(LIST).mentions}
    assert kinds["Bradford Alhambra Theatre"] == "place"
    assert kinds["Leeds Grand Theatre"] == "place"
    assert kinds["Swan Lake"] == "work" and kinds["The Nightingale"] == "work"
    assert kinds["Wim Wenders"] == "person"
