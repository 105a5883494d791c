"""Supersession (session 23): a change line naming the amount it leaves beside the one it gives ("dropping
the jars to £3, £4 won't sell") changes the line holding that amount, before a line sharing more words
that holds another amount; a time it names (often its own when: "from June") does not count so. Each in
wordings and worlds of its own."""

from __future__ import annotations

from pathlib import Path

from helpers import fact_pairs_in


def test_the_line_holding_the_amount_named_as_left_is_the_one_changed(tmp_path: Path) -> None:
    notes = [
        (
            "fair/stall.md",
            "# Winter fair stall\n\n"
            "- Jam jars for the winter fair: bought at £1 each from the cash and carry.\n",
        ),
        ("memory/2033-10-20.md", "# 2033-10-20\n\n- Stall price: jam jars £4.\n"),
        (
            "memory/2033-11-02.md",
            "# 2033-11-02\n\n"
            "- bea: dropping the jam jars to £3, Tom reckons £4 won't sell at the winter fair.\n",
        ),
    ]
    assert fact_pairs_in(tmp_path, notes) == {("memory/2033-10-20.md", 3): ("memory/2033-11-02.md", 3)}


def test_a_time_named_beside_another_is_no_value_left(tmp_path: Path) -> None:
    notes = [
        (
            "club/garden.md",
            "# Garden club\n\n- Pruning workshop at the garden club sometime in June.\n"
            "- Membership fee: £20 a year, paid to the secretary.\n",
        ),
        (
            "memory/2034-03-09.md",
            "# 2034-03-09\n\n- Secretary says from June the garden club membership fee moves to £25 a year,"
            " closing at 18:00.\n",
        ),
    ]
    assert fact_pairs_in(tmp_path, notes) == {("club/garden.md", 4): ("memory/2034-03-09.md", 3)}
