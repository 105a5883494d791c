"""Does a learned combination of the kind decision's parts type names better than their hand-set order?

For each gold entity the entity view finds on the thirteen tunable sets (dev, held_out, held_out_2 ..
held_out_11, held_out_13, named one by one; never the blind held_out_12), this reads what the kind decision
reads (:class:`mdrecall.knowledge.kinds.kind_stack.Evidence`: the mentions' kinds and how each was found, a
longer name's head noun, mention counts) and the words around its mentions (the context model's input,
:mod:`mdrecall.knowledge.kinds.kind_context`). It then measures **leaving one set out**, kinds right among the
matched entities:

* **before**: the shipped decision (:func:`~mdrecall.knowledge.kinds.kind_stack.rules_decision`) with the
context
  model trained on the other twelve sets;
* **after@g**: the stack (:func:`~mdrecall.knowledge.kinds.kind_stack.features`, a softmax regression) trained
on
  the other twelve sets, its kind taken where its probability is at least ``g``, the rules' elsewhere.

The stack is trained on what the context model says of names it never saw: for a left-out set S, each
training set T's context probabilities come from a context model trained without S and T (nested), as the
shipped stack reads the shipped context model's answers on notes it never saw. The context models' fits are
kept in ``benchmarks/.cache/kind_stack/``. Usage::

    python benchmarks/kind_stack_eval.py [--gates 0 0.5 0.6] [--l2 0.01] [--changes]

Prints the table and writes ``benchmarks/results/kind_stack.json``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import kind_context_eval as kce  # noqa: E402  (the context model's input and fit)
import knowledge_eval as ke  # noqa: E402
from kind_matches import matched_entities  # noqa: E402

SETS = kce.SETS
CACHE = ke.ROOT / ".cache" / "kind_stack"
#: The labels' kind names → the package's.
PACKAGE = {"org": "organisation"}
#: The sources of the rules' kind the stack may replace (``None``: every one).
TIERS: frozenset[str] | None = None


def gather(which: str) -> list[dict[str, Any]]:
    """The set's gold entities the entity view finds, each with the kind decision's evidence, the gold kind
    and the mention lines the context model reads."""
    from mdrecall.knowledge import index as index_module
    from mdrecall.knowledge.kinds import kind_context
    from mdrecall.knowledge.kinds.kind_stack import Evidence, rules_decision

    seen_evidence: list[Evidence] = []

    def record(ev: Evidence, _context: Any) -> Any:
        seen_evidence.append(ev)
        return rules_decision(ev, lambda: None)

    index_module.stacked_decision = record  # type: ignore[assignment]
    rows: list[dict[str, Any]] = []
    with matched_entities(which, after=lambda: seen_evidence[-1]) as (mem, _idx, matches):
        for m in matches:
            e, parts, ev = m.entity, m.parts, m.extra
            found = kind_context.mentions(mem.store, [p.key for p in parts])
            rows.append(
                {
                    "set": which,
                    "name": e.name,
                    "written": sorted({n for p in parts for (n, _k, _h) in p.forms} | {e.name}),
                    "gold": PACKAGE.get(m.gold["kind"], m.gold["kind"]),
                    "forms": [[[n, k, h, c] for (n, k, h), c in f.items()] for f in ev.forms],
                    "head": ev.head,
                    "lines": ev.lines,
                    "files": ev.files,
                    "mentions": [x._asdict() for x in found],
                }
            )
    return rows


def evidence(row: dict[str, Any]) -> Any:
    """The row's :class:`~mdrecall.knowledge.kinds.kind_stack.Evidence`."""
    from mdrecall.knowledge.kinds.kind_stack import Evidence

    forms = [{(n, k, h): c for n, k, h, c in part} for part in row["forms"]]
    return Evidence(row["name"], forms, row["head"], row["lines"], row["files"])


