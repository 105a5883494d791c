"""A given name before a word of water no surname is written as ("Morgan Sound", "Douglas Haven", "Lorne
Firth") names the water or the harbour town, not a person (:data:`~mdrecall.knowledge.lexicon.name_words.
PLACE_NOT_SURNAME`, session 25). Sailing notes, written for this test."""

from __future__ import annotations

from mdrecall.knowledge.mentions.names import name_kind


def test_a_given_name_before_a_water_word_is_no_person() -> None:
    for name in ("Morgan Sound", "Douglas Haven", "Lorne Firth"):
        assert name_kind(name, name.split(), "- ", " was flat calm by noon")[0] != "person", name
    assert name_kind("Morgan Hale", ["Morgan", "Hale"], "- ", " was flat calm by noon")[0] == "person"
