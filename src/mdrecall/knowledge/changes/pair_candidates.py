"""Candidate (older, newer) line pairs for the learned supersession scorer
(:mod:`mdrecall.knowledge.changes.pair_model`). Pure.

Wider than the rules' own candidates: each fact line *N* is paired with the earlier lines *O* (written
before it: :func:`~mdrecall.knowledge.changes.change_rules.written_before`) that share one of N's rarer words
(a stem of its words, its names included), whatever N's wording. Bounded per line, so a page of any length
stays linear:

* N looks up at most :data:`PROBES` of its words, the rarest that at least one other line holds;
* each look-up reads at most :data:`LOOK` lines of that word's postings: the nearest ones written before
  N and the oldest ones (a standing fact in ``MEMORY.md`` or a page comes first in the writing order);
* N keeps its :data:`PER_LINE` best candidates by the IDF of the words they share.

The lines are numbered in their writing order (undated first, then by day), so the lines written before N
are a prefix of each posting list, found by bisection.
"""

from __future__ import annotations

import bisect
import math
import re
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from mdrecall.knowledge.changes.change_rules import written_before
from mdrecall.knowledge.fact_lines.fact_values import stem
from mdrecall.knowledge.fact_lines.facts import Fact
from mdrecall.text.stopwords import STOP_WORDS

__all__ = ["LOOK", "PER_LINE", "PROBES", "Candidates", "Key", "candidates", "line_words", "written"]

Key = tuple[str, int]

#: Words of a newer line looked up.
PROBES = 4
#: Lines of one word's postings read per look-up (half the nearest before the line, half the oldest).
LOOK = 24
#: Candidates kept per newer line.
PER_LINE = 6

_TOKEN = re.compile(r"[A-Za-z][A-Za-z'’-]+|\d+(?:[.:]\d+)?")


def line_words(f: Fact) -> frozenset[str]:
    """A line's content words as stems (no stop words, no one-letter words)."""
    out = set()
    for m in _TOKEN.finditer(f.words):
        w = m.group()
        if len(w) < 2 or w.lower() in STOP_WORDS:
            continue
        out.add(stem(w))
    return frozenset(out)


class Candidates(NamedTuple):
    """The lines in writing order, their words and each word's IDF, and the candidate pairs: each an
    (older, newer) pair of indexes into ``order`` with the IDF sum of the words they share."""

    order: list[Fact]
    words: list[frozenset[str]]
    idf: dict[str, float]
    pairs: list[tuple[int, int, float]]


def written(f: Fact) -> tuple[str, str, int]:
    """The writing order's key of a line: its day (undated first), path and line."""
    return (f.day[:10] if f.day else "", f.path, f.line)


def candidates(
    facts: Sequence[Fact], extra: Mapping[Key, Key] | None = None, per_line: int = PER_LINE
) -> Candidates:
    """The candidate pairs of ``facts`` (see the module's docstring). ``extra``: (path, line) of an older
    line → of a newer one, candidates too (the rules' pairs), kept whatever their score."""
    order = sorted(facts, key=written)
    words = [line_words(f) for f in order]
    df: dict[str, int] = {}
    for ws in words:
        for w in ws:
            df[w] = df.get(w, 0) + 1
    n = max(len(order), 1)
    idf = {w: math.log((n + 1) / c) for w, c in df.items()}
    postings: dict[str, list[int]] = {}
    for k, ws in enumerate(words):
        for w in ws:
            if df[w] > 1:
                postings.setdefault(w, []).append(k)
    pairs: list[tuple[int, int, float]] = []
    half = LOOK // 2
    for j, ws in enumerate(words):
        probes = sorted((w for w in ws if df[w] > 1), key=lambda w: (df[w], w))[:PROBES]
        seen: set[int] = set()
        for w in probes:
            post = postings[w]
            end = bisect.bisect_left(post, j)
            near = post[max(0, end - half) : end]
            first = post[: min(half, max(0, end - half))]
            seen.update(near)
            seen.update(first)
        new = order[j]
        scored = []
        for i in seen:
            if not written_before(order[i], new):
                continue
            shared = words[i] & ws
            scored.append((sum(idf[w] for w in shared), i))
        scored.sort(key=lambda t: (-t[0], -t[1]))
        pairs.extend((i, j, s) for s, i in scored[:per_line])
    have = {(i, j) for i, j, _ in pairs}
    at = {(f.path, f.line): k for k, f in enumerate(order)} if extra else {}
    for older, newer in (extra or {}).items():
        if older not in at or newer not in at:
            continue
        i, j = at[older], at[newer]
        if (i, j) not in have:
            pairs.append((i, j, sum(idf[w] for w in words[i] & words[j])))
            have.add((i, j))
    return Candidates(order, words, idf, pairs)
