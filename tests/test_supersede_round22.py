"""Supersession round 22 (issue 29 part 3, precision): a later line that does not change a fact supersedes
nothing - a question about it, "after all" before a noun phrase ("after all members voted"), a change
line that leaves the older line's value as it was (names it again, or ends on it), and a line linked to
a page's line only by one word of the page's title."""

from __future__ import annotations

from mdrecall.knowledge.changes.fact_pairs import supersessions
from mdrecall.knowledge.fact_lines.facts import line_facts


def _pairs(files: dict[str, tuple[str | None, str]]) -> dict[tuple[str, int], tuple[str, int]]:
    facts = [f for path, (day, text) in files.items() for f in line_facts(path, text, day)]
    return {old: (new.path, new.line) for old, new in supersessions(facts).items()}


def _day(day: str, *lines: str) -> tuple[str, str]:
    return day, f"# {day}\n\n" + "".join(f"- {x}\n" for x in lines)


def test_a_question_about_a_change_supersedes_nothing() -> None:
    choir = "# Choir\n\n- Rehearsals run Tuesdays at the Corn Exchange.\n"
    asked = _pairs(
        {
            "groups/choir.md": (None, choir),
            "memory/2031-03-02.md": _day(
                "2031-03-02", "Should rehearsals switch to the Guildhall? Dora thinks so"
            ),
        }
    )
    assert asked == {}
    # the statement, not the question, is a change; a question beside it leaves it one
    told = _pairs(
        {
            "groups/choir.md": (None, choir),
            "memory/2031-03-02.md": _day(
                "2031-03-02", "Rehearsals switch to the Guildhall from May. Can someone tell Dora?"
            ),
        }
    )
    assert told == {("groups/choir.md", 3): ("memory/2031-03-02.md", 3)}


def test_after_all_before_a_noun_phrase_is_no_change_word() -> None:
    club = "# Allotment society\n\n- Plot holders must pay the Ridley fee in March.\n"
    paid = _pairs(
        {
            "groups/allotment.md": (None, club),
            "memory/2031-04-09.md": _day("2031-04-09", "New compost bays built after all plot holders paid."),
        }
    )
    assert paid == {}
    # "after all" meaning "in the end" is still one
    ended = _pairs(
        {
            "groups/allotment.md": (None, "# Allotment society\n\n- Plot fees paid by cheque to Ridley.\n"),
            "memory/2031-04-09.md": _day("2031-04-09", "Plot fees paid by bank transfer after all."),
        }
    )
    assert ended == {("groups/allotment.md", 3): ("memory/2031-04-09.md", 3)}


def test_a_change_line_naming_the_older_value_again_supersedes_nothing() -> None:
    home = "# House\n\n- Gate code is on the noticeboard.\n- Pool chlorine should be 3 ppm.\n"
    kept = _pairs(
        {
            "home/house.md": (None, home),
            "memory/2031-06-01.md": _day(
                "2031-06-01",
                "changed the gate code, new one on the noticeboard",
                "Pool chlorine at 1.5 this morning, dosed it back up to 3.",
            ),
        }
    )
    assert kept == {}
    # another value is a change
    moved = _pairs(
        {
            "home/house.md": (None, home),
            "memory/2031-06-01.md": _day(
                "2031-06-01",
                "gate code moved to the key safe by the shed",
                "Pool chlorine target changed to 2 ppm.",
            ),
        }
    )
    assert moved == {
        ("home/house.md", 3): ("memory/2031-06-01.md", 3),
        ("home/house.md", 4): ("memory/2031-06-01.md", 4),
    }
    # naming the value to end it is a change too
    ended = _pairs(
        {
            "MEMORY.md": (None, "# Memory\n\n- Swim lessons: weekly on Tuesdays with Coach Bea.\n"),
            "memory/2031-06-01.md": _day("2031-06-01", "Passed level 4, no more Tuesday swim lessons."),
        }
    )
    assert ended == {("MEMORY.md", 3): ("memory/2031-06-01.md", 3)}


def test_one_word_of_a_page_title_is_no_link_to_its_lines() -> None:
    bakery = "# Harbour Lane Bakery\n\n- Sourdough bake from 5.\n"
    lane = _pairs(
        {
            "work/bakery.md": (None, bakery),
            "memory/2031-07-03.md": _day("2031-07-03", "Electrician fixed the lane lights, no more flicker."),
        }
    )
    assert lane == {}
    # naming the page's subject links them
    named = _pairs(
        {
            "work/bakery.md": (None, bakery),
            "memory/2031-07-03.md": _day("2031-07-03", "Harbour Lane sourdough bake moved to 6."),
        }
    )
    assert named == {("work/bakery.md", 3): ("memory/2031-07-03.md", 3)}
