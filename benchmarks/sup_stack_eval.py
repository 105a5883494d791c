"""The supersession stacker, measured left out: the rules' pair features and the cross-encoder's score read
together by a logistic regression (not shipped yet: docs/entities.md, session 22, the lead's review).

The cross-encoder (``mdrecall.knowledge.changes.cross_pairs``) scores the pairs the rules leave: each newer
fact line's nearest candidate older lines by the static tier's vectors. Alone, at p ≥ 0.99, a little under
half of what it adds on sets it never saw is right, and stray marks rise; read beside the rules' own signals
(:data:`mdrecall.knowledge.changes.pair_features.FEATURES`) by a logistic regression, it keeps most of what is
right and drops most of what is not. The stacker must learn how the cross-encoder behaves on notes it was not
trained on, so its rows carry **left-out** scores: each tuned set scored by the fold of
``scripts/train_sup_cross.py`` that never saw it (its ``scores.json``, ``runs.foldK`` and ``fold_of``), over
the rows of ``benchmarks/sup_cross_data.py``. Prints the pairs it would add, each set scored by a stacker
fitted without it, beside the cross-encoder alone at p ≥ 0.99; then fits on every tuned set and writes the
weights (``--out``). Deterministic.

    python benchmarks/sup_stack_eval.py ROWS.jsonl.gz SCORES.json [--l2 10] [--add 0.5] [--out FILE]
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "src"))

from sup_learn_data import fit, labelled_set, rules_only  # noqa: E402

from mdrecall.embedders.static import StaticEmbedder  # noqa: E402
from mdrecall.knowledge.changes.pair_candidates import candidates  # noqa: E402
from mdrecall.knowledge.changes.pair_features import FEATURES, PairContext, pair_features  # noqa: E402

#: Nearest candidate older lines of a newer line the cross-encoder reads (by the static vectors' cosine).
NEAREST = 3


def set_rows(name: str, rows: list[dict], scores: dict[str, float], emb: StaticEmbedder) -> list[tuple]:
    """(features + cross logit, label, older, newer) of each bounded pair of one set the rules leave."""
    ws = labelled_set(name)
    rules = {o: (s.path, s.line) for o, s in rules_only(ws.facts).items()}
    cands = candidates(ws.facts, rules)
    at = {(f.path, f.line): k for k, f in enumerate(cands.order)}
    ctx = PairContext(cands.order, cands.words, cands.idf, {at[o]: at[n] for o, n in rules.items()})
    for i, _, _ in cands.pairs:
        ctx.degree[i] = ctx.degree.get(i, 0) + 1
    mine = [r for r in rows if r["ws"] == name and r["key"] in scores]
    texts = sorted({r["a"] for r in mine} | {r["b"] for r in mine})
    vec = emb.embed_documents(texts)
    vec = vec / np.linalg.norm(vec, axis=1, keepdims=True)
    row_of = {t: k for k, t in enumerate(texts)}
    by_new: dict[tuple, list[dict]] = defaultdict(list)
    for r in mine:
        by_new[tuple(r["new"])].append(r)
    out = []
    for new, olds in by_new.items():
        olds.sort(key=lambda r: -float(vec[row_of[r["a"]]] @ vec[row_of[r["b"]]]))
        near = olds[:NEAREST]
        for rank, r in enumerate(near):
            old = tuple(r["old"])
            if old in rules or old not in at or new not in at:
                continue
            p = min(max(scores[r["key"]], 1e-6), 1 - 1e-6)
            feats = list(pair_features(ctx, at[old], at[new], rank, len(near))) + [math.log(p / (1 - p))]
            out.append((feats, int(ws.truth.get(old) == new), old, new))
    return out


def added(score: np.ndarray, keys: list[tuple], t: float) -> dict[tuple, int]:
    """For each (set, older), the row of its best-scoring newer at ``score`` ≥ ``t``."""
    best: dict[tuple, int] = {}
    for k, key in enumerate(keys):
        if score[k] >= t and (key not in best or score[k] > score[best[key]]):
            best[key] = k
    return best


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rows")
    ap.add_argument("scores", type=Path)
    ap.add_argument("--l2", type=float, default=10.0)
    ap.add_argument("--add", type=float, default=0.5, help="the stacker's p at which a pair is added")
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks/results/sup_stack_model.npz")
    args = ap.parse_args()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(args.rows, "rt") as fh:
        rows = [json.loads(x) for x in fh]
    for k, r in enumerate(rows):
        r["key"] = str(k)
    res = json.loads(args.scores.read_text())
    emb = StaticEmbedder()
    data: list[tuple] = []
    group: list[str] = []
    for name in sorted(res["fold_of"]):
        got = set_rows(name, rows, res["runs"][f"fold{res['fold_of'][name]}"], emb)
        data += got
        group += [name] * len(got)
    x = np.array([d[0] for d in data], dtype=float)
    y = np.array([d[1] for d in data], dtype=float)
    g = np.array(group)
    keys = [(group[k], d[2]) for k, d in enumerate(data)]
    left = np.zeros(len(y))
    for name in sorted(set(group)):
        w, mean, scale = fit(x[g != name], y[g != name], l2=args.l2)
        left[g == name] = 1 / (1 + np.exp(-(((x[g == name] - mean) / scale) @ w)))
    for label, score, t in (
        ("cross-encoder alone", 1 / (1 + np.exp(-x[:, -1])), 0.99),
        ("stacked", left, args.add),
    ):
        best = added(score, keys, t)
        right = int(sum(y[k] for k in best.values()))
        print(f"{label:20} left out: {right} right, {len(best) - right} wrong of {len(best)} added")
    w, mean, scale = fit(x, y, l2=args.l2)
    np.savez_compressed(
        args.out,
        features=np.array((*FEATURES, "cross_logit")),
        weights=w,
        mean=mean,
        scale=scale,
        add=np.array(args.add),
        nearest=np.array(NEAREST),
    )
    print(f"{len(y)} rows, {int(y.sum())} true, {len(set(group))} sets; wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
