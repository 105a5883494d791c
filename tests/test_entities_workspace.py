"""Entities read with the workspace's help (issue 29 part 1): kinds from the words around a name, first names
and nicknames linked to the one full name they can mean in the workspace, names with accents.

The workspace below (a podcast, a climbing wall, a family) was written for these tests in a style of its own,
with its own labels, before the rules it checks were written; it is not one of the benchmark sets."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall import Config, Memory
from mdrecall.knowledge.index import EntityIndex
from mdrecall.knowledge.mentions.extract import entity_key, extract_entities

from helpers import write

NOTES = {
    "MEMORY.md": """
        # Memory

        - I co-host the Low Tide podcast with Tomás Ferreira.
        - Day job: data engineer at Quillmark Analytics (Leeds office).
        - Partner: Zoë Whitfield. Our cat is Pickle.
        - Climbing wall: The Arch, Thursdays with Nnamdi Eze and Ana Sousa.
        """,
    "people/isobel-marsh.md": """
        # Isobel Marsh

        Producer on Low Tide since April. Everyone calls her Izzy.
        Before that she worked at Cobalt Signal.
        """,
    "people/ana-brandt.md": """
        # Ana Brandt

        Zoë's sister. Lives in Ilkley, teaches at Fernhill Nursery.
        """,
    "memory/2027-05-02.md": """
        # 2027-05-02

        Recorded episode 41 with Tomás. He wants to move the show from Zencastr to Riverside.
        - Blocker: the guest's mic died halfway.
        - Izzy edited the intro in Descript and Audacity.
        - Takeaway: always record a backup track.
        """,
    "memory/2027-05-09.md": """
        # 2027-05-09

        ## Retro
        tomás thinks the cold open is too long. Izzy agreed.
        Nnamdi said the new overhang at The Arch opens on Saturday.
        Ana wants to try the 7a on the left wall.
        """,
    "memory/2027-05-16.md": """
        # 2027-05-16

        Vet: Pickle had her jabs, the vet says she's fine. Fed Pickle the new food.
        Zoë joined Brightwater Trust as a fundraiser.
        Booked two tickets for LXCON in Lisbon (the talk is on the 3rd day).
        """,
    "memory/2027-05-23.md": """
        # 2027-05-23

        Talk accepted at LXCON 2027! Tomás will fly in from Porto.
        - Izzy: wants the slides by Friday.
        - Nnamdi drove us to Ilkley for the bouldering.
        """,
}

#: name → kind (org, person, pet, place, product, technology, event, work)
GOLD = {
    "Tomás Ferreira": "person",
    "Zoë Whitfield": "person",
    "Isobel Marsh": "person",
    "Nnamdi Eze": "person",
    "Ana Sousa": "person",
    "Ana Brandt": "person",
    "Quillmark Analytics": "organisation",
    "Cobalt Signal": "organisation",
    "Brightwater Trust": "organisation",
    "Fernhill Nursery": "organisation",
    "Pickle": "pet",
    "Low Tide": "work",
    "Zencastr": "product",
    "Descript": "product",
    "Audacity": "product",
    "LXCON": "event",
    "Leeds": "place",
    "Ilkley": "place",
    "Lisbon": "place",
    "Porto": "place",
    "The Arch": "place",
}
#: also right when found (a name not labelled either way costs nothing)
OPTIONAL = {"Riverside", "Izzy", "Isobel", "Zoë", "Tomás", "Nnamdi", "Ana"}
#: first name or nickname → the full name it means (None: shared, linked to neither)
FIRST_NAMES = {
    "Tomás": "Tomás Ferreira",
    "tomás": "Tomás Ferreira",
    "Zoë": "Zoë Whitfield",
    "Izzy": "Isobel Marsh",
    "Nnamdi": "Nnamdi Eze",
    "Ana": None,
}


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Memory:
    root = tmp_path_factory.mktemp("podcast") / "ws"
    for rel, text in NOTES.items():
        write(root, rel, text)
    cfg = Config().merged({"embedding": {"provider": "none"}, "extra_paths": ["people"]})
    mem = Memory.open(root, cfg, create=True)
    mem.sync()
    return mem


def _index(mem: Memory) -> EntityIndex:
    return EntityIndex(mem.store, mem.config.entities)


def test_the_workspace_entities_are_found_with_their_kinds(memory: Memory) -> None:
    found = {entity_key(e.name): e for e in _index(memory).entities()}
    gold = {entity_key(n): k for n, k in GOLD.items()}
    optional = {entity_key(n) for n in OPTIONAL}
    wrong = sorted(n for n in found if n not in gold and n not in optional)
    missed = sorted(n for n in gold if n not in found)
    kinds_wrong = sorted(f"{n}: {found[n].kind}" for n in gold if n in found and found[n].kind != gold[n])
    precision = 1 - len(wrong) / len(found)
    recall = 1 - len(missed) / len(gold)
    kinds = 1 - len(kinds_wrong) / (len(gold) - len(missed))
    assert precision >= 0.9, wrong
    assert recall >= 0.85, missed
    assert kinds >= 0.85, kinds_wrong


def test_first_names_and_nicknames_link_to_the_one_full_name(memory: Memory) -> None:
    known = _index(memory).known()
    for short, full in FIRST_NAMES.items():
        linked = known.get(entity_key(short))
        if full is None:
            assert linked is None or " " not in linked, (short, linked)
        else:
            assert linked == entity_key(full), (short, linked)


def test_names_with_accents_are_read_like_ascii_ones() -> None:
    names = {
        m.name for m in extract_entities("Met Inês Duarte and Zoë Åberg. Later Tomás said hi.\n").mentions
    }
    assert {"Inês Duarte", "Zoë Åberg", "Tomás"} <= names


@pytest.mark.parametrize(
    ("line", "name", "kind"),
    [
        ("- Collect the float from Mrs Okoye the day before.", "Mrs Okoye", "person"),
        ("Talk accepted at LXCON in the spring.", "LXCON", "event"),
        ("She draws in Procreate and Figma most days.", "Procreate", "product"),
        ("Zoë started at Fernhill Nursery in May.", "Fernhill Nursery", "organisation"),
        ("Tickets for the Harrogate Folk Festival are sold out.", "Harrogate Folk Festival", "event"),
        ("Dana works at Quillmark on the data team.", "Quillmark", "organisation"),
    ],
)
def test_the_words_around_a_name_tell_its_kind(line: str, name: str, kind: str) -> None:
    found = {(m.name, m.kind) for m in extract_entities(f"{line}\n").mentions if m.how == "typed_name"}
    assert (name, kind) in found


def test_a_family_word_ending_a_sentence_makes_no_person_of_the_next_word() -> None:
    found = extract_entities("Zoë's sister. Lives in Ilkley.\nWhat book is it?\n").mentions
    assert not [
        m for m in found if m.name in ("Lives", "What") and (m.kind != "unknown" or m.how == "typed_name")
    ]


def test_a_page_named_after_its_heading_names_its_entity() -> None:
    text = "# Isobel Marsh\n\nProducer since April.\n"
    page = {(m.name, m.kind, m.how) for m in extract_entities(text, None, "people/isobel-marsh.md").mentions}
    assert ("Isobel Marsh", "person", "typed_name") in page
    other = {
        (m.name, m.how) for m in extract_entities("# Retro\n\nWent well.\n", None, "notes/retro.md").mentions
    }
    assert ("Retro", "typed_name") not in other


def test_a_mention_in_a_plan_is_seen_the_day_it_was_written_not_the_day_planned() -> None:
    """ "send it to Karin by Friday" written on Monday mentions Karin on Monday (first seen is never after
    the first note naming her); a line about an earlier day keeps that day."""
    text = "# 2026-10-05\n\n- Next: send the methods draft to Karin Hoffmann by Friday\n"
    (m,) = [m for m in extract_entities(text, "2026-10-05").mentions if m.key == "karin hoffmann"]
    assert m.day == "2026-10-05"
    text = "# 2026-10-19\n\n- Met Jonas Berg last Tuesday about the primers.\n"
    (m,) = [m for m in extract_entities(text, "2026-10-19").mentions if m.key == "jonas berg"]
    assert m.day == "2026-10-13"


def test_a_name_inside_a_sentence_in_one_note_and_opening_another_is_an_entity(tmp_path: Path) -> None:
    """Two files name Priti: one inside a sentence, one at a sentence's start (alone, no evidence)."""
    write(tmp_path, "MEMORY.md", "# Memory\n\n- Studio in Bristol, shared with Priti.\n")
    write(tmp_path, "memory/2026-09-14.md", "# 2026-09-14\n\nPriti is trying a new brush set.\n")
    write(tmp_path, "memory/2026-09-15.md", "# 2026-09-15\n\nMaybe the blue wash works better.\n")
    cfg = Config().merged({"history": {"git": False}})
    with Memory.open(tmp_path, cfg, create=True) as mem:
        mem.index()
        names = {e.name: e.files for e in mem.entities()}
    assert names.get("Priti") == 2
    assert "Maybe" not in names  # a sentence's first word named nowhere inside a sentence


@pytest.mark.parametrize(
    ("line", "name"),
    [
        ("- Contact: Owen Pryce (owen@harbourside.example)", "Owen Pryce"),
        ("Cover for the new novel by Ngozi Adeyemi, due in spring.", "Ngozi Adeyemi"),
        ("- Lead: Aroha Ngata", "Aroha Ngata"),
    ],
)
def test_a_given_name_of_another_country_makes_a_full_name_a_person(line: str, name: str) -> None:
    """Given names beyond the hand-kept list (Faker's locales, less English words and places)."""
    found = {(m.name, m.kind) for m in extract_entities(f"# Notes\n\n{line}\n", None).mentions}
    assert (name, "person") in found


def test_an_english_word_or_a_place_that_is_also_a_given_name_is_not_read_as_one() -> None:
    from mdrecall.knowledge.lexicon.name_lists import given_name

    assert given_name("Owen") and given_name("Ngozi") and given_name("Alva")
    assert not any(given_name(w) for w in ("Rose", "Page", "Chase", "Walker", "Victoria", "Van"))
