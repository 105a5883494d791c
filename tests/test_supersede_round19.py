"""Supersession round 19 (knowledge/changes/value_left.py): a new holder of a role ends the label line naming
the old holder, when the newer line names that old holder ("Treasurer: Ruth Okoye" … "Ruth Okoye is going on
leave; Priya Nair will be our treasurer"), and nothing else. Wordings of our own."""

from __future__ import annotations

import pytest

from mdrecall.knowledge.changes.value_left import handover

from helpers import fact_pairs as _pairs


@pytest.mark.parametrize(
    ("words", "got"),
    [
        ("From June Priya Nair will be our treasurer", ("Priya Nair", "treasurer")),
        ("Tomasz is now the landlord", ("Tomasz", "landlord")),
        ("Dev takes over as my mentor in May", ("Dev", "mentor")),
        ("The meeting will be in room 4", None),  # no person
        ("Priya will be late on Friday", None),  # no role
    ],
)
def test_a_new_holder_of_a_role_is_read(words: str, got: tuple[str, str] | None) -> None:
    assert handover(words) == got


_PAGE = (
    "# Groups\n\n## Allotment society\n- Treasurer: Ruth Okoye (elected).\n\n"
    "## Choir\n- Treasurer: Sam Bell.\n"
)


def test_a_new_holder_ends_the_label_line_of_the_holder_named() -> None:
    pairs = _pairs(
        {
            "notes/groups.md": _PAGE,
            "memory/2027-05-03.md": "# 2027-05-03\n\n"
            "- Ruth Okoye is going on maternity leave from 1 June; "
            "Priya Nair will be our treasurer at the allotments.\n",
        }
    )
    # Ruth's line is superseded; the choir's treasurer (another holder, not named) stays
    assert pairs == {("notes/groups.md", 4): ("memory/2027-05-03.md", 3)}


def test_a_new_holder_naming_no_old_holder_ends_nothing() -> None:
    pairs = _pairs(
        {
            "notes/groups.md": _PAGE,
            "memory/2027-05-03.md": "# 2027-05-03\n\n- Priya Nair will be our treasurer next year.\n",
        }
    )
    # which of the two treasurers she follows is not said: no pair
    assert pairs == {}
