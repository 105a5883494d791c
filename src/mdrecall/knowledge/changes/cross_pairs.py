"""The supersession cross-encoder's pairs beside the rules'
(:func:`mdrecall.knowledge.changes.fact_pairs.learned`).

For each older line the rules leave unpaired, its best-scoring newer line among the bounded candidates
(:func:`mdrecall.knowledge.changes.cross_candidates.bounded_pairs`) is added where the **stacker** gives it at
least its threshold: a logistic regression over the rules' own pair features
(:data:`~mdrecall.knowledge.changes.pair_features.FEATURES`) and the cross-encoder's
(:mod:`mdrecall.knowledge.changes.cross_model`) logit, fitted on scores each tuned set got from a model that
never saw it (``data/sup_stack_model.npz``, ``benchmarks/sup_stack_eval.py``; left out it adds half the wrong
pairs the cross-encoder alone does). Without that file: the cross-encoder alone at p ≥ :data:`ADD`.

Each pair's p is cached in the store (:class:`CrossScoreStore`) by a digest of the two input strings and the
model file's digest, so that a re-index or a views rebuild scores only new pairs. A pairing scores at most
``budget`` new pairs, newest newer lines first; :attr:`CrossPairing.left` counts the pairs it left unscored
(scored by a later pairing: :func:`mdrecall.knowledge.changes.superseded.refresh_superseded`).

A pairing after a sync that changed a few files continues from the last one's decisions
(:meth:`CrossPairing.resume`, :mod:`mdrecall.knowledge.changes.cross_state`): only the newer lines those files
reach are bounded, scored and decided; the other decisions stand (each older line keeps its best p).
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Protocol, runtime_checkable

from mdrecall.knowledge.changes.cross_candidates import Bounded, bounded_pairs
from mdrecall.knowledge.changes.cross_model import CrossEncoder, side
from mdrecall.knowledge.changes.cross_state import Decided
from mdrecall.knowledge.changes.pair_features import FEATURES, pair_features
from mdrecall.knowledge.changes.pair_model import Model, load
from mdrecall.knowledge.fact_lines.facts import Fact
from mdrecall.stores.views import Supersession

__all__ = [
    "ADD",
    "BUDGET",
    "DRIFT",
    "STACK_FILE",
    "CrossPairing",
    "CrossScoreStore",
    "LineTexts",
    "pair_key",
    "stacker",
    "without_cross",
]

Key = tuple[str, int]

#: p at which a pair is added by the cross-encoder alone (without the stacker's file).
ADD = 0.99
#: The stacker's weights (its features: the pair features and ``cross_logit``).
STACK_FILE = Path(__file__).parents[1] / "data" / "sup_stack_model.npz"
#: The stacker's columns.
STACK_FEATURES = (*FEATURES, "cross_logit")
#: New pairs one pairing scores at most (~10 ms of CPU each: ~10 s), newest newer lines first.
BUDGET = 1000

#: The share of the lines that changed files may hold, in all, across the pairings that each bound only the
#: newer lines their changed files reach, before one bounds every line again. A line's bound and the pair
#: features read every line's words (their IDF, how many newer lines an older one is a candidate of), so a
#: pair decided before drifts a little from what a pairing of every line decides (1 of 103 decisions of the
#: 1,000 generated notes after 11 files edited: ``benchmarks/sup_cross_speed.py --check``).
DRIFT = 0.1

#: The pairs this process's last :class:`CrossPairing` added (:func:`without_cross`).
_LAST: list[dict[Key, Supersession]] = []


@runtime_checkable
class CrossScoreStore(Protocol):
    """A store that caches the cross-encoder's scores."""

    def cross_scores(self, keys: Sequence[str]) -> dict[str, float]:
        """The cached p of each of ``keys`` held."""
        ...

    def put_cross_scores(self, scores: Sequence[tuple[str, float]]) -> None:
        """Cache the p of each (key, p)."""
        ...


class LineTexts(Protocol):
    """Reads lines' text back: (path, line) → the line (a store's ``line_texts``)."""

    def __call__(self, wanted: Sequence[Key]) -> dict[Key, str]: ...


