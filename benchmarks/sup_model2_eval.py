"""Round 2 of the learned supersession pair scorer: static-vector pair features and a hand-written corpus.

Training data: the hand-written corpus ``benchmarks/knowledge/sup_train.json`` (424 cases, 18 worlds; its
worlds split into 5 groups), the labelled sets dev, held_out, held_out_2..5 and the tune part of
``sup_pairs.json`` (each one group). Features: round 1's (``sup_model.FEATURES``) and, per pair, A, B, A*B,
|A-B| and B's new words under the shipped static vectors, projected on a PCA basis of the corpus's lines
(``sup_model.dense_rows``). Model: L2 logistic regression (Newton's method, classes weighted to balance,
deterministic); its PCA size and L2 weight chosen once by 5-fold cross-validation over the corpus's world
groups (corpus only). Measured per group left out: trained on every other group, the threshold chosen on
the training groups' out-of-fold scores for ``--target`` precision of the pairs the model adds to the
rules, then the rules', the model's and their union's pair precision / recall on the group left out.

    python benchmarks/sup_model2_eval.py [--variant all|dense|dense-norules|round1] [--show SET]
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

# one BLAS thread: a threaded sum's order varies from run to run, and scores near the threshold with it
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))

import sup_model as pm  # noqa: E402
import sup_model_eval as ev  # noqa: E402

Key = tuple[str, int]
LABELLED = ("dev", "held_out", "held_out_2", "held_out_3", "held_out_4", "held_out_5", "tune")
CORPUS_FOLDS = 5
DIMS = (16, 32, 64)
L2 = (3.0, 10.0, 30.0, 100.0, 300.0)
RULE_COLUMNS = [pm.FEATURES.index(n) for n in ev.RULE_FEATURES]


class Pool(NamedTuple):
    """Every candidate pair of every set, with its set, the groups of its two lines, label and features."""

    sets: list[ev.SetData]
    set_of: np.ndarray  # index into sets, per pair
    offset: list[int]  # first pair of each set
    group_a: list[str]
    group_b: list[str]
    labels: np.ndarray
    round1: np.ndarray
    vectors: list[np.ndarray]  # per set: line vectors
    new: list[np.ndarray]  # per set: B's new-word vectors, per pair
    line_group: list[list[str]]  # per set, per line


def _corpus_groups(data: ev.SetData) -> list[str]:
    """The group of every line of the corpus: its case's world, the worlds dealt into 5 folds."""
    from sup_pairs_eval import _workspace

    cases = ev.case_list("train")
    _, where = _workspace(cases)
    worlds = sorted({c["world"] for c in cases})
    fold = {w: f"train/{n % CORPUS_FOLDS}" for n, w in enumerate(worlds)}
    of_key = {k: fold[c["world"]] for c in cases for k in where[c["id"]]}
    return [of_key[(x.path, x.line)] for x in data.ws.lines]


def build() -> Pool:
    sets = [ev.load(s) for s in (*LABELLED, "train")]
    set_of, offset, ga, gb, vectors, new, line_group = [], [], [], [], [], [], []
    total = 0
    for n, d in enumerate(sets):
        groups = _corpus_groups(d) if d.name == "train" else [d.name] * len(d.ws.lines)
        line_group.append(groups)
        offset.append(total)
        total += len(d.pairs)
        set_of += [n] * len(d.pairs)
        ga += [groups[i] for i, _, _ in d.pairs]
        gb += [groups[j] for _, j, _ in d.pairs]
        vectors.append(pm.line_vectors(d.ws, pm.static_embed))
        new.append(pm.new_word_vectors(d.ws, d.pairs, pm.static_embed))
    return Pool(
        sets,
        np.array(set_of),
        offset,
        ga,
        gb,
        np.concatenate([d.labels for d in sets]),
        np.vstack([d.rows for d in sets]),
        vectors,
        new,
        line_group,
    )


