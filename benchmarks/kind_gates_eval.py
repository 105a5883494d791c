"""Where should the context kind model decide? Its gates measured leaving one set out.

The kind decision (:func:`mdrecall.knowledge.kinds.kind_stack.rules_decision`) asks the context model
(:mod:`mdrecall.knowledge.kinds.kind_context`) in two places, each behind a gate set on eleven sets in round
14:

* a name no rule types and the name-only model (:mod:`mdrecall.knowledge.kinds.kind_guess`, gate 0.3) does not
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

With ``--sentence`` it measures the shipped pair: the static model as shipped (trained on the eleven oldest
sets; on one of them, the ten others) and the context model that reads the sentence model's vector too
(:mod:`mdrecall.knowledge.kinds.kind_sentence`, MiniLM offline, trained on every other set), their
probabilities averaged at each share and context gate, the weak cue's overrule on the static model's alone (as
shipped: share 0.5, gate 0.2). Usage::

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
    from mdrecall.knowledge.kinds.kind_context import CONFUSED
    from mdrecall.knowledge.kinds.kind_guess import probabilities
    from mdrecall.knowledge.kinds.kind_vote import vote, weak_cue

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


#: The sets the shipped static context model was trained on (round 14), named one by one.
ELEVEN = ["dev", "held_out"] + [f"held_out_{i}" for i in range(2, 11)]


def shipped_static_probs(rows: list[dict[str, Any]], x: np.ndarray) -> list[dict[str, float]]:
    """Each row's probabilities from the static model as shipped (trained on :data:`ELEVEN`), left out: on
    one of the eleven sets, the model trained on the ten others."""
    y = np.array([kse.KINDS.index(r["gold"]) for r in rows])
    sets = np.array([r["set"] for r in rows])
    eleven = np.isin(sets, ELEVEN)
    out: list[dict[str, float]] = [{} for _ in rows]
    fitted: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    for s in dict.fromkeys(sets):
        key = str(s) if s in ELEVEN else ""
        if key not in fitted:
            train = eleven & (sets != s)
            fitted[key] = kce.fit(x[train], y[train], len(kse.KINDS))
        w, b = fitted[key]
        for i, q in zip(np.flatnonzero(sets == s), kce.softmax(x[sets == s] @ w + b), strict=True):
            out[i] = {k: float(v) for k, v in zip(kse.KINDS, q, strict=True)}
    return out


def averaged_decision(
    row: dict[str, Any], static: dict[str, float], sentence: dict[str, float], share: float, gate: float
) -> str:
    """The shipped decision with the sentence model: the weak cue's overrule reads the static model's
    probabilities (at :data:`SHIPPED`), a name nothing else types the average at ``gate``."""
    kind, tier = decide(row, static, SHIPPED)
    if tier not in ("context model", "none"):
        return kind
    mixed = {k: (1 - share) * static[k] + share * sentence[k] for k in static}
    return decide(row, mixed, dict(SHIPPED, ctx=gate, over=1.01))[0]


def sentence_columns(rows: list[dict[str, Any]], x: np.ndarray) -> dict[str, Any]:
    """Kinds right per set, left out: the static model as shipped alone, and averaged with the sentence
    model (trained on every other set) at each share and gate."""
    static = shipped_static_probs(rows, x)
    sentence = loso_probs(rows, np.concatenate([x, kse.sentence_matrix(rows)], 1))
    base = score(rows, static, SHIPPED)
    out: dict[str, Any] = {"static as shipped": base, "settings": []}
    print(f"  the static model as shipped, left out: {sum(base.values())}")
    for share, gate in itertools.product((0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 1.0), (0.0, 0.2, 0.3, 0.4)):
        got: dict[str, int] = {}
        for r, a, b in zip(rows, static, sentence, strict=True):
            got[r["set"]] = got.get(r["set"], 0) + (averaged_decision(r, a, b, share, gate) == r["gold"])
        diff = {s: got[s] - base[s] for s in base}
        net, worst = sum(diff.values()), min(diff.values())
        out["settings"].append({"share": share, "gate": gate, "right": got, "net": net, "worst": worst})
        print(f"  sentence share {share}, gate {gate}: net {net:+d}, worst set {worst:+d}")
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
        table["sentence"] = sentence_columns(rows, x)
    out = ke.ROOT / "results" / "kind_gates.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(table, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
