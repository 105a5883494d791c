"""Supersession by evidence, not wording (issue 29 part 3): a standing fact written in a daily log is a
fact line a later change can supersede (it supersedes nothing by itself)."""

from __future__ import annotations

from mdrecall.knowledge.changes.fact_pairs import supersessions
from mdrecall.knowledge.fact_lines.facts import line_facts


def _pairs(files: dict[str, tuple[str | None, str]]) -> dict[tuple[str, int], tuple[str, int]]:
    facts = [f for path, (day, text) in files.items() for f in line_facts(path, text, day)]
    return {k: (v.path, v.line) for k, v in supersessions(facts).items()}


def test_a_standing_fact_in_a_log_is_superseded_by_a_later_change() -> None:
    pairs = _pairs(
        {
            "memory/2027-05-03.md": (
                "2027-05-03",
                "# 2027-05-03\n\n- Newsletter goes out through Buttondown.\n"
                "- Newsletter draft read by Priya.\n",
            ),
            "memory/2027-06-10.md": (
                "2027-06-10",
                "# 2027-06-10\n\n- Gave up on Buttondown, the newsletter is sent from Ghost now.\n",
            ),
        }
    )
    assert pairs == {("memory/2027-05-03.md", 3): ("memory/2027-06-10.md", 3)}


def test_a_standing_fact_in_a_log_supersedes_nothing_by_itself() -> None:
    pairs = _pairs(
        {
            "memory/2027-05-03.md": ("2027-05-03", "# 2027-05-03\n\n- Newsletter goes out via Buttondown.\n"),
            "memory/2027-06-10.md": ("2027-06-10", "# 2027-06-10\n\n- Newsletter draft read by Priya.\n"),
        }
    )
    assert pairs == {}