def design(pool: Pool, basis: pm.Basis | None, rules: bool) -> np.ndarray:
    """The feature matrix of every pair: round 1's (without the rules' columns unless ``rules``) and the
    dense columns in ``basis`` (none when ``basis`` is None)."""
    base = pool.round1.copy()
    if not rules:
        base = np.delete(base, RULE_COLUMNS, axis=1)
    if basis is None:
        return base
    dense = [
        pm.dense_rows(v, nw, d.pairs, basis)
        for d, v, nw in zip(pool.sets, pool.vectors, pool.new, strict=True)
    ]
    return np.hstack([base, np.vstack(dense)])


class Model(NamedTuple):
    mean: np.ndarray
    scale: np.ndarray
    w: np.ndarray

    def scores(self, x: np.ndarray) -> np.ndarray:
        z = np.hstack([(x - self.mean) / self.scale, np.ones((len(x), 1))]) @ self.w
        return 1.0 / (1.0 + np.exp(-np.clip(z, -40, 40)))


def fit(x: np.ndarray, y: np.ndarray, l2: float, steps: int = 30) -> Model:
    """L2 logistic regression by Newton's method on standardised columns, classes weighted to balance
    (weights summing to the number of rows); the bias is not penalised."""
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    xb = np.hstack([(x - mean) / scale, np.ones((len(x), 1))])
    pos = max(float(y.sum()), 1.0)
    sw = np.where(y > 0, 0.5 / pos, 0.5 / max(len(y) - pos, 1.0)) * len(y)
    penalty = np.full(xb.shape[1], l2)
    penalty[-1] = 0.0
    w = np.zeros(xb.shape[1])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-np.clip(xb @ w, -40, 40)))
        grad = xb.T @ (sw * (p - y)) + penalty * w
        hess = (xb * (sw * p * (1 - p))[:, None]).T @ xb + np.diag(penalty + 1e-9)
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.abs(step).max()) < 1e-6:
            break
    return Model(mean, scale, w)


def rows_in(pool: Pool, groups: set[str]) -> np.ndarray:
    """Pairs whose two lines both lie in ``groups`` (the pairs a model trained on them may see)."""
    return np.array([a in groups and b in groups for a, b in zip(pool.group_a, pool.group_b, strict=True)])


def rows_of(pool: Pool, group: str) -> np.ndarray:
    """Pairs whose newer line lies in ``group`` (the pairs scored for it)."""
    return np.array([b == group for b in pool.group_b])


def average_precision(scores: np.ndarray, labels: np.ndarray) -> float:
    order = np.argsort(-scores, kind="stable")
    hits = labels[order]
    cum = np.cumsum(hits)
    return float((cum / np.arange(1, len(hits) + 1))[hits > 0].mean()) if hits.any() else 0.0


def _group_view(pool: Pool, group: str, scores: np.ndarray) -> tuple[int, ev.SetData, np.ndarray]:
    """The set of ``group``, with the scores of the group's pairs (others -1)."""
    k = next(n for n, d in enumerate(pool.sets) if group in pool.line_group[n])
    d = pool.sets[k]
    start = pool.offset[k]
    part = np.full(len(d.pairs), -1.0)
    mask = rows_of(pool, group)[start : start + len(d.pairs)]
    part[mask] = scores[start : start + len(d.pairs)][mask]
    return k, d, part


def restricted(pool: Pool, k: int, group: str, pairs: dict[Key, Key]) -> dict[Key, Key]:
    """``pairs`` whose newer line lies in ``group``."""
    d = pool.sets[k]
    of = {(x.path, x.line): g for x, g in zip(d.ws.lines, pool.line_group[k], strict=True)}
    return {o: n for o, n in pairs.items() if of.get(n) == group}


def truth_of(pool: Pool, k: int, group: str) -> set[tuple[Key, Key]]:
    d = pool.sets[k]
    of = {(x.path, x.line): g for x, g in zip(d.ws.lines, pool.line_group[k], strict=True)}
    return {(o, n) for o, n in d.truth if of.get(n) == group}


