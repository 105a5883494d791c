"""Supersession by a measure back to normal (knowledge/changes/deviation_pairs.py): a measured thing off its
norm ("raised liver enzymes", "blood pressure high") then normal ("liver enzymes normal again", "BP
normalised"). Wordings and worlds in no labelled set, and hard negatives."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall.knowledge.changes.deviation_pairs import measured_things
from mdrecall.knowledge.fact_lines.fact_values import subject_words

from helpers import fact_pairs_in


def test_the_things_by_a_deviation_or_a_normal_wording() -> None:
    enzymes = subject_words("liver enzymes")
    assert enzymes <= measured_things("Vet says Otto has raised liver enzymes")
    assert subject_words("thyroid") <= measured_things("Dad's thyroid levels are abnormal, more tests")
    assert enzymes <= measured_things("Otto recheck: liver enzymes normal again", "normal")
    assert not measured_things("Otto recheck: liver enzymes still not normal", "normal")
    assert not measured_things("the figures were never high", "deviation")


def test_a_measure_normal_again_supersedes_its_deviation(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        (
            (
                "memory/2028-01-10.md",
                "# 2028-01-10\n\n- Blood test for the ferret Otto: raised liver enzymes, on milk thistle.\n",
            ),
            (
                "memory/2028-02-21.md",
                "# 2028-02-21\n\n"
                "- Recheck for Otto: liver enzymes normal again, milk thistle stops after 6 weeks.\n",
            ),
        ),
    )
    assert pairs == {("memory/2028-01-10.md", 3): ("memory/2028-02-21.md", 3)}


@pytest.mark.parametrize(
    "later",
    (
        "- Recheck for Otto: liver enzymes not normal yet, milk thistle for 6 more weeks.",  # negated
        "- Scan for Otto: kidney enzymes normal, liver enzymes still high after 8 weeks.",  # still off
        "- Recheck for Otto: kidney enzymes normal, milk thistle stops after 6 weeks.",  # another organ's
        "- Recheck for Otto: cholesterol normal, milk thistle stops after 6 weeks.",  # a name, a later clause
    ),
)
def test_a_normal_negated_a_deviation_still_or_another_thing_is_no_end(tmp_path: Path, later: str) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        (
            (
                "memory/2028-01-10.md",
                "# 2028-01-10\n\n- Blood test for Otto: raised liver enzymes, on milk thistle.\n",
            ),
            ("memory/2028-02-21.md", f"# 2028-02-21\n\n{later}\n"),
        ),
    )
    assert pairs == {}
