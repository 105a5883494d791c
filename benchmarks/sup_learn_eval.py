"""Measure the learned supersession scorer (``knowledge/changes/pair_model.py``) left out: before (the rules)
and after (the rules and the model), leaving one world of a pair corpus or one tuned set out at a time.

For each group left out (``sup_learn_data.py``: a corpus's world, a set), the model is trained on every other
group; its threshold is chosen on those groups alone, from their scores under models trained without them
(five grouped inner folds), as the lowest of :data:`GRID` at which the pairs the model adds reach
``--target`` precision. The left-out group's pairs are then scored: the rules' (before), the rules' with the
model's additions (after: :func:`mdrecall.knowledge.changes.pair_model.model_pairs`'s decision), and, for the
record, the rules' less the pairs the model scores under ``--veto``. Pair precision / recall against the true
pairs (a set's labels list the changes its questions ask about: a pair they lack counts wrong, though some are
true changes). Prints per group and per part (sup_train, sup_blind17, sup_pairs, the sets) and writes JSON.

    python benchmarks/sup_learn_eval.py [--target 0.85] [--veto 0.05] [--out PATH] [-v]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from sup_learn_data import Rows, fit, predict, rows, workspaces  # noqa: E402

GRID = (0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1.01)
INNER = 5


def decide(r: Rows, idx: np.ndarray, p: np.ndarray, rules: dict, add: float, veto: float = 0.0) -> dict:
    """Older → newer pairs of the rules with the model's additions at ``add`` (and vetoes under ``veto``)."""
    out = dict(rules)
    best: dict[Any, tuple[float, Any]] = {}
    score_of: dict[Any, float] = {}
    for k, s in zip(idx, p, strict=True):
        old, new = r.old[k], r.new[k]
        score_of[(old, new)] = float(s)
        if old in rules:
            continue
        if s >= add and (old not in best or s > best[old][0]):
            best[old] = (float(s), new)
    for old, (_, new) in best.items():
        out[old] = new
    if veto > 0:
        out = {o: n for o, n in out.items() if score_of.get((o, n), 1.0) >= veto or o not in rules}
    return out


def count(pairs: dict, truth: dict) -> tuple[int, int, int]:
    """(pairs, right, true)."""
    return len(pairs), sum(1 for o, n in pairs.items() if truth.get(o) == n), len(truth)


def added(pairs: dict, rules: dict, truth: dict) -> tuple[int, int]:
    """(pairs added to the rules', right among them)."""
    extra = {o: n for o, n in pairs.items() if o not in rules}
    return len(extra), sum(1 for o, n in extra.items() if truth.get(o) == n)


def choose(r: Rows, groups: Sequence[str], per: dict, target: float, folds: int = INNER) -> float:
    """The lowest threshold of :data:`GRID` at which the pairs added on ``groups`` (scored by models trained
    without them, in ``folds`` grouped folds) reach ``target`` precision (1.01: none)."""
    names = sorted(groups)
    gidx = {g: np.flatnonzero(np.array([x == g for x in r.group])) for g in names}
    inside = np.concatenate([gidx[g] for g in names])
    p = np.zeros(len(r.y))
    for fold in range(folds):
        held = [g for k, g in enumerate(names) if k % folds == fold]
        if not held:
            continue
        test = np.concatenate([gidx[g] for g in held])
        train = np.setdiff1d(inside, test)
        p[test] = predict(fit(r.x[train], r.y[train]), r.x[test])
    for t in GRID:
        n_add = n_right = 0
        for g in names:
            rules, truth = per[g]["rules"], per[g]["truth"]
            a, ok = added(decide(r, gidx[g], p[gidx[g]], rules, t), rules, truth)
            n_add += a
            n_right += ok
        if n_add == 0 or n_right / n_add >= target:
            return t
    return GRID[-1]


def _pr(pairs: float, right: float, true: float) -> tuple[float, float]:
    """(precision, recall)."""
    return (right / pairs if pairs else 1.0, right / true if true else 1.0)


def part(g: str) -> str:
    return g.split(":")[0] if ":" in g else "sets"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", type=float, default=0.7, help="precision the added pairs must reach")
    parser.add_argument(
        "--veto", type=float, default=0.05, help="the veto measured beside (rules' pairs under it)"
    )
    parser.add_argument("--out", type=Path, default=HERE / "results" / "sup_learn_eval.json")
    parser.add_argument("-v", "--verbose", action="store_true", help="each pair the model adds")
    args = parser.parse_args()
    r, per = rows(workspaces())
    groups = sorted(set(r.group) | set(per))
    for g in groups:
        per.setdefault(g, {"truth": {}, "rules": {}})
    print(f"{len(r.y)} candidate rows, {int(r.y.sum())} true; {len(groups)} groups")
    cover = {g: 0 for g in groups}
    for k in np.flatnonzero(r.y):
        cover[r.group[k]] += 1
    sums: dict[str, np.ndarray] = {}
    result: dict[str, Any] = {"target": args.target, "veto": args.veto, "groups": {}}
    group_arr = np.array(r.group)
    for g in groups:
        test = np.flatnonzero(group_arr == g)
        train = np.flatnonzero(group_arr != g)
        others = [h for h in groups if h != g]
        t = choose(r, others, per, args.target)
        p = predict(fit(r.x[train], r.y[train]), r.x[test]) if len(test) else np.zeros(0)
        rules, truth = per[g]["rules"], per[g]["truth"]
        before = count(rules, truth)
        after_pairs = decide(r, test, p, rules, t)
        after = count(after_pairs, truth)
        vetoed = count(decide(r, test, p, rules, 1.01, args.veto), truth)
        n_add, n_ok = added(after_pairs, rules, truth)
        row = np.array([*before, *after, *vetoed, n_add, n_ok, cover[g]], dtype=float)
        sums[part(g)] = sums.get(part(g), 0) + row
        sums["all"] = sums.get("all", 0) + row
        result["groups"][g] = {
            "threshold": t,
            "before": before,
            "after": after,
            "veto": vetoed,
            "added": [n_add, n_ok],
            "true_in_candidates": cover[g],
        }
        print(
            f"{g:34} t={t:<5} rules {before[1]:3}/{before[0]:3} of {before[2]:3}  "
            f"+model {after[1]:3}/{after[0]:3} (added {n_ok}/{n_add})  veto {vetoed[1]:3}/{vetoed[0]:3}  "
            f"reach {cover[g]}/{before[2]}"
        )
        if args.verbose:
            for o, n in after_pairs.items():
                if o not in rules:
                    print(f"    {'ok ' if truth.get(o) == n else 'BAD'} {o} -> {n}")
    print()
    result["parts"] = {}
    for name, s in sums.items():
        b_p, b_r, tr, a_p, a_r, _, v_p, v_r, _, n_add, n_ok, cov = s

        before, after, vet = _pr(b_p, b_r, tr), _pr(a_p, a_r, tr), _pr(v_p, v_r, tr)
        result["parts"][name] = {
            "true": int(tr),
            "before": [round(x, 3) for x in before],
            "after": [round(x, 3) for x in after],
            "veto": [round(x, 3) for x in vet],
            "added": [int(n_add), int(n_ok)],
            "reach": int(cov),
        }
        print(
            f"{name:12} true {int(tr):4}  rules P/R {before[0]:.3f}/{before[1]:.3f}  "
            f"+model {after[0]:.3f}/{after[1]:.3f} (added {int(n_ok)}/{int(n_add)})  "
            f"veto {vet[0]:.3f}/{vet[1]:.3f}  candidates reach {int(cov)}"
        )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
