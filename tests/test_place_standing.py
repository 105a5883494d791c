""" "What place did the team get": a standing in a contest, not a location (the place kind's cities and
countries are not its instances); "what place did we visit" still asks for one."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.text.kind_words import asked_instances
from tests.helpers import write


def test_a_placing_verb_reads_place_as_a_standing() -> None:
    assert asked_instances("what place did the relay team come in the county sports?") == ()
    assert asked_instances("which place did Oisín finish at the regatta?") == ()
    assert asked_instances("what place did the band win?") == ()


def test_a_place_visited_or_come_from_is_still_a_location() -> None:
    assert "lisbon" in asked_instances("what place did we visit in June?")
    assert "lisbon" in asked_instances("what place did Ana come from?")
    assert "lisbon" in asked_instances("which place did we take the kids to?")


def test_the_standing_line_is_found_before_the_travel_notes(tmp_path: Path) -> None:
    notes = {
        "2026-06-01": "Booked the ferry to Santander, then the drive down to Lisbon and Porto.",
        "2026-06-03": "Ana rang from Madrid; she flies to Paris on the 12th, then Berlin.",
        "2026-06-07": "Regatta at Schull. The coxless four got third place in the junior event!",
        "2026-06-09": "Paid the club fees for the regatta season.",
        "2026-06-11": "Hotel in Porto confirmed, two nights, near the river.",
    }
    for day, line in notes.items():
        write(tmp_path, f"memory/{day}.md", f"# {day}\n\n- {line}\n")
    mem = Memory.open(tmp_path, Config().merged({"embedding": {"provider": "none"}}), create=True)
    mem.index()
    try:
        hits = mem.search("what place did the coxless four get at the regatta?", max_results=3, min_score=0.0)
        assert hits[0].path == "memory/2026-06-07.md"
    finally:
        mem.close()
