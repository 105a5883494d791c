"""A standing price told again in a later log (knowledge/standing_rates): two dated lines each telling a
price per one unit, one saying it stands ("still 3.50 a sheep"), are one attribute told anew, not two
events; two payments, two deliveries or two options looked at stay unpaired."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall.knowledge.changes.standing_rates import same_thing_priced, standing_rate

from helpers import fact_pairs_in


def test_a_price_per_one_unit_said_to_stand_is_one_attribute() -> None:
    older = "Kowalczyk's crew still charge 3.50 a sheep, booked for late May."
    newer = "Kowalczyk's crew want 4.20 a sheep, receipts by text."
    assert standing_rate(older, newer, {"m:3.50"}, {"m:4.20"})
    # per another unit: another price
    assert not standing_rate(older, "Kowalczyk's crew: 95 an hour for crutching", {"m:3.50"}, {"m:95"})
    # no word saying the price stands: two quotes looked at, not one price told anew
    assert not standing_rate(
        "Looked at the Ashgrove hall, 180 an evening.",
        "Looked at the Brookside hall, 150 an evening.",
        {"m:180"},
        {"m:150"},
    )
    # the same price again: nothing changed
    assert not standing_rate(older, "crew: 3.50 a sheep again", {"m:3.50"}, {"m:3.50"})


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        (
            "Kowalczyk's shearing crew still charge 3.50 a sheep, booked for late May.",
            "Kowalczyk's shearing crew want 4.20 a sheep, receipts by text.",
        ),
        (
            "Dog walker Imani currently €18 a walk, Tuesdays and Fridays.",
            "Imani the dog walker: €22 a walk, cash is fine.",
        ),
    ],
)
def test_a_later_log_telling_another_rate_supersedes_the_earlier_log(
    tmp_path: Path, older: str, newer: str
) -> None:
    pairs = fact_pairs_in(
        tmp_path, [("memory/2030-03-04.md", f"- {older}\n"), ("memory/2030-05-19.md", f"- {newer}\n")]
    )
    assert pairs.get(("memory/2030-03-04.md", 1)) == ("memory/2030-05-19.md", 1)


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        # two deliveries, each of its day
        (
            "Mill delivered 40 bags of layers pellets, paid 620.",
            "Mill delivered 35 bags of layers pellets, paid 540.",
        ),
        # two options looked at, no price said to stand
        (
            "Looked at the Ashgrove hall for the ceilidh, 180 an evening.",
            "Looked at the Brookside hall for the ceilidh, 150 an evening.",
        ),
    ],
)
def test_two_events_stay_unpaired(tmp_path: Path, older: str, newer: str) -> None:
    pairs = fact_pairs_in(
        tmp_path, [("memory/2030-03-04.md", f"- {older}\n"), ("memory/2030-05-19.md", f"- {newer}\n")]
    )
    assert ("memory/2030-03-04.md", 1) not in pairs


def test_a_price_per_one_thing_from_another_seller_supersedes(tmp_path: Path) -> None:
    # the unit names what is priced (a tonne of hay), whoever sells it: few other words are shared
    older = "Hassan says 2,400 a tonne now for the round bales, wet summer. Will ask the committee first."
    newer = "Moorland Forage: 2,150 a tonne, invoices by post."
    assert same_thing_priced(older, newer, {"m:2400"}, {"m:2150"})
    assert not same_thing_priced("Hassan still 45 an hour", "Moorland crew: 40 an hour", {"m:45"}, {"m:40"})
    pairs = fact_pairs_in(
        tmp_path,
        [
            ("memory/2030-06-02.md", f"- {older}\n- Kids' sports day on Saturday, bring the gazebo.\n"),
            ("memory/2030-07-14.md", f"- {newer}\n- Gazebo leg snapped, need a new one before the fete.\n"),
        ],
    )
    assert pairs.get(("memory/2030-06-02.md", 1)) == ("memory/2030-07-14.md", 1)