def counts(pool: Pool, group: str, scores: np.ndarray, t: float) -> dict[str, tuple[int, int, int]]:
    """(found, right, true) for the rules, the model at ``t`` and their union, on ``group``."""
    k, d, part = _group_view(pool, group, scores)
    truth = truth_of(pool, k, group)
    rules = restricted(pool, k, group, d.rules)
    found = restricted(pool, k, group, ev.pick(d, part, t))
    union = dict(found)
    union.update(rules)
    out = {}
    for name, got in (("rules", rules), ("model", found), ("union", union)):
        out[name] = (len(got), sum((o, n) in truth for o, n in got.items()), len(truth))
    extra = {o: n for o, n in found.items() if o not in rules}
    out["added"] = (len(extra), sum((o, n) in truth for o, n in extra.items()), len(truth))
    return out


THRESHOLDS = tuple(float(t) for t in np.arange(0.5, 0.995, 0.01))


def threshold(pool: Pool, groups: Sequence[str], oof: np.ndarray, target: float) -> float:
    """The lowest threshold at which the pairs the model adds to the rules, over ``groups`` scored out of
    fold, reach ``target`` precision."""
    for t in THRESHOLDS:
        found = right = 0
        for g in groups:
            f, r, _ = counts(pool, g, oof, t)["added"]
            found, right = found + f, right + r
        if found == 0 or right / found >= target:
            return t
    return 0.995


def left_out(pool: Pool, x: np.ndarray, test: str, groups: Sequence[str], l2: float, target: float):
    """Train on every group but ``test``; threshold from their out-of-fold scores; score ``test``."""
    train = [g for g in groups if g != test]
    oof = np.zeros(len(pool.labels))
    for g in train:
        inner = rows_in(pool, set(train) - {g})
        model = fit(x[inner], pool.labels[inner], l2)
        at = rows_of(pool, g)
        oof[at] = model.scores(x[at])
    t = threshold(pool, train, oof, target)
    mask = rows_in(pool, set(train))
    model = fit(x[mask], pool.labels[mask], l2)
    scores = np.zeros(len(pool.labels))
    at = rows_of(pool, test)
    scores[at] = model.scores(x[at])
    return counts(pool, test, scores, t), t, scores


def corpus_ap(pool: Pool, x: np.ndarray, l2: float) -> float:
    """Average precision of the pairs of the corpus's world groups, each scored by a model trained on the
    other groups of the corpus."""
    folds = [f"train/{n}" for n in range(CORPUS_FOLDS)]
    oof = np.zeros(len(pool.labels))
    scored = np.zeros(len(pool.labels), dtype=bool)
    for g in folds:
        inner = rows_in(pool, set(folds) - {g})
        at = rows_of(pool, g)
        oof[at] = fit(x[inner], pool.labels[inner], l2).scores(x[at])
        scored |= at
    return average_precision(oof[scored], pool.labels[scored])


def choose(pool: Pool, rules: bool) -> tuple[int, float, list[str]]:
    """PCA size and L2 weight by 5-fold cross-validation over the corpus's world groups (corpus only)."""
    lines = pool.vectors[-1]
    log = []
    best = (-1.0, 0, 0.0)
    for dims in DIMS:
        x = design(pool, pm.fit_basis(lines, dims), rules)
        for l2 in L2:
            ap = corpus_ap(pool, x, l2)
            log.append(f"dims {dims:>3} l2 {l2:>6.0f}: corpus out-of-fold AP {ap:.3f}")
            if ap > best[0] + 1e-9:
                best = (ap, dims, l2)
    return best[1], best[2], log