def context_probs(rows: list[dict[str, Any]], x: np.ndarray, without: frozenset[str]) -> np.ndarray:
    """Each row's context-model probabilities (the package's kinds, in ``kce.KINDS`` order) from a context
    model trained on every set but ``without`` (cached by the sets left out and the training data)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    y = np.array([kce.KINDS.index({"organisation": "org"}.get(r["gold"], r["gold"])) for r in rows])
    sets = np.array([r["set"] for r in rows])
    train = ~np.isin(sets, sorted(without))
    digest = hashlib.sha1(x[train].tobytes() + y[train].tobytes()).hexdigest()[:16]
    path = CACHE / f"{'+'.join(sorted(without))}-{digest}.npz"
    if path.is_file():
        with np.load(path) as data:
            w, b = data["w"], data["b"]
    else:
        w, b = kce.fit(x[train], y[train], len(kce.KINDS))
        np.savez(path, w=w, b=b)
    return kce.softmax(x @ w + b)


def as_dict(p: np.ndarray) -> dict[str, float]:
    """A context-model row as the package's kind → probability."""
    return {PACKAGE.get(k, k): float(v) for k, v in zip(kce.KINDS, p, strict=True)}


def stack_rows(rows: list[dict[str, Any]], probs: np.ndarray) -> tuple[np.ndarray, list[Any]]:
    """The stack's features and the rules' decision per row, given each row's context probabilities."""
    from mdrecall.knowledge.kinds.kind_stack import features, rules_decision

    feats, rules = [], []
    for row, p in zip(rows, probs, strict=True):
        ev, ctx = evidence(row), as_dict(p)
        decided = rules_decision(ev, lambda ctx=ctx: ctx)
        rules.append(decided)
        feats.append(features(ev, decided, ctx))
    return np.asarray(feats, np.float32), rules


def fit(x: np.ndarray, y: np.ndarray, l2: float, balanced: bool, epochs: int = 800) -> Any:
    """A conditional logit (one weight per feature, shared by every kind's row, and a bias per kind) by
    full-batch gradient descent on standardised features; the weights returned read raw features."""
    n, k, f = x.shape
    flat = x.reshape(-1, f)
    mu, sd = flat.mean(0), flat.std(0) + 1e-6
    z = (x - mu) / sd
    w = np.zeros(f, np.float32)
    b = np.zeros(k, np.float32)
    one_hot = np.eye(k, dtype=np.float32)[y]
    if balanced:
        weight = (1.0 / np.maximum(np.bincount(y, minlength=k), 1)[y]).astype(np.float32)
    else:
        weight = np.ones(n, np.float32)
    rate = 0.5
    for _ in range(epochs):
        p = kce.softmax(z @ w + b)
        g = (p - one_hot) * weight[:, None]
        w -= rate * (np.einsum("nkf,nk->f", z, g) / weight.sum() + l2 * w)
        b -= rate * g.sum(0) / weight.sum()
    return (w / sd).astype(np.float32), (b - float((mu / sd) @ w)).astype(np.float32)


def decide(rules: Any, p: np.ndarray, gate: float, tiers: frozenset[str] | None = None) -> str:
    """The kind the shipped stack gives: its own where sure enough (and, with ``tiers``, where the rules'
    kind came from one of them), else the rules'."""
    from mdrecall.knowledge.kinds.kind_stack import KINDS

    best = int(p.argmax())
    if tiers is not None and (rules.source or "none") not in tiers:
        return rules.kind
    return KINDS[best] if p[best] >= gate else rules.kind


