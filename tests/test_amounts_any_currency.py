"""Amounts of money in any currency (knowledge/fact_values.amounts, data/currencies.txt from
scripts/gen_currencies.py): a code, a symbol or a name word before or after the number, digits grouped by
spaces, points, apostrophes or commas; and a log line changing such an amount supersedes the page's."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall.knowledge.fact_values import amounts, typed_values

from helpers import fact_pairs_in


@pytest.mark.parametrize(
    ("line", "want"),
    [
        ("Kitchen refit quoted at 62 500 kr incl. VAT", {"62500"}),
        ("Deposit: CHF 2'400, paid by transfer", {"2400"}),
        ("Stall rent is 1.250,00 € per season", {"1250"}),
        ("The repair came to 8 900 Kč", {"8900"}),
        ("Ticket: ₹1,20,000 for the whole group", {"120000"}),
        ("Freight quote 3 150 PLN", {"3150"}),
        ("They asked 45 000 forints for the boiler", {"45000"}),
        ("Still $1,140 + callout", {"1140"}),  # the old readings stay
        ("Hosting is $1.2k a month", {"1200"}),
        ("Day rate NZ$650, invoiced monthly", {"650"}),
    ],
)
def test_amounts_in_any_currency(line: str, want: set[str]) -> None:
    assert amounts(line) == want


@pytest.mark.parametrize(
    "line",
    [
        "We ran 12 KM on Sunday",  # capitals only: an abbreviation, not a currency
        "3 real problems with the van",  # an English adjective, not the Brazilian real
        "Shift swap on 27/3, 3 volunteers",
        "Room 4 200 people",  # grouped digits with no currency
    ],
)
def test_numbers_without_a_currency_are_no_amount(line: str) -> None:
    assert amounts(line) == set()


def test_typed_values_read_a_space_grouped_amount_once() -> None:
    assert {v for v in typed_values("Boat club fee: 3 600 kr a year") if v.startswith("m:")} == {"m:3600"}


def test_a_log_line_paying_another_amount_in_kronor_supersedes_the_page(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        [
            ("clubs/rowing.md", "# Rowing club\n\n- The membership fee is 3 600 kr a year.\n"),
            ("memory/2027-03-02.md", "- Paid the rowing club membership fee, 4 100 kr.\n"),
        ],
    )
    assert pairs.get(("clubs/rowing.md", 3)) == ("memory/2027-03-02.md", 1)
