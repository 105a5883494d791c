"""A question about the present answered by a standing page's labelled slot ("Choir accompanist: Wiebke
Haldane") shows the latest note naming the slot's value just above the page, when the index did not pair
that note with the slot's line (stage ``current``, :mod:`mdrecall.search.slot_news`)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.models import Chunk, Scored
from mdrecall.search.slot_news import lift_slot_news, slot_value
from mdrecall.search.snippets import query_stems

from helpers import write


def test_a_slot_gives_the_name_of_its_value() -> None:
    stems = query_stems(["choir", "accompanist"])
    assert slot_value("- Choir accompanist: Wiebke Haldane (piano), paid per rehearsal.", stems) == (
        "Wiebke Haldane"
    )
    # a label holding one word of two names no asked attribute ("Choir: …" titles a section's line)
    assert slot_value("- Choir: Wiebke Haldane plays for us", stems) is None
    # a capital opening the value is a sentence's; a day's or a month's word names no one
    assert slot_value("- Choir accompanist: Closed Mondays, Tuesdays", stems) is None
    # of a list, the item holding a word of the question
    tools = query_stems(["map", "app", "abroad"])
    assert slot_value("- Map apps: Threema (family), Komoot maps (offline), Vinted", tools) == "Komoot"
    # capitals on frequent words only: a sentence's, or a name the stage cannot tell (it says nothing)
    assert slot_value("- Map apps: Organic Maps", tools) is None


def _scored(path: str, text: str, score: float, day: str | None = None) -> Scored:
    return Scored(Chunk(path, "memory", 1, text.count("\n") + 1, text, f"h-{path}", date=day), score)


def test_the_latest_note_naming_the_value_is_placed_above_the_page() -> None:
    page = _scored("MEMORY.md", "# Memory\n\n- Ferry skipper: Ruairi Quigley, since 2019.\n", 0.8)
    other = _scored("memory/2026-05-01.md", "# 2026-05-01\n\n- ferry late again\n", 0.9, "2026-05-01")
    older = _scored("memory/2026-02-01.md", "# 2026-02-01\n\n- Ruairi on the ferry", 0.0, "2026-02-01").chunk
    newer = _scored("memory/2026-04-11.md", "# 2026-04-11\n\n- Ruairi retired!", 0.0, "2026-04-11").chunk
    terms = ("ferry", "skipper")
    got = lift_slot_news([other, page], terms, lambda value: [older, newer], "who is the ferry skipper now")
    assert [s.chunk.path for s in got] == ["memory/2026-05-01.md", "memory/2026-04-11.md", "MEMORY.md"]
    assert got[1].score == 0.8 and got[1].stages["current"] == 0.8
    # a question asking for a time is answered by the slot's time, not by a name in it
    kept = lift_slot_news([other, page], terms, lambda value: [newer], "when does the ferry skipper start")
    assert [s.chunk.path for s in kept] == ["memory/2026-05-01.md", "MEMORY.md"]


_MEMORY = """# Memory

## Choir
- Rehearsals: Thursdays 19:30 in the church hall.
- Choir accompanist: Wiebke Haldane (piano), paid per rehearsal.
- Music librarian: Osric Penhallow keeps the scores.

## Home
- Boiler: serviced every October.
"""
_NOTES = {
    "2026-03-02": "- Rehearsal ran late, tenors need the Rutter.\n- Wiebke played the Fauré beautifully",
    "2026-03-19": "- choir concert in the abbey went well, the accompanist got flowers",
    "2026-04-09": "- Wiebke has a job in Leipzig from May, so Tamsin Orrell plays for us on Thursdays.",
    "2026-04-16": "- choir AGM: the choir votes on the summer tour, accompanist fees up 5%",
}


def test_who_is_the_accompanist_now_shows_the_note_on_the_accompanist(tmp_path: Path) -> None:
    write(tmp_path, "MEMORY.md", _MEMORY)
    for day, text in _NOTES.items():
        write(tmp_path, f"memory/{day}.md", f"# {day}\n\n{text}\n")
    over: dict[str, object] = {"embedding": {"provider": "none"}}
    with Memory.open(tmp_path, Config().merged(over), create=True) as mem:
        mem.index()
        today = date(2026, 5, 1)
        now = [h.path for h in mem.search("who is the choir accompanist now", 4, 0.0, today=today)]
        past = [h.path for h in mem.search("who was the choir accompanist", 4, 0.0, today=today)]
    assert now.index("memory/2026-04-09.md") == now.index("MEMORY.md") - 1 < 3
    assert "memory/2026-04-09.md" not in past[:3]  # a question about the past: as it was
