"""What the change lines' pass costs a candidate pair (fault round 12: 20,000 rota lines, ~12 candidates a
line): the cheap tests that only reject come first, and the value tests read each side once."""

from __future__ import annotations

import random

import pytest

from mdrecall.knowledge import change_candidate
from mdrecall.knowledge.change_pairs import change_pass
from mdrecall.knowledge.facts import line_facts
from mdrecall.knowledge.value_kinds import KINDS, values_differ


def _costly(*_args: object, **_kwargs: object) -> bool:
    raise AssertionError("a costly test read for a line said again")


def test_a_line_said_again_is_rejected_before_the_costly_tests(monkeypatch: pytest.MonkeyPatch) -> None:
    # the same handover written again further down a page states nothing new: it is rejected before the
    # phrase and value tests (each line of a long rota was weighed through them against its repeats)
    text = "# Allotment\n\n" + "".join(
        "- Brannock takes over the greenhouse watering from Odile\n" for _ in range(4)
    )
    facts = line_facts("memory/notes/allotment.md", text, None)
    monkeypatch.setattr(change_candidate, "modified", _costly)
    monkeypatch.setattr(change_candidate, "confirms", _costly)
    state = change_pass(facts, {})
    assert not state.pairs
    assert all(state.kind)  # (change lines, whose candidates were weighed)


def _reference(old: set[str], new: set[str], kinds: str) -> bool:
    return any(
        any(s.startswith(k) for s in new - old) and any(s.startswith(k) for s in old - new) for k in kinds
    )


def test_values_differ_reads_as_the_slot_by_slot_test() -> None:
    rng = random.Random(11)
    pool = [f"{k}:{v}" for k in KINDS for v in ("a", "b", "c")]
    for _ in range(3000):
        old = set(rng.sample(pool, rng.randrange(0, 6)))
        new = set(rng.sample(pool, rng.randrange(0, 6)))
        kinds = "".join(rng.sample(KINDS, rng.randrange(0, len(KINDS) + 1)))
        assert values_differ(old, new, kinds) == _reference(old, new, kinds)
        assert values_differ(old, new) == _reference(old, new, KINDS)
