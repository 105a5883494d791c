"""Supersession by a typed value (knowledge/fact_values.typed_values, change_pairs' typed change lines): a
log line restating an amount, a quantity or a holder of a thing a page states changes that page's fact
with no word of change; two log lines each with a value are two events."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall.knowledge.fact_lines.fact_values import typed_values

from helpers import fact_pairs_in


def test_typed_values_read_money_quantities_and_holders() -> None:
    assert typed_values("Hosting: $1.2k a month, 40 GB of disk") == {"m:1200", "q:40gb"}
    assert typed_values("Noor looks after the allotment keys") == {"h:noor"}
    assert typed_values("The bus runs every ten minutes") == set()  # a stop word is no holder


@pytest.mark.parametrize(
    ("page", "log"),
    [
        ("The print shop quotes €240 for the banners.", "Print shop came back at €215 for the banners."),
        ("Conference badge printing: 300 badges at £0.40 each.", "Badge printing will be £0.55 each."),
        ("Hannelore keeps the spare van keys.", "Dariusz has taken over the spare van keys from Hannelore."),
        ("Field kit loans are run by Wiebke Sato.", "Jonah inherits the field kit loans."),
    ],
)
def test_a_log_line_with_another_typed_value_supersedes_the_page(tmp_path: Path, page: str, log: str) -> None:
    pairs = fact_pairs_in(
        tmp_path, [("notes/facts.md", f"# Facts\n\n- {page}\n"), ("memory/2027-03-02.md", f"- {log}\n")]
    )
    assert pairs.get(("notes/facts.md", 3)) == ("memory/2027-03-02.md", 1)


def test_two_log_lines_with_values_are_two_events(tmp_path: Path) -> None:
    pairs = fact_pairs_in(
        tmp_path,
        [
            ("notes/facts.md", "# Facts\n\n- The print shop quotes €240 for the banners.\n"),
            ("memory/2027-01-18.md", "- Paid the water bill, £41.\n"),
            (
                "memory/2027-02-18.md",
                "- Paid the water bill, £44.\n- Print shop came back at €215 for the banners.\n",
            ),
        ],
    )
    assert pairs == {("notes/facts.md", 3): ("memory/2027-02-18.md", 2)}
