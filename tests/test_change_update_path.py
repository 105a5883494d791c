"""An edit of one file re-pairs only the change lines it touches, also where a veto drops a pair of the change
lines' pass (session 28, h-edit28): the pass's pairs and the stored pairing then differ by the vetoed pair,
and the update took the pass for another's and paired every change line anew (1,000 generated notes: an
edit 0.65 → ~11 CPU-s). Counted, not timed. Wordings and worlds of our own."""

from __future__ import annotations

import pytest

from mdrecall.knowledge.fact_lines.facts import line_facts

from helpers import fact_pairs as _pairs

TEACHER = ("MEMORY.md", "# Memory\n\n- Piano teacher: Mr Oren Vale at Westbrook Music School.\n")
# another person's departure from the place: the change lines' pass pairs it, a veto drops it
DEPARTURE = (
    "memory/2028-05-02.md",
    "# 2028-05-02\n\n- Noted: Ms Lina Hart is leaving Westbrook Music School after the summer term.\n",
)
OTHERS = [
    (
        f"notes/club{k}.md",
        f"# Club {k}\n\n- The {w} club meets in the {r} room on Mondays.\n",
    )
    for k, (w, r) in enumerate((("chess", "oak"), ("knitting", "birch"), ("film", "cedar")))
]
MOVES = (
    "memory/2028-06-01.md",
    "# 2028-06-01\n\n- The chess club moved to the cedar room from this week.\n"
    "- The knitting club meets on Thursdays now, no longer Mondays.\n"
    "- The film club switched to the oak room instead.\n",
)
EDITED = "notes/garden.md"


def _facts(files: dict[str, str]) -> list:
    out = []
    for rel, text in files.items():
        day = rel.rsplit("/", 1)[-1][:-3] if rel.startswith("memory/") else None
        out += line_facts(rel, text, day)
    return sorted(out, key=lambda f: (f.path, f.line))


def test_the_departure_is_paired_by_the_rules_and_vetoed(monkeypatch: pytest.MonkeyPatch) -> None:
    from mdrecall.knowledge.changes import fact_pairs

    files = dict([TEACHER, DEPARTURE])
    assert ("MEMORY.md", 3) not in _pairs(files)
    monkeypatch.setattr(fact_pairs, "kept_pairs", lambda facts, pairs: dict(pairs))
    assert ("MEMORY.md", 3) in fact_pairs.supersessions(_facts(files))  # the case under test: vetoed


@pytest.mark.parametrize("edits", [1, 3])
def test_an_edit_beside_a_vetoed_pair_repairs_only_its_own_lines(
    monkeypatch: pytest.MonkeyPatch, edits: int
) -> None:
    from mdrecall.knowledge.changes import change_pairs
    from mdrecall.knowledge.changes.fact_pairs import supersessions, supersessions_update

    files = dict([TEACHER, DEPARTURE, *OTHERS, MOVES, (EDITED, "# Garden\n\n- Tomatoes by the fence.\n")])
    pairs = supersessions(_facts(files))
    assert len(pairs) >= 3  # the moves paired
    evaluated: list[int] = []
    real = change_pairs.evaluate

    def counted(state, lines):  # type: ignore[no-untyped-def]
        evaluated.extend(lines)
        return real(state, lines)

    monkeypatch.setattr(change_pairs, "evaluate", counted)
    supersessions(_facts(files))
    assert len(evaluated) >= 3  # a pairing anew evaluates every change line (the moves)
    for k in range(edits):  # each edit from the update before it
        files[EDITED] += f"- Basil seedlings potted, tray {k}.\n"
        facts = _facts(files)
        evaluated.clear()
        pairs = supersessions_update(facts, pairs, {EDITED})
        assert len(evaluated) <= 1  # the edited file's own lines (not one change line more)
        monkeypatch.setattr(change_pairs, "evaluate", real)
        assert pairs == supersessions(facts)  # (pairing anew: every change line)
        monkeypatch.setattr(change_pairs, "evaluate", counted)
