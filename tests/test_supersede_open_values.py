"""A value waited for ("quote pending", "awaiting the results", "waiting on the council",
"investigating") is a value not known yet: a later log line naming the thing and giving a value settles
it, with no word of change. Wordings and worlds of our own."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall.knowledge.changes.change_rules import open_value

from helpers import fact_pairs_in


def _paired(tmp_path: Path, old: str, new: str) -> bool:
    notes = [("MEMORY.md", f"# Memory\n\n- {old}\n"), ("memory/2031-05-02.md", f"# 2031-05-02\n\n- {new}\n")]
    return bool(fact_pairs_in(tmp_path, notes))


@pytest.mark.parametrize(
    "words",
    [
        "Roof repair: quote pending from Hollis",
        "Allergy panel: awaiting results",
        "Planning permit: waiting on the council",
    ],
)
def test_a_value_waited_for_is_open(words: str) -> None:
    assert open_value(words)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "Roof repair: quote pending from Hollis.",
            "Hollis quoted the roof repair at £2,400, starting 9 June.",
        ),
        ("Allergy panel: awaiting results.", "Allergy panel back: mild reaction to birch, 2.1 kU/L."),
    ],
)
def test_a_value_waited_for_is_settled_by_a_later_log_line(tmp_path: Path, old: str, new: str) -> None:
    assert _paired(tmp_path, old, new)


def test_a_value_still_waited_for_settles_nothing(tmp_path: Path) -> None:
    assert not _paired(
        tmp_path,
        "Roof repair: quote pending from Hollis.",
        "Roof repair quote still pending, chased Hollis on 3 June.",
    )