def pair_key(digest: str, older: str, newer: str) -> str:
    """The cache key of a pair's two input strings under the model file ``digest``."""
    h = hashlib.blake2b(digest_size=16)
    for part in (digest, older, newer):
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\x00")
    return h.hexdigest()


class CrossPairing:
    """Adds the cross-encoder's pairs to a rules' pairing (called by
    :func:`~mdrecall.knowledge.changes.fact_pairs.learned`). ``texts`` reads the lines' text; ``cache``: the
    store's score cache (``None``: none kept); ``budget``: new pairs scored at most."""

    def __init__(
        self,
        model: CrossEncoder,
        texts: LineTexts,
        cache: CrossScoreStore | None = None,
        budget: int = BUDGET,
    ) -> None:
        self.model, self.texts, self.cache, self.budget = model, texts, cache, budget
        self.scored = self.cached = self.left = 0
        self.added: dict[Key, Supersession] = {}
        #: Every pair this pairing decided to add (:mod:`mdrecall.knowledge.changes.cross_state`).
        self.decided: list[Decided] = []
        #: Newer lines bounded by the last call (``None``: every line).
        self.searched: int | None = None
        #: Lines of changed files taken in since a pairing bounded every line (0: this one did).
        self.since = 0
        #: The newer lines whose pairs this pairing left past its budget.
        self.pending: list[Key] = []
        self._changed: frozenset[str] | None = None
        self._previous: list[Decided] = []
        self._pending: list[Key] = []

    def resume(
        self,
        previous: Sequence[Decided],
        changed: Collection[str],
        since: int = 0,
        pending: Sequence[Key] = (),
    ) -> None:
        """Continue from the pairing that decided ``previous``: only the newer lines the files ``changed``
        since reach are bounded and decided anew
        (:func:`~mdrecall.knowledge.changes.cross_candidates.searched`); the others' decisions are kept.
        ``since``: the lines of changed files the pairings since the last one of every line took in (past
        :data:`DRIFT` of the lines, every line is bounded again); ``pending``: the newer lines whose pairs the
        last pairing left past its budget (bounded again)."""
        self._previous, self._changed, self.since = list(previous), frozenset(changed), since
        self._pending = list(pending)

    def __call__(self, facts: Sequence[Fact], rules: Mapping[Key, Supersession]) -> dict[Key, Supersession]:
        """The pairs added to ``rules``."""
        _LAST.clear()
        self.scored = self.cached = self.left = 0
        self.pending = []
        changed = self._changed
        if changed is not None:
            self.since += sum(1 for f in facts if f.path in changed)
            if self.since >= DRIFT * len(facts):
                changed = None  # every line bounded anew: see DRIFT
        if changed is None:
            self.since = 0
        bounded = bounded_pairs(
            facts, {o: (s.path, s.line) for o, s in rules.items()}, changed=changed, pending=self._pending
        )
        self.searched = None if bounded.searched is None else len(bounded.searched)
        order = bounded.order
        keys, p = self._scores(bounded)
        at = {(f.path, f.line): k for k, f in enumerate(order)}
        passing = [(s, i, j) for (i, j), s, t in _decided(bounded, [p.get(key) for key in keys]) if s >= t]
        if bounded.searched is not None and changed is not None:
            passing += _kept(self._previous, changed, bounded.searched, rules, at)
        days = [f.day[:10] if f.day else "" for f in order]
        best: dict[int, tuple[float, str, int]] = {}  # on a tie of p: the latest newer line (the first tried)
        for s, i, j in passing:
            if i not in best or (s, days[j], j) > best[i]:
                best[i] = (s, days[j], j)
        self.added = {
            (order[i].path, order[i].line): Supersession(order[j].path, order[j].line, order[j].day)
            for i, (_, _, j) in best.items()
        }
        self.decided = [
            Decided((order[i].path, order[i].line), (order[j].path, order[j].line), order[j].day, s)
            for s, i, j in passing
        ]
        _LAST.append(self.added)
        return dict(self.added)

    def _scores(self, bounded: Bounded) -> tuple[list[str], dict[str, float]]:
        """The bounded pairs' cache keys (in the pairs' order) and each one's p by its key: the cached ones
        read back, at most ``budget`` new ones scored (the newest newer lines first) and cached."""
        order, pairs = bounded.order, bounded.pairs
        if not pairs:
            return [], {}
        lines = sorted({(order[k].path, order[k].line) for pair in pairs for k in pair})
        text = self.texts(lines)
        titles = _titles(self.texts, {p for p, _ in lines})
        sides: dict[int, str] = {}

        def side_of(k: int) -> str:
            if k not in sides:
                f = order[k]
                sides[k] = side(titles[f.path], f.day, text.get((f.path, f.line), f.words))
            return sides[k]

        keys = [pair_key(self.model.digest, side_of(i), side_of(j)) for i, j in pairs]
        p = self.cache.cross_scores(keys) if self.cache is not None else {}
        self.cached = sum(1 for k in keys if k in p)
        todo = [n for n, k in enumerate(keys) if k not in p]
        self.left = max(0, len(todo) - self.budget)
        self.pending = sorted(
            {(order[pairs[n][1]].path, order[pairs[n][1]].line) for n in todo[self.budget :]}
        )
        todo = todo[: self.budget]  # the newest newer lines first (bounded_pairs' order)
        if todo:
            got = self.model.scores([(side_of(pairs[n][0]), side_of(pairs[n][1])) for n in todo])
            fresh = [(keys[n], round(float(x), 6)) for n, x in zip(todo, got, strict=True)]
            p.update(fresh)
            self.scored = len(fresh)
            if self.cache is not None:
                self.cache.put_cross_scores(fresh)
        return keys, p


