"""Supersession round 9 (issue 29 part 3): a finer time for the same event is no change
(change_pairs.refines)."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.fact_pairs import supersessions
from mdrecall.knowledge.facts import line_facts


def _pairs(tmp_path: Path, notes: list[tuple[str, str]]) -> dict[tuple[str, int], tuple[str, int]]:
    """Write the notes (path, text) in a workspace and pair their read-back fact lines."""
    facts = []
    for rel, text in notes:
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        day = rel.rsplit("/", 1)[-1][:-3] if rel.startswith("memory/") else None
        facts += line_facts(rel, path.read_text(encoding="utf-8"), day)
    return {k: (v.path, v.line) for k, v in supersessions(facts).items()}


def test_a_weekday_inside_the_month_said_before_refines_it(tmp_path: Path) -> None:
    pairs = _pairs(
        tmp_path,
        [
            ("memory/2027-08-02.md", "- Marta moves to Lisbon in September, a post at the Gulbenkian!\n"),
            ("memory/2027-08-27.md", "- Marta's last day is Tuesday (31st); we got her a plant.\n"),
        ],
    )
    assert ("memory/2027-08-02.md", 1) not in pairs


def test_a_weekday_far_from_the_month_is_still_a_change(tmp_path: Path) -> None:
    pairs = _pairs(
        tmp_path,
        [
            ("memory/2027-05-03.md", "- The choir concert is in July at St Giles.\n"),
            ("memory/2027-06-01.md", "- Choir concert moved to Friday, St Giles double-booked us.\n"),
        ],
    )
    assert pairs.get(("memory/2027-05-03.md", 1)) == ("memory/2027-06-01.md", 1)
