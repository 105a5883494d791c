"""Which line pairs the supersession cross-encoder (:mod:`mdrecall.knowledge.changes.cross_pairs`) reads:
bounded, so that a workspace costs a few pairs a note. Pure but for the static model's vectors.

For each newer fact line *N* written on a day, its candidate older lines are

* the rules' candidates (:func:`mdrecall.knowledge.changes.pair_candidates.candidates`: lines sharing N's
rarer
  words, and the rules' own pairs), and
* its :data:`NEAREST` nearest lines by the static tier's vectors (:mod:`mdrecall.embedders.static`) among the
  :data:`WINDOW` lines written last before N's day (undated lines first in the writing order), found by
  blocked products of normalised float32 vectors: ``lines × WINDOW`` work, never ``lines²``;

of these, N keeps its :data:`KEEP` nearest by the same cosine, and of those only the older lines the rules
leave unpaired and written before N (undated, or of an earlier day). Measured on session 21's rows (left
out and blind): keeping each newer line's 3 nearest keeps 61 of 65 right additions of the blind corpora for
a third of the pairs.

After a sync that changed a few files only some newer lines are bounded (``changed``, :func:`searched`):
the changed files' own, and the :data:`NEAREST` later lines each changed line is nearest to (a line can be
written earlier in time than an unchanged newer line it becomes a candidate of); the other newer lines'
decisions are kept (:mod:`mdrecall.knowledge.changes.cross_state`).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import NamedTuple

import numpy as np

from mdrecall.knowledge.changes.pair_candidates import CandidateIndex, Candidates, written
from mdrecall.knowledge.changes.pair_features import PairContext
from mdrecall.knowledge.fact_lines.fact_values import capitalised_names, stem
from mdrecall.knowledge.fact_lines.fact_words import DIGIT, MONTHS, WEEKDAY
from mdrecall.knowledge.fact_lines.facts import Fact

__all__ = [
    "KEEP",
    "NEAREST",
    "WINDOW",
    "Bounded",
    "LineVectors",
    "bounded_pairs",
    "nearest_earlier",
    "nearest_later",
    "searched",
    "told_already",
    "top_rows",
]

Key = tuple[str, int]

#: Nearest earlier lines by the static vectors added to a newer line's candidates.
NEAREST = 10
#: Candidates a newer line keeps (by cosine), before the unpaired and written-before filters.
KEEP = 3
#: Lines written last before a newer line's day that its nearest lines are looked for among.
WINDOW = 8192
POSSESSIVE = re.compile(r"['’]s$")
#: Newer lines per block product.
_BLOCK = 256


class Bounded(NamedTuple):
    """The lines in writing order and the (older, newer) index pairs to score, newest newer line first; for
    each pair, the older line's rank among the newer line's kept candidates and how many it kept (what the
    stacker reads, :mod:`mdrecall.knowledge.changes.cross_pairs`); the rules' candidates as the pair features
    read them (``None`` where nothing is scored); the newer lines bounded (``None``: every line)."""

    order: list[Fact]
    pairs: list[tuple[int, int]]
    ranks: list[tuple[int, int]] = []
    context: PairContext | None = None
    searched: frozenset[Key] | None = None


class LineVectors:
    """The lines' normalised static vectors (of their words), embedded only for the rows asked
    (:meth:`need`): an update of a few files reads the windows its lines reach, not every line. The rows
    never asked are zeros (the array is allocated untouched: the pages of rows never written take no
    memory)."""

    def __init__(self, facts: Sequence[Fact]) -> None:
        from mdrecall.embedders.static import StaticEmbedder

        self.facts, self.embedder = facts, StaticEmbedder()
        self.done = np.zeros(len(facts), dtype=bool)
        self.vec = np.zeros((len(facts), 256), dtype=np.float32)

    def need(self, rows: np.ndarray | Sequence[int]) -> None:
        """Embed the rows of ``rows`` not embedded yet."""
        idx = np.asarray(rows, dtype=np.intp)
        idx = idx[~self.done[idx]] if idx.size else idx
        if not idx.size:
            return
        idx = np.unique(idx)
        vec = np.asarray(self.embedder.embed_documents([self.facts[i].words for i in idx]), dtype=np.float32)
        norm = np.linalg.norm(vec, axis=1, keepdims=True)
        self.vec[idx] = vec / np.where(norm > 0, norm, 1)
        self.done[idx] = True

    def need_spans(self, spans: Iterable[tuple[int, int]]) -> None:
        """Embed the rows of the spans [start, stop) (merged first: each row once)."""
        mark = np.zeros(len(self.facts) + 1, dtype=np.int32)
        for a, b in spans:
            if b > a:
                mark[max(a, 0)] += 1
                mark[min(b, len(self.facts))] -= 1
        self.need(np.flatnonzero(np.cumsum(mark[:-1]) > 0))


def _vectors(facts: Sequence[Fact]) -> LineVectors | None:
    """The lines' vectors, none embedded yet, or ``None`` without the static model."""
    try:
        vectors = LineVectors(facts)
        vectors.need(np.zeros(0, dtype=np.intp))
        vectors.embedder.load()
    except (ImportError, OSError, ValueError, KeyError):
        return None
    return vectors


