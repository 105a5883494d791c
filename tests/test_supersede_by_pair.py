"""Supersession by the pair's evidence, with no word of change (issue 29 part 3): a later log line about
the same subject that gives a value where the older left it open, gives another person where the older's
label names who holds a role, or moves a plan's date, supersedes it; a log's line naming a value in passing
does not."""

from __future__ import annotations

from mdrecall.knowledge.changes.fact_pairs import supersessions
from mdrecall.knowledge.fact_lines.facts import line_facts


def _pairs(files: dict[str, tuple[str | None, str]]) -> dict[tuple[str, int], tuple[str, int]]:
    facts = [f for path, (day, text) in files.items() for f in line_facts(path, text, day)]
    return {k: (v.path, v.line) for k, v in supersessions(facts).items()}


def _log(day: str, *lines: str) -> tuple[str, tuple[str, str]]:
    return f"memory/{day}.md", (day, f"# {day}\n\n" + "".join(f"- {x}\n" for x in lines))


def test_a_value_given_where_the_older_left_it_open() -> None:
    pairs = _pairs(
        dict(
            [
                _log("2027-03-02", "Venue for the spring fundraiser: tbd."),
                _log("2027-03-20", "Spring fundraiser venue will be the Corn Exchange, Hal sorted the hall."),
            ]
        )
    )
    assert pairs == {("memory/2027-03-02.md", 3): ("memory/2027-03-20.md", 3)}


def test_another_person_for_a_role_named_by_a_label() -> None:
    pairs = _pairs(
        dict(
            [
                ("team/roles.md", (None, "# Roles\n\n- Volunteer coordinator: Marta Silva.\n")),
                _log(
                    "2027-05-11",
                    "Marta gave the volunteer coordinator job to Desmond Okoye, she's on grant bids.",
                ),
            ]
        )
    )
    assert pairs == {("team/roles.md", 3): ("memory/2027-05-11.md", 3)}


def test_a_plans_day_moved_with_no_word_of_change() -> None:
    pairs = _pairs(
        dict(
            [
                _log("2027-04-02", "Roofers start on 19 April; Gareth Pryce is bringing two lads."),
                _log(
                    "2027-04-12",
                    "Gareth Pryce phoned: the scaffolding is late, so no roofers before the 26th.",
                ),
            ]
        )
    )
    assert pairs == {("memory/2027-04-02.md", 3): ("memory/2027-04-12.md", 3)}


def test_a_routines_time_and_one_days_differ() -> None:
    pairs = _pairs(
        {
            "MEMORY.md": (None, "# Memory\n\n- The bakery van from Crumb & Co delivers before 7am.\n"),
            **dict(
                [
                    _log(
                        "2027-02-09",
                        "Crumb & Co bakery van came at 6:40 today with Tomasz driving, all fine.",
                    )
                ]
            ),
        }
    )
    assert pairs == {}


def test_a_person_named_beside_a_work_is_no_holder() -> None:
    pairs = _pairs(
        {
            "personal/books.md": (None, "# Books\n\n- Middlemarch (George Eliot): slow going, 3/5.\n"),
            **dict(
                [_log("2027-02-20", "Finished Middlemarch with Iris from the book club, a lovely ending.")]
            ),
        }
    )
    assert pairs == {}


def test_a_value_still_open_gives_none() -> None:
    pairs = _pairs(
        dict(
            [
                _log("2027-03-02", "Venue for the quiz night: tbd."),
                _log("2027-03-09", "Quiz night venue: Hal asked the Corn Exchange, still no news from them."),
            ]
        )
    )
    assert pairs == {}
