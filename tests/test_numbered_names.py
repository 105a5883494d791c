"""A thing named by its number ("a No. 4 bus", "size No. 7 needles") is searched as that phrase: the
keywords alone drop "no" (a stop word) and the digit (one character)."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.text.query import build_keyword_query, numbered_names
from tests.helpers import write


def test_numbered_names_are_phrases() -> None:
    assert numbered_names("which yarn suits No. 7 needles?") == ("no 7", "number 7")
    assert numbered_names("what goes on shelf Nr.12") == ("no 12", "number 12")
    assert numbered_names("no 2 mornings alike") == ()  # no capital and dot: the word "no"
    assert "no 7" in build_keyword_query("which yarn suits No. 7 needles?").synonyms


def test_the_line_naming_the_number_is_found(tmp_path: Path) -> None:
    write(
        tmp_path,
        "memory/knitting.md",
        "# Knitting kit\n\n- Needles: No. 4 (bamboo), No. 7 (for the aran), No. 10 (socks).\n",
    )
    notes = {
        "2026-01-05": "Needles all over the sofa again, put the needles back in the tin.",
        "2026-01-09": "Which needles for the blanket? The yarn shop in Kilkenny will know.",
        "2026-01-12": "Yarn swap at the library on Saturday, bring spare needles.",
        "2026-01-15": "Bought merino for Orla's hat, the grey one.",
    }
    for day, line in notes.items():
        write(tmp_path, f"memory/{day}.md", f"# {day}\n\n- {line}\n")
    mem = Memory.open(tmp_path, Config().merged({"embedding": {"provider": "none"}}), create=True)
    mem.index()
    try:
        hits = mem.search("what material are the No. 7 needles?", max_results=3, min_score=0.0)
        assert hits[0].path == "memory/knitting.md"
    finally:
        mem.close()
