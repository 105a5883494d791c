"""What the change lines' pass costs a candidate pair (fault round 12: 20,000 rota lines, ~12 candidates a
line): the cheap tests that only reject come first, and the value tests read each side once."""

from __future__ import annotations

import random

import pytest

from mdrecall.knowledge.changes import change_candidate
from mdrecall.knowledge.changes.change_pairs import change_pass
from mdrecall.knowledge.fact_lines.facts import line_facts
from mdrecall.knowledge.fact_lines.value_kinds import KINDS, values_differ


def _costly(*_args: object, **_kwargs: object) -> bool:
    raise AssertionError("a costly test read for a line said again")


def test_a_line_said_again_is_rejected_before_the_costly_tests(monkeypatch: pytest.MonkeyPatch) -> None:
    # the same handover written again further down a page states nothing new: it is rejected before the
    # phrase and value tests (each line of a long rota was weighed through them against its repeats)
    text = "# Allotment\n\n" + "".join(
        "- Brannock takes over the greenhouse watering from Odile\n" for _ in range(4)
    )
    facts = line_facts("memory/notes/allotment.md", text, None)
    monkeypatch.setattr(change_candidate, "modified_stems", _costly)
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


_CREW = ("Ysolde Marrak", "Tobiah Fenn", "Carys Olowe", "Dagny Vetch")


def _orchard(rounds: int) -> list[str]:
    return [
        f"- {_CREW[(k + 1) % 4]} takes over the orchard pruning from {_CREW[k % 4]}"
        for k in range(4 * rounds)
    ]


def test_a_line_telling_more_of_a_change_weighs_no_other_candidate(monkeypatch: pytest.MonkeyPatch) -> None:
    # a handover written again tells more of the older one's change and supersedes nothing: once that is
    # found, the line's other candidates are not weighed (a long rota weighed each of them through every
    # test)
    from mdrecall.knowledge.changes import change_pairs

    real = change_pairs.candidate
    late: list[tuple[int, int]] = []

    def counted(state: change_pairs.ChangeState, i: int, j: int, new_slots: set[str]) -> bool | None:
        if state.continued == j:
            late.append((i, j))
        return real(state, i, j, new_slots)

    monkeypatch.setattr(change_pairs, "candidate", counted)
    facts = line_facts("memory/notes/orchard.md", "# Orchard\n\n" + "\n".join(_orchard(4)) + "\n", None)
    state = change_pass(facts, {})
    assert state.continues  # (lines told more of: the case this is about)
    assert not late


def test_a_rota_edited_line_by_line_pairs_as_anew() -> None:
    # a change line found telling more of an older line's change records that line only: removing or
    # editing any line of the page still gives the pairs of pairing anew
    from mdrecall.knowledge.changes.fact_pairs import supersessions, supersessions_update

    path = "memory/notes/orchard.md"
    lines = [*_orchard(3), "- Carys Olowe takes over the orchard pruning from Dagny Vetch from March"]
    base = supersessions(line_facts(path, "# Orchard\n\n" + "\n".join(lines) + "\n", None))
    for k in range(len(lines)):
        for edit in ([*lines[:k], *lines[k + 1 :]], [*lines[:k], lines[k] + " today", *lines[k + 1 :]]):
            supersessions(line_facts(path, "# Orchard\n\n" + "\n".join(lines) + "\n", None))  # the last pass
            facts = line_facts(path, "# Orchard\n\n" + "\n".join(edit) + "\n", None)
            assert supersessions_update(facts, base, {path}) == supersessions(facts)


def test_the_attribute_rule_reads_a_line_s_words_once() -> None:
    # a line's subject and values are read again for each line it is weighed against: kept, one frozen set
    from mdrecall.knowledge.changes.fact_pairs import _words

    assert _words("quince pruning owner") is _words("quince pruning owner")
    assert _words("quince pruning owner") == {"quince", "pruning", "owner"}
    assert _words("") == frozenset()


def test_an_undated_line_tries_the_nearest_lines_above_it_per_key() -> None:
    # the mask of an undated line's candidates: of one key's lines, its page's nearest above it and the
    # other pages' nearest, none paired already, none below it on its page
    import numpy as np

    from mdrecall.knowledge.changes.line_postings import NEAREST, Keep

    text = "# Bees\n\n" + "".join(f"- hive {k} inspected by Wenna Cole\n" for k in range(30))
    facts = line_facts("memory/notes/bees.md", text, None) + line_facts(
        "memory/notes/other.md", "# o\n\n" + "".join(f"- hive {k} moved by Wenna\n" for k in range(12)), None
    )
    paired = bytearray(len(facts))
    paired[20] = 1
    kept = Keep(facts, paired).for_undated(facts[25])
    found = np.arange(len(facts))
    got = set(found[kept(found)].tolist())
    above = [k for k in range(25) if k != 20][-NEAREST:]
    assert got == set(above) | set(range(30, 42)[-NEAREST:])


def test_a_change_line_s_own_readings_are_kept_across_its_candidates() -> None:
    # asked of a change line once per candidate: read once ("takes over" passes the cheap substring test)
    from mdrecall.knowledge.changes.change_rules import _ends_named, _near_end
    from mdrecall.knowledge.dates.event_days import as_usual

    line = "Ffion takes over the ferry timetable, no more Brackwater shuttles"
    _near_end.cache_clear()
    for _ in range(3):
        assert _ends_named(line, {"c:brackwater"})
        assert not _ends_named(line, {"c:ffion"})
    assert _near_end.cache_info().misses == 1
    assert as_usual("ferry late again, as usual") and not as_usual("Ffion takes over the ferry timetable")
