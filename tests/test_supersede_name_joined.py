"""A weak change line ("now") naming the older line's name as the one left and another as the one that
holds now ("Dog food supplier: Barkwell" … "dog food comes from Pawprint Foods now, Barkwell's prices
went silly") supersedes it, where the older states that name as its value (a label line, a holder, an
owner, a place, a choice), not where it names people in passing. Wordings and worlds of our own."""

from __future__ import annotations

from pathlib import Path

from helpers import fact_pairs_in


def _paired(tmp_path: Path, old: str, new: str) -> bool:
    notes = [("MEMORY.md", f"# Memory\n\n- {old}\n"), ("memory/2031-05-02.md", f"# 2031-05-02\n\n- {new}\n")]
    return bool(fact_pairs_in(tmp_path, notes))


def test_a_supplier_named_as_left_beside_the_new_one_supersedes(tmp_path: Path) -> None:
    assert _paired(
        tmp_path,
        "Dog food supplier: Barkwell.",
        "dog food comes from Pawprint Foods now, Barkwell's delivery fees went silly",
    )


def test_a_name_in_passing_is_no_value_replaced(tmp_path: Path) -> None:
    assert not _paired(
        tmp_path,
        "Met the Barkwell rep about dog food samples.",
        "dog food comes from Pawprint Foods now, Barkwell's delivery fees went silly",
    )


def test_no_other_name_is_no_name_joined(tmp_path: Path) -> None:
    assert not _paired(tmp_path, "Dog food supplier: Barkwell.", "dog food from Barkwell tastes better now")


def test_a_person_named_beside_another_is_no_name_joined(tmp_path: Path) -> None:
    assert not _paired(tmp_path, "Release lead: Ana.", "Ana now pairs with Bjorn on the release checklist")
