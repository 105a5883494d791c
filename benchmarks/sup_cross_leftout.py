"""The shipped cross-encoder's bound measured left out: each tuned set's supersession, stray marks and
questions (``knowledge_eval``) with the pairs the product's bound keeps
(:func:`mdrecall.knowledge.changes.cross_candidates.bounded_pairs`) scored by the session-21 fold model that
never saw that set, beside the rules alone; and how many gold pairs the bound's candidates reach.

The fold scores are of session 21's rows (``benchmarks/sup_cross_data.py``; a row per candidate pair): a pair
the bound keeps that has no row is not scored (counted as ``no row``). Usage::

    python benchmarks/sup_cross_leftout.py ROWS.jsonl.gz SCORES.json [--sets held_out_5 ...] [--out OUT.json]

Tuned sets only (the blind ones are never named here).
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "src"))

import knowledge_eval as ke  # noqa: E402
from sup_cross_data import SETS  # noqa: E402
from sup_learn_data import labelled_set, rules_only  # noqa: E402

from mdrecall.knowledge import superseded  # noqa: E402
from mdrecall.knowledge.changes.cross_candidates import bounded_pairs  # noqa: E402
from mdrecall.knowledge.changes.cross_pairs import ADD  # noqa: E402
from mdrecall.knowledge.changes.pair_candidates import candidates  # noqa: E402
from mdrecall.knowledge.fact_lines.facts import Fact  # noqa: E402
from mdrecall.stores.views import Supersession  # noqa: E402

Key = tuple[str, int]


class FoldPairing:
    """A stand-in for :class:`~mdrecall.knowledge.changes.cross_pairs.CrossPairing` reading left-out
    scores."""

    def __init__(self, scores: dict[tuple[Key, Key], float]) -> None:
        self.scores, self.left, self.kept, self.no_row = scores, 0, 0, 0

    def __call__(self, facts: Sequence[Fact], rules: dict[Key, Supersession]) -> dict[Key, Supersession]:
        bounded = bounded_pairs(facts, {o: (s.path, s.line) for o, s in rules.items()})
        order = bounded.order
        best: dict[Key, tuple[float, Fact]] = {}
        self.kept, self.no_row = len(bounded.pairs), 0
        for i, j in bounded.pairs:
            o, n = order[i], order[j]
            p = self.scores.get(((o.path, o.line), (n.path, n.line)))
            if p is None:
                self.no_row += 1
                continue
            if p >= ADD and ((o.path, o.line) not in best or p > best[(o.path, o.line)][0]):
                best[(o.path, o.line)] = (p, n)
        return {k: Supersession(n.path, n.line, n.day) for k, (_, n) in best.items()}


def reach(name: str) -> dict[str, int]:
    """Gold pairs of a set: how many the rules make, the rules' candidates and the bound reach."""
    ws = labelled_set(name)
    rules = {o: (s.path, s.line) for o, s in rules_only(ws.facts).items()}
    cands = candidates(ws.facts, rules)
    at = cands.order
    pool = {((at[i].path, at[i].line), (at[j].path, at[j].line)) for i, j, _ in cands.pairs}
    b = bounded_pairs(ws.facts, rules)
    kept = {((b.order[i].path, b.order[i].line), (b.order[j].path, b.order[j].line)) for i, j in b.pairs}
    gold = set(ws.truth.items())
    return {
        "gold": len(gold),
        "rules_right": sum(rules.get(o) == n for o, n in gold),
        "rule_candidates": len(gold & pool),
        "bound_unpaired": len(gold & kept),
        "gold_left_by_rules": sum(rules.get(o) != n for o, n in gold),
        "bound_pairs": len(kept),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rows")
    ap.add_argument("scores")
    ap.add_argument("--sets", nargs="*", default=list(SETS))
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    with gzip.open(args.rows, "rt") as fh:
        rows = [json.loads(x) for x in fh]
    res = json.loads(Path(args.scores).read_text())
    out: dict[str, Any] = {}
    for name in args.sets:
        run = res["runs"][f"fold{res['fold_of'][name]}"]
        table = {
            ((r["old"][0], r["old"][1]), (r["new"][0], r["new"][1])): float(run[str(i)])
            for i, r in enumerate(rows)
            if r["ws"] == name and str(i) in run
        }
        fold = FoldPairing(table)
        figures: dict[str, Any] = {"reach": reach(name)}
        for label, pairing in (("rules", None), ("cross", fold)):
            superseded.cross_pairing = lambda *_a, _p=pairing, **_k: _p  # type: ignore[assignment,misc]
            r = ke.run(name)
            figures[label] = {
                "sup": round(r["supersession"], 2),
                "stray": len(r["stray_superseded_marks"]),
                "questions": round(r["questions_top3"], 2),
            }
        figures["pairs_kept"], figures["no_row"] = fold.kept, fold.no_row
        out[name] = figures
        a, b, c = figures["rules"], figures["cross"], figures["reach"]
        print(
            f"{name:12} sup {a['sup']:.2f} -> {b['sup']:.2f}  stray {a['stray']} -> {b['stray']}  "
            f"q {a['questions']:.2f} -> {b['questions']:.2f}  | gold {c['gold']} rules {c['rules_right']} "
            f"cands {c['rule_candidates']} bound(unpaired) {c['bound_unpaired']}/{c['gold_left_by_rules']} "
            f"pairs {c['bound_pairs']} no-row {fold.no_row}",
            flush=True,
        )
    if args.out:
        args.out.write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
