"""A diminutive alone (Tomek, Grzesiu, Ania, Juanito) is linked to the one person in the workspace whose given
name it shortens, read from its form (the given name's opening and a diminutive ending), not from a list:
never where two people's given names fit, nor where the ending also makes a given name of its own
(Dominika of Dominik)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall import Config, Memory
from mdrecall.knowledge.aliases.diminutives import diminutive_of
from mdrecall.knowledge.index import EntityIndex
from mdrecall.knowledge.mentions.extract import entity_key

from helpers import write


@pytest.mark.parametrize(
    ("short", "given"),
    [("tomek", "tomasz"), ("grzesiu", "grzegorz"), ("ania", "anna"), ("juanito", "juan"), ("zosia", "zofia")],
)
def test_a_diminutive_is_read_from_its_opening_and_ending(short: str, given: str) -> None:
    assert diminutive_of(short, given)


@pytest.mark.parametrize(
    ("short", "given"),
    [("dominika", "dominik"), ("juanita", "juan"), ("marek", "martin"), ("dougie", "douglas")],
)
def test_a_given_name_of_its_own_is_no_diminutive(short: str, given: str) -> None:
    assert not diminutive_of(short, given)


def _known(root: Path, notes: dict[str, str]) -> dict[str, str]:
    for rel, text in notes.items():
        write(root, rel, text)
    cfg = Config().merged({"history": {"git": False}, "extra_paths": ["people"]})
    with Memory.open(root, cfg, create=True) as mem:
        mem.index()
        return EntityIndex(mem.store, mem.config.entities).known()


def test_a_diminutive_alone_links_to_the_one_person_it_fits(tmp_path: Path) -> None:
    known = _known(
        tmp_path,
        {
            "MEMORY.md": "# Memory\n\n- Team: Tomasz Wójcik (backend), Grzegorz Lis (design), Anna Berg.\n",
            "memory/2027-03-01.md": "# 2027-03-01\n\nTomek fixed the login bug. Grzesiu sent new mockups.\n",
            "memory/2027-03-02.md": "# 2027-03-02\n\nAnia found two regressions; Tomek is on them.\n",
        },
    )
    assert known.get("tomek") == "tomasz wójcik"
    assert known.get("grzesiu") == "grzegorz lis"
    assert known.get("ania") == "anna berg"


def test_a_diminutive_two_people_fit_links_to_neither(tmp_path: Path) -> None:
    known = _known(
        tmp_path,
        {
            "MEMORY.md": "# Memory\n\n- Team: Tomasz Wójcik (backend) and Tomasz Zieliński (mobile).\n",
            "memory/2027-03-01.md": "# 2027-03-01\n\nTomek fixed the login bug.\n",
        },
    )
    assert known.get("tomek", "tomek") == "tomek"
    assert entity_key("Tomek") == "tomek"
