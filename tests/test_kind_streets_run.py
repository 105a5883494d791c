"""Streets named after people, found as a family-name-first run (session 24, h-kinds30): the run reader
(:func:`~mdrecall.knowledge.mentions.family_runs.family_run`) typed every such run a person before the words
around it were read; after a building or a place and "on"
(:func:`~mdrecall.knowledge.mentions.family_order.premises_on`) it is a street, as Vietnam names its streets.
The notes are made up for these tests (a fan repair in Đà Nẵng, a print run in Biên Hòa)."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.knowledge.index import EntityIndex
from mdrecall.knowledge.mentions.extract import extract_entities

from helpers import write


def _kinds(text: str) -> dict[str, str]:
    return {m.name: m.kind for m in extract_entities(text).mentions if m.kind != "unknown"}


def test_a_run_after_premises_on_is_a_street() -> None:
    kinds = _kinds(
        "- Picked up the repaired fan at a shop on Đinh Tiên Hoàng; 120k.\n"
        "- The print house on Phan Đình Phùng quoted 2.4tr for the flyers.\n"
        "- Trần Văn Bảo came by on Tuesday to collect the proofs.\n"
    )
    assert kinds["Đinh Tiên Hoàng"] == "place"
    assert kinds["Phan Đình Phùng"] == "place"
    assert kinds["Trần Văn Bảo"] == "person"  # no premises before it: a person


def test_the_street_stays_a_place_in_the_index(tmp_path: Path) -> None:
    note = "# Wed\n\n- Ordered the blades from a stall on Đinh Tiên Hoàng.\n"
    write(tmp_path, "memory/2026-06-03.md", note)
    cfg = Config().merged({"history": {"git": False}, "embedding": {"provider": "none"}})
    with Memory.open(tmp_path, cfg, create=True) as mem:
        mem.index()
        kinds = {e.name: e.kind for e in EntityIndex(mem.store, mem.config.entities).entities()}
    assert kinds.get("Đinh Tiên Hoàng") == "place"
