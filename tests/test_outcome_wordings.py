"""A change told by an outcome wording with no verb of change: "in the end" at a clause's end or before its
clause, "from now" without "on"; the same words as a place's end or a time ahead tell none."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall.knowledge.fact_lines.change_signal import signal

from helpers import fact_pairs_in


@pytest.mark.parametrize(
    "line",
    [
        "The tiles came from Marlow Ceramics in the end.",
        "In the end we booked the Harbour Hall for the reunion",
        "in the end, Priyanka drives the minibus",
        "Receipts go to the shared inbox from now, not to Dev",
        "From now the choir rehearses in the crypt",
    ],
)
def test_outcome_wordings_signal_a_change(line: str) -> None:
    assert signal(line) == "strong"


@pytest.mark.parametrize(
    "line",
    [
        "Put the ladder in the end bay of the garage",
        "Stood in the end carriage all the way to Crewe",
        "Two weeks from now the scaffolding comes down",
        "Bookings are open from now until the end of June",
    ],
)
def test_the_same_words_otherwise_signal_no_strong_change(line: str) -> None:
    assert signal(line) != "strong"


def test_a_supplier_taken_from_now_supersedes_the_old_one(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        [
            ("workshop.md", "# Workshop\n\n- Timber comes from Hollis Yard.\n"),
            (
                "memory/2026-05-04.md",
                "# 2026-05-04\n\n- Timber from Brackley Sawmill from now, Hollis too slow.\n",
            ),
        ],
    )
    assert pairs.get(("workshop.md", 3)) == ("memory/2026-05-04.md", 3)
