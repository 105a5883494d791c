"""Supersession precision (issue 29 part 3): what is no evidence of one subject. A state line sharing one
frequent English word with an older line ("serviced" … "the service"), a part of the day ("Wednesday
afternoons" … "Friday afternoons") and a weekday left ("instead of the Sunday one") name many things."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import fact_pairs_in


def _paired(tmp_path: Path, old: tuple[str, str], new: str) -> bool:
    path, text = old
    title = "Memory" if path == "MEMORY.md" else "Notes"
    notes = [(path, f"# {title}\n\n- {text}\n"), ("memory/2031-05-02.md", f"# 2031-05-02\n\n- {new}\n")]
    return bool(fact_pairs_in(tmp_path, notes))


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # a state of another thing named by one frequent word
        (
            ("MEMORY.md", "Cancelled Drayton; the vans are serviced by Fleetcare from this month."),
            "Boilermen never turned up; booked Corgi Direct for the service instead.",
        ),
        (
            ("MEMORY.md", "Spare room paint: colour tbd"),
            "Pop-up stall at the village fete: room booked for the 7th.",
        ),
        # a part of the day is part of a time, not a subject
        (
            ("MEMORY.md", "Pottery class: Wednesday afternoons."),
            "We're trying Friday afternoons for the book club from June.",
        ),
        # a weekday left is a time of many things
        (
            ("venue/playhouse.md", "Load-in at the Playhouse: Sunday 4th, 8am."),
            "We've joined the Saturday darts league instead of the Sunday one from next season.",
        ),
    ],
)
def test_a_later_line_about_another_thing_supersedes_nothing(
    tmp_path: Path, old: tuple[str, str], new: str
) -> None:
    assert not _paired(tmp_path, old, new)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            ("MEMORY.md", "Kitchen refit: quote pending."),
            "Kitchen refit quote accepted, fitters booked for the 9th.",
        ),
        (("MEMORY.md", "Swim squad trains on Mondays."), "Swim squad moved to Wednesdays instead of Monday."),
        (
            ("MEMORY.md", "Music lessons are on Tuesday afternoons."),
            "music lessons moved to Thursday afternoons",
        ),
    ],
)
def test_the_same_thing_changed_still_pairs(tmp_path: Path, old: tuple[str, str], new: str) -> None:
    assert _paired(tmp_path, old, new)


def test_a_new_hour_supersedes_the_line_stating_the_hour_not_the_day(tmp_path: Path) -> None:
    """A clock time replaces a clock time; the line stating only the day ("Friday match … at the rec")
    still holds when the start moves to 20:00."""
    pairs = fact_pairs_in(
        tmp_path,
        [
            (
                "MEMORY.md",
                "# Memory\n\n- Friday match vs Ashby: 19:45 start.\n- Friday match vs Ashby at the rec.\n",
            ),
            (
                "memory/2031-02-02.md",
                "# 2031-02-02\n\n- Ashby match start moved to 20:00, the rec is double-booked.\n",
            ),
        ],
    )
    assert pairs == {("MEMORY.md", 3): ("memory/2031-02-02.md", 3)}


@pytest.mark.parametrize(
    ("old", "new", "superseded"),
    [
        ("Weekly takeaway budget: £40.", "Takeaways this week: £52, birthday.", False),
        ("Monthly phone budget: £30.", "Phone this month: £42, roaming in Spain.", False),
        # from that period on: the standing value changed
        ("Monthly phone budget: £30.", "Phone budget: £35 from this month.", True),
    ],
)
def test_an_amount_of_one_period_is_an_instance_not_the_standing_value(
    tmp_path: Path, old: str, new: str, superseded: bool
) -> None:
    assert _paired(tmp_path, ("MEMORY.md", old), new) is superseded
