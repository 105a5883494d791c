"""A word opening a sentence before a given name stays the name's only when it reads as a name: an
adjective by its ending ("Oncogenic Ras proteins", "Familial Barrett oesophagus") or a noun never written as
a name ("Infertility Among Older Women") is no first word of a person's name. Written for this test
(session 20), in words of a lab's reading notes, not from the labelled sets."""

from __future__ import annotations

import pytest

from mdrecall.knowledge.mentions.name_edges import name_word


@pytest.mark.parametrize("word", ["Oncogenic", "Familial", "Cardiac", "Invasive", "Infertility"])
def test_an_adjective_or_a_never_capitalised_noun_is_no_name_word(word: str) -> None:
    assert not name_word(word)


@pytest.mark.parametrize("word", ["Tavita", "Jarrah", "Mei-Ling", "Kagiso"])
def test_a_rare_name_is_a_name_word(word: str) -> None:
    assert name_word(word)


def test_a_noun_never_capitalised_is_no_surname_of_a_sentence_opening_pair() -> None:
    from mdrecall.knowledge.aliases.opening_fulls import link_opening_fulls

    # "Abl" is written alone; "Abl Kinase …" and "Reg Halloran …" only open sentences (weak pairs)
    out = {"abl": "abl", "reg": "reg"}
    stats = {"abl": (3, True), "abl kinase": (1, False), "reg": (2, True), "reg halloran": (1, False)}
    link_opening_fulls(out, stats, {})
    assert out["reg"] == "reg halloran"  # a surname by its form: the full name of the one-word name
    assert out["abl"] == "abl" and "abl kinase" not in out  # "kinase" is a noun, no surname
