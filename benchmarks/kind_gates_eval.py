"""Where should the context kind model decide? Its gates measured leaving one set out.

The kind decision (:func:`mdrecall.knowledge.kind_stack.rules_decision`) asks the context model
(:mod:`mdrecall.knowledge.kind_context`) in two places, each behind a gate set on eleven sets in round 14:

* a name no rule types and the name-only model (:mod:`mdrecall.knowledge.kind_guess`, gate 0.3) does not
  type either: the context model answers at ``GATE`` (0.4) or more, else the kind stays ``unknown``;
* a weak place-or-organisation cue ("at X" once): the model's other kind of the pair replaces it at
  ``OVERRULE_GATE`` (0.9) or more.

This reads the rows ``kind_audit.py --rows`` kept (every tunable set, named one by one; never a blind set),
trains the context model on all sets but one (its features as shipped, every row weighed alike), and scores
the left-out set's kinds under each setting of:

* ``ctx``: the context model's gate where nothing else types the name;
* ``over``: the gate of the weak cue's overrule;
* ``name``: the least probability at which the name-only model's kind stands before the context model
  is asked (the shipped order asks the name model first at its own gate, ``0.3``); below it the context
  model answers if it passes ``ctx``, else the name model's kind at 0.3, else ``unknown``.

With ``--sentence`` it also trains, left out the same way, the context model that reads the sentence
model's vector too (:mod:`mdrecall.knowledge.kind_sentence`, MiniLM offline), and scores it alone and
averaged with the static model's probabilities (weights ``0.3``, ``0.5``, ``0.7`` for the sentence model's),
at the context and overrule gates of the grid. Usage::

    python benchmarks/kind_gates_eval.py --rows A.json B.json [--changes] [--sentence]

Prints kinds right per set for the shipped gates and the best settings found, and writes
``benchmarks/results/kind_gates.json``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import kind_context_eval as kce  # noqa: E402
import kind_slots_eval as kse  # noqa: E402
import knowledge_eval as ke  # noqa: E402

SHIPPED = {"ctx": 0.4, "over": 0.9, "name": 0.3}
GRID = {
    "ctx": (0.0, 0.2, 0.3, 0.4, 0.5),
    "over": (0.5, 0.6, 0.7, 0.8, 0.9, 1.01),
    "name": (0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1.01),
}


def loso_probs(rows: list[dict[str, Any]], x: np.ndarray) -> list[dict[str, float]]:
    """Each row's context-model probabilities, the model trained on every other set (every row alike)."""
    y = np.array([kse.KINDS.index(r["gold"]) for r in rows])
    sets = np.array([r["set"] for r in rows])
    out: list[dict[str, float]] = [{} for _ in rows]
    for s in dict.fromkeys(sets):
        w, b = kce.fit(x[sets != s], y[sets != s], len(kse.KINDS))
        p = kce.softmax(x[sets == s] @ w + b)
        for i, q in zip(np.flatnonzero(sets == s), p, strict=True):
            out[i] = {k: float(v) for k, v in zip(kse.KINDS, q, strict=True)}
    return out


def decide(row: dict[str, Any], probs: dict[str, float], gates: dict[str, float]) -> tuple[str, str]:
    """The kind and deciding tier under ``gates`` (mirrors ``rules_decision`` at :data:`SHIPPED`)."""
    from mdrecall.knowledge.kind_context import CONFUSED
    from mdrecall.knowledge.kind_guess import probabilities
    from mdrecall.knowledge.kind_vote import vote, weak_cue

    ev = kse.evidence(row)
    kind, cued = vote(ev.forms)
    if not cued and ev.head is not None:
        kind = ev.head
    best = max(probs, key=lambda k: probs[k]) if probs else None
    top = probs.get(best, 0.0) if best else 0.0
    weak = cued and kind in CONFUSED and weak_cue(ev.forms, kind)
    if weak and best == CONFUSED.get(kind or "") and top >= gates["over"]:
        return str(best), "overrule"
    if kind is not None:
        return kind, "rules"
    named = probabilities(ev.name) or {}
    nbest = max(named, key=lambda k: named[k]) if named else None
    np_ = named.get(nbest, 0.0) if nbest else 0.0
    if nbest and np_ >= max(gates["name"], SHIPPED["name"]):
        return nbest, "name model"
    if best and top >= gates["ctx"]:
        return best, "context model"
    if nbest and np_ >= SHIPPED["name"]:
        return nbest, "name model"
    return "unknown", "none"


