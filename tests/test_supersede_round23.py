"""Supersession round 23 (issue 29 part 3, recall): a value not known yet ("tbd", "undecided", "waiting for
…") is superseded by the later line that settles it (decided, agreed, booked, granted), never the other
way; and a status label restated with a remark after its value ("Status: shipped. Old site kept") is still
the label restated."""

from __future__ import annotations

from mdrecall.knowledge.changes.fact_pairs import supersessions
from mdrecall.knowledge.fact_lines.facts import line_facts


def _pairs(files: dict[str, tuple[str | None, str]]) -> dict[tuple[str, int], tuple[str, int]]:
    facts = [f for path, (day, text) in files.items() for f in line_facts(path, text, day)]
    return {old: (new.path, new.line) for old, new in supersessions(facts).items()}


def _day(day: str, *lines: str) -> tuple[str, str]:
    return day, f"# {day}\n\n" + "".join(f"- {x}\n" for x in lines)


def test_an_open_value_is_superseded_by_the_line_that_settles_it() -> None:
    settled = _pairs(
        {
            "memory/2031-05-02.md": _day("2031-05-02", "Caterer for the reunion: tbd"),
            "memory/2031-05-20.md": _day("2031-05-20", "Caterer for the reunion booked, the Lemon Tree"),
        }
    )
    assert settled == {("memory/2031-05-02.md", 3): ("memory/2031-05-20.md", 3)}
    # a wait on a permission, then the permission given
    granted = _pairs(
        {
            "memory/2031-06-01.md": _day("2031-06-01", "Loft conversion: waiting for the council's consent."),
            "memory/2031-06-15.md": _day("2031-06-15", "Council consent for the loft conversion granted"),
        }
    )
    assert granted == {("memory/2031-06-01.md", 3): ("memory/2031-06-15.md", 3)}


def test_a_settled_value_is_not_superseded_by_a_later_open_one() -> None:
    # "tbd" after "booked" is most often another one of the thing (next year's caterer), not a change
    reopened = _pairs(
        {
            "memory/2031-05-02.md": _day("2031-05-02", "Caterer for the reunion booked, the Lemon Tree"),
            "memory/2031-05-20.md": _day("2031-05-20", "Caterer for the reunion dinner next year: tbd"),
        }
    )
    assert reopened == {}
    # an open value told again is no settling either
    still = _pairs(
        {
            "memory/2031-05-02.md": _day("2031-05-02", "Caterer for the reunion: tbd"),
            "memory/2031-05-20.md": _day("2031-05-20", "Caterer for the reunion still tbd, asked two places"),
        }
    )
    assert still == {}


def test_a_status_label_restated_with_a_remark_after_its_value() -> None:
    page = (
        "# Shop relaunch\n\n- Status: copywriting\n\n## 2031-07-01\n"
        "- Status: shipped. The old site stays up for a month for the archive.\n"
    )
    assert _pairs({"projects/shop.md": (None, page)}) == {("projects/shop.md", 3): ("projects/shop.md", 6)}
