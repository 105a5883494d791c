"""Supersession by a decided value (knowledge/fact_lines/facts.py): a later line telling a decision on a time,
a holder or a place ("Decided: …", "we agreed …") changes the standing line stating it, with no other word
of change; a decision still open or denied changes nothing. Wordings of our own."""

from __future__ import annotations

from helpers import pairs_of

PAGE = "# Team rituals\n\n- Retro: every other Friday at 15:00.\n- Demo day: last Thursday of the month.\n"


def test_a_decided_time_supersedes_the_standing_one() -> None:
    log = "# 2031-04-20\n\n- Decided with the team: retro every Wednesday at 11:00, shorter format.\n"
    assert pairs_of({"team/rituals.md": PAGE, "memory/2031-04-20.md": log}) == {
        ("team/rituals.md", 3): ("memory/2031-04-20.md", 3)
    }


def test_a_decision_still_open_supersedes_nothing() -> None:
    log = "# 2031-04-20\n\n- not decided yet: retro on Wednesday or Thursday at 11:00\n"
    assert pairs_of({"team/rituals.md": PAGE, "memory/2031-04-20.md": log}) == {}
