"""Train the learned supersession scorer and write ``src/mdrecall/knowledge/data/sup_pair_model.npz``.

The rows are ``benchmarks/sup_learn_data.py``'s (the pair corpora sup_train, sup_blind17, sup_pairs and the
tuned labelled sets; never a blind one). The model is fitted on all of them; its ``add`` threshold is chosen
as ``benchmarks/sup_learn_eval.py`` chooses one for a group left out, here over every group: the lowest
threshold of its grid at which the pairs the model adds, each group scored by the model trained without it,
reach ``--target`` precision. Deterministic.

    python scripts/gen_sup_pair_model.py [--target 0.7]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "src"))

from sup_learn_data import fit, rows, workspaces  # noqa: E402
from sup_learn_eval import choose  # noqa: E402

from mdrecall.knowledge.changes.pair_features import FEATURES  # noqa: E402
from mdrecall.knowledge.changes.pair_model import MODEL_FILE  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", type=float, default=0.7, help="precision the added pairs must reach")
    parser.add_argument("--out", type=Path, default=MODEL_FILE)
    args = parser.parse_args()
    r, per = rows(workspaces())
    groups = sorted(set(r.group) | set(per))
    for g in groups:
        per.setdefault(g, {"truth": {}, "rules": {}})
    add = choose(r, groups, per, args.target, folds=len(groups))
    weights, mean, scale = fit(r.x, r.y)
    np.savez_compressed(
        args.out,
        features=np.array(FEATURES),
        weights=weights,
        mean=mean,
        scale=scale,
        add=np.array(add),
    )
    print(
        f"{len(r.y)} rows, {int(r.y.sum())} true, {len(groups)} groups; add threshold {add}; wrote {args.out}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
