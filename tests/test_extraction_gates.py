"""Issue 33: the cheap tests that let extraction skip its expressions never skip a line they would read.

Dates, kinds and fact lines are what they were; these lines hold a skipped expression's words next to
look-alikes ("summary", "marathon", "doctor") that the cheap tests now pass over.
"""

from __future__ import annotations

from datetime import date

import pytest

from mdrecall.knowledge.dates.valid_time import line_dates
from mdrecall.knowledge.fact_lines.facts import line_facts
from mdrecall.knowledge.mentions.extract import extract_entities


@pytest.mark.parametrize(
    ("line", "meant"),
    [
        ("- Summary: the marathon is on March 3.", "2026-03-03"),
        ("- The doctor moved it to 5 Dec.", "2026-12-05"),
        ("- Decided in the market this morning.", "2026-02-10"),
        ("- Summary of the review: 2026-04-01-final is the tag, due 2026-04-01.", "2026-04-01"),
        ("- Primary: sept. 9, 2026 for the junior hire.", "2026-09-09"),
        ("- The marketing plan slipped three weeks ago.", "2026-01-20"),
    ],
)
def test_dates_next_to_month_look_alikes_are_still_read(line: str, meant: str) -> None:
    assert line_dates(f"# 2026-02-10\n\n{line}\n", "2026-02-10")[2] == date.fromisoformat(meant)


@pytest.mark.parametrize(
    ("line", "name", "kind"),
    [
        ("We adopted a beagle called Rex last spring.", "Rex", "pet"),
        ("Coffee with my sister: Hanna brought cake.", "Hanna", "person"),
        ("Finally re-read Piranesi on the train.", "Piranesi", "work"),
        ("They moved to the Peak District.", "Peak District", "place"),
        ("Dinner with Dr. Amara Singh on Friday.", "Amara Singh", "person"),
    ],
)
def test_kind_cues_before_a_name_are_still_read(line: str, name: str, kind: str) -> None:
    found = {m.name: m.kind for m in extract_entities(f"{line}\n").mentions}
    assert found.get(name) == kind


def test_lower_case_known_names_are_found_where_the_word_stands_alone() -> None:
    text = "- priya moved postgres to the new box; postgresql-ish tools and xpostgres are not it.\n"
    found = [(m.name, m.line) for m in extract_entities(text).mentions if m.name in ("postgres", "priya")]
    assert found == [("priya", 1), ("postgres", 1)]


@pytest.mark.parametrize(
    ("line", "attribute"),
    [
        ("- Billing is led by Fatima now.", "owner"),
        ("- Bo took over the rota.", "owner"),
        ("- The team relocated to Leeds.", "place"),
        ("- Standup moved to the Blue room.", "place"),
        ("- We switched to MySQL instead of Postgres.", "choice"),
        ("- Decided on Grafana.", "choice"),
        ("- Retro happens on Thursdays at 15:00.", "time"),
        ("- Note: the status: blocked on review.", "status"),
    ],
)
def test_fact_lines_are_still_read(line: str, attribute: str) -> None:
    (fact,) = line_facts("memory/2026-02-10.md", f"{line}\n", "2026-02-10")
    assert attribute in fact.attrs
