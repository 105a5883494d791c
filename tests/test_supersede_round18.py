"""Round 18 of supersession: a holder leaving ends the roles they hold, and more (issue 29)."""

from __future__ import annotations

from mdrecall.knowledge.changes.fact_pairs import supersessions
from mdrecall.knowledge.fact_lines.facts import line_facts


def _pairs(files: dict[str, tuple[str, str | None]]) -> dict[tuple[str, int], tuple[str, int]]:
    facts = [f for path, (text, day) in files.items() for f in line_facts(path, text, day)]
    return {k: (v.path, v.line) for k, v in supersessions(facts).items()}


def test_a_last_shift_ends_the_lines_naming_that_person_as_the_holder() -> None:
    pairs = _pairs(
        {
            "MEMORY.md": (
                "# Memory\n\n- Priya Nair runs the kitchen.\n- Marta Kowal manages the bar.\n"
                "- Marta and Priya look after the cellar.\n- Rota: Marta Kowal, Sundays.\n",
                None,
            ),
            "memory/2031-05-09.md": (
                "# 2031-05-09\n\n- Marta's last shift was last night. Cake in the staff room.\n",
                "2031-05-09",
            ),
        }
    )
    assert pairs[("MEMORY.md", 4)] == ("memory/2031-05-09.md", 3)  # her role: she held it alone
    assert ("MEMORY.md", 3) not in pairs  # someone else's
    assert ("MEMORY.md", 5) not in pairs  # held with Priya: not hers alone
    # a first name two people share names neither
    shared = _pairs(
        {
            "MEMORY.md": ("# Memory\n\n- Marta Kowal manages the bar.\n- Marta Lind does payroll.\n", None),
            "memory/2031-05-09.md": ("# 2031-05-09\n\n- Marta's last shift was yesterday.\n", "2031-05-09"),
        }
    )
    assert shared == {}


def test_coming_off_a_named_medicine_ends_the_line_putting_the_patient_on_it() -> None:
    pairs = _pairs(
        {
            "memory/2031-03-04.md": (
                "# 2031-03-04\n\nVet with Juniper: sore knee. She's on Loxicom daily, recheck 20 March.\n",
                "2031-03-04",
            ),
            "memory/2031-03-20.md": (
                "# 2031-03-20\n\nJuniper recheck: knee better, vet says she can come off the Loxicom.\n",
                "2031-03-20",
            ),
        }
    )
    assert pairs[("memory/2031-03-04.md", 3)] == ("memory/2031-03-20.md", 3)
