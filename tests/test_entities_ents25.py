"""Entities of session 22 (h-ents25): adjectives of places and kinds of things that name no one.

The notes are written for these tests (a cookery club, a farm shop, a cycling touring group), in words of
their own, not the labelled sets', the entity corpus's nor the pair corpora's."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.lexicon.name_lists import demonym, places
from mdrecall.knowledge.mentions.place_adjectives import place_adjective

from helpers import mention_kinds, workspace_entities


def _names(tmp_path: Path, files: dict[str, str]) -> set[str]:
    return {e.name for e in workspace_entities(tmp_path, files)}


def test_a_place_written_without_its_accents_is_the_place() -> None:
    # fails before: the gazetteer holds "Mahārāshtra" and "Málaga" with their accents only
    assert "Maharashtra" in places() and "Malaga" in places()
    assert "Mahārāshtra" in places()


def test_an_adjective_of_a_region_the_gazetteer_holds_is_no_name() -> None:
    # fails before: WordNet's demonyms hold countries' adjectives, not those of states and provinces
    for word in ("Keralan", "Maharashtrian", "Ligurian", "Calabrian"):
        assert place_adjective(word) and demonym(word), word
    # a place, a given name or a noun stays what it was; "-i" is no ending read ("Kalyani" is a given name)
    for word in ("Milan", "Kerala", "Human", "Meera", "Kalyani", "Oceanian"):
        assert not place_adjective(word), word


def test_a_compass_word_and_an_adjective_of_a_people_name_no_one(tmp_path: Path) -> None:
    text = (
        "# Supper club\n"
        "- March menu: Keralan fish curry, then a North African tagine and Ligurian focaccia.\n"
        "- Hosted by Oona Brady at the Larkfield hall.\n"
    )
    found = mention_kinds(text)
    # fails before: "North African" and "Keralan" were rare capitalised words mid-sentence, strong names
    assert {how for _k, how in found.get("North African", set())} <= {"name_start"}, found
    assert {how for _k, how in found.get("Keralan", set())} <= {"name_start"}, found
    names = _names(tmp_path, {"memory/2027-03-02.md": text, "memory/2027-03-09.md": text})
    assert not {"North African", "Keralan", "Ligurian"} & names, names
    assert "Oona Brady" in names


def test_a_breed_or_a_plural_written_only_as_one_of_a_kind_is_no_one(tmp_path: Path) -> None:
    files = {
        "MEMORY.md": (
            "# Farm shop\n"
            "- Yard dog: Pepper, a wiry Jack Russell who guards the egg fridge.\n"
            "- Hens: Hilda (the bossy one, a Welsummer), Bertram the cockerel.\n"
            "- Careful: two Aoifes on the rota, always add the surname.\n"
        ),
        "memory/2027-04-03.md": "- Pepper chased the van. Hilda laid two. Aoife Tighe asked about eggs.\n",
        "memory/2027-04-05.md": "- Bertram crowed at 5. Went to a Hozier concert with Aoife Tighe.\n",
    }
    names = _names(tmp_path, files)
    # fails before: each was read as a person, a pet or a firm by its shape or its label
    assert not {"Jack Russell", "Welsummer", "Aoifes"} & names, names
    assert {"Pepper", "Bertram", "Hilda", "Aoife Tighe"} <= names, names


def test_names_a_kind_reads_every_place_the_name_is_written() -> None:
    from mdrecall.knowledge.kinds.kind_names import names_a_kind

    assert names_a_kind(["Welsummer"], ["- Hens: Pia (a Welsummer), Dot."])
    assert names_a_kind(["Jack Russell"], ["a scruffy Jack Russell who barks", "got a Jack Russell."])
    assert not names_a_kind(["Jack Russell"], ["a Jack Russell.", "Jack Russell rang about the hay."])
    assert not names_a_kind(["Rosalía"], ["went to a Rosalía concert"])  # it qualifies the noun after it
    assert not names_a_kind(["Joans"], ["Joans was late"])
    assert not names_a_kind(["Pia"], [])
    assert not names_a_kind(["Biscuit"], ["a collie called Biscuit.", "a terrier named Biscuit"])


def test_a_listed_title_in_sentence_case_or_long_is_whole_where_its_maker_follows() -> None:
    found = mention_kinds(
        "# Books and films\n\n"
        "- Il nome della rosa (Umberto Eco), in Italian, slowly\n"
        "- De avonden, Gerard Reve. A gift from Pieter.\n"
        "- How to Do Nothing When Everything Is Happening at Once, Jenny Odell\n"
        "- Finished it, loved it\n"
        "- Lent to Maeve Quinlan\n"
    )
    # fails before: the lower-case words were cut off ("Il", "De") and a title of more than eight words
    # was no title
    assert ("work", "typed_name") in found["Il nome della rosa"], found
    assert ("work", "typed_name") in found["De avonden"], found
    assert ("work", "typed_name") in found["How to Do Nothing When Everything Is Happening at Once"], found
    assert ("person", "typed_name") in found["Gerard Reve"], found
    assert not any(n.startswith(("Finished it", "Lent to")) for n in found), found


def test_a_page_of_many_names_compiles_no_pattern_per_name(monkeypatch) -> None:
    """Where each name is written is found by plain substring searches, as whole words: a pattern compiled
    per name overflowed the regular expressions' cache (a 20,000-row table: 2 s of the views' build)."""
    import re

    from mdrecall.knowledge.kinds.kind_names import names_a_kind

    names = [f"Quillon{i}" for i in range(2000)]
    text = " ".join(f"a {n}." for n in names) + " QuillonX1 Quillon1x"
    compiled: list[str] = []
    real = re._compile  # type: ignore[attr-defined]

    def counting(pattern: object, flags: int) -> object:
        compiled.append(str(pattern))
        return real(pattern, flags)

    monkeypatch.setattr(re, "_compile", counting)
    assert names_a_kind(names, [text])  # each written after "a", closing its phrase
    assert not names_a_kind(["Quillon1"], ["met Quillon1 today and a Quillon1."])
    assert len(compiled) < 50
