"""Prices told bare, per a unit (knowledge/rate_amounts): "900 a skip" or "3k per term" is an amount of
money whatever its currency, so a line restating one changes the older line's price; a count per unit, a
speed or a share is no price."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall.knowledge.fact_lines.fact_values import typed_values
from mdrecall.knowledge.fact_lines.rate_amounts import bare_rates, other_units, price_units, priced_amounts

from helpers import fact_pairs_in


def test_a_number_per_a_unit_is_a_price() -> None:
    assert bare_rates("Greenway Skips: 900 a skip, collection on Fridays.") == {"900"}
    assert bare_rates("tuition is 3k per term from September") == {"3000"}
    assert bare_rates("Lorenz charges 18.000/h for mixing") == {"18000"}
    assert bare_rates("the sitter wants 95.50 an evening now") == {"95.50"}
    assert typed_values("Studio hire: 1,250 per day, lights included") == {"m:1250"}


def test_counts_speeds_and_shares_are_no_price() -> None:
    assert bare_rates("Pip gets 2 scoops a day, wet food at night") == set()
    assert bare_rates("climbs three times a week, 4 a week in summer") == set()
    assert bare_rates("pulse 120/min on the bike, 300 per second writes on the queue") == set()
    assert bare_rates("back in 2019 a year after the move") == set()
    assert bare_rates("the 12/3 match moved") == set()


@pytest.mark.parametrize(
    ("page", "log"),
    [
        ("Skip hire: Greenway, 900 a skip.", "Greenway want 1,050 a skip from next month."),
        ("Choir fee: 2k per term.", "Choir fee goes to 2.5k per term in autumn."),
    ],
)
def test_a_bare_price_restated_supersedes_the_page(tmp_path: Path, page: str, log: str) -> None:
    pairs = fact_pairs_in(
        tmp_path, [("notes/costs.md", f"# Costs\n\n- {page}\n"), ("memory/2029-06-11.md", f"- {log}\n")]
    )
    assert pairs.get(("notes/costs.md", 3)) == ("memory/2029-06-11.md", 1)


def test_a_bare_amount_after_a_word_of_price_is_an_amount() -> None:
    assert priced_amounts("Parish circular: hall rent is 2k a term from Easter") == {"2000"}
    assert priced_amounts("Lottery fund awarded 2.4m, not the 3m asked") == {"2400000"}
    assert priced_amounts("Rent: 1,150, due on the 3rd") == {"1150"}
    assert typed_values("the roofer quoted 850 for the gutters") == {"m:850"}


def test_counts_years_and_times_after_a_word_of_price_are_no_amount() -> None:
    assert priced_amounts("entry fee for 30 kids, paid 2 visits") == set()
    assert priced_amounts("budget 2028 drafted, rent at 10:30 meeting") == set()
    assert priced_amounts("Cost: 250 cupcakes, price 20% higher") == set()


def test_a_scaled_amount_is_written_out() -> None:
    assert typed_values("Grant: €1.25m for the bridge") == {"m:1250000"}


def test_the_units_prices_are_per() -> None:
    assert price_units("camp fee 120 per camper, lunch included") == {"camper"}
    assert price_units("€30 a night, €180/wk in July") == {"day", "week"}
    assert price_units("Mo gets 3 biscuits a day") == set()  # a count, no price per a unit
    assert other_units("camp fee 120 per camper", "camp fee is 2k per season from May")
    assert not other_units("boat hire £600 a year", "boat hire now £55 a month")  # both per a time
    assert not other_units("pitch fee 40 a pitch", "pitch fee up to 45 a pitch")


def test_a_price_per_another_unit_is_another_price(tmp_path: Path) -> None:
    regatta = (
        "Noor's rowing club sent the regatta newsletter: junior heats start 6 May, entry fee 350 per crew."
    )
    pairs = fact_pairs_in(
        tmp_path,
        [
            ("memory/2029-03-02.md", f"- {regatta}\n"),
            (
                "memory/2029-04-09.md",
                "- Rowing club newsletter: fee is 1.2k per year from June, new boat shed.\n",
            ),
        ],
    )
    assert pairs == {}  # the entry fee per crew is not the club's fee per year
