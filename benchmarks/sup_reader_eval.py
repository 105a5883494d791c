"""Measure a sentence-model reader of supersession pairs left out: the rules, and the rules with the reader's
additions, on the pair corpora and the tuned sets (``sup_reader_data.py`` builds the rows).

Folds: each tuned set alone; the corpora's worlds in :data:`CORPUS_FOLDS` folds (a world kept whole). Every
row is scored by a model trained without its fold (out-of-fold scores). For an older line the rules leave
unpaired, the reader adds its best-scoring newer candidate where p ≥ a threshold; the table shows each
threshold of :data:`GRID` (no threshold is chosen on what it measures). Pair precision / recall against the
true pairs; *added* = right / added. Feature sets (``--features``):

* ``cheap``: the rule-free signals alone (cosine, its rank among each line's candidates, IDF shared, page,
  standing, days);
* ``reader``: those and the two lines' sentence vectors projected on a PCA basis of the lines
  (``--dims``), as [u∘v, |u−v|, v−u] (the basis is fit on every line's vector, labels unread: the
  left-out lines' texts shape it, their labels do not);
* ``ruled``: the cheap signals and the rules' own signals (``knowledge/changes/pair_features.py``, round 4's);
* ``both``: all of them.

    python benchmarks/sup_reader_eval.py [--features reader] [--dims 32] [--widen title|nearest]
        [--train all|sets|corpora] [--model logistic|mlp] [--mutual] [--out PATH] [-v [--show 0.7]]

``--train sets`` / ``corpora``: a set's model trains on the other sets only / on the corpora only.
Results: docs/entities.md, "a sentence-model reader of line pairs" (session 20).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from sup_learn_data import fit, predict  # noqa: E402
from sup_reader_data import Rows, rows, workspaces  # noqa: E402

GRID = (0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95)
CORPUS_FOLDS = 10


def fit_mlp(x: np.ndarray, y: np.ndarray, hidden: int = 32, steps: int = 200, l2: float = 1e-3) -> Any:
    """A one-hidden-layer network (ReLU, logistic output) by full-batch Adam on standardised columns,
    deterministic (seeded): a predictor of p."""
    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale[scale == 0] = 1.0
    z = (x - mean) / scale
    rng = np.random.default_rng(0)
    params = [
        rng.normal(0, 1 / np.sqrt(z.shape[1]), (z.shape[1], hidden)),
        np.zeros(hidden),
        rng.normal(0, 1 / np.sqrt(hidden), hidden),
        np.zeros(1),
    ]
    m = [np.zeros_like(q) for q in params]
    v = [np.zeros_like(q) for q in params]
    for step in range(1, steps + 1):
        w1, b1, w2, b2 = params
        h = np.maximum(z @ w1 + b1, 0)
        p = 1 / (1 + np.exp(-(h @ w2 + b2)))
        d = (p - y) / len(y)
        dh = np.outer(d, w2) * (h > 0)
        grads = [z.T @ dh + l2 * w1, dh.sum(axis=0), h.T @ d + l2 * w2, np.array([d.sum()])]
        for k, g in enumerate(grads):
            m[k] = 0.9 * m[k] + 0.1 * g
            v[k] = 0.999 * v[k] + 0.001 * g * g
            params[k] = params[k] - 0.01 * (m[k] / (1 - 0.9**step)) / (
                np.sqrt(v[k] / (1 - 0.999**step)) + 1e-8
            )

    def predict_mlp(xt: np.ndarray) -> np.ndarray:
        w1, b1, w2, b2 = params
        h = np.maximum(((xt - mean) / scale) @ w1 + b1, 0)
        return 1 / (1 + np.exp(-(h @ w2 + b2)))

    return predict_mlp


def part(g: str) -> str:
    """A group's part: its corpus, or ``sets``."""
    return g.split(":")[0] if ":" in g else "sets"


def features(r: Rows, kind: str, dims: int) -> np.ndarray:
    """The design matrix (a bias column first)."""
    cols = [np.ones((len(r.y), 1)), r.cheap]
    if kind in ("ruled", "both"):
        cols.append(r.ruled)
    if kind in ("reader", "both"):
        centred = r.vecs - r.vecs.mean(axis=0)
        _, _, vt = np.linalg.svd(centred, full_matrices=False)
        proj = centred @ vt[:dims].T
        u, v = proj[r.ui], proj[r.vi]
        cols += [u * v, np.abs(u - v), v - u]
    return np.hstack(cols)


def folds(r: Rows) -> list[np.ndarray]:
    """Row indexes of each fold: a set alone, or a tenth of the corpora's worlds."""
    groups = np.array(r.group)
    worlds = sorted({g for g in r.group if part(g) != "sets"})
    sets = sorted({g for g in r.group if part(g) == "sets"})
    out = [np.flatnonzero(groups == s) for s in sets]
    for k in range(CORPUS_FOLDS):
        held = [w for n, w in enumerate(worlds) if n % CORPUS_FOLDS == k]
        out.append(np.flatnonzero(np.isin(groups, held)))
    return out


