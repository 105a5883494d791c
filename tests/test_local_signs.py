"""Amounts written with a local sign the generated currency table leaves out (knowledge/local_signs):
capitals-only "RM" read directly before a number, the Vietnamese "đ" straight after one; the same letters
elsewhere stay no money."""

from __future__ import annotations

import pytest

from mdrecall.knowledge.fact_lines.money import amounts


@pytest.mark.parametrize(
    ("line", "want"),
    [
        ("Swimming coach charges RM 140 a month for the juniors", {"140"}),
        ("Deposit for the shoplot: RM3,600, cheque to the landlord", {"3600"}),
        ("(RM 8.50 for the nasi lemak set)", {"8.50"}),
        ("Bonus this year RM2k, paid with the April salary", {"2000"}),
        ("Scooter repair came to 2.350.000đ at the shop on Lê Lợi", {"2350000"}),
        ("Bánh mì now 25.000đ, was 20.000đ", {"25000", "20000"}),
    ],
)
def test_local_signs_are_money(line: str, want: set[str]) -> None:
    assert amounts(line) == want


@pytest.mark.parametrize(
    "line",
    [
        "The quarry is 14 RM from the junction",  # capitals after a number: no ringgit
        "FORM 4 timetable on the board",  # capitals ending a word
        "Meet at RM 3pm",  # a time, not an amount
        "Road đ 12 closed",  # "đ" alone
        "Ran 5 KM before breakfast",
    ],
)
def test_the_letters_elsewhere_are_no_money(line: str) -> None:
    assert amounts(line) == set()
