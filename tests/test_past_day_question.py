"""A question asking the day of a past event ("when did we plant the garlic") is answered by a dated
note or a line naming a date, not by an undated page that names the event's words and no day of it
(stage ``times``, :func:`mdrecall.search.times.apply_no_day_drop`)."""

from __future__ import annotations

from pathlib import Path

from mdrecall import Config, Memory
from mdrecall.search.times import asks_for_past_day
from tests.helpers import write


def _cited(root: Path, query: str, skip: tuple[str, ...] = ()) -> list[str]:
    over: dict[str, object] = {"embedding": {"provider": "none"}, "search": {"skip_stages": list(skip)}}
    mem = Memory.open(root, Config().merged(over), create=True)
    mem.index()
    try:
        return [h.path for h in mem.search(query, max_results=3, min_score=0.0)]
    finally:
        mem.close()


def _workspace(root: Path) -> None:
    write(
        root,
        "memory/allotment.md",
        "# Garlic at the allotment\n\n- Garlic: Germidour, plant in the raised bed, garlic netting over it\n"
        "- Plant garlic again next year, double the garlic\n",
    )
    write(
        root,
        "memory/2026-10-11.md",
        "# 2026-10-11\n\n- Planted the garlic at the plot, 40 cloves.\n- Kettle descaled, the bins out.\n",
    )
    write(root, "memory/2026-10-12.md", "# 2026-10-12\n\n- Rain all day. Read on the sofa.\n")


def test_a_past_day_is_answered_by_a_dated_note(tmp_path: Path) -> None:
    _workspace(tmp_path)
    on = _cited(tmp_path, "when did we plant the garlic")
    assert on[0] == "memory/2026-10-11.md"
    off = _cited(tmp_path, "when did we plant the garlic", skip=("times",))
    assert off[0] == "memory/allotment.md"  # the page names garlic three times and no day


def test_an_undated_line_naming_the_day_still_answers(tmp_path: Path) -> None:
    write(
        tmp_path,
        "memory/allotment.md",
        "# Allotment plot 14\n\n- Garlic: Germidour, planted the garlic on 11 October 2026, garlic netting\n",
    )
    write(tmp_path, "memory/2026-10-12.md", "# 2026-10-12\n\n- Garlic shoots? Not yet. Planted cress.\n")
    assert _cited(tmp_path, "when did we plant the garlic")[0] == "memory/allotment.md"


def test_questions_asking_a_past_day() -> None:
    assert asks_for_past_day("when did we plant the garlic")
    assert asks_for_past_day("When was the boiler serviced?")
    assert asks_for_past_day("what day did Ivo move in")
    assert not asks_for_past_day("when is the plot inspection")
    assert not asks_for_past_day("what did we plant")
