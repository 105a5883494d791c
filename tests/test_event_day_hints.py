"""A question naming a day ("last Saturday") finds the line about that day written on another day
("Finished Piranesi on Saturday" in Monday's log): the date stage matches the days a chunk's lines are
about, not only the day its file was written (issue 29)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from mdrecall import Config, Memory
from tests.helpers import write

TODAY = date(2026, 12, 8)  # a Tuesday: "last Saturday" is 2026-12-05


def _workspace(root: Path) -> None:
    write(root, "memory/2026-12-02.md", "# 2026-12-02\n\nFinished the quarterly report, finished at last.\n")
    write(root, "memory/2026-12-07.md", "# 2026-12-07\n\nLena got the job.\nFinished Piranesi on Saturday.\n")
    for i, text in enumerate(["Walked the dog.", "Standup moved to 10:00.", "The van broke down."]):
        write(root, f"memory/2026-11-{i + 10}.md", f"# 2026-11-{i + 10}\n\n{text}\n")


def _top(root: Path, skip: tuple[str, ...] = ()) -> str:
    over = {"embedding": {"provider": "none"}, "search": {"skip_stages": list(skip)}}
    with Memory.open(root, Config().merged(over), create=True) as mem:
        mem.index()
        hits = mem.search("what did I finish last Saturday", max_results=3, min_score=0.0, today=TODAY)
    return hits[0].citation.split("#")[0]


def test_a_line_about_the_asked_day_ranks_first(tmp_path: Path) -> None:
    _workspace(tmp_path)
    assert _top(tmp_path) == "memory/2026-12-07.md"


def test_without_the_stage_only_the_file_day_counts(tmp_path: Path) -> None:
    _workspace(tmp_path)
    assert _top(tmp_path, skip=("event_days",)) == "memory/2026-12-02.md"
