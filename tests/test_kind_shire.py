"""One word ending in "shire" names a county ("a week in Perthshire", "Carmarthenshire booked for May"),
whether the gazetteer lists it or not: a place, not a person for the verb after it; but not where a noun
follows it ("a Staffordshire terrier": a breed) (:data:`~mdrecall.knowledge.lexicon.name_words.SHIRE`,
session 25). A walker's notes, written for this test."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.lexicon.name_words import SHIRE
from mdrecall.knowledge.mentions.names import name_kind

from helpers import entity_kinds

NOTES = {
    "memory/2027-04-02.md": (
        "# 2 April\n\n"
        "- Walking week to Carmarthenshire booked for May, four nights.\n"
        "- Gwen's Carmarthenshire cottage has a drying room.\n"
    ),
}


def test_a_shire_is_a_county(tmp_path: Path) -> None:
    assert entity_kinds(tmp_path, NOTES)["Carmarthenshire"] == "place"


def test_the_ending_and_what_follows() -> None:
    assert SHIRE.fullmatch("Aberdeenshire") and not SHIRE.fullmatch("Shire") and not SHIRE.fullmatch("shire")
    assert name_kind("Perthshire", ["Perthshire"], "- ", " booked for June")[0] == "place"
    assert name_kind("Perthshire", ["Perthshire"], "- a ", " terrier pup")[0] != "place"
