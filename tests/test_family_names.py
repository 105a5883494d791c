"""The tables the recognisers of names written family name first share
(:mod:`mdrecall.knowledge.lexicon.family_names`), each recogniser keeping its contract. Names invented for
these tests (a bakery's suppliers in Huế)."""

from __future__ import annotations

from mdrecall.knowledge.lexicon.family_customs import called_names
from mdrecall.knowledge.lexicon.family_names import FREQUENT_SPELLINGS, VIETNAMESE_KEYS, han_syllable
from mdrecall.knowledge.mentions.family_order import family_first_person
from mdrecall.knowledge.mentions.family_runs import family_run


def test_every_frequent_family_name_is_in_the_wider_list() -> None:
    """Đào, among the most frequent names, was missing from the kind reader's list (it read "Đào Minh
    Khoa" as no one's name, though the run reader took it whole)."""
    assert all(n.lower() in VIETNAMESE_KEYS for n in FREQUENT_SPELLINGS if n.isascii())
    assert family_first_person(["Đào", "Minh", "Khoa"])
    assert family_run(["Đào", "Minh", "Khoa"])


def test_an_english_spelling_is_no_family_name_in_a_run() -> None:
    assert "Đỗ" in FREQUENT_SPELLINGS and "Do" not in FREQUENT_SPELLINGS
    assert not family_run(["Do", "Minh", "Khoa"])


def test_a_middle_name_is_never_called_alone_but_a_given_name_that_folds_to_one_is() -> None:
    assert called_names("ngô văn phúc") == ["phúc"]
    assert called_names("ngô vân anh") == ["anh", "vân anh"]  # "Vân": a given name, not "Văn"


def test_a_middle_name_in_capitals_does_not_mark_a_run() -> None:
    assert family_run(["Nguyen", "Van", "Khoa"])
    assert not family_run(["Nguyen", "VAN", "Khoa"])


def test_a_romanised_syllable() -> None:
    assert han_syllable("Hoon") and han_syllable("bee") and not han_syllable("Bread")
