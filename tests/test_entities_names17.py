"""Other names of a person read from where notes put them: a short name that ends the given name in
brackets, a quoted short name on the person's row, "aka X" opening a line of the person's own page."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall import Config, Memory
from mdrecall.knowledge.index import EntityIndex
from mdrecall.knowledge.relations import ALIAS, find_relations

from helpers import write


def _aliases(line: str) -> list[tuple[str, str]]:
    return [(r.subject, r.object) for r in find_relations(line, 1) if r.predicate == ALIAS]


@pytest.mark.parametrize(
    ("line", "pair"),
    [
        ("- Sandro (Alessandro Ricci) keeps the club's keys.", ("Sandro", "Alessandro Ricci")),
        ("Tina (Christina Albescu) runs the choir's rota.", ("Tina", "Christina Albescu")),
    ],
)
def test_a_short_name_that_ends_the_given_name_in_brackets_is_an_alias(
    line: str, pair: tuple[str, str]
) -> None:
    assert _aliases(line) == [pair]


@pytest.mark.parametrize(
    ("line", "pair"),
    [
        ('| Konstantin Weber | treasurer | "Kostya"; signs the cheques |', ("Kostya", "Konstantin Weber")),
        ("- Valentina Rossi, “Tina” to the whole choir, leads the altos.", ("Tina", "Valentina Rossi")),
    ],
)
def test_a_quoted_short_name_on_the_persons_line_is_an_alias(line: str, pair: tuple[str, str]) -> None:
    assert _aliases(line) == [pair]


@pytest.mark.parametrize(
    "line",
    [
        '| Konstantin Weber | treasurer | Kiel | "Tuesday"; signs the cheques |',  # no short name of his
        '- Valentina Rossi and Valeria Conti both go by "Vale".',  # fits two people: neither
        '- Konstantin Weber booked "Harbour" for the dinner.',  # a venue, not a name of his
    ],
)
def test_a_quoted_word_that_is_no_short_name_of_one_person_is_no_alias(line: str) -> None:
    assert _aliases(line) == []


def _known(tmp_path: Path) -> dict[str, str]:
    cfg = Config().merged({"history": {"git": False}, "extra_paths": ["crew"]})
    with Memory.open(tmp_path, cfg, create=True) as mem:
        mem.index()
        return EntityIndex(mem.store, mem.config.entities).known()


def test_aka_opening_a_line_of_a_persons_page_names_that_person(tmp_path: Path) -> None:
    """ "- aka Bez." on Bartholomew Ezeh's page: "bez" in other notes is him."""
    write(tmp_path, "crew/bartholomew-ezeh.md", "# Bartholomew Ezeh\n\n- aka Bez. rigger, Lagos crew\n")
    write(tmp_path, "MEMORY.md", "# Stage crew\n\n- Lead rigger: Bartholomew Ezeh.\n")
    write(tmp_path, "memory/2027-05-03.md", "# 2027-05-03\n\n- bez checked the truss bolts\n- Bez is off\n")
    known = _known(tmp_path)
    assert known["bez"] == "bartholomew ezeh"


def test_aka_on_a_page_about_no_person_names_no_one(tmp_path: Path) -> None:
    """ "aka" opening a line of a page about a place is no other name of anyone."""
    write(tmp_path, "crew/north-yard.md", "# North Yard\n\n- aka Bez. where the trucks park\n")
    write(tmp_path, "MEMORY.md", "# Stage crew\n\n- Lead rigger: Bartholomew Ezeh.\n")
    write(tmp_path, "memory/2027-05-03.md", "# 2027-05-03\n\n- Bez checked the truss bolts\n")
    assert _known(tmp_path).get("bez") != "bartholomew ezeh"
