"""A price gone "up to" or "down to" an amount whose currency is written as its code or local sign ("RM 250",
"KES 5,200", "Rs 450") is a change told, as "up to $40" was (knowledge/change_signal)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall.knowledge.fact_lines.change_signal import signal

from helpers import fact_pairs_in


@pytest.mark.parametrize(
    "line",
    [
        "Swim squad fee went up to KES 5,200 a term, ouch",
        "Cleaner's rate went up to RM 95 a visit",
        "Tiffin came down to Rs 450 a week after the new cook",
    ],
)
def test_an_amount_after_its_currency_code_is_a_change(line: str) -> None:
    assert signal(line) == "strong"


def test_up_to_a_code_without_a_number_is_no_change() -> None:
    # "up to" the writer, not to an amount
    assert signal("Menu for the staff lunch is up to RM and Sal") is None


def test_a_fee_gone_up_to_an_amount_in_ringgit_supersedes_the_fee(tmp_path: Path) -> None:
    memory = "# Memory\n\n- Swim squad: Tue/Thu 6pm, fee RM 180/month.\n"
    log = "# 2031-02-12\n\n- Committee: swim squad fee goes up to RM 210/month starting March.\n"
    pairs = fact_pairs_in(tmp_path, [("MEMORY.md", memory), ("memory/2031-02-12.md", log)])
    assert pairs.get(("MEMORY.md", 3)) == ("memory/2031-02-12.md", 3)
