"""Amounts of money in any currency (knowledge/money.amounts, data/currencies.txt from
scripts/gen_currencies.py): a code, a symbol or a name word before or after the number, digits grouped by
spaces, points, apostrophes or commas; and a log line changing such an amount supersedes the page's."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall.knowledge.fact_lines.fact_values import typed_values
from mdrecall.knowledge.fact_lines.money import amounts

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


def test_a_long_line_of_amounts_is_read_in_linear_time() -> None:
    """A 1 MB line of amounts in many currencies (fault round 12) is read in well under a second: the word
    before each number is looked for in a bounded window (slicing the whole prefix took 7.7 s at 200 KB)."""
    import time

    from mdrecall.knowledge.fact_lines.money import amounts

    unit = "₹1,20,000 and 1'000'000 CHF, 1.234.567,89 €, 12 345 678 kr, US$ 3.50, 20 quid, JPY 10 000, "
    line = unit * (1_000_000 // len(unit))
    started = time.perf_counter()
    found = amounts(line)
    assert time.perf_counter() - started < 5.0
    assert found == {"120000", "1000000", "1234567.89", "12345678", "3.50", "20", "10000"}
    assert amounts("x" * 100 + "$5 today") == {"5"}  # a sign ending a token longer than the window
    assert amounts("paid NZ$650 and then (€48") == {"650", "48"}
