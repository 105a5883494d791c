"""Round 16 of supersession: a page's status updated further down, and more (issue 29)."""

from __future__ import annotations

from mdrecall.knowledge.fact_pairs import supersessions
from mdrecall.knowledge.facts import line_facts


def _pairs(files: dict[str, tuple[str, str | None]]) -> dict[tuple[str, int], tuple[str, int]]:
    facts = [f for path, (text, day) in files.items() for f in line_facts(path, text, day)]
    return {k: (v.path, v.line) for k, v in supersessions(facts).items()}


def test_a_dated_update_on_the_page_restates_its_status_line() -> None:
    text = (
        "# Harbour survey\n\n- Lead: Oona.\n- Sites: 14 (2 bays x 7 transects).\n"
        "- Blocker: the boat is shared with the ferry trust, booking it is slow.\n- Status: permits pending.\n\n"
        "Update 2031-03-10: sites cut to 10, the outer bay was dropped.\n"
        "Update 2031-04-02: permits came through; now waiting on the dive crew, report due 9 May.\n"
    )
    pairs = _pairs({"projects/harbour-survey.md": (text, None)})
    assert pairs[("projects/harbour-survey.md", 6)] == ("projects/harbour-survey.md", 9)
    assert pairs[("projects/harbour-survey.md", 4)] == ("projects/harbour-survey.md", 8)
    assert ("projects/harbour-survey.md", 3) not in pairs  # the lead is no status
