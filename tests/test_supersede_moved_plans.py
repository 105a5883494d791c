"""Supersession round 24 (issue 29 part 3, recall): a dated log line that sets a date ahead ("handover 3
June", "ready by mid-October") is a plan a later line may move ("pushed back"), not an event; and a change
line that the attribute rule pairs with a page's standing line also supersedes a log line stating the very
value it moved."""

from __future__ import annotations

from mdrecall.knowledge.changes.fact_pairs import supersessions, supersessions_update
from mdrecall.knowledge.fact_lines.facts import line_facts


def _facts(files: dict[str, tuple[str | None, str]]) -> list:
    return [f for path, (day, text) in files.items() for f in line_facts(path, text, day)]


def _pairs(files: dict[str, tuple[str | None, str]]) -> dict[tuple[str, int], tuple[str, int]]:
    return {old: (new.path, new.line) for old, new in supersessions(_facts(files)).items()}


def _day(day: str, *lines: str) -> tuple[str, str]:
    return day, f"# {day}\n\n" + "".join(f"- {x}\n" for x in lines)


def test_a_log_line_setting_a_date_ahead_is_moved_by_a_later_line() -> None:
    # a date with no time word ("handover 3 June"), and a deadline ("by mid-October")
    moved = _pairs(
        {
            "memory/2031-05-02.md": _day("2031-05-02", "Quarry Lane flat: keys handover 3 June."),
            "memory/2031-05-28.md": _day("2031-05-28", "Quarry Lane keys handover pushed back to 17 June"),
        }
    )
    assert moved == {("memory/2031-05-02.md", 3): ("memory/2031-05-28.md", 3)}
    deadline = _pairs(
        {
            "memory/2031-08-04.md": _day("2031-08-04", "Brennan Optics want the catalogue by mid-October"),
            "memory/2031-10-01.md": _day("2031-10-01", "Brennan Optics catalogue pushed back to November"),
        }
    )
    assert deadline == {("memory/2031-08-04.md", 3): ("memory/2031-10-01.md", 3)}


def test_a_log_line_naming_a_past_date_is_still_an_event() -> None:
    # the date named is behind the day written: an event told, no plan to move
    assert not _pairs(
        {
            "memory/2031-05-20.md": _day("2031-05-20", "Quarry Lane flat: keys handover 3 May, all fine."),
            "memory/2031-05-28.md": _day("2031-05-28", "Quarry Lane keys handover pushed back to 17 June"),
        }
    )


FILES = {
    "projects/kiln.md": (None, "# Kiln rebuild\n\n- Firing test: 12 March\n"),
    "memory/2031-02-03.md": _day("2031-02-03", "Kiln call: bricks next week, firing test 12 March."),
    "memory/2031-02-27.md": _day("2031-02-27", "Kiln firing test postponed to 26 March, bricks came late"),
}


def test_a_moved_value_supersedes_the_log_line_stating_it_too() -> None:
    pairs = _pairs(FILES)
    assert pairs == {
        ("projects/kiln.md", 3): ("memory/2031-02-27.md", 3),
        ("memory/2031-02-03.md", 3): ("memory/2031-02-27.md", 3),
    }


def test_a_moved_value_does_not_supersede_a_log_line_with_another_value() -> None:
    files = dict(FILES)
    files["memory/2031-02-03.md"] = _day("2031-02-03", "Kiln call: bricks, 400 of them, next week.")
    assert _pairs(files) == {("projects/kiln.md", 3): ("memory/2031-02-27.md", 3)}


def test_pairing_after_the_moved_value_changes_equals_pairing_anew() -> None:
    before = supersessions(_facts(FILES))
    files = dict(FILES)
    files["projects/kiln.md"] = (None, "# Kiln rebuild\n\n- Firing test: 19 March\n")
    changed = _facts(files)
    assert supersessions_update(changed, before, {"projects/kiln.md"}) == supersessions(changed)


def _noise(n: int) -> list[str]:
    """Log lines naming "Tiller" often enough that it is not among a change line's rarest words."""
    return [f"Tiller nightly export ran, {k * 7} GB" for k in range(1, n + 1)]


def test_a_change_is_looked_up_by_the_thing_it_is_said_of() -> None:
    # "Tiller moves to …": the thing moved is named by the older line, though commoner than the line's
    # other words ("Omar", "Lisbon", "squad"), which other lines name too
    files = {
        "MEMORY.md": (None, "# Memory\n\n- Priya Nair owns the billing service (Tiller).\n"),
        "memory/2031-03-20.md": _day("2031-03-20", *_noise(6)),
        "memory/2031-03-03.md": _day("2031-03-03", "Omar's squad in Lisbon: 3 GB", "Lisbon offsite, £900"),
        "memory/2031-03-04.md": _day("2031-03-04", "Omar's squad in Lisbon paid £40", "Priya on leave"),
        "memory/2031-03-09.md": _day("2031-03-09", "Tiller moves to Omar's squad in Lisbon next month."),
    }
    assert _pairs(files).get(("MEMORY.md", 3)) == ("memory/2031-03-09.md", 3)


def test_a_log_on_the_calendars_last_day_is_read_without_overflow() -> None:
    """A daily log ``memory/9999-12-31.md`` (fault round 8's edge day): half a year ahead of it, or the month
    after it, is past the calendar; reading its lines for plans and pairing them must not raise (indexing
    failed with OverflowError once plans ahead were read)."""
    from mdrecall.knowledge.changes.fact_pairs import supersessions
    from mdrecall.knowledge.fact_lines.facts import line_facts

    log = "# d\n\n- tomorrow Dana Okafor moves the roof\n- yesterday the review\n"
    facts = line_facts("memory/9999-12-31.md", log, "9999-12-31")
    facts += line_facts(
        "memory/9999-12-30.md", "# d\n\n- Roof repair set for 3 January, Dana Okafor runs it.\n", "9999-12-30"
    )
    facts += line_facts(
        "memory/9999-12-31.md", "# d\n\n- Roof repair moved to Friday, Dana Okafor says.\n", "9999-12-31"
    )
    assert isinstance(supersessions(facts), dict)
