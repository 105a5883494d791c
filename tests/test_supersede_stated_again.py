"""One change line superseding every line that states the fact it changes (knowledge/changes/change_pairs.py
``restated_too``), and a dated plan moved step by step (change_candidate.py ``echo_allows``): wordings in no
labelled set."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.changes.change_candidate import echo_allows
from mdrecall.knowledge.changes.change_state import MOVED_AFTER

from helpers import fact_pairs_in

_LOG = (
    "# Bread log\n\n| # | Loaf | Oven | Notes |\n|---|---|---|---|\n"
    "| 1 | Rye | 210C 50 min | dense |\n| 2 | Rye | 210C 50 min | better |\n"
)


def test_a_change_supersedes_each_row_stating_the_old_value_again(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        (
            ("kitchen/bread-log.md", _LOG),
            (
                "memory/2027-05-04.md",
                "# 2027-05-04\n\n- Baker's advice for rye: 240C for the first 10 min, then 190C for 45.\n",
            ),
        ),
    )
    assert pairs.get(("kitchen/bread-log.md", 5)) == ("memory/2027-05-04.md", 3)
    assert pairs.get(("kitchen/bread-log.md", 6)) == ("memory/2027-05-04.md", 3)


def test_a_row_of_another_thing_is_not_the_old_value_stated_again(tmp_path: Path) -> None:
    log = _LOG + "| 3 | Spelt | 220C 35 min | good |\n"
    pairs = fact_pairs_in(
        tmp_path,
        (
            ("kitchen/bread-log.md", log),
            (
                "memory/2027-05-04.md",
                "# 2027-05-04\n\n- Baker's advice for rye: 240C for the first 10 min, then 190C for 45.\n",
            ),
        ),
    )
    assert ("kitchen/bread-log.md", 7) not in pairs


def test_a_date_moved_twice_the_step_between_is_superseded_too() -> None:
    # "recheck for 8 May" (3 May) … "still 15 May" (17 May) … "recheck pushed again, now 22 May": the
    # attribute rule paired the first and the last; the line between states the date of the step between
    echo = frozenset({"t:may8", MOVED_AFTER + "2027-05-03"})
    assert echo_allows(echo, {"t:may15", "n:15"}, {"t:may22", "n:22"}, "2027-05-17")
    # written before the line the attribute rule paired: another plan, not a step of this one
    assert not echo_allows(echo, {"t:may15", "n:15"}, {"t:may22", "n:22"}, "2027-04-28")
    assert not echo_allows(echo, {"t:may15", "n:15"}, {"t:may22", "n:22"}, None)
    # the date the newer line holds is no step of it
    assert not echo_allows(echo, {"t:may22"}, {"t:may22", "n:22"}, "2027-05-17")
