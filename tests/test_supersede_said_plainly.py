"""Supersession told plainly in a log: a value corrected in passing, the one it replaces named after ", not"
(:data:`~mdrecall.knowledge.fact_lines.said_facts.CORRECTED`), and a label given its number or code by "is"
(:func:`~mdrecall.knowledge.fact_lines.fact_fields.field_of`). The correction supersedes only a line holding
the value it names as replaced; a number given anew only a standing line of that label."""

from __future__ import annotations

from mdrecall.knowledge.changes.fact_pairs import supersessions
from mdrecall.knowledge.fact_lines.fact_fields import field_of
from mdrecall.knowledge.fact_lines.facts import line_facts
from mdrecall.knowledge.fact_lines.leave_grammar import left_values


def _pairs(files: dict[str, tuple[str | None, str]]) -> dict[tuple[str, int], tuple[str, int]]:
    facts = [f for path, (day, text) in files.items() for f in line_facts(path, text, day)]
    return {k: (v.path, v.line) for k, v in supersessions(facts).items()}


def _page(path: str, title: str, *lines: str) -> tuple[str, tuple[None, str]]:
    return path, (None, f"# {title}\n\n" + "".join(f"- {x}\n" for x in lines))


def _log(day: str, *lines: str) -> tuple[str, tuple[str, str]]:
    return f"memory/{day}.md", (day, f"# {day}\n\n" + "".join(f"- {x}\n" for x in lines))


def test_a_count_corrected_in_passing_supersedes_the_line_holding_the_old_count() -> None:
    pairs = _pairs(
        dict(
            [
                _page(
                    "events/fete.md", "Summer fete", "Asked Brightprint to quote 500 programmes for the fete"
                ),
                _log(
                    "2027-05-02",
                    "Settled the fete programmes with Brightprint: 350 copies, not 500. Proofs Monday.",
                ),
            ]
        )
    )
    assert pairs == {("events/fete.md", 3): ("memory/2027-05-02.md", 3)}


def test_a_day_of_the_month_corrected_in_passing() -> None:
    pairs = _pairs(
        dict(
            [
                _page("health/teeth.md", "Teeth", "Hygienist appointment on the 6th at 9am"),
                _log("2027-05-02", "Hygienist appointment is on the 13th, not the 6th"),
            ]
        )
    )
    assert pairs == {("health/teeth.md", 3): ("memory/2027-05-02.md", 3)}


def test_a_correction_naming_another_value_supersedes_nothing() -> None:
    pairs = _pairs(
        dict(
            [
                _page(
                    "events/fete.md", "Summer fete", "Asked Brightprint to quote 500 programmes for the fete"
                ),
                _log("2027-05-02", "Settled the fete programmes with Brightprint: 350 copies, not 400."),
            ]
        )
    )
    assert pairs == {}


def test_the_value_left_loses_its_sentence_stop() -> None:
    assert left_values("the order is 350 copies not 500.") == frozenset({"500"})


def test_a_label_given_its_code_by_is() -> None:
    assert field_of("the shed padlock code is 3318") == ("shed-padlock-code", frozenset({"3318"}))
    assert field_of("Our locker number is B12.") == ("locker-number", frozenset({"b12"}))
    assert field_of("Maya is 7") is None  # a person's age, no label of a thing
    assert field_of("the meeting is at 10") is None  # no number or code alone after "is"


def test_a_code_stated_plainly_in_a_log_supersedes_the_pages_code() -> None:
    pairs = _pairs(
        dict(
            [
                _page("home/shed.md", "Shed", "Padlock code: 5120", "Mower serviced in 2025"),
                _log("2027-05-02", "Neighbour borrowed the ladder", "the padlock code is 3318"),
            ]
        )
    )
    assert pairs == {("home/shed.md", 3): ("memory/2027-05-02.md", 4)}


def test_a_code_of_another_label_supersedes_nothing() -> None:
    pairs = _pairs(
        dict(
            [
                _page("home/shed.md", "Shed", "Padlock code: 5120", "Mower serviced in 2025"),
                _log("2027-05-02", "the alarm code is 3318"),
            ]
        )
    )
    assert pairs == {}
