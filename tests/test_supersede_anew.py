"""Supersession with no word of change: a later line states the same attribute of the same thing with
another value (:mod:`mdrecall.knowledge.changes.anew_values`). A stated time or place given anew
supersedes the standing line; a log's event, a value kept beside the new one, a line adding to the fact
("too", "still") and another label do not."""

from __future__ import annotations

from mdrecall.knowledge.changes.anew_values import states_anew
from mdrecall.knowledge.changes.fact_pairs import supersessions
from mdrecall.knowledge.fact_lines.facts import line_facts


def _pairs(files: dict[str, tuple[str | None, str]]) -> dict[tuple[str, int], tuple[str, int]]:
    facts = [f for path, (day, text) in files.items() for f in line_facts(path, text, day)]
    return {k: (v.path, v.line) for k, v in supersessions(facts).items()}


def _page(path: str, title: str, *lines: str) -> tuple[str, tuple[None, str]]:
    return path, (None, f"# {title}\n\n" + "".join(f"- {x}\n" for x in lines))


def _log(day: str, *lines: str) -> tuple[str, tuple[str, str]]:
    return f"memory/{day}.md", (day, f"# {day}\n\n" + "".join(f"- {x}\n" for x in lines))


def test_a_labelled_weekday_given_again_with_another_day() -> None:
    pairs = _pairs(
        dict(
            [
                _page(
                    "home/bins.md",
                    "Bins",
                    "Recycling collection: Tuesday mornings",
                    "Green bin every other week",
                ),
                _log(
                    "2027-06-14",
                    "Council letter came: recycling collection is on Thursday mornings for our street.",
                ),
            ]
        )
    )
    assert pairs == {("home/bins.md", 3): ("memory/2027-06-14.md", 3)}


def test_a_stated_place_given_anew() -> None:
    pairs = _pairs(
        dict(
            [
                _page("people/ines.md", "Ines", "Ines is based in Porto."),
                _log("2027-09-02", "Ines is based in Lisbon, she took the flat near her sister."),
            ]
        )
    )
    assert pairs == {("people/ines.md", 3): ("memory/2027-09-02.md", 3)}


def test_the_old_value_kept_beside_the_new_supersedes_nothing() -> None:
    pairs = _pairs(
        dict(
            [
                _page("home/bins.md", "Bins", "Recycling collection: Tuesday mornings"),
                _log(
                    "2027-06-14", "Recycling collection is on Tuesday and Thursday mornings for our street."
                ),
            ]
        )
    )
    assert pairs == {}


def test_a_logs_event_is_not_a_standing_value() -> None:
    pairs = _pairs(
        dict(
            [
                _log("2027-06-02", "Ines is based in Porto this week for the trade fair."),
                _log("2027-06-14", "Ines is based in Lisbon, she took the flat near her sister."),
            ]
        )
    )
    assert pairs == {}


def test_a_line_adding_to_the_fact_states_nothing_anew() -> None:
    facts = line_facts(
        "memory/2027-09-02.md", "- Ines is also based in Lisbon part of the month.", "2027-09-02"
    )
    assert facts and not states_anew(facts[0])


def test_another_things_time_is_another_attribute() -> None:
    pairs = _pairs(
        dict(
            [
                _page("home/bins.md", "Bins", "Recycling collection: Tuesday mornings"),
                _log("2027-06-14", "Garden waste collection is on Thursday from the brown bin."),
            ]
        )
    )
    assert pairs == {}


def test_a_clock_time_given_anew_in_a_log() -> None:
    pairs = _pairs(
        dict(
            [
                _page("MEMORY.md", "Memory", "We feed the hens at 6:45."),
                _log("2027-11-03", "We feed the hens at 7:30."),
            ]
        )
    )
    assert pairs == {("MEMORY.md", 3): ("memory/2027-11-03.md", 3)}


def test_a_weekday_given_anew_with_the_clock_time_kept() -> None:
    pairs = _pairs(
        dict(
            [
                _page("MEMORY.md", "Memory", "Cello lessons: Mondays at 17:00 with Mr Okafor."),
                _log("2027-11-03", "Cello lessons are on Thursdays at 17:00 with Mr Okafor."),
            ]
        )
    )
    assert pairs == {("MEMORY.md", 3): ("memory/2027-11-03.md", 3)}


def test_a_value_weighed_between_two_states_nothing_anew() -> None:
    pairs = _pairs(
        dict(
            [
                _page("MEMORY.md", "Memory", "Cello lessons: Mondays at 17:00 with Mr Okafor."),
                _log(
                    "2027-11-03", "Cello lessons on Thursdays or Fridays at 17:00 with Mr Okafor, he'll say."
                ),
            ]
        )
    )
    assert pairs == {}


def test_the_labels_thing_named_as_new_on_the_same_page() -> None:
    pairs = _pairs(
        dict(
            [
                _page(
                    "club/allotment.md",
                    "Allotment society",
                    "Seed supplier: Marsh Brothers (catalogue in the hut)",
                    "Plot fees due in March",
                    "Greenline Seeds is the new supplier, first order arrives in April.",
                ),
            ]
        )
    )
    assert pairs == {("club/allotment.md", 3): ("club/allotment.md", 5)}


def test_a_new_thing_of_another_label_supersedes_nothing() -> None:
    pairs = _pairs(
        dict(
            [
                _page(
                    "club/allotment.md",
                    "Allotment society",
                    "Seed supplier: Marsh Brothers (catalogue in the hut)",
                    "Bought a new padlock from Hartley's for the hut.",
                ),
            ]
        )
    )
    assert pairs == {}
