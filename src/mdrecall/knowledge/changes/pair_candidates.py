"""Candidate (older, newer) line pairs for the learned supersession scorer
(:mod:`mdrecall.knowledge.changes.pair_model`). Pure.

Wider than the rules' own candidates: each fact line *N* is paired with the earlier lines *O* (written
before it: :func:`~mdrecall.knowledge.changes.change_rules.written_before`) that share one of N's rarer words
(a stem of its words, its names included), whatever N's wording. Bounded per line, so a page of any length
stays linear:

* N looks up at most :data:`PROBES` of its words, the rarest that at least one other line holds;
* each look-up reads at most :data:`LOOK` lines of that word's postings: the nearest ones written before
  N and the oldest ones (a standing fact in ``MEMORY.md`` or a page comes first in the writing order);
* N keeps its :data:`PER_LINE` best candidates by the IDF of the words they share (summed exactly: the
  same whatever the set's order, a process's string hash seed).

The lines are numbered in their writing order (undated first, then by day), so the lines written before N
are a prefix of each posting list, found by bisection.

:class:`CandidateIndex` reads them line by line: one newer line's candidates, and one older line's degree
(how many newer lines have it as a candidate: only the lines whose look-ups can read it are read), the same
as :func:`candidates` of every line gives; the cross-encoder's bound after an edit of a few files reads only
the lines it bounds (:mod:`mdrecall.knowledge.changes.cross_candidates`).
"""

from __future__ import annotations

import bisect
import math
import re
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from mdrecall.knowledge.fact_lines.fact_values import stem
from mdrecall.knowledge.fact_lines.facts import Fact
from mdrecall.text.stopwords import STOP_WORDS

__all__ = [
    "LOOK",
    "PER_LINE",
    "PROBES",
    "CandidateIndex",
    "Candidates",
    "Key",
    "candidates",
    "line_words",
    "written",
]

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
    return CandidateIndex(facts, extra, per_line).candidates()


class CandidateIndex:
    """The lines' words, IDF and postings, from which any one newer line's candidates (:meth:`top`) and any
    one older line's degree (:meth:`degree`: how many newer lines have it as a candidate) are read without
    the candidates of every line: an update that bounds a few newer lines reads only theirs and the degrees
    of their older lines, the same as :func:`candidates` of every line gives. ``extra`` as there."""

    def __init__(
        self, facts: Sequence[Fact], extra: Mapping[Key, Key] | None = None, per_line: int = PER_LINE
    ) -> None:
        self.order = order = sorted(facts, key=written)
        self.words = words = [line_words(f) for f in order]
        self.per_line = per_line
        df: dict[str, int] = {}
        for ws in words:
            for w in ws:
                df[w] = df.get(w, 0) + 1
        self.df = df
        n = max(len(order), 1)
        self.idf = {w: math.log((n + 1) / c) for w, c in df.items()}
        self.postings: dict[str, list[int]] = {}
        for k, ws in enumerate(words):
            for w in ws:
                if df[w] > 1:
                    self.postings.setdefault(w, []).append(k)
        at = {(f.path, f.line): k for k, f in enumerate(order)} if extra else {}
        #: The rules' pairs as (older, newer) indexes, in ``extra``'s order.
        self.extra = [(at[o], at[m]) for o, m in (extra or {}).items() if o in at and m in at]
        self._top: dict[int, list[tuple[float, int]]] = {}
        self._probes: dict[int, list[str]] = {}
        # the lines written before each line (``written_before``) among those before it in the order: a
        # dated line's, those before its day's first line; an undated line's, its page's lines above it
        self._span: list[tuple[int, int]] = []
        day_at: dict[str, int] = {}
        page_at: dict[str, int] = {}
        line_at: dict[Key, int] = {}
        for k, f in enumerate(order):
            if f.day:
                self._span.append((0, day_at.setdefault(f.day[:10], k)))
            else:
                self._span.append((page_at.setdefault(f.path, k), line_at.setdefault((f.path, f.line), k)))

    def probes(self, j: int) -> list[str]:
        """The words line ``j`` looks up: its :data:`PROBES` rarest that another line holds."""
        got = self._probes.get(j)
        if got is None:
            df = self.df
            got = self._probes[j] = sorted((w for w in self.words[j] if df[w] > 1), key=lambda w: (df[w], w))[
                :PROBES
            ]
        return got

    def top(self, j: int) -> list[tuple[float, int]]:
        """Line ``j``'s candidates as (the IDF of the words shared, older index), best first (read once)."""
        got = self._top.get(j)
        if got is not None:
            return got
        words, idf, ws = self.words, self.idf, self.words[j]
        half = LOOK // 2
        seen: set[int] = set()
        for w in self.probes(j):
            post = self.postings[w]
            end = bisect.bisect_left(post, j)
            near = post[max(0, end - half) : end]
            first = post[: min(half, max(0, end - half))]
            seen.update(near)
            seen.update(first)
        lo, hi = self._span[j]
        # summed exactly (``fsum``): a plain sum runs in the set's order, which the string hash seed sets, and
        # its last bit decided ties at the last place kept from one process to the next
        scored = [(-math.fsum(map(idf.__getitem__, words[i] & ws)), -i) for i in seen if lo <= i < hi]
        scored.sort()
        got = self._top[j] = [(-s, -i) for s, i in scored[: self.per_line]]
        return got

    def degree(self, i: int) -> int:
        """How many newer lines have line ``i`` among their candidates (the rules' pairs included), as
        :func:`candidates` of every line counts: only the lines that can read ``i`` in one of their look-ups
        are read (a word's postings past ``i``: all of them where ``i`` is among its first ``LOOK // 2``,
        else the next ``LOOK // 2``)."""
        half = LOOK // 2
        readers: set[int] = set()
        for w in self.words[i]:
            post = self.postings.get(w)
            if post is None:
                continue
            pos = bisect.bisect_left(post, i)
            stop = len(post) if pos < half else pos + half + 1
            readers.update(j for j in post[pos + 1 : stop] if w in self.probes(j))
        count = sum(1 for j in readers if any(k == i for _, k in self.top(j)))
        for o, m in self.extra:
            if o == i and not any(k == i for _, k in self.top(m)):
                count += 1
        return count

    def candidates(self) -> Candidates:
        """Every line's candidate pairs (:func:`candidates`)."""
        pairs: list[tuple[int, int, float]] = []
        for j in range(len(self.order)):
            pairs.extend((i, j, s) for s, i in self.top(j))
        have = {(i, j) for i, j, _ in pairs}
        words, idf = self.words, self.idf
        for i, j in self.extra:
            if (i, j) not in have:
                pairs.append((i, j, math.fsum(idf[w] for w in words[i] & words[j])))
                have.add((i, j))
        return Candidates(self.order, self.words, self.idf, pairs)
