"""An agent's memory log (knowledge/fact_lines/log_prefixes.py, knowledge/changes/pair_vetoes.py): a word
of recording opening a line ("- Noted: …") is no label and no subject word, and a handover announced ("X
suggested Y take over") is not superseded by the line telling it came about. Wordings and worlds of our
own."""

from __future__ import annotations

import pytest

from mdrecall.knowledge.fact_lines.facts import line_facts
from mdrecall.knowledge.fact_lines.log_prefixes import unprefixed

from helpers import fact_pairs as _pairs


@pytest.mark.parametrize(
    ("line", "read"),
    [
        ("- Noted: the gym shuts at 9 on Sundays now", "- the gym shuts at 9 on Sundays now"),
        ("* Logged — 12 km easy along the canal", "* 12 km easy along the canal"),
        ("1. Learned: she takes her coffee black", "1. she takes her coffee black"),
        ("- [x] Recorded: meter reading 40213", "- [x] meter reading 40213"),
        ("Note: the side gate sticks in the rain", "the side gate sticks in the rain"),
        ("- Noted the new alarm code on the fridge", "- Noted the new alarm code on the fridge"),  # its verb
        ("- Notes: Fri", "- Notes: Fri"),  # a label of its own
        ("- Nothing noted: quiet day", "- Nothing noted: quiet day"),
    ],
)
def test_a_word_of_recording_opening_a_line_is_read_past(line: str, read: str) -> None:
    assert unprefixed(line) == read


def test_a_line_after_a_word_of_recording_keeps_no_subject_word_of_it() -> None:
    text = (
        "# 2026-06-03\n\n- Noted: the club fee is $15 from June 10 on.\n"
        "- Logged — Ines runs the rota from July.\n"
    )
    facts = line_facts("memory/2026-06-03.md", text, "2026-06-03")
    assert [f.line for f in facts] == [3, 4]
    for f in facts:
        assert not {"not", "note", "logg", "log"} & set(f.subject.split())
        assert not any(v.startswith("k:not") for value in f.values for v in value.split())
    assert "fee" in facts[0].subject.split() and "rota" in facts[1].subject.split()


def test_a_handover_announced_is_not_superseded_by_its_outcome() -> None:
    pairs = _pairs(
        {
            "memory/2026-06-02.md": "# 2026-06-02\n\n- Noted: Marguerite moves to Lyon and will stop editing "
            "the newsletter after the May issue. She recommended Ottilie take over.\n",
            "memory/2026-06-09.md": "# 2026-06-09\n\n"
            "- Noted: Ottilie agreed, starting with the June issue she edits the newsletter.\n",
        }
    )
    assert ("memory/2026-06-02.md", 3) not in pairs


def test_the_holder_a_handover_replaced_is_still_superseded_by_its_outcome() -> None:
    pairs = _pairs(
        {
            "MEMORY.md": "# Memory\n\n- Payroll: Tomasz Wójcik runs it every other Friday.\n",
            "memory/2026-06-02.md": "# 2026-06-02\n\n- Noted: Tomasz goes on leave in July and will stop the "
            "payroll after June 26. He suggested Ines take over.\n",
            "memory/2026-06-05.md": "# 2026-06-05\n\n"
            "- Noted: Ines said yes. From July 1 she runs the payroll; Tomasz's last run is June 26.\n",
        }
    )
    assert pairs[("MEMORY.md", 3)] == ("memory/2026-06-05.md", 3)
    assert ("memory/2026-06-02.md", 3) not in pairs
