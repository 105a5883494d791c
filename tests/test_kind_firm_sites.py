"""A name after a comma that follows a firm's name, the two standing alone, is where the firm is
(``firm_sites``): "works at Veltrona Systems, Kirkvale" names a town, not a second firm. A list of firms
that goes on, or a label's value, keeps the firms' kind. A household's notes, on a real workspace."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory

from helpers import write

NOTES = {
    "memory/2027-05-03.md": (
        "# Monday\n\n"
        "- Oskar starts as a welder at Brannholt Engineering Ltd, Skelvik, on the 17th.\n"
        "- Quotes for the roof came from Torvane Roofing Ltd, Kessmark Builders Ltd and Halden Slate Ltd.\n"
    ),
    "memory/2027-05-10.md": (
        "# Monday\n\n"
        "- Oskar's first week (Brannholt Engineering Ltd, Skelvik) went fine, long shifts.\n"
        "- Picked Kessmark Builders Ltd for the roof, Halden Slate Ltd was booked till August.\n"
    ),
}


def _kinds(tmp_path: Path) -> dict[str, str]:
    for path, text in NOTES.items():
        write(tmp_path, path, text)
    mem = Memory.open(tmp_path, Config().merged({"history": {"git": False}}))
    try:
        mem.index()
        return {e.name: e.kind for e in mem.entities()}
    finally:
        mem.close()


def test_the_place_after_a_firm_is_where_it_is(tmp_path: Path) -> None:
    kinds = _kinds(tmp_path)
    assert kinds["Brannholt Engineering Ltd"] == "organisation"
    assert kinds["Skelvik"] == "place"
    assert kinds["Kessmark Builders Ltd"] == "organisation"  # a list that goes on: firms
    assert kinds["Halden Slate Ltd"] == "organisation"


def test_the_shape_of_a_firms_site() -> None:
    from mdrecall.knowledge.mentions.firm_sites import firm_site

    line = "works at Brannholt Engineering Ltd, Skelvik."
    firm, end = line.index("Brannholt"), line.index("Skelvik") + len("Skelvik")
    assert firm_site(line, firm, ", ", end)
    listed = "from Torvane Roofing, Kessmark Builders and Halden Slate"
    at, stop = listed.index("Torvane"), listed.index("Builders") + len("Builders")
    assert not firm_site(listed, at, ", ", stop)  # the list goes on
    label = "Quotes: Torvane Roofing, Kessmark Builders"
    at, stop = label.index("Torvane"), len(label)
    assert not firm_site(label, at, ", ", stop)  # a label's value: a list of two, maybe
    bracket = "(Brannholt Engineering Ltd, Skelvik)"
    at, stop = bracket.index("Brannholt"), bracket.index(")")
    assert firm_site(bracket, at, ", ", stop)
    assert not firm_site(line, firm, " and ", end)
