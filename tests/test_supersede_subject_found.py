"""Supersession where the older line was never found (issue 29 part 3, session 16): a value left by a
verb of removal, a recovery from an illness told in a log, a place worked from. Wordings of our own."""

from __future__ import annotations

import pytest

from mdrecall.knowledge.leave_grammar import left_values

from helpers import fact_pairs as _pairs


@pytest.mark.parametrize(
    ("line", "left"),
    [
        ("we pulled intercom out of the help centre last night", {"intercom"}),
        ("the plumber ripped the old boiler out", {"old", "boiler"}),
        ("finance phased sage out over the summer", {"sage"}),
        ("took the kids out for pancakes", set()),  # an outing: "take" needs "out of"
        ("pulled it out of the oven just in time", set()),  # a pronoun names no value
        ("the sponsor pulled out of the gala", set()),  # no object between
    ],
)
def test_a_verb_of_removal_names_the_value_between_it_and_its_particle(line: str, left: set[str]) -> None:
    assert left_values(line) == left


def test_a_value_pulled_out_supersedes_the_standing_line_stating_it() -> None:
    pairs = _pairs(
        {
            "MEMORY.md": "# Memory\n\n- Support chat: we use Intercom on the help centre.\n"
            "- Billing runs through Paddle.\n",
            "memory/2027-05-11.md": "# 2027-05-11\n\n"
            "- Long day: the migration finished and we pulled Intercom out of the help centre, "
            "so tickets all go through Zammad now.\n",
        }
    )
    assert pairs == {("MEMORY.md", 3): ("memory/2027-05-11.md", 3)}