def score(
    rows: list[dict[str, Any]], probs: list[dict[str, float]], gates: dict[str, float]
) -> dict[str, int]:
    """Kinds right per set under ``gates``."""
    out: dict[str, int] = {}
    for r, p in zip(rows, probs, strict=True):
        out[r["set"]] = out.get(r["set"], 0) + (decide(r, p, gates)[0] == r["gold"])
    return out


def sentence_columns(
    rows: list[dict[str, Any]], x: np.ndarray, static: list[dict[str, float]], base: dict[str, int]
) -> list[dict[str, Any]]:
    """Kinds right per set with the sentence model's probabilities (left out), alone and averaged with the
    static model's, at each context and overrule gate; against the static model at the shipped gates."""
    sentence = loso_probs(rows, np.concatenate([x, kse.sentence_matrix(rows)], 1))
    out = []
    for share in (0.3, 0.5, 0.7, 1.0):
        mixed = [
            {k: (1 - share) * a[k] + share * b[k] for k in a} for a, b in zip(static, sentence, strict=True)
        ]
        for ctx, over in itertools.product(GRID["ctx"][1:4], (0.8, 0.9)):
            gates = dict(SHIPPED, ctx=ctx, over=over)
            got = score(rows, mixed, gates)
            diff = {s: got[s] - base[s] for s in base}
            out.append(
                {
                    "share": share,
                    "gates": gates,
                    "right": got,
                    "net": sum(diff.values()),
                    "worst": min(diff.values()),
                }
            )
            print(
                f"  sentence share {share}, {gates}: net {out[-1]['net']:+d}, worst set {out[-1]['worst']:+d}"
            )
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=Path, nargs="+", required=True)
    parser.add_argument("--changes", action="store_true", help="list each name whose kind changes")
    parser.add_argument("--sentence", action="store_true", help="measure the sentence model's columns too")
    args = parser.parse_args()
    rows = [r for f in args.rows for r in json.loads(f.read_text(encoding="utf-8"))]
    x = kse.matrix(rows, False)
    probs = loso_probs(rows, x)
    base = score(rows, probs, SHIPPED)
    results = []
    for values in itertools.product(*GRID.values()):
        gates = dict(zip(GRID, values, strict=True))
        got = score(rows, probs, gates)
        diff = {s: got[s] - base[s] for s in base}
        results.append({"gates": gates, "right": got, "net": sum(diff.values()), "worst": min(diff.values())})
    results.sort(key=lambda t: (-(t["worst"] >= 0), -t["net"], -t["worst"]))
    n = {s: sum(r["set"] == s for r in rows) for s in base}
    shipped_kind = {s: sum(r["set"] == s and r["kind"] == r["gold"] for r in rows) for s in base}
    print(f"{len(rows)} names; the view as shipped right {sum(shipped_kind.values())}")
    print(f"left out, at the shipped gates: {sum(base.values())}")
    top = results[:8]
    heads = " ".join(f"{'#' + str(i):>6}" for i in range(len(top)))
    print(f"{'set':12} {'n':>4} {'view':>6} {'loso':>6} {heads}")
    for s in base:
        cells = " ".join(f"{t['right'][s] - base[s]:+6d}" for t in top)
        print(f"{s:12} {n[s]:4} {shipped_kind[s]:6} {base[s]:6} {cells}")
    for i, t in enumerate(top):
        print(f"  #{i} {t['gates']}: net {t['net']:+d}, worst set {t['worst']:+d}")
    if args.changes:
        for r, p in zip(rows, probs, strict=True):
            a, b = decide(r, p, SHIPPED), decide(r, p, top[0]["gates"])
            if a[0] != b[0]:
                mark = "+" if b[0] == r["gold"] else "-" if a[0] == r["gold"] else "~"
                print(f"  {mark} {r['set']:12} {r['name']}: {a} → {b}, gold {r['gold']}")
    table = {"shipped": SHIPPED, "n": n, "view": shipped_kind, "loso_shipped": base, "settings": results[:40]}
    if args.sentence:
        table["sentence"] = sentence_columns(rows, x, probs, base)
    out = ke.ROOT / "results" / "kind_gates.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(table, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
