"""A word opening a sentence before a given name stays the name's only when it reads as a name: an
adjective by its ending ("Oncogenic Ras proteins", "Familial Barrett oesophagus") or a noun never written as
a name ("Infertility Among Older Women") is no first word of a person's name. Written for this test
(session 20), in words of a lab's reading notes, not from the labelled sets."""

from __future__ import annotations

import pytest

from mdrecall.knowledge.names import name_word


@pytest.mark.parametrize("word", ["Oncogenic", "Familial", "Cardiac", "Invasive", "Infertility"])
def test_an_adjective_or_a_never_capitalised_noun_is_no_name_word(word: str) -> None:
    assert not name_word(word)


@pytest.mark.parametrize("word", ["Tavita", "Jarrah", "Mei-Ling", "Kagiso"])
def test_a_rare_name_is_a_name_word(word: str) -> None:
    assert name_word(word)
