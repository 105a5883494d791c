"""Head nouns of Swedish, Norwegian and Danish make a name an organisation or a place, as the German and
Spanish ones do (``name_words.ORG_HEADS``, ``PLACE_HEADS`` and their compounds): a family's notes in
Bergen and Malmö, on a real workspace."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.lexicon.name_words import head_kind

from helpers import entity_kinds

NOTES = {
    "memory/2027-08-16.md": (
        "# Monday\n\n"
        "- Sondre starts at Fjellsiden Barnehage on the 23rd, drop-off by eight.\n"
        "- Städfirma Glans confirmed the move-out clean for Friday.\n"
        "- Our new address from September: Lindholmsgatan 14, third floor.\n"
        "- Musikskolan Toner sent the autumn timetable: Saga's cello on Wednesdays.\n"
    ),
    "memory/2027-08-23.md": (
        "# Monday\n\n"
        "- Fjellsiden Barnehage asked for spare clothes and wellies.\n"
        "- Städfirma Glans said the oven needs another go, no charge.\n"
        "- Keys for Lindholmsgatan 14 on Thursday.\n"
    ),
}


def test_nordic_heads_in_notes(tmp_path: Path) -> None:
    kinds = entity_kinds(tmp_path, NOTES)
    assert kinds["Fjellsiden Barnehage"] == "organisation"
    assert kinds["Städfirma Glans"] == "organisation"
    assert kinds["Musikskolan Toner"] == "organisation"
    assert kinds["Lindholmsgatan"] == "place"


def test_nordic_heads_and_compounds() -> None:
    assert head_kind(["Tranbergs", "Kommune"]) == "organisation"
    assert head_kind(["Systembolaget"]) == "organisation"
    assert head_kind(["Strandvej"]) == "place"
    assert head_kind(["Kongens", "Torv"]) == "place"
    assert head_kind(["Ngata"]) is None  # a surname: too short a word for the compound "gata"
    assert head_kind(["Brigade"]) is None  # an English word, no compound
