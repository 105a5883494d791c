"""A question's word is searched in the forms of its verb a stem cannot reach: "movers" finds "the move",
"kept" finds "keeps" (text/verb_forms.py, WordNet's exception list and derivational links)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from mdrecall import Memory
from mdrecall.text.verb_forms import agent_verb, word_forms

from helpers import write


def _workspace(root: Path) -> None:
    write(root, "memory/2026-05-02.md", "# 2026-05-02\n\n- Packwell Removals booked for the move: 14 June.\n")
    write(root, "memory/2026-05-03.md", "# 2026-05-03\n\n- The choir keeps its music stands in the vestry.\n")
    write(root, "memory/2026-05-04.md", "# 2026-05-04\n\n- Sold the piano to a teacher from Ely.\n")


def test_a_doers_noun_finds_the_verb(tmp_path: Path, open_memory: Callable[..., Memory]) -> None:
    _workspace(tmp_path)
    mem = open_memory(tmp_path)
    mem.index()
    hits = mem.search("when are the movers coming", min_score=0)
    assert hits and hits[0].path == "memory/2026-05-02.md"
    hits = mem.search("where are the music stands kept", min_score=0)
    assert hits and hits[0].path == "memory/2026-05-03.md"


def test_the_forms_of_a_questions_verbs() -> None:
    assert word_forms(["movers", "coming"]) == ("move",)
    assert word_forms(["kept", "stands"]) == ("keep",)
    assert word_forms(["who", "bought", "piano"]) == ("buy",)
    assert agent_verb("buyers") == "buy" and agent_verb("flowers") is None and agent_verb("corner") is None
