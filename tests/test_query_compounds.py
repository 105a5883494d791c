"""A hyphenated compound holding a stop word ("out-of-hours") is searched as a phrase: its keywords alone
("hours") match any note of hours as well (issue 29, questions)."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.text.query import build_keyword_query, stop_word_compounds
from tests.helpers import write


def test_the_compounds_with_a_stop_word_are_phrases() -> None:
    text = "who covers out-of-hours calls? T-cell follow-up, day-to-day, IL-6"
    assert stop_word_compounds(text) == ("out of hours", "follow up", "day to day")
    assert '"out of hours"' in (build_keyword_query("who covers out-of-hours calls").fts or "")
    assert build_keyword_query("out-of-the").fts is None  # stop words only: nothing to search


def test_the_note_with_the_compound_ranks_first(tmp_path: Path) -> None:
    write(tmp_path, "memory/2027-02-17.md", "# 2027-02-17\n\nOrdered vaccines from Covetrus.\n")
    write(tmp_path, "memory/2027-02-18.md", "# 2027-02-18\n\nOpening hours change in March.\n")
    write(
        tmp_path,
        "memory/2027-03-03.md",
        "# 2027-03-03\n\nOut-of-hours: from the 15th, nights go to NightVet in Ballincollig.\n",
    )
    cfg = Config().merged({"embedding": {"provider": "none"}})
    mem = Memory.open(tmp_path, cfg, create=True)
    try:
        mem.index()
        hits = mem.search("who covers out-of-hours calls at the clinic", max_results=3, min_score=0.0)
        assert hits[0].citation.startswith("memory/2027-03-03.md")
    finally:
        mem.close()
