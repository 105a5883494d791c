"""What the supersession cross-encoder would add to the rules, on pairs and on the knowledge measures.

Reads the rows of ``sup_cross_data.py`` and a scores file: a training run's (``scripts/train_sup_cross.py``:
each tuned set scored by the fold that left it out, or ``--run corp``) or ``sup_cross_score.py``'s
(``--run model``). For each set, the rules' pairing (``rules_only``) and, for each older line the rules leave
unpaired, the best-scoring newer line at p ≥ ``--t`` added (the shape of ``fact_pairs.learned``):

* ``pairs``: per set, the rules' pairs right / made, and the pairs added right / added;
* ``--knowledge``: ``knowledge_eval`` on each set with the added pairs in the index (the product's
  ``model_pairs`` hook replaced for the run), beside the rules alone: supersession right, stray marks,
  questions in the top 3.

Usage::

    python benchmarks/sup_cross_eval.py ROWS.jsonl.gz SCORES.json [--run folds|corp|model] [--t 0.99]
        [--sets held_out_21 ...] [--knowledge]

Writes ``benchmarks/results/sup_cross.json``.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "src"))

Key = tuple[str, int]
Scored = list[tuple[Key, Key, float]]


def scored(rows: list[dict[str, Any]], scores: dict[str, Any], ws: str, run: str) -> Scored:
    """``ws``'s candidate pairs with their p under ``run`` (``folds``: the fold that left the set out)."""
    name = f"fold{scores['fold_of'][ws]}" if run == "folds" else run
    got = scores["runs"][name]
    return [
        ((r["old"][0], r["old"][1]), (r["new"][0], r["new"][1]), got[str(i)])
        for i, r in enumerate(rows)
        if r["ws"] == ws and str(i) in got
    ]


def added(pairs: Scored, rules: dict[Key, Any], t: float, lines: set[Key] | None = None) -> dict[Key, Key]:
    """For each older line ``rules`` leave unpaired, its best-scoring newer line at p ≥ ``t``."""
    best: dict[Key, tuple[float, Key]] = {}
    for old, new, p in pairs:
        if p < t or old in rules or (lines is not None and (old not in lines or new not in lines)):
            continue
        if old not in best or p > best[old][0]:
            best[old] = (p, new)
    return {old: new for old, (_, new) in best.items()}


def pair_table(
    rows: list[dict[str, Any]], scores: dict[str, Any], sets: list[str], run: str, t: float
) -> dict:
    """Per set: rules right / made, added right / added."""
    out = {}
    for ws in sets:
        truth = {
            (r["old"][0], r["old"][1]): (r["new"][0], r["new"][1]) for r in rows if r["ws"] == ws and r["y"]
        }
        rules = {
            (r["old"][0], r["old"][1]): (r["new"][0], r["new"][1])
            for r in rows
            if r["ws"] == ws and r["rule"]
        }
        add = added(scored(rows, scores, ws, run), rules, t)
        out[ws] = {
            "rules_right": sum(truth.get(o) == n for o, n in rules.items()),
            "rules": len(rules),
            "added_right": sum(truth.get(o) == n for o, n in add.items()),
            "added": len(add),
        }
    return out


def knowledge(
    rows: list[dict[str, Any]], scores: dict[str, Any], sets: list[str], run: str, t: float
) -> dict:
    """knowledge_eval's supersession, stray marks and questions per set: rules alone, then with additions."""
    import knowledge_eval

    from mdrecall.knowledge.changes import fact_pairs
    from mdrecall.stores.views import Supersession

    current: Scored = []

    def model_pairs(facts: list[Any], rules: dict[Key, Any], model: Any = None) -> dict[Key, Supersession]:
        day = {(f.path, f.line): f.day for f in facts}
        return {o: Supersession(n[0], n[1], day[n]) for o, n in added(current, rules, t, set(day)).items()}

    original = fact_pairs.model_pairs
    out: dict[str, Any] = {}
    try:
        fact_pairs.model_pairs = model_pairs  # type: ignore[assignment]
        for ws in sets:
            for mode in ("rules", "cross"):
                current[:] = scored(rows, scores, ws, run) if mode == "cross" else []
                res = knowledge_eval.run(ws)
                out.setdefault(ws, {})[mode] = {
                    "supersession": res["supersession"],
                    "stray": len(res["stray_superseded_marks"]),
                    "questions": res["questions_top3"],
                }
    finally:
        fact_pairs.model_pairs = original
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rows")
    ap.add_argument("scores", type=Path)
    ap.add_argument("--run", default="folds", help="folds (each set's left-out fold), corp, or model")
    ap.add_argument("--t", type=float, default=0.99, help="the p at which a pair is added")
    ap.add_argument("--sets", nargs="*", help="the sets (default: every set the scores cover)")
    ap.add_argument("--knowledge", action="store_true", help="also run knowledge_eval with the additions")
    args = ap.parse_args()
    with gzip.open(args.rows, "rt") as fh:
        rows = [json.loads(x) for x in fh]
    scores = json.loads(args.scores.read_text())
    covered = {rows[int(i)]["ws"] for run in scores["runs"].values() for i in run}
    sets = args.sets or sorted(s for s in covered if s.startswith(("held_out", "dev")))
    result: dict[str, Any] = {
        "run": args.run,
        "t": args.t,
        "pairs": pair_table(rows, scores, sets, args.run, args.t),
    }
    print(f"{'set':12} {'rules right/made':>17} {'added right/added':>18}")
    for ws, r in result["pairs"].items():
        print(f"{ws:12} {r['rules_right']:>8}/{r['rules']:<8} {r['added_right']:>9}/{r['added']:<8}")
    tot = {
        k: sum(r[k] for r in result["pairs"].values())
        for k in ("rules_right", "rules", "added_right", "added")
    }
    print(f"{'all':12} {tot['rules_right']:>8}/{tot['rules']:<8} {tot['added_right']:>9}/{tot['added']:<8}")
    if args.knowledge:
        result["knowledge"] = knowledge(rows, scores, sets, args.run, args.t)
        print(
            f"\n{'set':12} {'supersession':>14} {'stray marks':>12} {'questions':>12}  rules → with additions"
        )
        for ws, r in result["knowledge"].items():
            a, b = r["rules"], r["cross"]
            print(
                f"{ws:12} {a['supersession']:6.2f} → {b['supersession']:.2f} {a['stray']:5} → {b['stray']:<4}"
                f" {a['questions']:6.2f} → {b['questions']:.2f}"
            )
    out = HERE / "results" / "sup_cross.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
