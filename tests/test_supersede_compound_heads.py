"""A closed compound and its head name one thing in the change pass's likeness of two lines (session 28,
h-sup47): "the caretaker's sheet" … "a spreadsheet". Wordings and worlds of our own (a village hall's
keys)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall.knowledge.lexicon.compound_heads import compound_heads

from helpers import fact_pairs_in


def test_a_compound_and_its_head_either_way_round() -> None:
    assert compound_heads(("sheet", "key"), {"spreadsheet", "key"}) == {"spreadsheet"}
    assert compound_heads(("spreadsheet",), {"sheet", "door"}) == {"sheet"}
    assert compound_heads(("sheet",), {"spreadsheet"}, shared={"spreadsheet"}) == set()  # counted already


def test_no_short_ending_nor_prefix_is_a_head() -> None:
    assert compound_heads(("ist",), {"florist"}) == set()  # a suffix, not a noun
    assert compound_heads(("hall",), {"halls"}) == set()  # (an inflection: the stems are one word)
    assert compound_heads(("court",), {"courtsite"}) == set()  # a compound's first part is no head
    assert compound_heads(("e-bike",), {"bike"}) == set()  # (letters only)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "Hall keys: tracked on the caretaker's sheet by the door.",
            "Since the break-in the keys are logged in a spreadsheet instead, Marguerite updates it every "
            "evening after lockup.",
        ),
        (
            "Hall keys are signed out on the caretaker's sheet.",
            "Keys now go on a spreadsheet instead; Marguerite checks it each evening after the Brownies lock "
            "up the annexe.",
        ),
    ],
)
def test_a_sheet_replaced_by_a_spreadsheet_is_superseded(tmp_path: Path, old: str, new: str) -> None:
    notes = [("MEMORY.md", f"# Memory\n\n- {old}\n"), ("memory/2031-05-02.md", f"# 2031-05-02\n\n- {new}\n")]
    assert fact_pairs_in(tmp_path, notes)
