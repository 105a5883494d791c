"""Entities of round 10 (issue 29 part 1): names of capitalised words joined by small words ("the", "and",
"of the"), read as one name instead of fragments, and a race or match named by its line's label.

The notes are written for these tests (a choir, a cycling club, a small web shop), in words of their own."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from growth import near_linear

from mdrecall.knowledge.mentions.extract import entity_key, extract_entities

from helpers import workspace_entities


def _names(text: str) -> dict[str, str]:
    """Name → kind of every mention in ``text``."""
    return {m.name: m.kind for m in extract_entities(text, "2027-03-02").mentions}


def _entities(tmp_path: Path, files: dict[str, str]) -> dict[str, str]:
    """Entity key → kind in a workspace of ``files``."""
    found = workspace_entities(tmp_path / "ws", files)
    return {entity_key(e.name): e.kind for e in found}


def test_words_joined_by_small_words_are_one_name_not_fragments(tmp_path: Path) -> None:
    got = _entities(
        tmp_path,
        {
            "memory/2027-03-01.md": "- Choir social after the concert at the Fox and Hounds.\n"
            "- The shop's help pages live on Ask the Owl now.\n",
            "memory/2027-03-04.md": "- Sign-ups for Tour of the Borders close soon.\n"
            "- We moved the help pages off Ask the Owl; Priya hated the editor.\n",
            "memory/2027-03-09.md": "- Quiz night at the Fox and Hounds, table for six.\n",
        },
    )
    assert "fox and hounds" in got and got["fox and hounds"] == "place"
    assert "ask the owl" in got
    assert "tour of the borders" in got
    for fragment in ("fox", "hounds", "ask", "owl", "borders"):
        assert fragment not in got
    # but two names, a role and a heading joined so stay as they were
    names = _names(
        "- Met Nadia and Joel at the Python and Rust meetup.\n"
        "- She is our Chair of the Trustees since May.\n"
        "## Minutes of the Meeting\n"
    )
    assert not any(" and " in n for n in names)
    assert "Chair of the Trustees" not in names
    assert "Minutes of the Meeting" not in names


def test_a_race_named_under_a_label_is_an_event() -> None:
    assert _names("- Next race: Tour of the Borders, 14 May.")["Tour of the Borders"] == "event"
    fixtures = _names("- Fixtures: Wheel of the Year (April), Ride the Dales (June).")
    assert fixtures["Wheel of the Year"] == "event"


def test_a_name_moved_from_takes_the_kind_of_where_it_moved_to() -> None:
    assert _names("- Docs moved from Ask the Owl to GitHub Pages last week.")["Ask the Owl"] != "place"


def test_a_long_line_of_joined_names_costs_linear_time() -> None:
    # a line of 12,000 joins (a 200 KB paste of a seating plan) once read the whole line before each join,
    # quadratic in the line's length; now each join reads a few words before it
    from mdrecall.knowledge.mentions.linked_names import linked_names

    unit = "seated the Cornish and the Manx beside Ask the Owl, "

    def make(n: int) -> Callable[[], list[object]]:
        line = unit * n
        return lambda: list(linked_names(line))

    make(2)()  # what the first call compiles is no part of the growth
    found = near_linear(make, 4000)  # over 20 s before at the full size (quadratic)
    assert len(found) == 4000  # every "Ask the Owl" is still read


def test_a_joined_name_late_on_a_long_line_keeps_its_word_before() -> None:
    line = "- rota, " + "kettle, " * 200 + "the help pages moved to Ask the Owl\n"
    assert "Ask the Owl" in _names(line)
    assert "Ask the Owl" not in _names("- rota, " + "kettle, " * 200 + "the Ask the Owl\n")
