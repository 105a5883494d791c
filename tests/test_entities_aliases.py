"""Other names given in words ("Wiktoria Zielińska (we all call her Wika)", "Wika is short for Wiktoria"), and
full names written only where a sentence starts. The notes below (an allotment society, a bike shop) were
written for these tests; they are not one of the benchmark sets."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from mdrecall import Config, Memory
from mdrecall.knowledge.aliases.name_links import fold_stated_aliases
from mdrecall.knowledge.index import EntityIndex
from mdrecall.knowledge.mentions.extract import extract_entities
from mdrecall.knowledge.mentions.relations import ALIAS, find_relations, phrase
from mdrecall.stores.views import RelationRow

from helpers import write


@pytest.mark.parametrize(
    ("line", "nick", "full"),
    [
        (
            "- New plot holders: Wiktoria Zielińska (we all call her Wika) and Tom Hale.",
            "Wika",
            "Wiktoria Zielińska",
        ),
        ("Bartholomew Quint, aka Bart, runs the seed swap.", "Bart", "Bartholomew Quint"),
        ("Ignatius Mbeki goes by Iggy at the shop.", "Iggy", "Ignatius Mbeki"),
        (
            "Our treasurer Anastazja Kowal (who goes by Stasia) sent the accounts.",
            "Stasia",
            "Anastazja Kowal",
        ),
        ("- Wika is short for Wiktoria.", "Wika", "Wiktoria"),
        ("Met Florentyna Sobczak (Flo) at the gate.", "Flo", "Florentyna Sobczak"),
        ("Seed order from Margaret Dunne (Peggy).", "Peggy", "Margaret Dunne"),
    ],
)
def test_another_name_stated_in_words_is_an_alias(line: str, nick: str, full: str) -> None:
    rels = [r for r in find_relations(line, 1) if r.predicate == ALIAS]
    pairs = [(r.subject, r.object) for r in rels]
    # "Margaret Dunne (Peggy)": "Peggy Dunne" is she too (session 25)
    assert pairs in ([(nick, full)], [(nick, full), (f"{nick} {full.split()[-1]}", full)]), pairs
    assert phrase(nick, ALIAS, full) == f"{nick} is another name for {full}"


@pytest.mark.parametrize(
    "line",
    [
        "- Spoke to Wiktoria Zielińska (Finance) and Tomasz Hale (Gdańsk) about the rota.",
        "- Standup (called Huddle now) moved to 9:15.",
        "Harriet Vane (Harriet) chairs the meeting.",
        "- Carys Bowen (Cardiff office) sends the minutes.",
        "- Met Florentyna Sobczak (Flora) at the gate.",  # a frequent word in brackets: not read as a name
    ],
)
def test_a_bracket_that_is_no_nickname_is_no_alias(line: str) -> None:
    assert not [r for r in find_relations(line, 1) if r.predicate == ALIAS]


def test_a_stated_nickname_is_the_person_in_the_entity_view(tmp_path: Path) -> None:
    """Wika alone is Wiktoria Zielińska in every note, and no entity of its own."""
    write(tmp_path, "MEMORY.md", "# Allotments\n\n- Committee: Wiktoria Zielińska (we all call her Wika).\n")
    write(tmp_path, "memory/2027-04-02.md", "# 2027-04-02\n\n- Wika brought the rhubarb crowns.\n")
    write(tmp_path, "memory/2027-04-09.md", "# 2027-04-09\n\n- Asked Wika about the water butts.\n")
    cfg = Config().merged({"history": {"git": False}})
    with Memory.open(tmp_path, cfg, create=True) as mem:
        mem.index()
        index = EntityIndex(mem.store, mem.config.entities)
        known = index.known()
        names = {e.name: e for e in index.entities()}
    assert known["wika"] == known["wiktoria zielińska"] == "wiktoria zielińska"
    assert "Wika" not in names
    assert names["Wiktoria Zielińska"].files == 3
    assert "Wika" in names["Wiktoria Zielińska"].aliases


def test_a_query_saying_the_nickname_searches_the_full_name_where_it_adds_lines(tmp_path: Path) -> None:
    """The full name is searched for a query saying "Wika" once a note names her so without "Wika"; the
    line stating the nickname alone (it holds both names) adds no synonym."""
    write(tmp_path, "MEMORY.md", "# Allotments\n\n- Committee: Wiktoria Zielińska (we all call her Wika).\n")
    write(tmp_path, "memory/2027-04-02.md", "# 2027-04-02\n\n- Wika brought the rhubarb crowns.\n")
    cfg = Config().merged({"history": {"git": False}})
    with Memory.open(tmp_path, cfg, create=True) as mem:
        mem.index()
        assert EntityIndex(mem.store, mem.config.entities).alias_synonyms("where is Wika") == {}
        write(tmp_path, "memory/2027-04-09.md", "# 2027-04-09\n\n- Wiktoria Zielińska renewed plot 7.\n")
        mem.index()
        synonyms = EntityIndex(mem.store, mem.config.entities).alias_synonyms("where is Wika")
    assert synonyms == {"wika": ["wiktoria zielińska"]}


def test_a_full_name_seen_only_opening_a_line_is_a_person(tmp_path: Path) -> None:
    """Two words that are no English word and no listed name, opening a bullet: a person's name, to which
    the given name alone is linked. A possessive before a word is no such name."""
    found = {
        m.name: (m.kind, m.how) for m in extract_entities("- Tamatea Horowai started on the till.\n").mentions
    }
    assert found["Tamatea Horowai"] == ("person", "rare_name")
    found = {
        m.name: (m.kind, m.how) for m in extract_entities("- Felix's Quorvane sketch is lovely.\n").mentions
    }
    assert found.get("Felix's Quorvane", ("", "name_start"))[1] == "name_start"  # only a weak candidate
    write(tmp_path, "memory/2027-05-03.md", "# 2027-05-03\n\n- Tamatea Horowai started on the till.\n")
    write(tmp_path, "memory/2027-05-10.md", "# 2027-05-10\n\n- Tamatea's first week went well.\n")
    cfg = Config().merged({"history": {"git": False}})
    with Memory.open(tmp_path, cfg, create=True) as mem:
        mem.index()
        index = EntityIndex(mem.store, mem.config.entities)
        known = index.known()
        kinds = {e.name: e.kind for e in index.entities()}
    assert kinds.get("Tamatea Horowai") == "person"
    assert known.get("tamatea") == "tamatea horowai"


def test_hyphened_names_are_read_whole() -> None:
    """Two capitalised parts joined by a hyphen are one word of a name: a firm's alone, a surname after a
    given name; a span of days is none."""
    text = (
        "- Quote from Drax-Holm came in at £900, and the Vell-Marr drill is back.\n"
        "- Lunch with Ana Tregarth-Fenn on Tuesday.\n"
        "- Open Fri-Sun only.\n"
    )
    found = {m.name: (m.kind, m.how) for m in extract_entities(text).mentions}
    assert found["Drax-Holm"] == ("organisation", "typed_name")  # "quote from": a supplier's cue
    assert found["Vell-Marr"] == ("organisation", "rare_name")
    assert found["Ana Tregarth-Fenn"][0] == "person"
    assert not [n for n in found if "Sun" in n or "Fri" in n]


@pytest.mark.parametrize(
    ("line", "pairs"),
    [
        (
            "# Josephine (Josie) Rourke",
            [("Josie", "Josephine Rourke"), ("Josie Rourke", "Josephine Rourke")],
        ),
        (
            "- Treasurer: Margaret (Peggy) Dunne, since March.",
            [("Peggy", "Margaret Dunne"), ("Peggy Dunne", "Margaret Dunne")],
        ),
    ],
)
def test_a_nickname_between_given_name_and_surname_is_an_alias(
    line: str, pairs: list[tuple[str, str]]
) -> None:
    """ "Given (Nick) Surname": the nick alone and the nick with the surname both name the person."""
    rels = [r for r in find_relations(line, 1) if r.predicate == ALIAS]
    assert [(r.subject, r.object) for r in rels] == pairs


@pytest.mark.parametrize(
    "line",
    [
        "- Spoke to Wiktoria (Finance) Zielińska.",
        "- Halifax (Nova) Scotia tour dates.",
        "Sligo (Yeats) Country",
    ],
)
def test_a_bracket_between_words_that_is_no_nickname_is_no_alias(line: str) -> None:
    assert not [r for r in find_relations(line, 1) if r.predicate == ALIAS]


def test_the_nickname_and_surname_elsewhere_are_the_person_in_the_brackets_page(tmp_path: Path) -> None:
    """A page headed "Josephine (Josie) Rourke" makes "Josie Rourke" and "Josie" in other notes one person."""
    write(tmp_path, "people/josie-rourke.md", "# Josephine (Josie) Rourke\n\n- Runs the seed swap.\n")
    write(tmp_path, "MEMORY.md", "# Allotments\n\n- Chair: Josie Rourke. Secretary: Tom Hale.\n")
    write(tmp_path, "memory/2027-04-02.md", "# 2027-04-02\n\n- Josie brought the rhubarb crowns.\n")
    cfg = Config().merged({"history": {"git": False}, "extra_paths": ["people"]})
    with Memory.open(tmp_path, cfg, create=True) as mem:
        mem.index()
        known = EntityIndex(mem.store, mem.config.entities).known()
    assert known["josie"] == known["josie rourke"] == known["josephine rourke"] == "josephine rourke"


def test_thousands_of_stated_nicknames_fold_in_linear_time() -> None:
    """A page of thousands of "Given (Nick) Surname" lines states thousands of aliases; each was folded by a
    pass over every name (quadratic: a 1 MB page of them took minutes to index)."""
    out = {f"william quill{i}": f"william quill{i}" for i in range(10_000)}
    out |= {f"quill{i}": f"quill{i}" for i in range(10_000)}
    rows = [
        RelationRow("people.md", i, f"Bill Quill{i}", ALIAS, f"William Quill{i}", None) for i in range(10_000)
    ]
    rows += [RelationRow("people.md", i, f"Quill{i}", ALIAS, f"Bill Quill{i}", None) for i in range(10_000)]
    t0 = time.perf_counter()
    fold_stated_aliases(out, rows, set())
    took = time.perf_counter() - t0
    assert out["bill quill7"] == out["quill7"] == "william quill7"
    assert took < 1.0, took


def test_a_name_holding_a_secret_the_redaction_rules_hide_is_no_entity(tmp_path: Path) -> None:
    """A password written as a name ("password: Ignatius (Iggy) Quill", "api_key=Fionn D'Arcy") is listed
    by no entity surface, as a name or an alias; the same names elsewhere in the workspace still are."""
    write(
        tmp_path,
        "memory/2026-03-10.md",
        "# 2026-03-10\n\n- password: Ignatius (Iggy) Quill\n- the api_key=Fionn D'Arcy for the rota\n"
        "- Boxing Day password is Tadhg Ó Riordáin\n- Met Dana de la Cruz at the gate.\n",
    )
    write(tmp_path, "memory/2026-03-11.md", "# 2026-03-11\n\n- Tadhg Ó Riordáin brought the seed trays.\n")
    cfg = Config().merged({"history": {"git": False}})
    with Memory.open(tmp_path, cfg, create=True) as mem:
        mem.index()
        listed = {n for e in mem.entities() for n in (e.name, *e.aliases)}
    assert not {n for n in listed if {"Ignatius", "Fionn"} & set(n.split())}  # the words redaction hides
    assert "Dana de la Cruz" in listed
    assert "Tadhg Ó Riordáin" in listed  # named in another note, with no secret there
