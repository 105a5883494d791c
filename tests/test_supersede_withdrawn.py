"""Supersession (issue 29 part 3, session 16): a change told beside other clauses, a state begun lately, a
thing switched off or quit, a name that can't go on. Each in wordings and worlds of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall.knowledge.fact_lines.change_signal import signal
from mdrecall.knowledge.fact_lines.fact_values import stem
from mdrecall.knowledge.fact_lines.leave_grammar import cannot_values, left_values

from helpers import fact_pairs_in


def test_a_word_of_addition_in_another_clause_does_not_take_the_change_back(tmp_path: Path) -> None:
    """ "still" about another thing, clauses away from "goes up to": the fee still changed."""
    pairs = fact_pairs_in(
        tmp_path,
        [
            ("club/rowing.md", "# Rowing club\n\n- Membership fee: 40 € a year, students half price\n"),
            (
                "memory/2031-05-02.md",
                "# 2031-05-02\n\n- Membership fee goes up to 48 € - the boathouse rent doubled this spring."
                " Students still pay half.\n",
            ),
        ],
    )
    assert pairs == {("club/rowing.md", 3): ("memory/2031-05-02.md", 3)}


def test_a_word_of_addition_beside_the_change_still_adds() -> None:
    assert signal("We also moved the standup to Fridays") is None
    line = "Membership fee goes up to 48 the boathouse rent doubled this spring Students still pay"
    assert signal(line) == "strong"


def test_a_state_begun_days_ago_supersedes_the_one_it_replaced(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        [
            ("family/grandpa.md", "# Grandpa\n\n- Blood thinner: Warfarin 5 mg, evenings\n"),
            (
                "memory/2031-09-18.md",
                "# 2031-09-18\n\n- Grandpa's on Apixaban since Tuesday, the Warfarin kept bruising him.\n",
            ),
        ],
    )
    assert pairs == {("family/grandpa.md", 3): ("memory/2031-09-18.md", 3)}


@pytest.mark.parametrize(
    "line", ["Grandpa hasn't slept well since Tuesday", "no hot water since Saturday", "running since 2019"]
)
def test_a_lack_since_a_day_or_a_long_held_state_is_no_change(line: str) -> None:
    assert signal(line) is None


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        (
            "- Nightly build logs land in Backblaze (bucket `acme-logs`).",
            "- ci: test logs now ship to Grafana Loki; the Backblaze upload is switched off.",
        ),
        (
            "- Mira plays hockey at the Lakeside club, practice Mon + Wed evenings.",
            "- Mira told us she's quitting hockey. Climbing at Boulderhaus with Jonas instead, Tue + Fri.",
        ),
    ],
)
def test_a_thing_switched_off_or_quit_supersedes_the_line_naming_it(
    tmp_path: Path, older: str, newer: str
) -> None:
    """The newer line leaves the very thing the older names, though a word they share has another
    modifier ("build logs" … "test logs", "plays hockey" … "quitting hockey")."""
    pairs = fact_pairs_in(
        tmp_path,
        [("MEMORY.md", f"# Memory\n\n{older}\n"), ("memory/2031-04-09.md", f"# 2031-04-09\n\n{newer}\n")],
    )
    assert pairs == {("MEMORY.md", 3): ("memory/2031-04-09.md", 3)}


def test_the_leave_grammar_reads_switched_off_quitting_and_giving_up() -> None:
    assert {stem("backblaze"), "upload"} <= left_values("the backblaze upload is switched off")
    assert left_values("she's quitting hockey climbing with jonas instead") == {stem("hockey")}
    assert stem("violin") in left_values("he gave up the violin last year")
    assert cannot_values("brightwater can't do 3 6 anymore") == {stem("brightwater")}
    assert not cannot_values("i can't eat gluten anymore")


def test_a_name_that_cant_go_on_supersedes_the_line_holding_it_however_long_the_line(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        [
            ("wedding/plan.md", "# Wedding plan\n\n- Caterer: Brightwater, buffet for 120, 3 June 2032\n"),
            (
                "memory/2032-02-11.md",
                "# 2032-02-11\n\n> Brightwater can't do 3/6 anymore (their kitchen flooded last week)."
                " Bramble Kitchen offered hot food for that day, 130 covers, deposit 600 paid by Dad.\n",
            ),
        ],
    )
    assert pairs == {("wedding/plan.md", 3): ("memory/2032-02-11.md", 3)}


def test_a_line_changing_two_facts_supersedes_the_line_of_each(tmp_path: Path) -> None:
    """The attribute rule pairs the new owner; the time the same line moves supersedes the schedule's line
    (an attribute the pairing left)."""
    pairs = fact_pairs_in(
        tmp_path,
        [
            (
                "club/newsletter.md",
                "# Newsletter\n\n- Newsletter owner: Priyanka Rao\n"
                "- Send-out: Thursdays 08:00, from the club laptop\n",
            ),
            (
                "memory/2031-06-02.md",
                "# 2031-06-02\n\nFemi is newsletter owner from today. His first change: the send-out moves to"
                " Tuesdays 07:30.\n",
            ),
        ],
    )
    assert pairs == {
        ("club/newsletter.md", 3): ("memory/2031-06-02.md", 3),
        ("club/newsletter.md", 4): ("memory/2031-06-02.md", 3),
    }


def test_a_line_stating_one_attribute_supersedes_no_other_line_beside_its_pair(tmp_path: Path) -> None:
    """One attribute stated (a trip's day), paired as a move: no other line of a time is taken with it."""
    pairs = fact_pairs_in(
        tmp_path,
        [
            ("MEMORY.md", "# Memory\n\n- My sister Ines lives in Braga.\n"),
            ("memory/2031-01-20.md", "# 2031-01-20\n\nInes has a second interview in Lisbon on Thursday.\n"),
            (
                "memory/2031-02-20.md",
                "# 2031-02-20\n\n- Ines moved! Got the Lisbon job, flew down on Saturday, renting in"
                " Alfama.\n",
            ),
        ],
    )
    assert ("memory/2031-01-20.md", 3) not in pairs
