"""Kinds by evidence that differs between the kinds most often confused (session 27, h-kinds40): a copula's
noun ("Quillnote is our ticketing app", "Our bank is Brennock Mutual"), a capital inside a word that no
town's name has (a weak "in X" place cue on "FrameKit" is the software's), and a list of music that names
its artist first ("- Nina Okafor, Saltwater Hymns"). A sound engineer's notes, written for this test."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.lexicon.apposition import predicate_kind
from mdrecall.knowledge.mentions.section_kinds import work_items

from helpers import entity_kinds

NOTES = {
    "memory/2027-10-04.md": (
        "# Monday\n\n"
        "- Quillnote is our ticketing app now, the old spreadsheet is gone.\n"
        "- Our bank is Brennock Mutual since the merger; statements by post.\n"
        "- Mastered the live set in FrameKit, exported the stems twice.\n"
        "- Sent the stems through Quillnote for the client.\n"
    ),
    "memory/2027-10-06.md": (
        "# Wednesday\n\n"
        "- Lunch in Tavistock with Ewan, then back to the desk.\n"
        "- Brennock Mutual rang about the card.\n"
    ),
    "memory/to-hear.md": (
        "# To hear\n\n"
        "## Listening\n"
        "- Nina Okafor, Saltwater Hymns — for the long drive\n"
        '- Tomas Varga, "Glass Orchard": the reference mix\n'
    ),
}


def test_a_copula_names_the_kind_of_the_name_it_equates(tmp_path: Path) -> None:
    kinds = entity_kinds(tmp_path, NOTES)
    assert kinds["Quillnote"] == "product"
    assert kinds["Brennock Mutual"] == "organisation"


def test_a_humped_name_takes_no_place_from_in(tmp_path: Path) -> None:
    kinds = entity_kinds(tmp_path, NOTES)
    assert kinds["FrameKit"] in ("product", "technology")
    assert kinds["Tavistock"] == "place"  # a town "in X" stays one


def test_a_list_of_music_names_its_artist_first(tmp_path: Path) -> None:
    kinds = entity_kinds(tmp_path, NOTES)
    assert kinds["Nina Okafor"] == "person"
    assert kinds["Tomas Varga"] == "person"
    assert kinds.get("Saltwater Hymns") == "work"
    assert kinds.get("Glass Orchard") == "work"


def test_where_a_copula_is_read() -> None:
    assert predicate_kind("- ", " is a fishing village near Oban") == "place"
    assert predicate_kind("- Our insurer is ", ".") == "organisation"
    assert predicate_kind("- ", " is the best option for us") is None
    assert predicate_kind("- ", " is our accountant.") is None  # a person's noun: the person rules'


def test_a_book_list_keeps_title_then_author() -> None:
    lines = ["## Books", "- Ada Brennan, Quiet Harbour", "## Music", "- Ada Brennan, Quiet Harbour"]
    got = [(lines[i][a:b], k) for i, a, b, k in work_items(lines, [0, 2])]
    assert got == [("Ada Brennan", "work"), ("Ada Brennan", "person"), ("Quiet Harbour", "work")]
