"""A business or brand named with a possessive ("Pelham's") is read whole, not as its founder's name."""

from __future__ import annotations

from mdrecall.knowledge.mentions.extract import extract_entities


def _names(text: str) -> set[str]:
    return {m.name for m in extract_entities(text, "2031-05-04", "memory/2031-05-04.md").mentions}


def test_possessive_before_punctuation_is_the_business() -> None:
    names = _names("- Dinner was a cake from Pelham's, then home early.\n")
    assert "Pelham's" in names
    assert "Pelham" not in names


def test_possessive_before_a_small_word_is_the_brand() -> None:
    names = _names("- The vet says keep Rex on the Purina's for now.\n")
    assert "Purina's" in names and "Purina" not in names


def test_possessive_in_a_table_cell() -> None:
    names = _names("| Item | Supplier |\n|---|---|\n| Cat food | Purina's |\n")
    assert "Purina's" in names and "Purina" not in names


def test_a_friends_place_stays_the_friend() -> None:
    names = _names("- Board games at Priya's tonight, then the late bus.\n")
    assert "Priya's" not in names


def test_possessive_before_a_noun_is_the_owner() -> None:
    names = _names("- Borrowed Okonkwo's drill, returned it on Sunday.\n")
    assert "Okonkwo's" not in names


def test_a_relatives_home_is_no_business() -> None:
    assert "Gran's" not in _names("- Dropped the dog off at Gran's, then the late train.\n")
