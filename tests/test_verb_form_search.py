"""A question's noun of a doer is searched in its verb, which a stem cannot reach: "movers" finds "the
move" (text/verb_forms.py, WordNet's derivational links)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from mdrecall import Memory
from mdrecall.text.verb_forms import agent_verb, verb_forms

from helpers import write


def _workspace(root: Path) -> None:
    write(root, "memory/2026-05-02.md", "# 2026-05-02\n\n- Packwell Removals booked for the move: 14 June.\n")
    write(root, "memory/2026-05-03.md", "# 2026-05-03\n\n- The choir keeps its music stands in the vestry.\n")
    write(root, "memory/2026-05-04.md", "# 2026-05-04\n\n- A teacher from Ely came to buy the piano.\n")


def test_a_doers_noun_finds_the_verb(tmp_path: Path, open_memory: Callable[..., Memory]) -> None:
    _workspace(tmp_path)
    mem = open_memory(tmp_path)
    mem.index()
    hits = mem.search("when are the movers coming", min_score=0)
    assert hits and hits[0].path == "memory/2026-05-02.md"
    hits = mem.search("which buyers came for the piano", min_score=0)
    assert hits and hits[0].path == "memory/2026-05-04.md"


def test_the_forms_of_a_questions_verbs() -> None:
    assert agent_verb("movers") == "move" and agent_verb("runner") == "run"
    assert agent_verb("buyers") == "buy" and agent_verb("flowers") is None and agent_verb("corner") is None
    assert verb_forms("kept") == {"keep"} and verb_forms("stands") == frozenset()
