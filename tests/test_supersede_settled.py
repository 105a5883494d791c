"""Supersession (knowledge/fact_words.CHANGE): a value settled on ("21 May it is"), a plan slipping told in
the present ("the refit slips to June"), a quantity changed to a number, a value left for another, a time
on which a value holds signal a change; the idioms' other uses ("so it is", "reduced to tears") do not, and
"new <role> is <name>" is no change of the line's other attributes. Wordings of our own."""

from __future__ import annotations

import pytest

from mdrecall.knowledge.fact_lines.change_signal import signal

from helpers import pairs_of


@pytest.mark.parametrize(
    "line",
    [
        "Okay, Thursday it is. Booked the back room",
        "the bathroom refit slips to June",
        "launch slips a fortnight, the printer is late",
    ],
)
def test_a_value_settled_named_anew_or_slipping_signals_a_change(line: str) -> None:
    assert signal(line) == "strong"


@pytest.mark.parametrize(
    "line",
    ["So it is", "that's just how it is", "the new sofa is comfy", "payslips to file by Friday"],
)
def test_the_idioms_other_uses_signal_nothing(line: str) -> None:
    assert signal(line) is None


def test_a_new_holder_of_another_role_does_not_change_the_clubs_time() -> None:
    page = "# Chess club\n\n- Chess club meets Thursdays at 7pm in the library annexe.\n"
    log = "# 2031-05-02\n\n- Chess club: new captain is Ravi.\n"
    assert pairs_of({"chess/club.md": page, "memory/2031-05-02.md": log}) == {}


@pytest.mark.parametrize(
    "line",
    [
        "weight limit on the footbridge lifted to 7t after the repairs",
        "swim class size reduced to 10 from the spring block",
        "we've gone over to Trello for the build tasks",
        "Lunches from the Bakehouse from here on",
        "invoices go through Zervant starting this month",
    ],
)
def test_a_quantity_changed_a_value_left_for_another_or_a_time_on_signals_a_change(line: str) -> None:
    assert signal(line) == "strong"


@pytest.mark.parametrize(
    "line",
    [
        "she was reduced to tears by the ending",
        "we went over to Grandma's for lunch",
        "going forward with the plan",
    ],
)
def test_other_senses_of_those_words_signal_nothing(line: str) -> None:
    assert signal(line) is None
