"""A day the question names counts as one of its terms (issue 29, temporal questions): "what is due by
1 February?" keeps only "due" as a keyword, so the line naming 1 February in a note written weeks
before lost to every line saying "due". The date term adds the day to the keyword leg, weighed as
the best keyword match, and fetches the vector leg's candidates of that day from further down."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.models import Chunk, Scored
from mdrecall.search.ranking import add_date_term
from tests.helpers import write

TODAY = date(2027, 2, 3)  # a Wednesday: "1 February" is two days back, "Saturday" 30 January


def chunk(name: str, day: str | None = None) -> Chunk:
    return Chunk(path=f"{name}.md", source="memory", start_line=1, end_line=1, text=name, hash=name, date=day)


def test_a_chunk_of_the_day_ties_with_the_best_keyword_match() -> None:
    text = [Scored(chunk("due"), 1.0, {"text": 1.0}), Scored(chunk("due-twice"), 0.5, {"text": 0.5})]
    vec = [Scored(chunk("on-the-day"), 0.2, {"vector": 0.2}), Scored(chunk("other"), 0.3, {"vector": 0.3})]
    out = add_date_term(text, vec, lambda c: 1.0 if c.path == "on-the-day.md" else 0.0)
    scores = {s.chunk.path: round(s.score, 3) for s in out}
    # the day weighs as the best keyword match; a chunk of neither is not added to the keyword leg
    assert scores == {"due.md": 1.0, "on-the-day.md": 1.0, "due-twice.md": 0.5}
    assert next(s for s in out if s.chunk.path == "on-the-day.md").stages["date_term"] == 1.0


def test_both_the_word_and_the_day_rank_first() -> None:
    text = [Scored(chunk("due"), 1.0, {"text": 1.0}), Scored(chunk("due-that-day"), 0.8, {"text": 0.8})]
    out = add_date_term(text, [], lambda c: 1.0 if c.path == "due-that-day.md" else 0.0)
    assert [(s.chunk.path, round(s.score, 3)) for s in out] == [("due-that-day.md", 1.0), ("due.md", 0.556)]


def test_no_day_matched_leaves_the_leg_as_it_was() -> None:
    text = [Scored(chunk("due"), 1.0, {"text": 1.0})]
    assert add_date_term(text, [Scored(chunk("x"), 0.4)], lambda c: 0.0) == text


def _workspace(root: Path) -> None:
    answer = "- Ngozi wants the abstracts for Antwerp by 1 February."
    write(root, "memory/2027-01-05.md", f"# 2027-01-05\n\n{answer}\n")
    dues = [
        "Car registration is due soon, renew online.",
        "Library books are due back, three of them.",
        "The boiler service is overdue and due again.",
        "Rent due, transfer sent.",
        "Due diligence call with the lawyers went fine.",
    ]
    for i, text in enumerate(dues):
        write(root, f"memory/2027-01-{i + 10}.md", f"# 2027-01-{i + 10}\n\n- {text}\n")
    for i in range(12):  # more notes than the vector leg's pool
        write(root, f"notes/topic-{i}.md", f"# Topic {i}\n\n- What the team said about topic {i}.\n")


def _files(root: Path, query: str, skip: tuple[str, ...] = ()) -> list[str]:
    over = {"search": {"skip_stages": list(skip)}, "history": {"git": False}}
    with Memory.open(root, Config().merged(over), create=True) as mem:
        mem.index()
        hits = mem.search(query, max_results=3, min_score=0.0, today=TODAY)
    return [h.citation.split("#")[0] for h in hits]


def test_the_line_naming_the_day_answers_what_is_due(tmp_path: Path) -> None:
    _workspace(tmp_path)
    assert "memory/2027-01-05.md" in _files(tmp_path, "what is due by 1 February")


def test_without_the_stage_the_due_lines_win(tmp_path: Path) -> None:
    _workspace(tmp_path)
    assert "memory/2027-01-05.md" not in _files(tmp_path, "what is due by 1 February", skip=("date_term",))


def test_a_question_of_a_day_alone_finds_that_days_note(tmp_path: Path) -> None:
    _workspace(tmp_path)
    # no keyword is left: the vector leg alone answers, and the day's note was not among its first
    write(tmp_path, "memory/2027-01-30.md", "# 2027-01-30\n\n- Swam 200 m without stopping.\n")
    assert _files(tmp_path, "what did we do on Saturday")[0] == "memory/2027-01-30.md"


def test_a_day_at_the_calendars_end_is_weighed_without_overflow() -> None:
    """Before: a question naming 9999-12-31 (or 0001-01-01) matched by a chunk's lines raised
    OverflowError while looking for the day after (fault round 8); the day counts as named, alone."""
    from mdrecall.search import event_days

    for day in ("9999-12-31", "0001-01-01"):
        on_day = event_days.on_day_weight(frozenset({day}), lambda c, d=day: [d])
        chunk = Chunk(
            path="x.md", source="memory", start_line=1, end_line=1, text="x", hash="x", date="2026-01-05"
        )
        assert on_day(chunk) == 1.0
