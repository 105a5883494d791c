"""A label line giving a time with a one-word key ("Choir: Wednesdays 19:30") is a fact line, and a change
said to hold from now on ("from next month", "Tuesdays now") supersedes the standing line before a log's
line telling one occasion of the old routine. Wordings and worlds of our own."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall.knowledge.dates.event_days import for_good
from mdrecall.knowledge.fact_lines.facts import line_facts

from helpers import fact_pairs_in


@pytest.mark.parametrize(
    "line", ["- Choir: Wednesdays 19:30.", "- Bins: Thursdays", "- Lessons: Saturdays 10:00"]
)
def test_a_one_word_label_with_a_time_is_a_fact_line(line: str) -> None:
    assert [f.line for f in line_facts("MEMORY.md", f"# Memory\n\n{line}\n", None)] == [3]


def test_a_one_word_line_without_a_label_or_time_is_none() -> None:
    assert line_facts("MEMORY.md", "# Memory\n\n- Choir.\n", None) == []


@pytest.mark.parametrize(
    ("words", "lasting"),
    [
        ("Ines moved choir Tuesdays 18:00 to 20:00 from next month", True),
        ("choir is on Tuesdays now", True),
        ("choir moved to Tuesday this week, the hall is booked", False),
    ],
)
def test_a_change_from_now_on(words: str, lasting: bool) -> None:
    assert for_good(words) is lasting


def test_a_lasting_change_supersedes_the_standing_line_not_the_occasion(tmp_path: Path) -> None:
    notes = [
        ("MEMORY.md", "# Memory\n\n- Choir: Wednesdays 19:30 to 21:30.\n"),
        (
            "memory/2031-03-12.md",
            "# 2031-03-12\n\n- Choir at Ines's 19:30 to 21:30. Started the Fauré Requiem, the alto line is"
            " tricky, the new sopranos sound lovely\n",
        ),
        (
            "memory/2031-04-02.md",
            "# 2031-04-02\n\n- Ines moved choir: Tuesdays 18:00 to 20:00 from next month, her Wednesdays are"
            " for the youth band now\n",
        ),
    ]
    pairs = fact_pairs_in(tmp_path, notes)
    assert pairs.get(("MEMORY.md", 3)) == ("memory/2031-04-02.md", 3)
    assert ("memory/2031-03-12.md", 3) not in pairs
