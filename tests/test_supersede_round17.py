"""Supersession round 17 (knowledge/changes/value_left.py): an account of a named service closed ends the
lines naming that service alone ("Phone: Vodafone Red." … "Vodafone account closed tonight"), and nothing
else. Wordings of our own."""

from __future__ import annotations

import pytest

from mdrecall.knowledge.changes.value_left import closed_values

from helpers import fact_pairs as _pairs


@pytest.mark.parametrize(
    ("words", "closed"),
    [
        ("Moved the newsletter over and our Mailchimp account closed yesterday", {"mailchimp"}),
        ("We cancelled our Dropbox subscription", {"dropbox"}),
        ("Our Google Workspace account was closed", {"googl", "workspac"}),
        ("The account was closed", set()),  # no name: nothing left
        ("Closed the gym membership today", set()),  # a common noun, no named value
        ("Opened a Wise account for the grant", set()),
    ],
)
def test_the_names_whose_account_closed(words: str, closed: set[str]) -> None:
    assert closed_values(words) == closed


def test_an_account_closed_ends_a_label_line_naming_only_that_service() -> None:
    pairs = _pairs(
        {
            "MEMORY.md": "# Memory\n\n- Phone: Vodafone Red.\n- Vodafone store is on King Street.\n",
            "memory/2027-05-03.md": "# 2027-05-03\n\n"
            "- Spark went live at noon. Vodafone account closed tonight.\n",
        }
    )
    # the label line names nothing but its value: superseded; the store's address says more than the
    # service (a place, a street), and stays
    assert pairs == {("MEMORY.md", 3): ("memory/2027-05-03.md", 3)}
