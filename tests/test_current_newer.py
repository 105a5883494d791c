"""A question about the present is answered by the line superseding its leading answer (stage ``current``:
:func:`~mdrecall.search.current_newer.lift_superseding`), not only ranked just above the older line."""

from __future__ import annotations

from mdrecall.models import Chunk, Scored
from mdrecall.search.current_newer import lift_superseding


def _scored(path: str, text: str, score: float, mark: str | None = None) -> Scored:
    day = path[-13:-3] if path.startswith("memory/") else None
    chunk = Chunk(path, "memory", 1, text.count("\n") + 1, text, path, date=day)
    return Scored(chunk, score, {"text": score}, superseded_by=mark)


TERMS = ("big", "allotment", "rent")
#: The mark the supersession stage gives a line a note of 20 April superseded.
MARK = "memory/2027-04-20.md#L1 (2027-04-20)"


def test_the_superseding_line_goes_first() -> None:
    rota = _scored("memory/2027-05-02.md", "- allotment rota: Ines waters on Sundays", 0.9)
    shed = _scored("projects/allotment.md", "- Shed key with Ines, rent paid by standing order", 0.7)
    news = _scored("memory/2027-04-20.md", "- Council letter: allotment rent goes to £64 a year", 0.5)
    old = _scored("MEMORY.md", "- Allotment rent: £48 a year", 0.4, mark=MARK)
    got = lift_superseding([rota, shed, news, old], TERMS)
    assert [s.chunk.path for s in got] == [news.chunk.path, rota.chunk.path, shed.chunk.path, "MEMORY.md"]
    assert got[0].score == 0.9 and "current" in got[0].stages
    # no candidate marked among the first five: nothing moves
    unmarked = _scored("MEMORY.md", "- Allotment rent: £48 a year", 0.4)
    assert lift_superseding([rota, shed, news, unmarked], TERMS)[0] is rota
    # a mark citing a line of its own chunk (one line of a page superseding another) lifts nothing
    own = _scored("MEMORY.md", "- Allotment rent: £48 a year", 0.4, mark="MEMORY.md#L1")
    assert lift_superseding([rota, shed, news, own], TERMS)[0] is rota


def test_the_newer_line_must_be_on_the_question_s_subject() -> None:
    rota = _scored("memory/2027-05-02.md", "- allotment rota: Ines waters on Sundays", 0.9)
    other = _scored("memory/2027-04-20.md", "- Bought a new hose, the old one split", 0.5)
    old = _scored("MEMORY.md", "- Allotment rent: £48 a year", 0.4, mark=MARK)
    assert lift_superseding([rota, other, old], TERMS)[0] is rota  # a stray pair's line: left
    # the question's names must be on the newer line
    named = _scored("memory/2027-04-20.md", "- rent for the plot is £64 now", 0.5)
    terms = ("much", "ines", "rent")
    assert lift_superseding([rota, named, old], terms, names=("ines",))[0] is rota
    assert lift_superseding([rota, named, old], terms)[0].chunk.path == named.chunk.path


def test_the_newer_chunk_is_read_when_no_candidate_holds_it() -> None:
    rota = _scored("memory/2027-05-02.md", "- allotment rota: Ines waters on Sundays", 0.9)
    old = _scored("MEMORY.md", "- Allotment rent: £48 a year", 0.4, mark=MARK.replace("#L1", "#L3"))
    text = "# 2027-04-20\n\n- Council letter: allotment rent goes to £64 a year"
    newer = Chunk("memory/2027-04-20.md", "memory", 1, 3, text, "x", date="2027-04-20")
    asked: list[tuple[str, int]] = []

    def fetch(path: str, line: int) -> Chunk | None:
        asked.append((path, line))
        return newer

    got = lift_superseding([rota, old], TERMS, fetch=fetch)
    assert asked == [("memory/2027-04-20.md", 3)]
    assert got[0].chunk is newer and got[0].score == 0.9 and [s for s in got[1:]] == [rota, old]
    assert lift_superseding([rota, old], TERMS)[0] is rota  # nothing to read with: left
