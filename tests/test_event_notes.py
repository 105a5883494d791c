"""A question about a past event is answered by the dated note that tells it (stage ``events``:
:func:`~mdrecall.search.event_notes.lift_event_notes`)."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.models import Chunk, Scored
from mdrecall.search.event_notes import asks_of_event, lift_event_notes


def _scored(path: str, text: str, score: float, dated: bool = True) -> Scored:
    chunk = Chunk(path, "memory", 1, text.count("\n") + 1, text, path, date=path[-13:-3] if dated else None)
    return Scored(chunk, score, {"text": score})


def test_a_past_act_is_asked_and_a_state_or_a_day_is_not() -> None:
    assert asks_of_event("what did the electrician say about the fuse box?")
    assert asks_of_event("Who sold us the trailer")
    assert asks_of_event("what happened to the greenhouse roof")
    assert not asks_of_event("what does the electrician charge")
    assert not asks_of_event("who owns the trailer now")
    assert not asks_of_event("when did the electrician come")  # the times stage reads a "when"


def test_the_dated_note_passes_a_close_standing_page() -> None:
    terms = ("electrician", "say", "fuse", "box")
    page = _scored(
        "house/wiring.md", "# Wiring\n- Fuse box: under the stairs, electrician is Volt & Co", 0.62, False
    )
    other = _scored("memory/2027-06-01.md", "- fuse box label peeling, electrician number on fridge", 0.7)
    note = _scored("memory/2027-06-09.md", "## Electrician\nFuse box needs a new RCD, quote next week", 0.58)
    got = lift_event_notes([other, page, note], terms)
    assert [s.chunk.path for s in got] == [other.chunk.path, note.chunk.path, page.chunk.path]
    assert got[1].score == page.score and "events" in got[1].stages
    # a note far below the page, or one a later line superseded, keeps its place
    far = _scored("memory/2027-06-09.md", "## Electrician\nFuse box needs a new RCD", 0.4)
    assert lift_event_notes([other, page, far], terms)[1] is page
    gone = Scored(note.chunk, 0.58, {}, superseded_by="memory/2027-06-20.md#L2")
    assert lift_event_notes([other, page, gone], terms)[1] is page


def test_a_page_telling_the_act_itself_keeps_its_place() -> None:
    terms = ("get", "kayak")
    page = _scored(
        "gear/boats.md", "# Boats\n## Kayak\n- Blue sit-on-top, bought second-hand in Galway", 0.6, False
    )
    note = _scored("memory/2027-07-02.md", "- took the kayak out at the lake, paddle fine", 0.57)
    assert lift_event_notes([page, note], terms)[0] is page


def _first(root: Path, query: str, skip: tuple[str, ...]) -> str:
    over = {
        "embedding": {"provider": "none"},
        "history": {"git": False},
        "search": {"skip_stages": list(skip)},
    }
    mem = Memory.open(root, Config().merged(over), create=True)
    try:
        mem.index()
        return mem.search(query, max_results=3, min_score=0.0)[0].citation.split("#")[0]
    finally:
        mem.close()


def test_the_daily_note_answers_a_past_question_in_a_workspace(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    page = "# Wiring\n\n- Electrician: Volt & Co; fuse box under the stairs, by the meter.\n"
    (tmp_path / "memory" / "wiring.md").write_text(page, encoding="utf-8")
    note = "# 2027-06-09\n\n- Electrician: fuse box needs a new RCD, quote by Friday.\n"
    (tmp_path / "memory" / "2027-06-09.md").write_text(note, encoding="utf-8")
    query = "what did the electrician say about the fuse box"
    assert _first(tmp_path, query, ("events",)) == "memory/wiring.md"
    assert _first(tmp_path, query, ()) == "memory/2027-06-09.md"
