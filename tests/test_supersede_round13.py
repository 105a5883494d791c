"""Supersession round 13 (issue 29 part 3): a change line supersedes each standing line stating the fact
it changes (a page and MEMORY.md), and a dated plan given a new date supersedes the plan."""

from __future__ import annotations

from pathlib import Path

from helpers import fact_pairs_in


def test_a_change_of_holder_supersedes_every_standing_line_naming_the_old_one(tmp_path: Path) -> None:
    notes = [
        ("projects/ferrow.md", "# Ferrow\n\n- Builds: Marta signs them; installers made with Inno Setup\n"),
        (
            "people/marta-ruiz.md",
            "# Marta Ruiz\n\n- Owns builds, the Windows certificate and the notarising\n",
        ),
        (
            "memory/2030-03-04.md",
            "# 2030-03-04\n\n- From today Pavel owns builds; Marta wants a rest after 2.0.\n",
        ),
    ]
    pairs = fact_pairs_in(tmp_path, notes)
    newer = ("memory/2030-03-04.md", 3)
    assert pairs.get(("projects/ferrow.md", 3)) == newer
    assert pairs.get(("people/marta-ruiz.md", 3)) == newer


def test_a_change_sharing_only_a_name_with_standing_lines_supersedes_no_second_one(tmp_path: Path) -> None:
    notes = [
        ("people/ines-okoro.md", "# Ines Okoro\n\n- Role: designer at Copperfin Labs, Leeds.\n"),
        ("MEMORY.md", "# Memory\n\n- I draw the maps for Copperfin Labs in Leeds, two days a week.\n"),
        ("memory/2030-03-04.md", "# 2030-03-04\n\n- Copperfin Labs switched everything to Asana.\n"),
    ]
    pairs = fact_pairs_in(tmp_path, notes)
    assert len(pairs) == 1  # the closest only


def test_a_plan_given_a_new_date_supersedes_the_plan(tmp_path: Path) -> None:
    notes = [
        (
            "personal/lisbon.md",
            "# Lisbon trip\n\n- Flights: TAP, Manchester to Lisbon, out 9 June, back 16 June.\n",
        ),
        ("memory/2030-04-02.md", "# 2030-04-02\n\n- New TAP flights: out Friday 13 June, home on 20 June.\n"),
    ]
    assert fact_pairs_in(tmp_path, notes) == {("personal/lisbon.md", 3): ("memory/2030-04-02.md", 3)}


def test_a_dated_event_already_past_is_not_a_plan_moved(tmp_path: Path) -> None:
    notes = [
        ("memory/2030-03-01.md", "# 2030-03-01\n\n- Dentist with Dr Ilse Varga on 4 March, filling.\n"),
        ("memory/2030-03-20.md", "# 2030-03-20\n\n- Dentist with Dr Ilse Varga on 28 March, crown.\n"),
    ]
    assert fact_pairs_in(tmp_path, notes) == {}
