"""A log line with no word of change naming the name an older label line states as its value, another
name beside it, and the thing the older states it of ("Kiln firing: book time at Claystone" … "Skip
Claystone, we fire at Ember Works now-ish with the guild card"), tells the value replaced. Not where the
value is used again ("again", "as usual"), nor for a person (a log names people together), nor where the
thing is not named. Wordings and worlds of our own."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import fact_pairs_in


def _paired(tmp_path: Path, old: str, new: str, old_in_log: bool = False) -> bool:
    first = (
        ("memory/2031-04-20.md", f"# 2031-04-20\n\n- {old}\n")
        if old_in_log
        else ("MEMORY.md", f"# M\n\n- {old}\n")
    )
    return bool(fact_pairs_in(tmp_path, [first, ("memory/2031-05-02.md", f"# 2031-05-02\n\n- {new}\n")]))


def test_a_label_value_replaced_without_a_word_of_change(tmp_path: Path) -> None:
    assert _paired(
        tmp_path,
        "Kiln firing: book slots at Claystone.",
        "Skip Claystone, kiln firing at Ember Works with the guild card from here.",
    )


def test_a_log_label_line_replaced(tmp_path: Path) -> None:
    assert _paired(
        tmp_path,
        "Pension provider: Harbourline.",
        "Pension forms for Tidewater signed, last Harbourline statement filed",
        True,
    )


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # used again
        (
            "Kiln firing: book slots at Claystone.",
            "Booked Claystone again for the kiln firing, Ember Works came too.",
        ),
        # a person named with another
        ("Piano teacher: Marta.", "Piano lesson with Marta today, Oskar sat in."),
        # the thing not named
        ("Kiln firing: book slots at Claystone.", "Claystone hosted the Ember Works open day."),
    ],
)
def test_no_value_replaced(tmp_path: Path, old: str, new: str) -> None:
    assert not _paired(tmp_path, old, new)
