"""Kinds of session 18 on held_out_13's kinds of names: a newspaper's, a club's, an event's after a city, a
street's or a pass's, a brew's style; a club named after a place keeps the place apart.

The notes are written for these tests (a rowing club on the Tyne, a cider press in Somerset, a community
paper in Galway, a cycling sportive), in words of their own, not the labelled sets'."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.knowledge.index import EntityIndex
from mdrecall.knowledge.mentions.names import name_kind

from helpers import write


def _kind(name: str, before: str, after: str = "", opens: bool = False) -> str:
    return name_kind(name, name.split(), before, after, opens=opens)[0]


def test_a_papers_name_is_an_organisation() -> None:
    assert _kind("Connacht Tribune", "- Sent the piece to the ", " desk") == "organisation"
    assert _kind("Cape Herald", "She subbed at the ", " for a year") == "organisation"  # not a cape
    assert _kind("Galway Weekly", "- Advert booked in the ", ".") == "organisation"


def test_a_clubs_name_is_an_organisation() -> None:
    assert _kind("Tynemouth Rovers", "- Away at ", " on Saturday") == "organisation"
    assert _kind("Jesmond Falcons", "- Friendly vs ", ", 3-2") == "organisation"  # an animal's plural
    assert _kind("Blaydon Harriers", "- Joined the ", " in May") == "organisation"
    assert _kind("Hexham Paddlers", "- Training with the ", " tonight") == "organisation"  # doers
    assert _kind("Hotel Eggers", "- Booked a room at ", " for the night") == "place"  # a moth's plural
    assert _kind("Marek Sanders", "- Lunch with ", ".") == "person"  # a surname, no doers' word


def test_an_event_after_a_city_of_two_words_is_an_event() -> None:
    assert _kind("Cape Coast Marathon", "- Entered the ", " for June") == "event"
    assert _kind("Galway Cycle Tour", "- ", " on Sunday: road closures") == "event"
    assert _kind("Somerset Cider Cup", "- Entered two bottles in the ", ".") == "event"


def test_street_and_pass_words_make_a_place() -> None:
    assert _kind("Sandhill Drive", "- Parked on ", " again") == "place"  # not the firm "from" says
    assert _kind("Grey Memorial", "- Intervals on the ", " loop") == "place"
    assert _kind("Franschhoek Nek", "- Long ride over ", ".") == "place"


def test_a_brews_style_makes_a_product() -> None:
    assert _kind("Orchard Gold Cider", "- Bottled the ", " today") == "product"
    assert _kind("Elderflower Saison", "- Brewed the ", ", OG 1.052") == "product"
    assert _kind("Tyne Pale Ale", "- ", ": 40 bottles") == "product"


def test_a_club_named_after_a_place_keeps_the_place_apart(tmp_path: Path) -> None:
    write(
        tmp_path,
        "MEMORY.md",
        "- Coaches the Wallsend Kestrels, the under-12s.\n- Plays for Whitley Bay United on Sundays.\n",
    )
    write(
        tmp_path,
        "memory/2027-05-02.md",
        "- Whitley Bay United lost 1-2 at home, a soft penalty.\n"
        "- Walked along the front at Whitley Bay after, chips on the wall.\n"
        "- Kestrels won 2-0 on Saturday, Kestrels training moves to Thursdays.\n",
    )
    cfg = Config().merged({"history": {"git": False}})
    with Memory.open(tmp_path, cfg, create=True) as mem:
        mem.index()
        found = {e.name: e for e in EntityIndex(mem.store, mem.config.entities).entities()}
    assert found["Whitley Bay United"].kind == "organisation"
    assert "Whitley Bay" not in found["Whitley Bay United"].aliases  # fails before: the place was the club
    assert found["Wallsend Kestrels"].kind == "organisation"
    assert found["Kestrels"].kind == "organisation"  # fails before: a guess from the words around it


def test_a_models_number_after_a_name_makes_a_product() -> None:
    assert _kind("Suunto Vertical", "- Watch: ", " 2, battery lasts a week") == "product"
    assert _kind("Saucony Endorphin", "- Shoes: ", " 3 (bought in May)") == "product"
    assert _kind("Saucony Endorphin", "- Lap at ", " 16:30 sharp") != "product"  # a clock time
    assert _kind("Kegland Fermzilla", "- Bought a ", " 27 L fermenter") != "product"  # a count of litres
    assert _kind("Platform Team", "- ", " 3, room B") != "product"  # ordinary words


def test_dutch_and_afrikaans_place_compounds_are_places() -> None:
    assert _kind("Stellenbosch", "- Physio moved to ", " (above the bakery)") == "place"
    assert _kind("Kraaifontein", "- Delivery van from ", ", Tuesday") == "place"
    assert _kind("Skeerhoek", "- Ran the loop via ", " again") == "place"


def test_an_ordinary_word_opening_a_sentence_is_no_person_by_its_verb() -> None:
    assert _kind("User", "- ", " prefers replies in Welsh", True) != "person"  # an agent's notes on its user
    assert _kind("Has", "- ", " wanted a lathe for years", True) != "person"
    assert _kind("Will", "- ", " prefers replies in Welsh", True) == "person"  # a given name
    assert _kind("Marc", "- ", " said the drive raised 4k", True) == "person"  # "marc" is a word too


def test_an_advocates_title_is_no_name(tmp_path: Path) -> None:
    write(
        tmp_path,
        "memory/2027-06-01.md",
        "- Adv. Nomvula Dube read the draft, Adv. Dube wants the minutes first.\n"
        "- Called Adv. Dube again at 15:00.\n",
    )
    cfg = Config().merged({"history": {"git": False}})
    with Memory.open(tmp_path, cfg, create=True) as mem:
        mem.index()
        names = {e.name for e in EntityIndex(mem.store, mem.config.entities).entities()}
    assert "Adv" not in names  # fails before: the title was a name of its own
    assert "Nomvula Dube" in names


def test_a_list_label_and_two_days_are_no_names(tmp_path: Path) -> None:
    write(
        tmp_path,
        "meetings/board.md",
        "## 3 May\nPresent: Orla, Niamh, Cathal Byrne\n- Budget agreed.\n"
        "## 10 May\nPresent: Orla, Cathal Byrne\n- Rota: Mon & Wed for Orla, Sat & Sun for Niamh.\n"
        "## 17 May\nPresent: Orla, Niamh\n- Hall booked for Oct & Nov.\n",
    )
    cfg = Config().merged({"history": {"git": False}, "extra_paths": ["meetings"]})
    with Memory.open(tmp_path, cfg, create=True) as mem:
        mem.index()
        names = {e.name for e in EntityIndex(mem.store, mem.config.entities).entities()}
    assert "Present" not in names  # fails before: a label opening three lines was someone speaking
    assert not {"Mon & Wed", "Sat & Sun", "Oct & Nov"} & names  # fails before: firms joined by "&"
    assert "Cathal Byrne" in names


def test_a_family_word_opening_a_line_is_no_part_of_the_name(tmp_path: Path) -> None:
    write(
        tmp_path,
        "people/oisin.md",
        "# Oisín\n- Wife Sadhbh, two girls at the Gaelscoil.\n- Brother Tadhg Ó Briain runs the chipper.\n",
    )
    cfg = Config().merged({"history": {"git": False}, "extra_paths": ["people"]})
    with Memory.open(tmp_path, cfg, create=True) as mem:
        mem.index()
        names = {e.name for e in EntityIndex(mem.store, mem.config.entities).entities()}
    assert "Sadhbh" in names  # fails before: "Wife Sadhbh", no name
    assert not any(n.startswith(("Wife", "Brother")) for n in names)


def test_a_football_clubs_letters_end_its_name() -> None:
    assert _kind("Ballybrack FC", "- Coaches the U9s at ", ".") == "organisation"
    assert _kind("Old Wesley RFC", "- Played for ", " in the 90s") == "organisation"


def test_a_brand_joined_by_n_is_one_name(tmp_path: Path) -> None:
    write(
        tmp_path,
        "memory/2027-06-02.md",
        "- Groceries from Stop n Shop, then the Park n Ride back.\n- Dana & Bo came for dinner.\n",
    )
    cfg = Config().merged({"history": {"git": False}})
    with Memory.open(tmp_path, cfg, create=True) as mem:
        mem.index()
        kinds = {e.name: e.kind for e in EntityIndex(mem.store, mem.config.entities).entities()}
    assert kinds.get("Stop n Shop") == "organisation"  # fails before: "Stop" and "Shop", two words
    assert "Shop" not in kinds
