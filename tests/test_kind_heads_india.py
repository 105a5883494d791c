"""Head nouns of Hindi and Marathi make a name a place or an organisation, as the German, Spanish or Irish
ones do (``name_words.PLACE_HEADS``, ``name_words.ORG_HEADS``): a family's notes in Nagpur, on a real
workspace."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.knowledge.lexicon.name_words import head_kind

from helpers import write

NOTES = {
    "memory/2027-02-01.md": (
        "# Monday\n\n"
        "- Dentist: Dr Meher Batliwala, Shastri Nagar. Cleaning every six months.\n"
        "- Tailor: Gupta ji, Sadar Bazaar. The kurta is ready on Thursday.\n"
        "- Bal Vikas Mandal meets on Sunday at the school; Ira wants to join.\n"
        "- Amit Nagar called about the plumbing quote, 4,200 for the bathroom.\n"
    ),
}


def _kinds(root: Path) -> dict[str, str]:
    for path, text in NOTES.items():
        write(root, path, text)
    mem = Memory.open(root, Config().merged({"history": {"git": False}}))
    try:
        mem.index()
        return {e.name: e.kind for e in mem.entities()}
    finally:
        mem.close()


def test_a_town_or_market_word_last_makes_a_place_and_a_society_an_organisation(tmp_path: Path) -> None:
    kinds = _kinds(tmp_path)
    assert kinds["Shastri Nagar"] == "place"  # was a person: listed after one, shaped as a name
    assert kinds["Sadar Bazaar"] == "place"
    assert kinds["Bal Vikas Mandal"] == "organisation"
    assert kinds["Amit Nagar"] == "person"  # a given name before it: "Nagar" is his surname


def test_heads_read_as_words_and_in_compounds() -> None:
    assert head_kind(["Laxmi", "Chowk"]) == "place"
    assert head_kind(["Jayanagar"]) == "place"  # a compound's end, as "Lindenstraße"
    assert head_kind(["Secunderabad"]) == head_kind(["Daryaganj"]) == "place"
    assert head_kind(["Larkspur"]) is None  # an English word (a flower), no compound of "-pur"
    assert head_kind(["Amit", "Nagar"]) is None
