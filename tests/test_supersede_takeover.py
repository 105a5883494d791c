"""Supersession by a role taken over (knowledge/changes/takeover_pairs.py): a holder line ("Newsletter editor:
Fenna Albers", "Owner of the seed swap: Pim") then another taking the role over without naming the one before
("Joost has taken over the newsletter"). Wordings and worlds in no labelled set, and hard negatives."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall.knowledge.changes.takeover_pairs import taken_over, takeover_pairs
from mdrecall.knowledge.fact_lines.fact_values import subject_words
from mdrecall.knowledge.fact_lines.facts import line_facts

from helpers import fact_pairs_in


def test_the_role_a_take_over_names() -> None:
    assert taken_over("Joost has taken over the newsletter from May") == {
        "Joost": subject_words("newsletter")
    }
    assert taken_over("Ama takes over as editor") == {"Ama": subject_words("editor")}
    assert taken_over("Joost hasn't taken over the newsletter yet") == {}
    assert taken_over("can you take over the newsletter") == {}


def test_a_role_taken_over_supersedes_its_holder_line(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        (
            ("MEMORY.md", "# Allotments\n\n- Newsletter editor: Fenna Albers\n"),
            ("memory/2028-04-03.md", "# 2028-04-03\n\n- Joost has taken over the newsletter from May.\n"),
        ),
    )
    assert pairs == {("MEMORY.md", 3): ("memory/2028-04-03.md", 3)}


def test_an_owner_line_is_superseded_by_a_take_over(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        (
            ("MEMORY.md", "# Allotments\n\n- Owner of the seed swap: Pim\n"),
            (
                "memory/2028-04-03.md",
                "# 2028-04-03\n\n- Pim's away till June, Renske has taken over the seed swap.\n",
            ),
        ),
    )
    assert pairs == {("MEMORY.md", 3): ("memory/2028-04-03.md", 3)}


@pytest.mark.parametrize(
    "later",
    (
        "- Joost hasn't taken over the newsletter, Fenna carries on.",  # negated
        "- Joost has taken over the compost rota from May.",  # another role
    ),
)
def test_no_take_over_of_that_role_by_another(tmp_path: Path, later: str) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        (
            ("MEMORY.md", "# Allotments\n\n- Newsletter editor: Fenna Albers\n"),
            ("memory/2028-04-03.md", f"# 2028-04-03\n\n{later}\n"),
        ),
    )
    assert pairs == {}


@pytest.mark.parametrize(
    "later",
    (
        "- Fenna has taken over the newsletter from May.",  # the holder herself
        "- Joost has taken over the newsletter archive shelf from May.",  # more than the role named
        "- Joost has taken over the parish newsletter from May.",  # another newsletter (a word more)
    ),
)
def test_the_pass_leaves_the_holder_another_role_or_a_wider_one(later: str) -> None:
    facts = [
        *line_facts("MEMORY.md", "# Allotments\n\n- Newsletter editor: Fenna Albers\n", None),
        *line_facts("memory/2028-04-03.md", f"# 2028-04-03\n\n{later}\n", "2028-04-03"),
    ]
    assert len(facts) == 2
    assert takeover_pairs(facts, {}) == {}


def test_the_pass_pairs_another_taking_the_role_over() -> None:
    facts = [
        *line_facts("MEMORY.md", "# Allotments\n\n- Newsletter editor: Fenna Albers\n", None),
        *line_facts(
            "memory/2028-04-03.md", "# 2028-04-03\n\n- Joost has taken over the newsletter.\n", "2028-04-03"
        ),
    ]
    assert set(takeover_pairs(facts, {})) == {("MEMORY.md", 3)}


def test_a_take_over_is_no_holder_line_of_the_pass() -> None:
    # a chain of take-overs ("X takes over the bar rota from Y") is the role-end pass's: "takes over from"
    facts = [
        *line_facts(
            "pages/bar.md", "# Bar rota\n\n- Ines Visser takes over the bar rota from Tom Hale\n", None
        ),
        *line_facts(
            "memory/2028-05-02.md", "# 2028-05-02\n\n- Bruno has taken over the bar rota.\n", "2028-05-02"
        ),
    ]
    assert len(facts) == 2
    assert takeover_pairs(facts, {}) == {}
