"""The rules' candidates read line by line (:class:`CandidateIndex`): one newer line's candidates and one
older line's degree are those of every line's candidates (:func:`candidates`), so that an update of the
cross-encoder's bound reads only the lines it bounds and the degrees of their older lines."""

from __future__ import annotations

import random

import pytest

from mdrecall.knowledge.changes import cross_candidates, pair_candidates
from mdrecall.knowledge.changes.pair_candidates import CandidateIndex, candidates, written
from mdrecall.knowledge.fact_lines.facts import Fact, line_facts

_THINGS = (
    "kiln",
    "glaze order",
    "pottery van",
    "studio rent",
    "clay supplier",
    "wheel repair",
    "gallery slot",
)
_PEOPLE = ("Wenna Podolsk", "Auberon Tiwari", "Saskia Lund", "Iolo Brandt")


def _workspace(days: int = 50) -> list[Fact]:
    rng = random.Random(5)
    facts = line_facts(
        "MEMORY.md",
        "# Memory\n\n" + "".join(f"- The {t} is looked after by {rng.choice(_PEOPLE)}\n" for t in _THINGS),
        None,
    )
    for d in range(days):
        day = f"2033-{d // 28 + 2:02d}-{d % 28 + 1:02d}"
        lines = [
            f"- The {rng.choice(_THINGS)} moved to {rng.choice(_PEOPLE)} at {rng.randrange(7, 19)}:00"
            for _ in range(rng.randrange(2, 6))
        ]
        facts += line_facts(f"memory/{day}.md", f"# {day}\n\n" + "\n".join(lines) + "\n", day)
    return facts


def _extra(facts: list[Fact]) -> dict[tuple[str, int], tuple[str, int]]:
    order = sorted(facts, key=written)
    rng = random.Random(8)
    out = {}
    for _ in range(20):
        a, b = sorted(rng.sample(range(len(order)), 2))
        out[(order[a].path, order[a].line)] = (order[b].path, order[b].line)
    return out


def test_one_lines_candidates_and_degree_are_every_lines() -> None:
    facts = _workspace()
    extra = _extra(facts)
    every = candidates(facts, extra)
    degree: dict[int, int] = {}
    mine: dict[int, list[int]] = {}
    for i, j, _ in every.pairs:
        degree[i] = degree.get(i, 0) + 1
        mine.setdefault(j, []).append(i)
    assert max(degree.values()) > pair_candidates.LOOK // 2  # a standing line read past its words' windows
    index = CandidateIndex(facts, extra)
    assert index.candidates() == every
    fresh = CandidateIndex(facts, extra)  # nothing read yet: each degree reads only the lines it needs
    for i in range(len(every.order)):
        assert fresh.degree(i) == degree.get(i, 0)
    for j in range(len(every.order)):
        tops = [i for _, i in index.top(j)]
        assert set(tops) <= set(mine.get(j, []))


def test_an_update_reads_the_candidates_of_the_lines_it_bounds_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    facts = _workspace(80)
    read: set[int] = set()
    real = CandidateIndex.top

    def counted(self: CandidateIndex, j: int) -> list[tuple[float, int]]:
        read.add(j)
        return real(self, j)

    monkeypatch.setattr(CandidateIndex, "top", counted)
    monkeypatch.setattr(cross_candidates, "WINDOW", 40)
    changed = {facts[-1].path}
    got = cross_candidates.bounded_pairs(facts, {}, changed=changed)
    assert got.pairs and got.context is not None
    assert 0 < len(read) < len(facts)
    every = candidates(facts, {})
    degree: dict[int, int] = {}
    for i, _, _ in every.pairs:
        degree[i] = degree.get(i, 0) + 1
    for i, _ in got.pairs:
        assert got.context.degree.get(i, 0) == degree.get(i, 0)


_SEEDED = """
import hashlib, sys
sys.path.insert(0, {tests!r})
from test_pair_candidate_index import _workspace
from mdrecall.knowledge.changes.pair_candidates import candidates
got = candidates(_workspace(120))
print(hashlib.sha256(repr(sorted((i, j) for i, j, _ in got.pairs)).encode()).hexdigest())
"""


def test_the_candidates_do_not_hang_on_the_string_hash_seed() -> None:
    # a line's candidates are ranked by the IDF summed over the words it shares with each, a set: summed in
    # the set's order, which the string hash seed sets, sums of the same words differed in the last bit and
    # ties at the last place kept fell either way from one process to the next
    import os
    import subprocess
    import sys
    from pathlib import Path

    code = _SEEDED.format(tests=str(Path(__file__).parent))
    env = dict(os.environ)
    got = set()
    for seed in ("1", "2", "3", "4", "5", "6"):
        env["PYTHONHASHSEED"] = seed
        done = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        got.add(done.stdout.strip())
    assert len(got) == 1