def nearest_earlier(
    vec: np.ndarray, ends: Sequence[int], queries: Sequence[int], k: int
) -> dict[int, list[int]]:
    """For each of ``queries`` (rows of ``vec``, ``ends`` ascending with them), the ``k`` rows of highest
    cosine among the :data:`WINDOW` rows before ``ends[q]`` (the first row it may not pair with). Blocked:
    a block of at most :data:`_BLOCK` queries whose windows span at most ``2 × WINDOW`` rows is multiplied
    with that span once (memory: ``_BLOCK × 2 × WINDOW`` floats)."""
    out: dict[int, list[int]] = {}
    start = 0
    while start < len(queries):
        lo = max(0, ends[queries[start]] - WINDOW)
        stop = start + 1
        while stop < len(queries) and stop - start < _BLOCK and ends[queries[stop]] - lo <= 2 * WINDOW:
            stop += 1
        block = list(queries[start:stop])
        start = stop
        hi = ends[block[-1]]
        if hi <= lo:
            continue
        sims = vec[block] @ vec[lo:hi].T
        for r, q in enumerate(block):
            a = max(lo, ends[q] - WINDOW)  # its window: the rows [a, ends[q]), a slice of the block's span
            top = top_rows(sims[r, a - lo : ends[q] - lo], k)
            if top.size:
                out[q] = [int(a + i) for i in top]
    return out


def top_rows(row: np.ndarray, k: int) -> np.ndarray:
    """The indexes of ``row``'s ``k`` highest values, highest first, the lower index first on a tie (as a
    stable sort of the whole row): one partition, then a sort of the few at or above the k-th value."""
    n = min(k, row.size)
    if n <= 0:
        return np.zeros(0, dtype=np.intp)
    kth = row[np.argpartition(-row, n - 1)[n - 1]]
    idx = np.flatnonzero(row >= kth)
    return idx[np.lexsort((idx, -row[idx]))][:n]


def _named(words: str) -> frozenset[str]:
    """The stems of the names a line's words hold (capitalised words; not a weekday, a month or a number)."""
    out = set()
    for w in capitalised_names(words):
        w = POSSESSIVE.sub("", w)
        if w and not DIGIT.search(w) and not WEEKDAY.fullmatch(w) and w not in MONTHS:
            out.add(stem(w))
    return frozenset(out)


def told_already(old: Fact, new: Fact) -> bool:
    """Does the undated ``old`` line name every name (two or more) the newer line names? A page line naming
    both the old and the new value ("Veg: Rowan Farm since May (Hill Greens before that)") was written
    after the change it tells, whatever its place in the writing order: it is no older than the log line
    that made the change ("Hill Greens is out; Rowan Farm does the veg from Monday")."""
    if old.day:
        return False
    names = _named(new.words)
    if len(names) < 2:
        return False
    held = {stem(POSSESSIVE.sub("", w)) for w in old.words.lower().split()} | set(old.context.split())
    return names <= held


