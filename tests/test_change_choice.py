"""A change line whose rarest words find only lines holding its own values (a friend's workplace) looks
further for the line stating the attribute it changes with another value (h-chose, session 18). Wordings
and worlds of no labelled set; a hard negative beside it (a line found further naming only another
thing)."""

from __future__ import annotations

from pathlib import Path

from helpers import fact_pairs_in

PAGE = (
    "people/oskar.md",
    "# Oskar\n\n- Oskar: my climbing partner since the 2029 Fontainebleau trip.\n"
    "- Baker at Harbourside Bakery, on the sourdough ovens; his hours change every season.\n",
)
CLUB = "- Yoga: Wednesdays 19:00 with Oskar.\n"
CHANGE = (
    "memory/2031-03-04.md",
    "# 2031-03-04\n\n- Yoga with Oskar on a Thursday for the first time; he's doing Wednesday"
    " sourdough bakes at Harbourside Bakery from this month.\n",
)


def test_a_change_line_looks_past_lines_holding_its_own_values(tmp_path: Path) -> None:
    pairs = fact_pairs_in(tmp_path, (PAGE, ("MEMORY.md", "# Memory\n\n" + CLUB), CHANGE))
    assert pairs.get(("MEMORY.md", 3)) == ("memory/2031-03-04.md", 3)
    assert ("people/oskar.md", 4) not in pairs  # the workplace the change line names again: no change


def test_a_line_found_further_stating_no_attribute_of_the_change_line_is_not_taken(tmp_path: Path) -> None:
    # the line found further names the gym's kit, no time: the line found first is kept (no other line)
    kit = "- Yoga kit: Oskar lends me his spare mat, blocks from the Vertical Barn shop.\n"
    pairs = fact_pairs_in(tmp_path, (PAGE, ("MEMORY.md", "# Memory\n\n" + kit), CHANGE))
    assert ("MEMORY.md", 3) not in pairs


def test_pairing_after_the_line_found_further_is_added_equals_pairing_anew() -> None:
    from mdrecall.knowledge.changes.fact_pairs import supersessions, supersessions_update
    from mdrecall.knowledge.fact_lines.facts import line_facts

    def facts_of(files: dict[str, str]) -> list:
        out = []
        for rel, text in files.items():
            day = rel.rsplit("/", 1)[-1][:-3] if rel.startswith("memory/") else None
            out += line_facts(rel, text, day)
        return sorted(out, key=lambda f: (f.path, f.line))

    files = dict([PAGE, CHANGE, ("MEMORY.md", "# Memory\n")])
    before = supersessions(facts_of(files))
    facts = facts_of({**files, "MEMORY.md": "# Memory\n\n" + CLUB})
    updated = supersessions_update(facts, before, {"MEMORY.md"})  # (from the last pass: before's)
    assert updated == supersessions(facts)
    assert ("MEMORY.md", 3) in updated