def cell(c: tuple[int, int, int]) -> str:
    found, right, true = c
    return f"{right / found if found else 1.0:.2f}/{right / true if true else 1.0:.2f} ({found:>3})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="all", choices=("all", "dense", "dense-norules", "round1"))
    parser.add_argument("--target", type=float, default=0.9)
    parser.add_argument("--curve", action="store_true", help="the union at fixed thresholds, per group")
    parser.add_argument("--show", help="list the model's added pairs and misses on this group, left out")
    args = parser.parse_args()
    pool = build()
    groups = [*LABELLED, *(f"train/{n}" for n in range(CORPUS_FOLDS))]
    print(f"pairs {len(pool.labels)}, positives {int(pool.labels.sum())}")
    for g in groups:
        k = next(n for n, d in enumerate(pool.sets) if g in pool.line_group[n])
        true = truth_of(pool, k, g)
        key = [(x.path, x.line) for x in pool.sets[k].ws.lines]
        cand = {(key[i], key[j]) for i, j, _ in pool.sets[k].pairs}
        print(f"  {g:12} true {len(true):>3}  candidates reach {len(true & cand) / max(len(true), 1):.2f}")
    variants = ("round1", "dense", "dense-norules") if args.variant == "all" else (args.variant,)
    for variant in variants:
        rules = variant != "dense-norules"
        if variant == "round1":
            dims, l2, log = 0, 30.0, []
            x = design(pool, None, True)
            log = [f"corpus out-of-fold AP {corpus_ap(pool, x, l2):.3f}"]
        else:
            dims, l2, log = choose(pool, rules)
            x = design(pool, pm.fit_basis(pool.vectors[-1], dims), rules)
        print(f"\n== {variant}: PCA dims {dims}, l2 {l2}")
        for line in log:
            print("   ", line)
        print(
            "group        | rules P/R (n)     | model P/R (n) @thr       | union P/R (n)     | added right/n"
        )
        totals = {k: [0, 0, 0] for k in ("rules", "model", "union", "added")}
        corpus = {k: [0, 0, 0] for k in totals}
        curves = []
        for test in groups:
            res, t, scores = left_out(pool, x, test, groups, l2, args.target)
            curves.append(scores)
            for k in totals:
                totals[k] = [a + b for a, b in zip(totals[k], res[k], strict=True)]
                if test.startswith("train/"):
                    corpus[k] = [a + b for a, b in zip(corpus[k], res[k], strict=True)]
            print(
                f"{test:12} | {cell(res['rules'])} | {cell(res['model'])} @{t:.2f} | {cell(res['union'])} "
                f"| {res['added'][1]}/{res['added'][0]}"
            )
            if args.show == test:
                show(pool, test, scores, t)
        print(
            f"{'corpus':12} | {cell(tuple(corpus['rules']))} | {cell(tuple(corpus['model']))}       "
            f"| {cell(tuple(corpus['union']))} | {corpus['added'][1]}/{corpus['added'][0]}"
        )
        print(
            f"{'all':12} | {cell(tuple(totals['rules']))} | {cell(tuple(totals['model']))}       "
            f"| {cell(tuple(totals['union']))} | {totals['added'][1]}/{totals['added'][0]}"
        )
        if args.curve:
            print("union P/R (added right/added) at fixed thresholds, each group left out:")
            print("  thr  " + " ".join(f"{g[:10]:>17}" for g in groups))
            for t in (0.5, 0.7, 0.8, 0.9, 0.95, 0.98):
                row = []
                for test, scores in zip(groups, curves, strict=True):
                    c = counts(pool, test, scores, t)
                    row.append(f"{cell(c['union'])[:9]} {c['added'][1]}/{c['added'][0]}")
                print(f"  {t:.2f} " + " ".join(f"{r:>17}" for r in row))
    return 0


def show(pool: Pool, group: str, scores: np.ndarray, t: float) -> None:
    k, d, part = _group_view(pool, group, scores)
    text = {(x.path, x.line): x.text for x in d.ws.lines}
    truth = truth_of(pool, k, group)
    rules = restricted(pool, k, group, d.rules)
    found = restricted(pool, k, group, ev.pick(d, part, t))
    for o, n in sorted(found.items()):
        if o not in rules:
            mark = "RIGHT" if (o, n) in truth else "wrong"
            print(f"   {mark} {text[o]!r}\n         -> {text[n]!r}")
    union = {**found, **rules}
    key = [(x.path, x.line) for x in d.ws.lines]
    for o, n in sorted(truth):
        if union.get(o) != n:
            s = [
                float(sc) for (i, j, _), sc in zip(d.pairs, part, strict=True) if key[i] == o and key[j] == n
            ]
            print(f"   MISS  {text.get(o)!r} -> {text.get(n)!r} score {s}")


if __name__ == "__main__":
    raise SystemExit(main())
