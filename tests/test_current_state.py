"""A question about the present ranks the latest line on its subject first, even when the index did not
pair it with the older line as a change of one fact (stage ``current``; issue 29 part 3)."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.models import Chunk, Scored
from mdrecall.search.current import lift_latest
from mdrecall.text.tense import asks_about_present, tells_of_past

from helpers import write


def test_questions_about_the_present() -> None:
    for q in (
        "where does Marit work now",
        "office cleaning days",
        "who is currently on call",
        "what was the latest quote",
        "is the kiln still working",
        "what accounting software do we use these days",
    ):
        assert asks_about_present(q), q
    # a question on a present auxiliary asks as often of a standing fact ("what does Tim write?"): left alone
    for q in ("what accounting software do we use", "what's the wifi password", "is the kiln working"):
        assert not asks_about_present(q), q
    for q in (
        "where did Marit work",
        "who used to own the payroll",
        "what did we decide last week",
        "what was the venue originally",
        "when did the kiln break",
        "who started the choir",
        "would Marit move abroad",
        "what happened two years ago",
    ):
        assert not asks_about_present(q), q


def test_lines_telling_of_an_earlier_event() -> None:
    assert tells_of_past("Ines got her badge at swimming last night.")
    assert tells_of_past("the van broke down two days ago")
    assert not tells_of_past("Ines swims on Mondays from now on.")


def _scored(path: str, text: str, day: str | None, score: float) -> Scored:
    return Scored(Chunk(path, "memory", 1, 1, text, path, date=day), score)


def test_the_latest_line_on_the_subject_is_lifted_when_close() -> None:
    older = _scored("team.md", "Payroll is run by Sunniva.", None, 0.9)
    other = _scored("memory/2027-03-02.md", "Lunch at the canteen.", "2027-03-02", 0.8)
    newer = _scored("memory/2027-02-10.md", "From today Kofi runs payroll.", "2027-02-10", 0.7)
    got = lift_latest([older, other, newer], ("payroll",))
    assert [s.chunk.path for s in got] == ["memory/2027-02-10.md", "team.md", "memory/2027-03-02.md"]
    assert got[0].score == 0.9 and got[0].stages["current"] == 0.9
    # too far below the best: left where it is
    far = _scored("memory/2027-02-10.md", "From today Kofi runs payroll.", "2027-02-10", 0.3)
    assert lift_latest([older, other, far], ("payroll",)) == [older, other, far]
    # a question naming a person: the line must hold the name too
    named = lift_latest([older, newer], ("payroll", "sunniva"), names=("sunniva",))
    assert [s.chunk.path for s in named] == ["team.md", "memory/2027-02-10.md"]


def _first(root: Path, query: str, skip: tuple[str, ...]) -> str:
    over = {
        "embedding": {"provider": "none"},
        "history": {"git": False},
        "search": {"skip_stages": list(skip)},
    }
    mem = Memory.open(root, Config().merged(over), create=True)
    try:
        mem.index()
        hits = mem.search(query, max_results=3, min_score=0.0)
        return hits[0].citation.split("#")[0]
    finally:
        mem.close()


def test_a_present_question_ranks_the_latest_note_first(tmp_path: Path) -> None:
    write(tmp_path, "MEMORY.md", "# Memory\n\n- Glaze firing day: Friday, every week.\n")
    write(tmp_path, "memory/2027-01-04.md", "# 2027-01-04\n\nBought clay.\n")
    newer = "# 2027-02-09\n\nGlaze firing day moves to Tuesday, Hanne says.\n"
    write(tmp_path, "memory/2027-02-09.md", newer)
    # no supersession stage at all: as if the index had not paired the two lines
    skip = ("supersede",)
    assert _first(tmp_path, "glaze firing day", skip) == "memory/2027-02-09.md"
    assert _first(tmp_path, "glaze firing day", (*skip, "current")) == "MEMORY.md"
    # a question about the past is left as it ranked
    assert _first(tmp_path, "which day was glaze firing originally", skip) == "MEMORY.md"


def test_a_captured_session_is_not_lifted_over_the_notes() -> None:
    """Talk is not the state in force: the last transcript that discussed billing's database is no
    newer statement of MEMORY.md's decision (a search of words, "which database for billing?")."""
    notes = _scored("MEMORY.md", "Billing database: PostgreSQL 16.", None, 0.9)
    said = "user: which database for billing?"
    talk = Scored(Chunk("transcripts/cc.jsonl", "sessions", 1, 1, said, "t", date="2027-03-01"), 0.8)
    assert lift_latest([notes, talk], ("database", "billing")) == [notes, talk]
