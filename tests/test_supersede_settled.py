"""Supersession (knowledge/fact_words.CHANGE): a value settled on ("21 May it is"), a new holder or value
named ("the new treasurer is Imani Reyes") and a plan slipping told in the present ("the refit slips to
June") signal a change; the idioms' other uses ("so it is", "the new sofa is comfy") do not. Wordings of
our own."""

from __future__ import annotations

import pytest

from mdrecall.knowledge.change_signal import signal

from helpers import pairs_of


@pytest.mark.parametrize(
    "line",
    [
        "Okay, Thursday it is. Booked the back room",
        "the caterer's new contact is Imani Reyes",
        "our new door code is 5521",
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


def test_a_new_holder_named_supersedes_the_roles_line_not_another() -> None:
    page = "# Allotment society\n\n- Treasurer: Dmitri Volkov.\n- Plot waiting list: 14 names.\n"
    log = (
        "# 2031-05-02\n\n"
        "- AGM tonight, long one. The new treasurer is Imani Reyes, Dmitri stays on the committee\n"
    )
    assert pairs_of({"society/officers.md": page, "memory/2031-05-02.md": log}) == {
        ("society/officers.md", 3): ("memory/2031-05-02.md", 3)
    }


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
