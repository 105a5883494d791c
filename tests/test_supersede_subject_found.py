"""Supersession where the older line was never found (issue 29 part 3, session 16): a value left by a
verb of removal, a recovery from an illness told in a log, a place worked from. Wordings of our own."""

from __future__ import annotations

import pytest

from mdrecall.knowledge.fact_lines.leave_grammar import left_values

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


@pytest.mark.parametrize(
    ("line", "left"),
    [
        ("the infection is in her left eye, dr hale gave drops", set()),  # a side, not a verb of leaving
        ("priya left acme for a startup", {"acme"}),
        ("the vet says we can stop the apoquel now", {"apoquel"}),
        ("we stopped using asana in may", {"asana"}),
        ("stopped by the office on the way home", set()),  # a visit
    ],
)
def test_a_side_is_no_leaving_and_a_thing_stopped_is_left(line: str, left: set[str]) -> None:
    assert left_values(line) == left


def test_a_recovery_supersedes_an_illness_told_in_a_log_and_a_new_one_supersedes_no_recovery() -> None:
    """An illness told in a day's log is a state that lasts until a recovery is told, not an event of the
    day; a later illness of another kind leaves the recovery standing."""
    pairs = _pairs(
        {
            "memory/2027-03-02.md": "# 2027-03-02\n\n"
            "- Milo: chest infection, Dr Hale gave antibiotics for five days.\n",
            "memory/2027-03-12.md": "# 2027-03-12\n\n- Recheck with Dr Hale: Milo's chest is clear, done.\n",
            "memory/2027-04-20.md": "# 2027-04-20\n\n- Milo is limping after football at Parkside.\n",
        }
    )
    assert pairs == {("memory/2027-03-02.md", 3): ("memory/2027-03-12.md", 3)}


def test_a_medicine_stopped_supersedes_the_page_line_prescribing_it() -> None:
    pairs = _pairs(
        {
            "pets/bella.md": "# Bella\n\nBorder collie, 9. Itchy skin since May: on Apoquel, one a day. "
            "Vet: Dr Amir Shah at Riverside.\n",
            "memory/2027-06-30.md": "# 2027-06-30\n\n"
            "- Riverside: Bella's skin has settled, Dr Shah says we can stop the Apoquel.\n",
        }
    )
    assert pairs == {("pets/bella.md", 3): ("memory/2027-06-30.md", 3)}


def test_working_from_a_place_supersedes_the_place_stated_not_another_line_of_the_page() -> None:
    """ "working from Lisbon" states a place: the change supersedes the person page's line stating one,
    not a line sharing a rarer word ("Teams"), and not MEMORY.md's line naming no place."""
    pairs = _pairs(
        {
            "people/ines-duarte.md": "# Ines Duarte\n\nData engineer, came from Farfetch. Based in Porto, "
            "Portugal; works 09:00-17:00 WET.\n\n- likes async updates, not calls on Teams\n",
            "MEMORY.md": "# Memory\n\n- Ines Duarte: data engineer (Portugal), works 10:00-18:00 our time.\n",
            "memory/2027-03-09.md": "# 2027-03-09\n\n"
            '- Ines on Teams: "I\'m working from Lisbon from now on, same hours"\n',
        }
    )
    assert pairs == {("people/ines-duarte.md", 3): ("memory/2027-03-09.md", 3)}
