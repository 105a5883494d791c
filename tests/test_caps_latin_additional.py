"""The capitalised runs read Latin Extended Additional letters as letters (session 24, h-kinds29): the
Vietnamese letters with two marks ("ầ", "ụ", "ỗ") had cut "Đỗ Văn Hùng" to "Văn Hùng" and "Vương Thị Lụa"
to "Vương". Names invented for these tests."""

from __future__ import annotations

from mdrecall.knowledge.lexicon.mention_patterns import CAPS


def _runs(text: str) -> list[str]:
    return [m.group() for m in CAPS.finditer(text)]


def test_vietnamese_letters_with_two_marks_stay_inside_a_name() -> None:
    assert _runs("We called Đỗ Văn Hùng about the van.") == ["We", "Đỗ Văn Hùng"]
    assert "Vương Thị Lụa" in _runs("Checked the proofs with Vương Thị Lụa today.")
    assert "Trần Ngọc Ẩn" in _runs("Lunch with Trần Ngọc Ẩn on Friday.")


def test_other_scripts_stay_out() -> None:
    assert _runs("Ἀθῆναι and Москва") == []  # Greek with breathings and Cyrillic are no Latin letters