def _kept(
    previous: Sequence[Decided],
    changed: Collection[str],
    searched: Collection[Key],
    rules: Mapping[Key, Supersession],
    at: Mapping[Key, int],
) -> list[tuple[float, int, int]]:
    """The previous pairing's decisions still standing: neither line in a changed file, the newer line not
    bounded anew, the older line not paired by the rules now; as (p, older, newer) rows of ``at``."""
    out = []
    for d in previous:
        if d.older[0] in changed or d.newer[0] in changed or d.newer in searched or d.older in rules:
            continue
        i, j = at.get(d.older), at.get(d.newer)
        if i is not None and j is not None:
            out.append((d.p, i, j))
    return out


def stacker() -> Model | None:
    """The stacker (:data:`STACK_FILE`), or ``None`` without it."""
    return load(STACK_FILE, STACK_FEATURES)


def _decided(bounded: Bounded, scores: Sequence[float | None]) -> list[tuple[tuple[int, int], float, float]]:
    """Each scored pair with the p it is decided by and the threshold: the stacker's over the pair features
    and the cross-encoder's logit, or the cross-encoder's own p against :data:`ADD` without it."""
    stack = stacker()
    kept = [(n, s) for n, s in enumerate(scores) if s is not None]
    if stack is None or bounded.context is None:
        return [(bounded.pairs[n], s, ADD) for n, s in kept]
    rows = []
    for n, s in kept:
        (i, j), (rank, count) = bounded.pairs[n], bounded.ranks[n]
        q = min(max(s, 1e-6), 1 - 1e-6)
        rows.append([*pair_features(bounded.context, i, j, rank, count), math.log(q / (1 - q))])
    return [(bounded.pairs[n], p, stack.add) for (n, _), p in zip(kept, stack.scores(rows), strict=True)]


def _titles(texts: LineTexts, paths: set[str]) -> dict[str, str]:
    """Each page's title as the model was trained with: its first line's ``# `` heading, else its path."""
    first = texts([(p, 1) for p in sorted(paths)])
    out = {}
    for p in paths:
        line = first.get((p, 1), "")
        out[p] = line[2:].strip() if line.startswith("# ") else p
    return out


def without_cross(pairs: Mapping[Key, Supersession]) -> dict[Key, Supersession]:
    """``pairs`` without those this process's last :class:`CrossPairing` added (the rules' pairing, which an
    update of a few files continues from)."""
    last = _LAST[0] if _LAST else {}
    return {k: v for k, v in pairs.items() if last.get(k) != v}
