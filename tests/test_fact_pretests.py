"""The cheap tests the fact reader runs before its expressions: each must pass every line the expression
it guards would read (a pretest that misses one changes the views; one that passes too much only costs)."""

from __future__ import annotations

import pytest

from mdrecall.knowledge.fact_lines.change_signal import signal
from mdrecall.knowledge.fact_lines.fact_values import line_times, may_hold_time
from mdrecall.knowledge.fact_lines.fact_words import CHANGE, CHANGE_HINT, CHANGE_WEAK, CHANGE_WEAK_HINT

TIMED = [
    "Standup is at 9:30 now",
    "standup moved to 10.15",
    "dinner at 7pm",
    "call at 7 AM sharp",
    "Deploys happen on Tuesdays",
    "review on the 18th of March",
    "due 4 Dec",
    "kickoff SEPT 3",
    "retro in June",
    "pick up on mondays",
]
UNTIMED = [
    "we use Postgres for billing",
    "ticket-92945 closed by Heidi",
    "summary of the marathon plan",
    "3 laptops ordered",
    "lemon and mango",
]


@pytest.mark.parametrize("line", TIMED)
def test_a_line_with_a_time_passes_the_time_pretest(line: str) -> None:
    assert line_times(line)
    assert may_hold_time(line)
    assert may_hold_time(line.replace(" ", " ; "))  # its parts joined, as the reader joins clauses


@pytest.mark.parametrize("line", UNTIMED)
def test_a_line_with_no_time_skips_the_time_scan(line: str) -> None:
    assert not line_times(line)
    assert not may_hold_time(line)


def test_a_line_outside_ascii_is_always_read_for_times() -> None:
    assert may_hold_time("café opens at noon")


CHANGES = [
    "we use Lark instead",
    "Ana no longer owns it",
    "not doing it any more",
    "it's off the table after all",
    "as of Monday, Bo leads",
    "from now on we deploy Fridays",
    "Switched to Linear",
    "swapped Jira for Linear",
    "standup shifted back an hour, shifted to 10",
    "moving to Leeds",
    "relocated the team",
    "replaced Jenkins",
    "changed the vendor",
    "the trip was cancelled",
    "gig called off",
    "launch postponed",
    "pushed back a week",
    "release slipped",
    "flight delayed",
    "rescheduled the retro",
    "brought forward",
    "Omar took it over",
    "Ruth has taken over",
    "inherited the budget",
    "handed it over to Sam",
    "stepped down",
    "Theo left the band",
    "quit the choir",
    "stopped using Slack",
    "gave up on Notion",
    "given up",
    "dropped Heroku",
    "ditched Trello",
    "bailed on the offsite",
    "reverted the change",
    "bumped to Thursday",
    "rent raised to 900",
    "cut to three days",
    "Friday is her last day",
    "went back to option B",
    "the party is off",
    "the gig's off",
    "from tomorrow we meet at 10",
    "from next week",
    "starting today",
]


@pytest.mark.parametrize("line", CHANGES)
def test_every_change_wording_passes_the_change_pretest(line: str) -> None:
    assert CHANGE.search(line)
    assert CHANGE_HINT.search(line.lower())
    assert signal(line) == "strong"


@pytest.mark.parametrize("line", ["we meet Tuesdays now", "these days Bo runs it", "Currently on Zoom"])
def test_every_weak_change_wording_passes_its_pretest(line: str) -> None:
    assert CHANGE_WEAK.search(line)
    assert CHANGE_WEAK_HINT.search(line.lower())
    assert signal(line) == "weak"


def test_a_line_with_no_change_word_signals_nothing() -> None:
    line = "lunch from the deli with the team"
    assert CHANGE_HINT.search(line) is None and CHANGE_WEAK_HINT.search(line) is None
    assert signal(line) is None
