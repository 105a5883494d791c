"""Names written family name first (:mod:`mdrecall.knowledge.mentions.family_order`), a company's legal form
in any language (:mod:`mdrecall.knowledge.lexicon.legal_forms`) and the head nouns of Vietnamese and Malay
opening a name (``name_words.PHRASE_HEADS``, ``PLACE_HEADS``, ``ORG_HEADS``): session 24, h-kinds29. Names
invented for these tests (a print shop in Cần Thơ, a durian farm's buyers in Raub)."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.knowledge.lexicon.family_names import vietnamese_syllable
from mdrecall.knowledge.lexicon.legal_forms import legal_form
from mdrecall.knowledge.lexicon.name_words import head_kind, named_occasion
from mdrecall.knowledge.mentions.family_order import (
    custom_shaped_person,
    family_first_person,
    premises_on,
)

from helpers import write

NOTES = {
    "memory/2027-06-02.md": (
        "# 2/6\n\n"
        "- Checked the proofs for the wedding cards with Vương Thị Lụa this morning; she wants gold foil.\n"
        "- Khor Siew Peng asked whether the 40 boxes can wait until Friday.\n"
        "- Collected the first durian crates with Ooi Kah Wai at the pier.\n"
        "- Invoice for the crates from Yeap Chin Hock, due Friday.\n"
        "- New foil stamp from the engraver's shop on Lương Văn Cừ, 450k.\n"
        "- Durian crates from Soon Huat Agro Sdn Bhd arrive on Tuesday.\n"
        "- Loading at Kampung Sungai Ruan, the lorry parks by the mosque.\n"
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


def test_names_written_family_name_first_are_people_on_a_workspace(tmp_path: Path) -> None:
    kinds = _kinds(tmp_path)
    assert kinds["Vương Thị Lụa"] == "person"  # was "Vương" alone, an organisation
    assert kinds["Khor Siew Peng"] == "person"
    assert kinds["Ooi Kah Wai"] == "person"  # was a place, by the name model
    assert kinds["Yeap Chin Hock"] == "person"  # was an organisation ("invoice from")
    assert kinds["Lương Văn Cừ"] == "place"  # a street named after someone: "the shop on"
    assert kinds["Soon Huat Agro Sdn Bhd"] == "organisation"
    assert kinds["Kampung Sungai Ruan"] == "place"


def test_vietnamese_family_names_need_vietnamese_syllables_and_a_mark() -> None:
    assert family_first_person(["Đoàn", "Minh", "Triết"])
    assert family_first_person(["Nguyen", "Thi", "Hoa"])  # no marks, a family name that is nothing else
    assert family_first_person(["Le", "Van", "Tuan"])  # "Văn": a man's middle name
    assert not family_first_person(["Le", "Minh"])  # "Le" alone is French too
    assert not family_first_person(["Do", "Not", "Disturb"])
    assert not family_first_person(["Le", "Monde"])
    assert vietnamese_syllable("Nghĩa") and not vietnamese_syllable("Monde")


def test_chinese_names_with_two_given_syllables() -> None:
    assert family_first_person(["Ooi", "Kah", "Wai"])
    assert family_first_person(["Chew", "Ah", "Lian"])  # Hokkien "Ah"
    assert family_first_person(["Marcus", "Teh", "Boon", "Keat"])  # an English given name first
    assert not family_first_person(["Tan", "Hill", "Road"])
    assert not family_first_person(["Hà", "Nội"])  # the gazetteer: a city
    assert not family_first_person(["Ho", "Chi", "Minh"])


def test_legal_forms_of_other_languages() -> None:
    assert legal_form(["Kestrel", "Pty", "Ltd"])
    assert legal_form(["Brouwerij", "Vos", "B.V."])
    assert legal_form(["Công", "ty", "TNHH", "An", "Khang"])
    assert legal_form(["Chop", "Seng", "Lee", "Trading"])
    assert not legal_form(["Trading"]) and not legal_form(["Limited", "Edition", "Prints"])


def test_vietnamese_and_malay_heads_open_names() -> None:
    assert head_kind(["Quận", "10"]) == "place"
    assert head_kind(["Chợ", "Xóm", "Chiếu"]) == "place"
    assert head_kind(["Lorong", "Selamat"]) == "place"
    assert head_kind(["Nhà", "hàng", "Cây", "Dừa"]) == "place"
    assert head_kind(["Ngân", "hàng", "Á", "Châu"]) == "organisation"
    assert head_kind(["Sekolah", "Rendah", "Damai"]) == "organisation"
    assert named_occasion(["Lễ", "Vu", "Lan"], frozenset())
    assert named_occasion(["Pesta", "Layang"], frozenset())
    assert not named_occasion(["Hari", "Kumar"], frozenset())


def test_a_street_named_after_someone() -> None:
    assert premises_on("picked up the frames from the stall on ")
    assert premises_on("our new office on ")
    assert not premises_on("we relied on ") and not premises_on("a documentary on ")


def test_a_form_of_address_of_another_language_opens_a_persons_name() -> None:
    assert custom_shaped_person(["Cikgu", "Rohana"]) and custom_shaped_person(["Puan", "Zaleha", "Idris"])
    assert not custom_shaped_person(["Doc", "Martens"])  # an English word: a brand
    assert not custom_shaped_person(["Cikgu"])


def test_a_bank_a_troupe_a_courier_and_a_malay_hospital_are_organisations() -> None:
    from mdrecall.knowledge.mentions.names import name_kind

    assert name_kind("Zentabank", ["Zentabank"], "transfer in ", " today")[0] == "organisation"
    assert name_kind("Sandbank", ["Sandbank"], "walked out to the ", " at low tide")[0] != "organisation"
    for name in ("Jade Phoenix Troupe", "Sunrise Express", "Hospital Seri Manjung"):
        assert name_kind(name, name.split(), "- Booked with ", " for Saturday.")[0] == "organisation"
