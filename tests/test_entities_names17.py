"""Other names of a person read from where notes put them: a short name that ends the given name in
brackets, a quoted short name on the person's row, "aka X" opening a line of the person's own page."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from growth import near_linear

from mdrecall import Config, Memory
from mdrecall.knowledge.index import EntityIndex
from mdrecall.knowledge.mentions.extract import extract_entities
from mdrecall.knowledge.mentions.relations import ALIAS, find_relations

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


def _mentions(text: str, path: str) -> set[tuple[str, str, str]]:
    return {(m.name, m.kind, m.how) for m in extract_entities(text, path=path).mentions}


_STABLE = """# Horses at the yard

| name | breed | notes |
|------|-------|-------|
| Thunder | Welsh pony, 14 | lame on the left fore |
| Biscuit | horse, cob cross | farrier due |
| Paddington | donkey | |
"""


def test_the_cells_of_a_name_column_are_names_and_of_animals_pets() -> None:
    """A one-word cell under "name" is a name, not a word opening a line; a column of animals makes them
    pets."""
    found = _mentions(_STABLE, "yard/horses.md")
    for name in ("Thunder", "Biscuit", "Paddington"):
        assert (name, "pet", "typed_name") in found


_SHOWS = """# Radio shows

| no. | title | host | aired |
|-----|-------|------|-------|
| 12 | Songs of the Salt Road | Amara Obi | 2027-03-02 |
| 13 | What the River Knew | none | 2027-03-09 |
"""


def test_a_title_column_holds_works_read_whole() -> None:
    found = _mentions(_SHOWS, "radio/shows.md")
    assert ("Songs of the Salt Road", "work", "typed_name") in found
    assert ("What the River Knew", "work", "typed_name") in found
    assert not {n for n, _, _ in found} & {"Songs", "Salt Road", "River Knew"}


def test_a_title_column_beside_a_name_column_is_job_titles() -> None:
    text = "# Board\n\n| name | title |\n|---|---|\n| Amara Obi | Head of Programmes |\n"
    assert not [n for n, k, _ in _mentions(text, "org/board.md") if k == "work"]


@pytest.mark.parametrize(
    ("line", "name"),
    [
        ("- The choir sings at Sant Pere del Mar on the 4th.", "Sant Pere del Mar"),
        ("We met at the Plaza de Mayo before the march.", "Plaza de Mayo"),
        ("- Report sent to the Allotment Holders' Association.", "Allotment Holders' Association"),
    ],
)
def test_a_name_is_read_whole_past_a_calendar_word_after_its_particle_or_a_plural_possessive(
    line: str, name: str
) -> None:
    """ "del Mar", "de Mayo": after a name's small word a calendar word is the name's own; "Holders'
    Association": the plural's apostrophe does not end the name."""
    assert name in {n for n, _, _ in _mentions(line, "notes/x.md")}


def test_a_model_code_of_capitals_and_digits_after_a_brand_is_the_products_name() -> None:
    """ "on a Rode NT5", like "a Pixel 8": the code is part of the product's name."""
    assert ("Rode NT5", "product", "typed_name") in _mentions("- each of us sings into a Rode NT5\n", "x.md")


@pytest.mark.parametrize(
    ("line", "people"),
    [
        ("Phoned Ruth & Henry. The van is booked.\n", {"Ruth", "Henry"}),
        ("- Emailed Tariq & Noor about the float\n", {"Tariq", "Noor"}),
    ],
)
def test_a_verb_opening_a_line_is_not_part_of_two_names_joined_by_an_ampersand(
    line: str, people: set[str]
) -> None:
    found = _mentions(line, "x.md")
    assert not [n for n, _, _ in found if "&" in n]
    assert people <= {n for n, k, _ in found if k == "person"}


def test_a_business_joined_by_an_ampersand_after_an_opening_verb_is_kept() -> None:
    assert ("Farrow & Ball", "organisation", "typed_name") in _mentions("- Emailed Farrow & Ball\n", "x.md")


def test_a_long_line_of_quoted_words_and_full_names_is_read_in_linear_time() -> None:
    # each quoted word was tried against every full name on the line: a 200 KB line of them took ~4 s of
    # CPU and 1 MB over 40 s; the names are now read once, and a line naming many people is no one's row
    unit = '"Ana" (Nana) Lind met Olga Kim, “Ana” and Piotr Wolski; '

    def make(n: int) -> Callable[[], object]:
        line = unit * (n // len(unit))
        return lambda: _aliases(line)

    make(len(unit))()  # what the first call loads is no part of the growth
    assert near_linear(make, 200_000) == []  # far more than one person named: no quoted word is one person's
    assert _aliases('- Valentina Rossi, "Tina" to the whole choir, with Olga Kim.') == [
        ("Tina", "Valentina Rossi")
    ]