def loso(rows: list[dict[str, Any]], x: np.ndarray, gates: list[float], l2: float, balanced: bool) -> Any:
    """Leave one set out: kinds right per set before (the rules with a left-out context model) and after
    (the stack trained on the other sets, with nested left-out context models) at each gate."""
    from mdrecall.knowledge.kinds.kind_stack import KINDS

    sets = [r["set"] for r in rows]
    order = list(dict.fromkeys(sets))
    y = np.array([KINDS.index(r["gold"]) if r["gold"] in KINDS else 0 for r in rows])
    table: dict[str, Any] = {}
    weights_seen: list[np.ndarray] = []
    for s in order:
        test = np.array([t == s for t in sets])
        own = context_probs(rows, x, frozenset({s}))
        xs_test, rules_test = stack_rows([r for r, m in zip(rows, test, strict=True) if m], own[test])
        xs_train, ys_train = [], []
        for t in order:
            if t == s:
                continue
            part = np.array([u == t for u in sets])
            probs = context_probs(rows, x, frozenset({s, t}))
            xt, _rules = stack_rows([r for r, m in zip(rows, part, strict=True) if m], probs[part])
            xs_train.append(xt)
            ys_train.append(y[part])
        w, b = fit(np.concatenate(xs_train), np.concatenate(ys_train), l2, balanced)
        weights_seen.append(w)
        p = kce.softmax(xs_test @ w + b)
        sub = [r for r in rows if r["set"] == s]
        gold = [r["gold"] for r in sub]
        row: dict[str, Any] = {
            "n": len(sub),
            "before": sum(d.kind == g for d, g in zip(rules_test, gold, strict=True)),
        }
        for gate in gates:
            got = [decide(d, q, gate, TIERS) for d, q in zip(rules_test, p, strict=True)]
            row[f"after@{gate}"] = sum(k == g for k, g in zip(got, gold, strict=True))
            row[f"changes@{gate}"] = [
                f"{r['name']}: {d.kind} ({d.source}) → {k} ({q.max():.2f}), gold {g}"
                for r, d, k, q, g in zip(sub, rules_test, got, p, gold, strict=True)
                if k != d.kind
            ]
        table[s] = row
    from mdrecall.knowledge.kinds.kind_stack import FEATURES

    mean = np.mean(weights_seen, 0)
    print("mean weights:", ", ".join(f"{n} {v:+.2f}" for n, v in zip(FEATURES, mean, strict=True)))
    return table


def report(table: dict[str, Any], gates: list[float]) -> dict[str, Any]:
    """Print the table and the means; return the summary."""
    cols = ["before"] + [f"after@{g}" for g in gates]
    print(f"{'left out':11} {'n':>4} " + " ".join(f"{c:>15}" for c in cols))
    for s, v in table.items():
        cells = [f"{v[c] / v['n']:.3f} ({v[c] - v['before']:+d})" for c in cols]
        print(f"{s:11} {v['n']:4} " + " ".join(f"{c:>15}" for c in cells))
    summary = {}
    for c in cols:
        mean = sum(v[c] / v["n"] for v in table.values()) / len(table)
        worst = min(v[c] - v["before"] for v in table.values())
        net = sum(v[c] - v["before"] for v in table.values())
        summary[c] = {"mean": round(mean, 4), "worst": worst, "net": net}
        print(f"  {c}: mean kinds right {mean:.3f}, net {net:+d}, worst set {worst:+d}")
    return summary


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gates", nargs="*", type=float, default=[0.0, 0.5, 0.6, 0.7])
    parser.add_argument("--l2", type=float, default=1e-2)
    parser.add_argument("--balanced", action="store_true", help="weigh each gold kind equally")
    parser.add_argument("--changes", action="store_true", help="list each name the stack retypes")
    parser.add_argument("--rows", type=Path, help="read/write the gathered rows here (JSON)")
    parser.add_argument("--tiers", nargs="*", help="the rules' kind sources the stack may replace")
    args = parser.parse_args()
    global TIERS
    TIERS = frozenset(args.tiers) if args.tiers else None
    if args.rows and args.rows.is_file():
        rows = json.loads(args.rows.read_text(encoding="utf-8"))
    else:
        rows = [r for s in SETS for r in gather(s)]
        if args.rows:
            args.rows.write_text(json.dumps(rows), encoding="utf-8")
    cached = args.rows.with_suffix(".npy") if args.rows else None
    if cached is not None and cached.is_file():
        x = np.load(cached)
    else:
        x = kce.features(rows)
        if cached is not None:
            np.save(cached, x)
    table = loso(rows, x, args.gates, args.l2, args.balanced)
    summary = report(table, args.gates)
    if args.changes:
        for s, v in table.items():
            print(s)
            for gate in args.gates:
                for c in v[f"changes@{gate}"]:
                    print(f"   @{gate}", c)
    out = ke.ROOT / "results" / "kind_stack.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"summary": summary, "sets": table}, indent=2) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
