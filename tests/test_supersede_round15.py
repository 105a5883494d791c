"""A person leaving a job or a home ends their standing lines; a shared first name ends nobody's."""

from __future__ import annotations

from mdrecall.knowledge.changes.fact_pairs import supersessions
from mdrecall.knowledge.fact_lines.facts import line_facts
from mdrecall.knowledge.fact_lines.leave_grammar import departure


def _pairs(files: dict[str, tuple[str, str | None]]) -> dict[tuple[str, int], tuple[str, int]]:
    facts = [f for path, (text, day) in files.items() for f in line_facts(path, text, day)]
    return {k: (v.path, v.line) for k, v in supersessions(facts).items()}


def test_departure_wordings() -> None:
    assert departure("Ben Aziz is leaving at the end of the month") == ("job", "Ben Aziz")
    assert departure("Lukas's last day is next Friday") == ("job", "Lukas")
    assert departure("Theo's moved Got the Adelaide job") == ("home", "Theo")
    assert departure("Left in February to open a wine bar") == ("job", "")
    # a trip, an errand, a move inside a firm: no departure
    assert departure("Sam is leaving for Lisbon on Friday") is None
    assert departure("Ben left the keys at the desk") is None
    assert departure("Fatima is moving to the data platform team") is None


def test_leaving_a_job_ends_the_role_line_of_their_page() -> None:
    pairs = _pairs(
        {
            "people/mara-quill.md": ("# Mara Quill\n\n- Role: archivist at the county museum.\n", None),
            "memory/2030-05-02.md": ("- Mara Quill is leaving at the end of June.\n", "2030-05-02"),
        }
    )
    assert pairs[("people/mara-quill.md", 3)] == ("memory/2030-05-02.md", 1)


def test_left_on_a_page_ends_its_role_line() -> None:
    text = "# Ivo Strand\n\n- Role: sous chef at Copperleaf.\n- Bakes.\n\nLeft in March to travel.\n"
    assert _pairs({"people/ivo-strand.md": (text, None)})[("people/ivo-strand.md", 3)] == (
        "people/ivo-strand.md",
        6,
    )


def test_moving_ends_where_they_live() -> None:
    pairs = _pairs(
        {
            "MEMORY.md": ("# Memory\n\n- My sister Wren lives in Dunedin.\n", None),
            "memory/2030-03-09.md": ("- Wren's moved! Started the Nelson job on Monday.\n", "2030-03-09"),
        }
    )
    assert pairs[("MEMORY.md", 3)] == ("memory/2030-03-09.md", 1)


def test_a_shared_first_name_ends_no_role() -> None:
    pairs = _pairs(
        {
            "people/ben-aziz.md": ("# Ben Aziz\n\n- Role: producer at Lantern Moth.\n", None),
            "memory/2030-01-10.md": ("- Ben Harlow fixed the boiler.\n", "2030-01-10"),
            "memory/2030-02-01.md": ("- Ben is leaving at the end of the month.\n", "2030-02-01"),
        }
    )
    assert ("people/ben-aziz.md", 3) not in pairs
