"""Precision of the supersession rules on lines that only look like changes: an act weighed, not done
("thinking of moving the kiln"), … A wrong mark hides a true, current line, so each of these keeps the older
line current, and the change it stands beside still supersedes. Wordings and worlds of our own."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall.knowledge.change_signal import signal

from helpers import fact_pairs_in


def _paired(tmp_path: Path, old: str, new: str, day: str = "2031-05-02") -> bool:
    notes = [("MEMORY.md", f"# Memory\n\n- {old}\n"), (f"memory/{day}.md", f"# {day}\n\n- {new}\n")]
    return bool(fact_pairs_in(tmp_path, notes))


@pytest.mark.parametrize(
    "line",
    [
        "Thinking of moving the kiln to the back shed over winter",
        "Considering switching the glaze order to Potclays",
        "Ines says we should look at swapping the gallery insurer",
        "Wondering about moving choir practice to Mondays, nothing settled",
        "Toying with the idea of handing the newsletter over to Bram",
        "Looking into moving the mailing list to Buttondown",
    ],
)
def test_an_act_weighed_is_no_change(line: str) -> None:
    assert signal(line) is None


@pytest.mark.parametrize(
    "line",
    [
        "Agreed to move the kiln to the back shed",
        "Moved the kiln to the back shed on Saturday",
        "Decided on switching the glaze order to Potclays",
        "Thought about it for weeks, then moved the kiln to the shed",
    ],
)
def test_an_act_told_still_changes(line: str) -> None:
    assert signal(line) == "strong"


def test_a_move_weighed_leaves_the_standing_line(tmp_path: Path) -> None:
    old = "The kiln lives in the garage at Orchard Row"
    assert not _paired(tmp_path, old, "Thinking of moving the kiln to the allotment shed next spring")
    assert _paired(tmp_path / "b", old, "Moved the kiln to the allotment shed this weekend")
