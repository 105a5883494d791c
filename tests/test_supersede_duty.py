"""Supersession of a standing duty (knowledge/fact_lines/facts.py, fact_words.DONE_BY): "X is done by <a
role>" states who does X (its owner, a role or a team as well as a name), so a later line saying another does
it from now on supersedes it; another duty's line stays. Wordings of our own."""

from __future__ import annotations

from mdrecall.knowledge.fact_lines.facts import line_facts

from helpers import pairs_of


def test_the_agent_of_a_standing_duty_is_its_owner() -> None:
    (fact,) = line_facts("MEMORY.md", "- Kiln loading is done by the evening technician.\n", None)
    assert fact.attrs == ("owner",)
    assert set(fact.values[0].split()) == {"evening", "technician"}
    assert line_facts("MEMORY.md", "- Glaze labels are done by hand.\n", None) == []


def test_another_agent_from_now_on_supersedes_that_duty_only() -> None:
    page = (
        "# Studio\n\n"
        "- Kiln loading is done by the evening technician.\n"
        "- Glaze mixing is done by the day volunteers.\n"
    )
    log = "# 2031-03-02\n\n- Kiln loading is done by the day volunteers from now on, not the technician.\n"
    assert pairs_of({"studio/rota.md": page, "memory/2031-03-02.md": log}) == {
        ("studio/rota.md", 3): ("memory/2031-03-02.md", 3)
    }
