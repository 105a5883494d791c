"""Supersession round 14 (issue 29 part 3): wrong pairs removed (a change naming the value it leaves, a
"now" line sharing only a name), departures, a tie decided by the stored pair, the newer line fetched."""

from __future__ import annotations

from pathlib import Path

from mdrecall.knowledge.leave_grammar import left_values

from helpers import fact_pairs_in


def test_a_change_naming_the_value_it_leaves_supersedes_no_line_without_it(tmp_path: Path) -> None:
    notes = [
        ("MEMORY.md", "# Memory\n\n- I run Brindle Works, a three-person print studio in Hull, with Ada.\n"),
        (
            "memory/2030-02-10.md",
            "# 2030-02-10\n\n- Switched the studio's backups from Backblaze to Wasabi, Ada's idea.\n",
        ),
    ]
    assert fact_pairs_in(tmp_path, notes) == {}


def test_a_change_naming_the_value_it_leaves_still_supersedes_the_line_naming_it(tmp_path: Path) -> None:
    notes = [
        ("MEMORY.md", "# Memory\n\n- I run Brindle Works, a print studio.\n- Backups go to Backblaze.\n"),
        (
            "memory/2030-02-10.md",
            "# 2030-02-10\n\n- Switched the studio's backups from Backblaze to Wasabi, Ada's idea.\n",
        ),
    ]
    assert fact_pairs_in(tmp_path, notes) == {("MEMORY.md", 4): ("memory/2030-02-10.md", 3)}


def test_a_now_line_sharing_only_a_name_supersedes_nothing(tmp_path: Path) -> None:
    notes = [
        ("people/odile-marsh.md", "# Odile Marsh\n\n- Role: producer at Quillfeather Games, Dundee.\n"),
        ("memory/2030-02-15.md", "# 2030-02-15\n\n- Everything at Quillfeather Games is in Asana now.\n"),
    ]
    assert fact_pairs_in(tmp_path, notes) == {}


def test_a_verb_after_not_is_a_state_not_a_value_left() -> None:
    assert left_values("told darren to drop us to 4 kg it's not moving at $32") == frozenset()
    assert left_values("we went with zen not bt") == frozenset({"bt"})
