"""A list question ("what pets do we have?") is answered by each instance a note names: a note naming
two of the asked kind counts both, not their average (stage ``kinds``, the kind's names summed)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from mdrecall import Config, Memory
from tests.helpers import write


def test_the_notes_naming_both_pets_outrank_those_naming_one(tmp_path: Path) -> None:
    # before, a note's score for the pets' names was divided by how many it named, so the short notes
    # naming one pet came first and the two naming both were left out of the first two
    write(
        tmp_path,
        "MEMORY.md",
        "# Memory\n\n- We live in Dundee.\n- Our beagle is called Bramble.\n- Our cat is called Tansy.\n",
    )
    notes = {
        "2027-06-01": "- Vet visit: Bramble got his booster, Tansy had her claws trimmed.",
        "2027-06-03": "- Bramble chewed the remote.",
        "2027-06-05": "- Tansy slept all day.",
        "2027-06-07": "- Paid the council tax.",
        "2027-06-08": "- Repainted the shed.",
    }
    for day, text in notes.items():
        write(tmp_path, f"memory/{day}.md", f"# {day}\n\n{text}\n")
    mem = Memory.open(tmp_path, Config().merged({"embedding": {"provider": "none"}}), create=True)
    try:
        mem.index()
        kinds = {e.name: e.kind for e in mem.entities()}
        assert kinds.get("Bramble") == kinds.get("Tansy") == "pet"
        hits = mem.search("what pets do we have?", max_results=3, min_score=0.0, today=date(2027, 6, 10))
        assert {h.citation.split("#")[0] for h in hits[:2]} == {"memory/2027-06-01.md", "MEMORY.md"}
    finally:
        mem.close()
