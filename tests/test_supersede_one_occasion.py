"""Lines that move one occasion only, or pass a day, change no standing fact: a change said to be a one-off
("Friday instead of Wednesday, one-off"), a number "gone" (a day passed: "the 9/6 slot is gone"), and a
page's line written after the change line (it tells a thing done on a later day). Each beside the pair its
rule keeps. Wordings and worlds of our own."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall.knowledge.dates.event_days import one_off, told_on
from mdrecall.knowledge.fact_lines.leave_grammar import ended_values

from helpers import fact_pairs_in

_STANDING = "# Memory\n\n- Pottery class is Wednesday 18:30 at the Kiln Shed, teacher Odile Baptiste.\n"


@pytest.mark.parametrize(
    ("words", "one"),
    [
        ("Pottery class Friday instead of Wednesday one-off Odile is at a fair", True),
        ("standup at 11 this week only the board is in", True),
        ("swim squad in the small pool just this once", True),
        ("printer paper now on a Viking subscription no more one-off Staples orders", False),
        ("from next week only Tuesdays and Thursdays at 11", False),
        ("pottery class moves to Fridays from May", False),
    ],
)
def test_a_change_of_one_occasion_only(words: str, one: bool) -> None:
    assert one_off(words) is one


def test_a_one_off_move_supersedes_no_standing_line(tmp_path: Path) -> None:
    notes = [
        ("MEMORY.md", _STANDING),
        (
            "memory/2031-05-06.md",
            "# 2031-05-06\n\n- Pottery class Friday instead of Wednesday, one-off, Odile is at a fair.\n",
        ),
    ]
    assert ("MEMORY.md", 3) not in fact_pairs_in(tmp_path, notes)


def test_a_standing_move_still_supersedes(tmp_path: Path) -> None:
    notes = [
        ("MEMORY.md", _STANDING),
        (
            "memory/2031-05-06.md",
            "# 2031-05-06\n\n- Pottery class moves to Fridays 18:30 from June instead of Wednesday, Odile's"
            " new timetable.\n",
        ),
    ]
    assert fact_pairs_in(tmp_path, notes).get(("MEMORY.md", 3)) == ("memory/2031-05-06.md", 3)


def test_a_number_gone_is_no_value_ended() -> None:
    assert ended_values("delivery slot from grocer 9 6 is gone they offered tuesday 17 june") == frozenset()
    assert ended_values("quickbooks is gone we book everything in xero") == {"quickbook"}


def test_a_day_gone_leaves_no_line_holding_its_number(tmp_path: Path) -> None:
    notes = [
        (
            "MEMORY.md",
            "# Memory\n\n- Allotment: plot 9, six raised beds, water butt by the shed.\n"
            "- Lives in Hebden Bridge with Priya and the twins (9).\n",
        ),
        (
            "memory/2031-06-02.md",
            "# 2031-06-02\n\n- Delivery slot from the grocer: 9/6 is gone; they offered Tuesday 17 June.\n",
        ),
    ]
    pairs = fact_pairs_in(tmp_path, notes)
    assert ("MEMORY.md", 3) not in pairs
    assert ("MEMORY.md", 4) not in pairs


@pytest.mark.parametrize(
    ("words", "day"),
    [
        ("x Annual service done 14 October 2030 by Calor Jim", "2030-10-14"),
        ("Low-salt diet since June 2031 see the logs", "2031-06-30"),
        ("Moved in with Sam since 2029", None),  # a year: any day of it
        ("service done 14 October", None),  # no year on an undated page
        ("Next service due October 2031", None),
    ],
)
def test_the_day_a_line_tells_a_thing_done(words: str, day: str | None) -> None:
    assert told_on(words) == day


_BOILER = """# Boiler log (Worcester Greenstar)

- [ ] Bleed the radiators each autumn.
- [x] Annual service: done 14 October 2030 by Calor (Jim Pryce).
- [ ] Next service due October 2031.
"""


def test_a_page_written_after_the_change_line_is_not_superseded_by_it(tmp_path: Path) -> None:
    notes = [
        ("house/boiler.md", _BOILER),
        (
            "memory/2030-10-02.md",
            "# 2030-10-02\n\n- Calor rang: Jim can't make Friday. Boiler service moved to Tuesday 14th.\n",
        ),
    ]
    pairs = fact_pairs_in(tmp_path, notes)
    assert ("house/boiler.md", 4) not in pairs
    assert ("house/boiler.md", 5) not in pairs


def test_a_page_done_before_the_change_line_is_still_superseded(tmp_path: Path) -> None:
    notes = [
        ("house/boiler.md", _BOILER),
        (
            "memory/2031-09-20.md",
            "# 2031-09-20\n\n- Calor rang: next boiler service moved to November, Jim is booked up.\n",
        ),
    ]
    assert fact_pairs_in(tmp_path, notes).get(("house/boiler.md", 5)) == ("memory/2031-09-20.md", 3)
