""" "Mt", the short form of "Mount", opens a place's name as "Mount" does: "Mt Corrallan summit" is the
mountain's top, not an event named so. A walking club's notes, on a real workspace."""

from __future__ import annotations

from pathlib import Path

from helpers import entity_kinds

NOTES = {
    "memory/2027-06-05.md": (
        "# Saturday\n\n"
        "- Club walk: up the ridge to Mt Corrallan summit, 14 km, back by four.\n"
        "- Ines found a lost dog near the Mt Corrallan car park and rang the ranger.\n"
    ),
    "memory/2027-06-19.md": "# Saturday\n\n- Next club walk: Mt Corrallan again, the longer loop.\n",
}


def test_mt_opens_a_mountains_name(tmp_path: Path) -> None:
    kinds = entity_kinds(tmp_path, NOTES)
    assert kinds["Mt Corrallan"] == "place"


def test_mt_names_a_place_before_a_summit() -> None:
    from mdrecall.knowledge.mentions.names import name_kind

    assert name_kind("Mt Corrallan", ["Mt", "Corrallan"], "- Walked to ", " summit and back.")[0] == "place"
    assert name_kind("Mt Ellory", ["Mt", "Ellory"], "we climbed ", " today")[0] == "place"
