"""Supersession (issue 29 part 3, session 17): the verbs of change generated from WordNet
(``knowledge/data/change_words.txt``): a value ended in a sense's other words ("pulled out", "died",
"resigned", "shelved"), a change decided in the present form, "dead" as a predicate, a thing gone live.
Each in wordings and worlds of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall.knowledge.fact_lines.change_signal import signal
from mdrecall.knowledge.fact_lines.change_words import ends_value

from helpers import fact_pairs_in, pairs_of


@pytest.mark.parametrize(
    "line",
    [
        "The loyalty card scheme was discontinued in May",
        "Our greenhouse lease expired last week",
        "The print edition is shelved until the grant comes through",
        "Coach Amari resigned after the cup final",
        "the tile sponsor backed out two days before the fair",
        "Decision: migrate the wiki to Outline",
        "after the frost the old lemon tree is dead",
        "the booking page went live this morning",
    ],
)
def test_a_generated_verb_of_change_signals_a_change(line: str) -> None:
    assert signal(line) == "strong"


@pytest.mark.parametrize(
    "line",
    [
        "if the rain keeps up we might pull out of the fair",
        "the lane behind the school is a dead end",
        "we move fast on small fixes",
        "Maybe migrate the wiki to Outline",
        "we live on a boat in Tromso",
        "the lemon tree is not dead",
    ],
)
def test_a_verb_imagined_undecided_or_of_another_sense_signals_nothing(line: str) -> None:
    assert signal(line) is None


def test_a_value_ended_is_no_confirmation() -> None:
    assert ends_value("Lindqvist Bakery pulled out of paying for the rehearsal hall")
    assert not ends_value("Lindqvist Bakery pays for the rehearsal hall again this year")


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        (
            ("club/comms.md", "- Newsletter goes out through Mailchimp, first Monday of the month"),
            (
                "memory/2031-03-04.md",
                "- Decision: move the newsletter from Mailchimp to Buttondown, half the price.",
            ),
        ),
        (
            ("choir/sponsors.md", "- Rehearsal hall is paid for by Lindqvist Bakery."),
            (
                "memory/2031-06-10.md",
                "- Lindqvist Bakery pulled out of paying for the rehearsal hall (new owners).",
            ),
        ),
        (
            ("home/pets.md", "- Fish: two goldfish, Bubbles and Nemo, in the kitchen tank."),
            (
                "memory/2031-02-11.md",
                "- Bubbles died overnight, kids buried him in the garden. Nemo alone now.",
            ),
        ),
        (
            ("club/staff.md", "- Head coach: Amari Osei, Tuesdays and Thursdays."),
            ("memory/2031-10-01.md", "- Amari Osei resigned as head coach after the cup final."),
        ),
    ],
)
def test_a_later_line_ending_or_replacing_the_value_supersedes_it(
    tmp_path: Path, older: tuple[str, str], newer: tuple[str, str]
) -> None:
    day = newer[0].rsplit("/", 1)[-1][:-3]
    notes = [(older[0], f"# Notes\n\n{older[1]}\n"), (newer[0], f"# {day}\n\n{newer[1]}\n")]
    assert fact_pairs_in(tmp_path, notes) == {(older[0], 3): (newer[0], 3)}


def test_a_withdrawal_only_imagined_supersedes_nothing(tmp_path: Path) -> None:
    notes = [
        ("choir/sponsors.md", "# Sponsors\n\n- Rehearsal hall is paid for by Lindqvist Bakery.\n"),
        (
            "memory/2031-06-10.md",
            "# 2031-06-10\n\n- Lindqvist Bakery might pull out of paying for the hall.\n",
        ),
    ]
    assert fact_pairs_in(tmp_path, notes) == {}


@pytest.mark.parametrize(
    "line",
    [
        "The parish council rescinded the parking ban on Elm Row",
        "the members elected Priya Shah secretary at the spring meeting",
        "Farid was appointed site manager for the Docklands build",
        "Bea got reassigned to the night desk",
    ],
)
def test_a_role_given_or_a_decision_revoked_signals_a_change(line: str) -> None:
    assert signal(line) == "strong"


@pytest.mark.parametrize(
    "line",
    [
        "transferred £200 to the holiday pot",
        "the council lifted the bollards for the market",
        "reversed the van into the loading bay",
    ],
)
def test_money_moved_or_a_thing_lifted_or_reversed_signals_nothing(line: str) -> None:
    assert signal(line) is None


def test_a_holder_elected_supersedes_the_roles_page_line(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        [
            ("club/committee.md", "# Committee\n\n- Secretary: Dmitri Volkov.\n- Fixtures: Hana Sato.\n"),
            (
                "memory/2031-04-20.md",
                "# 2031-04-20\n\n- spring meeting elected Priya Shah as secretary, Dmitri stays on\n",
            ),
        ],
    )
    assert pairs == {("club/committee.md", 3): ("memory/2031-04-20.md", 3)}


def test_a_line_naming_no_value_but_ending_one_is_a_fact_line_and_supersedes() -> None:
    from mdrecall.knowledge.fact_lines.facts import line_facts

    log = "# 2031-05-02\n\n- Clayworks has pulled out, we buy clay direct from the quarry\n"
    (fact,) = line_facts("memory/2031-05-02.md", log, "2031-05-02")
    assert fact.cue
    page = "# Studio\n\n- Clay supplier for the studio: Clayworks.\n- Glaze supplier: Potterycrafts.\n"
    assert pairs_of({"studio/suppliers.md": page, "memory/2031-05-02.md": log}) == {
        ("studio/suppliers.md", 3): ("memory/2031-05-02.md", 3)
    }
