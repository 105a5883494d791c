"""Supersession round 20 (search/supersede.py): a page whose own lines answer a question less well than
the newer line of one of its lines is marked by that pair, the question being about the fact that changed
("Midday help: Paws & Co" on a page, "Paws & Co no longer walk the dog" later, asked "who walks the dog")."""

from __future__ import annotations

from mdrecall.models import Chunk
from mdrecall.search.ranking import Scored
from mdrecall.search.supersede import apply_fact_supersession
from mdrecall.stores.views import Supersession


def _scored(path: str, start: int, end: int, score: float, text: str) -> Scored:
    return Scored(Chunk(path, "memory", start, end, text, f"h{path}{start}"), score)


_HOUSE = (
    "# House\n\n- Boiler serviced every October.\n- Midday help: Paws & Co, weekdays at noon.\n"
    "- The dog is a spaniel called Biscuit."
)
_LATER = "# 2031-03-02\n\n- Paws & Co no longer walk the dog: Dana Hill takes him out from Monday."
_GONE = {"home/house.md": {4: Supersession("memory/2031-03-02.md", 3, "2031-03-02")}}


def test_the_page_holding_the_older_line_is_marked_when_the_newer_line_answers_better() -> None:
    page = _scored("home/house.md", 1, 5, 0.6, _HOUSE)
    newer = _scored("memory/2031-03-02.md", 1, 3, 0.5, _LATER)
    # the page's own best line ("The dog is a spaniel") holds "dog" only; the newer line holds both stems
    out = apply_fact_supersession([page, newer], ["walks", "dog"], _GONE, query="who walks the dog")
    assert [s.chunk.path for s in out] == ["memory/2031-03-02.md", "home/house.md"]
    assert out[1].superseded_by == "memory/2031-03-02.md#L3 (2031-03-02)"


def test_the_page_stays_unmarked_when_its_own_line_answers_as_well() -> None:
    page = _scored("home/house.md", 1, 5, 0.6, _HOUSE)
    newer = _scored("memory/2031-03-02.md", 1, 3, 0.5, _LATER)
    # "dog" alone: the spaniel line answers as well as the newer line does
    out = apply_fact_supersession([page, newer], ["dog"], _GONE, query="the dog")
    assert [s.superseded_by for s in out] == [None, None]


def test_the_page_stays_unmarked_when_the_newer_line_is_no_candidate() -> None:
    page = _scored("home/house.md", 1, 5, 0.6, _HOUSE)
    out = apply_fact_supersession([page], ["walks", "dog"], _GONE, query="who walks the dog")
    assert [s.superseded_by for s in out] == [None]


def test_a_tie_with_another_superseded_line_still_marks_by_the_better_answer() -> None:
    # the dog's food line changed too (its newer line is no candidate), tying with the spaniel line on "dog"
    text = _HOUSE + "\n- Dog food: Acme kibble."
    page = _scored("home/house.md", 1, 6, 0.6, text)
    newer = _scored("memory/2031-03-02.md", 1, 3, 0.5, _LATER)
    gone = {
        "home/house.md": {**_GONE["home/house.md"], 6: Supersession("memory/2031-01-09.md", 3, "2031-01-09")}
    }
    out = apply_fact_supersession([page, newer], ["walks", "dog"], gone, query="who walks the dog")
    assert out[1].chunk.path == "home/house.md"
    assert out[1].superseded_by == "memory/2031-03-02.md#L3 (2031-03-02)"
