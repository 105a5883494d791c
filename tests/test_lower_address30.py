"""Session 24 (h-names30): a Vietnamese form of address written in lower case before a given name ("cô
Nhàn", "anh Phong") is the person (:mod:`mdrecall.knowledge.mentions.lower_address`), folded into the one full
name whose given name it is; a Vietnamese family name alone, or the first syllable of a two-syllable given
name, is no one's first name.

The notes are written for these tests (a bakery in Đà Lạt, a tailor's in Hội An), in words of their own."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.knowledge.index import EntityIndex
from mdrecall.knowledge.mentions.extract import extract_entities

from helpers import write


def _known(tmp_path: Path) -> dict[str, str]:
    cfg = Config().merged({"history": {"git": False}})
    with Memory.open(tmp_path, cfg, create=True) as mem:
        mem.index()
        return EntityIndex(mem.store, mem.config.entities).known()


def _names(text: str) -> dict[str, str]:
    return {m.name: m.kind for m in extract_entities(text, "2027-05-02").mentions}


def test_a_lower_case_form_of_address_and_a_given_name_is_the_person() -> None:
    found = _names("- Picked up the bánh bông lan from cô Nhàn's stall, then asked anh Phong about flour.\n")
    assert found.get("cô Nhàn") == "person" and found.get("anh Phong") == "person"
    assert "Nhàn" not in found and "Phong" not in found
    # A full name after the form is the capitalised run's: the form does not cut it.
    assert "cô Đoàn" not in _names("- Fitting booked with cô Đoàn Thị Nhàn.\n")
    # No English word is read as the form: "and" or "Ann" before a capital is nothing of it.
    assert not any(k.startswith(("and ", "ann ")) for k in _names("- Tea and Biscuits with Ann Perry.\n"))


def test_the_form_folds_into_the_full_name_and_not_by_a_middle_or_family_name(tmp_path: Path) -> None:
    write(
        tmp_path,
        "memory/2027-05-02.md",
        "# 2027-05-02\n\n- Tailor: Vũ Hồng Nhung measured the ao dai. Trịnh Văn Khải cut the silk.\n"
        "- Vũ Hồng Nhung wants the deposit by Friday. Trịnh Văn Khải is slow this month.\n",
    )
    write(
        tmp_path,
        "memory/2027-05-06.md",
        "# 2027-05-06\n\n- chị Nhung called: the hem is done. anh Khải sent the invoice.\n"
        "- chị Hồng from the shop next door lent us her steamer.\n",
    )
    known = _known(tmp_path)
    assert known.get("chị nhung") == "vũ hồng nhung"
    assert known.get("anh khải") == "trịnh văn khải"
    # "Hồng" is Nhung's middle syllable, not a name she is called by: chị Hồng is someone else.
    assert known.get("chị hồng", "chị hồng") != "vũ hồng nhung"


def test_a_vietnamese_family_name_alone_is_no_first_name(tmp_path: Path) -> None:
    write(
        tmp_path,
        "memory/2027-06-01.md",
        "# 2027-06-01\n\n- Quotation from Lâm Thị Quyên for the sugar. Lâm Thị Quyên delivers Tuesdays.\n"
        "- Lâm came by the bakery for the croissant order.\n",
    )
    known = _known(tmp_path)
    assert known.get("lâm", "lâm") != "lâm thị quyên"  # Quyên is called by her given name, never "Lâm"


def test_a_form_is_not_folded_into_a_name_by_a_folded_accent(tmp_path: Path) -> None:
    write(
        tmp_path,
        "memory/2027-07-01.md",
        "# 2027-07-01\n\n- Supplier of the cocoa: Phan Quang Thanh. Phan Quang Thanh invoices monthly.\n"
        "- Eggs: Cậu Thành drove the van up from Bảo Lộc.\n- Paid cậu Thành for the eggs.\n",
    )
    known = _known(tmp_path)
    assert known.get("cậu thành", "cậu thành") != "phan quang thanh"  # Thành and Thanh are two names
    assert known.get("thành") != "phan quang thanh"


def test_a_vietnamese_kin_word_alone_is_no_name() -> None:
    found = _names("- Bố phoned about the roof tiles.\n- Bà ngoại came for the weekend with the durian.\n")
    assert "Bố" not in found and "Bà" not in found
    assert "Anh" in _names("- Anh phoned about the roof tiles.\n")  # a given name too, no accent
