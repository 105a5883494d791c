"""Session 26, dates (h-dates38): the day a file's name gives it is read anywhere in the name, not only at its
start: a meeting's notes "retro-2031-05-06.md", "site_visit_2031_05_06.md", a week's file "2031-W19.md" (its
Monday), a short date whose numbers read one way only "minutes 23.05.31.md" (or the way the workspace
writes dates). Names and worlds written for these tests, not from the labelled sets."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from mdrecall import Config, Memory
from mdrecall.files.name_dates import date_in_name
from mdrecall.files.workspace import date_from_name


@pytest.mark.parametrize(
    ("name", "day"),
    [
        ("2031-05-06.md", date(2031, 5, 6)),
        ("2031-05-06-allotment.md", date(2031, 5, 6)),
        ("retro-2031-05-06.md", date(2031, 5, 6)),
        ("site_visit_2031_05_06.md", date(2031, 5, 6)),
        ("board.2031.05.06.md", date(2031, 5, 6)),
        ("2031-W19.md", date(2031, 5, 5)),
        ("weekly_2031w02.md", date(2031, 1, 6)),
        ("minutes 23.05.31.md", date(2031, 5, 23)),  # 23 can only be the day
        ("minutes 05.23.31.md", date(2031, 5, 23)),
        ("minutes 07.07.31.md", date(2031, 7, 7)),
    ],
)
def test_a_date_anywhere_in_a_name_is_the_files_day(name: str, day: date) -> None:
    assert date_in_name(name) == day
    assert date_from_name(name) == day.isoformat()


@pytest.mark.parametrize(
    "name",
    [
        "notes.md",
        "v2.3.1-release.md",  # a version, no date
        "budget-2031.md",  # a year alone is no day
        "ticket-92031-05-06.md",  # glued to another digit
        "retro-2031-02-30.md",  # no such day
        "2031-W54.md",  # no such week
        "minutes 04.05.31.md",  # both ways valid, no order given
        "room-101-2-15.md",
    ],
)
def test_a_name_without_a_date_gives_no_day(name: str) -> None:
    assert date_in_name(name) is None


def test_a_short_date_both_ways_valid_is_read_in_the_order_given() -> None:
    assert date_in_name("minutes 04.05.31.md", "dmy") == date(2031, 5, 4)
    assert date_in_name("minutes 04.05.31.md", "mdy") == date(2031, 4, 5)


def test_a_meeting_file_named_by_its_day_dates_its_lines(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / "memory" / "retro-2031-05-06.md").write_text(
        "# Sprint retro\n\n- Agreed the deploy freeze on the kiln firmware.\n"
    )
    over = {"history": {"git": False}, "index": {"sync_on_search": False}}
    mem = Memory.open(tmp_path, Config().merged(over))
    try:
        mem.index()
        hits = mem.search("kiln firmware freeze", min_score=0, during="2031-05-06..2031-05-06")
        assert "memory/retro-2031-05-06.md" in {h.path for h in hits}
    finally:
        mem.close()