def bounded_pairs(
    facts: Sequence[Fact],
    rules: Mapping[Key, Key],
    skip: Collection[Key] = (),
    changed: Collection[str] | None = None,
    pending: Collection[Key] = (),
) -> Bounded:
    """The pairs to score (see the module's docstring). ``rules``: the rules' pairing (older → newer);
    ``skip``: older lines not to score either. ``changed``: the files changed since the last pairing, whose
    decisions for the other newer lines are kept (:mod:`mdrecall.knowledge.changes.cross_pairs`): only the
    newer lines :func:`searched` gives are bounded (``None``: every line), and the newer lines ``pending``."""
    order = sorted(facts, key=written)
    if not order:
        return Bounded(order, [])
    vectors = _vectors(order)
    if vectors is None:
        return Bounded(order, [])
    vec = vectors.vec
    days = [f.day[:10] if f.day else "" for f in order]
    ends: list[int] = []  # each line's first line of its day (the lines before it were written before)
    first: dict[str, int] = {}
    for i, d in enumerate(days):
        ends.append(first.setdefault(d, i))
    index = CandidateIndex(facts, rules)
    # every line's candidates where every line is bounded; else only the bounded lines' (the pair features'
    # degrees of their older lines read from the index: the same counts)
    cands = index.candidates() if changed is None else None
    if changed is None:
        vectors.need(np.arange(len(order)))
        news = [j for j, d in enumerate(days) if d]
    else:
        again = set(pending)
        extra = [j for j, f in enumerate(order) if days[j] and (f.path, f.line) in again] if again else []
        news = sorted(set(searched(order, vectors, ends, changed)) | set(extra))
        vectors.need_spans([(ends[q] - WINDOW, ends[q]) for q in news] + [(q, q + 1) for q in news])
    near = nearest_earlier(vec, ends, news, NEAREST)
    by_new: dict[int, set[int]] = {}
    if cands is not None:
        for i, j, _ in cands.pairs:
            by_new.setdefault(j, set()).add(i)
    else:
        for j in news:
            by_new.setdefault(j, set()).update(i for _, i in index.top(j))
        bounding = set(news)
        for i, j in index.extra:
            if j in bounding:
                by_new.setdefault(j, set()).add(i)
    for j, olds in near.items():
        by_new.setdefault(j, set()).update(olds)
    if changed is not None:
        vectors.need([i for olds in by_new.values() for i in olds])
    paired = set(rules) | set(skip)
    out: list[tuple[int, int]] = []
    ranks: list[tuple[int, int]] = []
    for j in sorted(by_new, key=lambda j: (days[j], j), reverse=True):
        if not days[j]:
            continue
        olds = sorted(by_new[j], key=lambda i: (-float(vec[i] @ vec[j]), i))[:KEEP]
        for rank, i in enumerate(olds):
            o = order[i]
            if (o.path, o.line) in paired or (days[i] and days[i] >= days[j]) or told_already(o, order[j]):
                continue
            out.append((i, j))
            ranks.append((rank, len(olds)))
    searched_keys = None if changed is None else frozenset((order[j].path, order[j].line) for j in news)
    return Bounded(order, out, ranks, _context(index, cands, rules, out) if out else None, searched_keys)


def searched(
    order: Sequence[Fact], vectors: LineVectors, ends: Sequence[int], changed: Collection[str]
) -> list[int]:
    """The newer lines (dated rows of ``order``, ascending) bounded anew after the files ``changed``
    changed: their own lines, and the :data:`NEAREST` lines each changed line is nearest to among the
    lines whose window holds it (:func:`nearest_later`: a line written earlier in time can be a nearest
    older line of an unchanged newer one). Embeds only the rows those windows read."""
    rows = [k for k, f in enumerate(order) if f.path in changed]
    spans = [(bisect.bisect_right(ends, r), bisect.bisect_right(ends, r + WINDOW)) for r in rows]
    vectors.need_spans([*spans, *((r, r + 1) for r in rows)])
    vec = vectors.vec
    news = {k for k in rows if order[k].day}
    for found in nearest_later(vec, ends, rows, NEAREST).values():
        news.update(found)
    return sorted(news)


def nearest_later(vec: np.ndarray, ends: Sequence[int], rows: Sequence[int], k: int) -> dict[int, list[int]]:
    """For each of ``rows``, the ``k`` rows of highest cosine among the rows whose window
    (:func:`nearest_earlier`) holds it: the rows ``j`` with ``ends[j] - WINDOW <= r < ends[j]``, a run of
    rows since ``ends`` ascends. ``len(rows) × (WINDOW + a day's lines)`` work."""
    out: dict[int, list[int]] = {}
    for r in rows:
        a = bisect.bisect_right(ends, r)  # the first row whose window starts past r's day
        b = bisect.bisect_right(ends, r + WINDOW)  # past the last whose window still holds r
        if b <= a:
            continue
        top = top_rows(vec[a:b] @ vec[r], k)
        if top.size:
            out[r] = [int(a + i) for i in top]
    return out


def _context(
    index: CandidateIndex,
    cands: Candidates | None,
    rules: Mapping[Key, Key],
    pairs: Sequence[tuple[int, int]],
) -> PairContext:
    """The rules' candidates as :func:`~mdrecall.knowledge.changes.pair_features.pair_features` reads them (as
    :func:`mdrecall.knowledge.changes.pair_model.pair_rows` builds them): each older line's degree counted
    from every line's candidates ``cands``, or without them read from ``index`` for the older lines of
    ``pairs`` (the only ones the features read)."""
    at = {(f.path, f.line): k for k, f in enumerate(index.order)}
    ctx = PairContext(
        index.order, index.words, index.idf, {at[o]: at[n] for o, n in rules.items() if o in at and n in at}
    )
    if cands is not None:
        for i, _, _ in cands.pairs:
            ctx.degree[i] = ctx.degree.get(i, 0) + 1
    else:
        for i in sorted({i for i, _ in pairs}):
            got = index.degree(i)
            if got:
                ctx.degree[i] = got
    return ctx
