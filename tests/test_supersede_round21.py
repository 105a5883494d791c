"""Supersession round 21 (knowledge/fact_lines/facts.py): a free label line whose value opens with a time
("Launch: 4 June", "Next review: Tuesday 3pm") states that time, so a later line moving it supersedes it;
a label naming only the attribute ("Date: …") or a value that does not open with a time stays as before."""

from __future__ import annotations

from mdrecall.knowledge.changes.fact_pairs import supersessions
from mdrecall.knowledge.fact_lines.facts import line_facts


def _pairs(files: dict[str, tuple[str | None, str]]) -> dict[tuple[str, int], tuple[str, int]]:
    facts = [f for path, (day, text) in files.items() for f in line_facts(path, text, day)]
    return {old: (new.path, new.line) for old, new in supersessions(facts).items()}


def test_a_hyphenated_label_with_a_date_is_moved_by_a_later_line() -> None:
    pairs = _pairs(
        {
            "projects/kiln.md": (None, "# Kiln rebuild\n\n- Owner: Petra\n- Re-firing: 4 June\n"),
            "memory/2031-05-20.md": (
                "2031-05-20",
                "# 2031-05-20\n\n- kiln re-firing pushed back to 18 June\n"
                "- trying to get a Kingston date instead\n",
            ),
            "projects/fete.md": (None, "# Summer fete\n\n- Date: Saturday 9 July\n"),
        }
    )
    assert pairs[("projects/kiln.md", 4)] == ("memory/2031-05-20.md", 3)
    # a label naming only the attribute ("Date") is no subject a later line's "date" could share
    assert ("projects/fete.md", 3) not in pairs


def test_a_dated_label_with_a_weekday_and_hour_is_moved_by_a_later_line() -> None:
    pairs = _pairs(
        {
            "memory/2031-05-02.md": ("2031-05-02", "# 2031-05-02\n\n- Supplier review: Tuesday 3pm\n"),
            "memory/2031-05-05.md": ("2031-05-05", "# 2031-05-05\n\n- supplier review moved to Wednesday\n"),
        }
    )
    assert pairs[("memory/2031-05-02.md", 3)] == ("memory/2031-05-05.md", 3)
    # a label whose value does not open with a time is read as before, its change cue kept
    facts = line_facts("personal/trip.md", "# Trip\n\n- Passports: Arlo's expires in June, renew now\n", None)
    assert [f.cue for f in facts] == [True]
