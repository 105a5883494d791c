"""Would retraining the sentence model on more sets raise kinds right left out?

Reads the rows ``kind_audit.py --rows`` kept (every tunable set, named one by one; never a blind set). Each
set left out, the sentence model as shipped (``gen_kind_context_model.py --sentence --up 2 --shape``) is
trained on the other sets of ``--old`` (the sets the shipped file read) and on the other sets of all the
rows, and the shipped decision (:func:`kind_gates_eval.averaged_decision`) scored both ways per set. Ship
a retrained file only where the total rises and no set is lower. Usage::

    python benchmarks/kind_retrain_eval.py --rows rows.json --cache feats.npz --new held_out_28 held_out_29
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import kind_context_eval as kce  # noqa: E402
import kind_extra_eval as kee  # noqa: E402
import kind_gates_eval as kge  # noqa: E402
import kind_slots_eval as kse  # noqa: E402


def left_out(rows: list[dict[str, Any]], x: np.ndarray, weight: np.ndarray, pool: np.ndarray) -> list[Any]:
    """Each row's sentence probabilities, the model trained on the rows of ``pool`` outside its set."""
    y = np.array([kse.KINDS.index(r["gold"]) for r in rows])
    sets = np.array([r["set"] for r in rows])
    out: list[dict[str, float]] = [{} for _ in rows]
    for s in dict.fromkeys(sets):
        train = pool & (sets != s)
        w, b = kce.fit(x[train], y[train], len(kse.KINDS), l2=1e-2, sample_weight=weight[train])
        for i, q in zip(np.flatnonzero(sets == s), kce.softmax(x[sets == s] @ w + b), strict=True):
            out[i] = {k: float(v) for k, v in zip(kse.KINDS, q, strict=True)}
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=Path, required=True)
    parser.add_argument("--cache", type=Path)
    parser.add_argument("--new", nargs="+", required=True, help="the sets the shipped file never read")
    args = parser.parse_args()
    rows = json.loads(args.rows.read_text(encoding="utf-8"))
    got = kee.blocks(rows, args.cache)
    static = kge.shipped_static_probs(rows, got["x"])
    tier = [
        kge.decide(r, a, kge.SHIPPED)[1] in ("context model", "none")
        for r, a in zip(rows, static, strict=True)
    ]
    weight = np.array([2.0 if kse.asked(r) else 1.0 for r in rows], np.float32)
    x = np.concatenate([got["x"], got["sentence"], got["shape"]], 1)
    new = np.isin(np.array([r["set"] for r in rows]), args.new)
    scored = {}
    for label, pool in (("the older sets", ~new), ("all the sets", np.ones(len(rows), bool))):
        right, ctx, kinds = kee.score(rows, static, left_out(rows, x, weight, pool), tier)
        scored[label] = (right, kinds)
        print(f"trained on {label}: {sum(right.values())} of {len(rows)}; context tier {ctx}")
    (a, ka), (b, kb) = scored["the older sets"], scored["all the sets"]
    for s in a:
        if a[s] != b[s]:
            print(f"  {s}: {a[s]} → {b[s]}")
    for r, k0, k1 in zip(rows, ka, kb, strict=True):
        if k0 != k1:
            mark = "+" if k1 == r["gold"] else "-" if k0 == r["gold"] else "~"
            print(f"    {mark} {r['set']} {r['name']}: {k0} → {k1}, gold {r['gold']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