def decide(r: Rows, idx: np.ndarray, p: np.ndarray, rules: dict, t: float, mutual: bool = False) -> dict:
    """The rules' pairs with the reader's additions at threshold ``t`` (``mutual``: only where the older
    line is also the newer line's best-scoring candidate)."""
    out = dict(rules)
    best: dict[Any, tuple[float, Any]] = {}
    best_new: dict[Any, tuple[float, Any]] = {}
    for k, s in zip(idx, p, strict=True):
        n = r.new[k]
        if n not in best_new or s > best_new[n][0]:
            best_new[n] = (float(s), r.old[k])
        old = r.old[k]
        if old in rules or s < t:
            continue
        if old not in best or s > best[old][0]:
            best[old] = (float(s), n)
    out.update({o: n for o, (_, n) in best.items() if not mutual or best_new[n][1] == o})
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--features", choices=("cheap", "reader", "ruled", "both"), default="reader")
    parser.add_argument("--dims", type=int, default=32)
    parser.add_argument("--l2", type=float, default=3.0)
    parser.add_argument("--mutual", action="store_true", help="add only pairs each line's best candidate")
    parser.add_argument(
        "--model", choices=("logistic", "mlp"), default="logistic", help="mlp: 32 hidden units"
    )
    parser.add_argument(
        "--train", choices=("all", "sets", "corpora"), default="all", help="what a set's model trains on"
    )
    parser.add_argument(
        "--widen",
        choices=("", "title", "nearest"),
        default="",
        help="widened candidates: a page title named, or the nearest labelled lines by meaning",
    )
    parser.add_argument("--out", type=Path, default=HERE / "results" / "sup_reader_eval.json")
    parser.add_argument("-v", "--verbose", action="store_true", help="the pairs added on the sets at --show")
    parser.add_argument("--show", type=float, default=0.7, help="the threshold -v shows")
    args = parser.parse_args()
    r, per = rows(workspaces(), widen=args.widen)
    x = features(r, args.features, args.dims)
    p = np.zeros(len(r.y))
    is_set = np.array([part(g) == "sets" for g in r.group])
    for test in folds(r):
        train = np.setdiff1d(np.arange(len(r.y)), test)
        if args.train == "sets":
            train = train[is_set[train]] if is_set[test].all() else train
        elif args.train == "corpora":
            train = train[~is_set[train]]
        if args.model == "mlp":
            p[test] = fit_mlp(x[train], r.y[train])(x[test])
        else:
            p[test] = predict(fit(x[train], r.y[train], l2=args.l2), x[test])
    groups = np.array(r.group)
    names = sorted(set(r.group) | set(per))
    parts = sorted({part(g) for g in names})
    # ranking: of the true pairs among the candidates, how often is the newer line its older line's best
    top = {pt: [0, 0] for pt in parts}
    best: dict[Any, tuple[float, int]] = {}
    for k in range(len(r.y)):
        o = (r.group[k], r.old[k])
        if o not in best or p[k] > best[o][0]:
            best[o] = (p[k], k)
    for k in np.flatnonzero(r.y):
        top[part(r.group[k])][1] += 1
        top[part(r.group[k])][0] += int(best[(r.group[k], r.old[k])][1] == k)
    result: dict[str, Any] = {"features": args.features, "dims": args.dims, "widen": args.widen, "parts": {}}
    print(
        f"{len(r.y)} rows, {int(r.y.sum())} true among them; features {args.features} ({x.shape[1]} columns)"
    )
    header = f"{'part':13} {'true':>5} {'reach':>5} {'top1':>5}  rules P/R     " + "  ".join(
        f"@{t:<4} P/R  add" for t in GRID
    )
    print(header)
    for pt in parts:
        gs = [g for g in names if part(g) == pt]
        true = sum(len(per.get(g, {}).get("truth", {})) for g in gs)
        reach = int(sum(r.y[groups == g].sum() for g in gs))
        rules_n = rules_ok = 0
        line = []
        cur: dict[str, Any] = {"true": true, "reach": reach, "top1": top[pt], "at": {}}
        for g in gs:
            rl, tr = per.get(g, {}).get("rules", {}), per.get(g, {}).get("truth", {})
            rules_n += len(rl)
            rules_ok += sum(1 for o, n in rl.items() if tr.get(o) == n)
        for t in GRID:
            n_all = ok_all = n_add = ok_add = 0
            for g in gs:
                rl, tr = per.get(g, {}).get("rules", {}), per.get(g, {}).get("truth", {})
                idx = np.flatnonzero(groups == g)
                out = decide(r, idx, p[idx], rl, t, args.mutual)
                n_all += len(out)
                ok_all += sum(1 for o, n in out.items() if tr.get(o) == n)
                extra = {o: n for o, n in out.items() if o not in rl}
                n_add += len(extra)
                ok_add += sum(1 for o, n in extra.items() if tr.get(o) == n)
                if args.verbose and pt == "sets" and t == args.show:
                    row = {(r.old[k], r.new[k]): k for k in idx}
                    for o, n in extra.items():
                        k = row[(o, n)]
                        mark = "ok " if tr.get(o) == n else "BAD"
                        print(f"   {mark} {g} {p[k]:.2f} {r.texts[r.ui[k]][:70]!r}")
                        print(f"        -> {r.texts[r.vi[k]][:100]!r}")
            prec = ok_all / n_all if n_all else 1.0
            rec = ok_all / true if true else 1.0
            cur["at"][str(t)] = {
                "precision": round(prec, 3),
                "recall": round(rec, 3),
                "added": [ok_add, n_add],
            }
            line.append(f"{prec:.2f}/{rec:.2f} {ok_add:>2}/{n_add:<3}")
        rp = rules_ok / rules_n if rules_n else 1.0
        rr = rules_ok / true if true else 1.0
        cur["rules"] = {"precision": round(rp, 3), "recall": round(rr, 3)}
        result["parts"][pt] = cur
        print(f"{pt:13} {true:5} {reach:5} {top[pt][0]:5}  {rp:.3f}/{rr:.3f}  " + "  ".join(line))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
