"""Two attributes of one named holder are no supersession (knowledge/pair_vetoes.other_attribute): an
amount a person asks for, then that person changing a time, share only the person's name."""

from __future__ import annotations

from pathlib import Path

from helpers import fact_pairs_in


def test_a_fee_is_not_superseded_by_the_same_coach_moving_a_session(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        [
            (
                "memory/2026-09-02.md",
                "# 2026-09-02\n\n- Kit fee for Coach Ortiz: £45 per child, paid by bank transfer.\n",
            ),
            (
                "memory/2026-10-07.md",
                "# 2026-10-07\n\n- Coach Ortiz moving swim training to Tue & Fri 6.15pm from November.\n",
            ),
        ],
    )
    assert ("memory/2026-09-02.md", 3) not in pairs


def test_a_shared_thing_still_pairs(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        [
            ("home/flat.md", "# Flat\n\n- Electricity: Octopus, 42 kWh a week.\n"),
            (
                "memory/2027-01-12.md",
                "# 2027-01-12\n\n- Electricity switched from Octopus to Ovo, £6 a month cheaper.\n",
            ),
        ],
    )
    assert pairs.get(("home/flat.md", 3)) == ("memory/2027-01-12.md", 3)
