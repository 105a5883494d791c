"""Can the words around a name's mentions tell its kind where the rules cannot (issue 29 part 1)?

Round 13 (``kind_model_eval.py``) found that a model of the *name alone* knows little. This measures a
model of the name's *context* in its workspace: for each gold entity the entity view finds, the words
around each of its mentions (±5 words on the line, the heading above, the line's opening label, the
file's path words), each bag turned into a vector through the shipped static word table
(``embedders/static.py``) and averaged over the mentions, plus a few shape features of the name. A
class-balanced softmax regression (numpy only) is trained and evaluated **leaving one set out** over the
thirteen tunable sets (dev, held_out, held_out_2 .. held_out_11, held_out_13; never the blind held_out_12).

Per held-out set it reports kinds right among the matched entities:

* **rules**: the entity view's kind as shipped (the vote of :mod:`mdrecall.knowledge.kinds.kind_vote`, then a
  longer name's head noun, then the shape's default, then the name-only guess);
* **alone**: the context model's kind for every matched name;
* **unknown@p**: the model's kind where the rules give none (``unknown``: the shipped use), the rules'
  elsewhere, where the model's probability is at least ``p`` (each of ``--gates``);
* **weak@p**: the same on every weak tier (``unknown``, the name-only guess, the shape's default: no cue
  of measured reliability);
* **shipped**: what the entity view does: the model's kind where the rules give none (at its ``GATE``),
  and where a weak cue says place or organisation and the model says the other of the pair (at least
  ``OVERRULE_GATE``, :func:`mdrecall.knowledge.kinds.kind_context.overrules`).

Usage::

    python benchmarks/kind_context_eval.py [--sets dev held_out ...] [--gates 0 0.4 0.5] [--changes]

Prints the table and writes ``benchmarks/results/kind_context.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import knowledge_eval as ke  # noqa: E402
from kind_matches import matched_entities  # noqa: E402

#: The tunable sets, named one by one (no range or glob: the blind held_out_12 must never be read).
SETS = [
    "dev", "held_out", "held_out_2", "held_out_3", "held_out_4", "held_out_5", "held_out_6", "held_out_7",
    "held_out_8", "held_out_9", "held_out_10", "held_out_11", "held_out_13",
]  # fmt: skip
KINDS = ["event", "org", "person", "pet", "place", "product", "technology", "work"]
#: The rules' tiers whose kind no cue of measured reliability gave (the model may replace it).
WEAK = ("unknown", "guess", "shape")


def tier_of(index: Any, root: str, parts: Any) -> str:
    """How the entity view decided this entity's kind: ``cue``, ``inherited``, ``shape``, ``guess`` or
    ``unknown`` (the order of :meth:`EntityIndex._entity`)."""
    from mdrecall.knowledge import stored_kinds
    from mdrecall.knowledge.kinds.kind_vote import vote

    kind, cued = vote(p.forms for p in parts)
    if cued:
        return "cue"
    inherited = stored_kinds.inherited_key_kinds(index.store)
    if any(p.key in inherited for p in parts):
        return "inherited"
    return "shape" if kind else "weak"


def gather(which: str) -> list[dict[str, Any]]:
    """The set's gold entities the entity view finds: names as written, gold kind, the view's kind and
    tier, and the text of every line that mentions them (with the heading above and the file's path)."""
    from mdrecall.knowledge import index as index_module
    from mdrecall.knowledge.kinds import kind_context

    index_module.context_guess = lambda *_args: None  # the rules' kinds without this model
    rows: list[dict[str, Any]] = []
    with matched_entities(which) as (mem, idx, matches):
        for m in matches:
            e, parts = m.entity, m.parts
            tier = tier_of(idx, m.root, parts)
            if tier == "weak":
                tier = "guess" if e.kind != "unknown" else "unknown"
            found = kind_context.mentions(mem.store, [p.key for p in parts])
            written = sorted({n for p in parts for (n, _k, _h) in p.forms} | {e.name})
            rows.append(
                {
                    "set": which,
                    "name": e.name,
                    "written": written,
                    "gold": m.gold["kind"],
                    "rules": ke._KINDS.get(e.kind, e.kind),
                    "tier": tier,
                    "forms": [[n, k, h, c] for p in parts for (n, k, h), c in p.forms.items()],
                    "mentions": [x._asdict() for x in found],
                }
            )
    return rows


def features(rows: list[dict[str, Any]]) -> np.ndarray:
    """The shipped model's input per row (:func:`mdrecall.knowledge.kinds.kind_context.features`)."""
    from mdrecall.embedders.static import StaticEmbedder
    from mdrecall.knowledge.kinds.kind_context import Mention
    from mdrecall.knowledge.kinds.kind_context import features as row_features

    emb = StaticEmbedder()
    return np.asarray(
        [row_features(emb, r["name"], r["written"], [Mention(**m) for m in r["mentions"]]) for r in rows],
        np.float32,
    )


def fit(
    x: np.ndarray,
    y: np.ndarray,
    n: int,
    l2: float = 1e-2,
    epochs: int = 400,
    rate: float = 0.5,
    sample_weight: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Class-balanced softmax regression by full-batch gradient descent on standardised features; the
    weights returned read raw features (the standardisation folded in). ``sample_weight`` multiplies each
    row's (class-balanced) weight."""
    mu, sd = x.mean(0), x.std(0) + 1e-6
    z = (x - mu) / sd
    w = np.zeros((x.shape[1], n), np.float32)
    b = np.zeros(n, np.float32)
    one_hot = np.eye(n, dtype=np.float32)[y]
    weight = (1.0 / np.maximum(np.bincount(y, minlength=n), 1)[y]).astype(np.float32)
    if sample_weight is not None:
        weight = weight * sample_weight.astype(np.float32)
    for _ in range(epochs):
        p = softmax(z @ w + b)
        g = (p - one_hot) * weight[:, None]
        w -= rate * (z.T @ g / weight.sum() + l2 * w)
        b -= rate * g.sum(0) / weight.sum()
    return (w / sd[:, None]).astype(np.float32), (b - (mu / sd) @ w).astype(np.float32)


def softmax(z: np.ndarray) -> np.ndarray:
    z = np.exp(z - z.max(-1, keepdims=True))
    return z / z.sum(-1, keepdims=True)


def loso(rows: list[dict[str, Any]], x: np.ndarray, gates: list[float]) -> dict[str, Any]:
    """Leave one set out: per set, kinds right by the rules, by the model alone, and by the rules with the
    model's kind where the rules' is weak (``unknown`` only; or every weak tier), at each gate."""
    y = np.array([KINDS.index(r["gold"]) for r in rows])
    sets = np.array([r["set"] for r in rows])
    table: dict[str, Any] = {}
    for s in dict.fromkeys(sets):
        train, test = sets != s, sets == s
        w, b = fit(x[train], y[train], len(KINDS))
        p = softmax(x[test] @ w + b)
        got = [KINDS[i] for i in p.argmax(1)]
        conf = p.max(1)
        sub = [r for r in rows if r["set"] == s]
        gold = [r["gold"] for r in sub]

        def right(ks: list[str], gold: list[str] = gold) -> int:
            return sum(k == g for k, g in zip(ks, gold, strict=True))

        row: dict[str, Any] = {
            "n": len(sub),
            "unknown": sum(r["tier"] == "unknown" for r in sub),
            "weak": sum(r["tier"] in WEAK for r in sub),
            "rules": right([r["rules"] for r in sub]),
            "alone": right(got),
        }
        for tiers, label in ((("unknown",), "unknown"), (WEAK, "weak")):
            for gate in gates:
                ks = [
                    g if r["tier"] in tiers and c >= gate else r["rules"]
                    for r, g, c in zip(sub, got, conf, strict=True)
                ]
                row[f"{label}@{gate}"] = right(ks)
                row[f"{label}@{gate} typed"] = sum(  # (numpy's bools: made ints for the JSON)
                    bool(r["tier"] in tiers and c >= gate and g != r["rules"])
                    for r, g, c in zip(sub, got, conf, strict=True)
                )
        row["shipped"] = right([shipped(r, g, c) for r, g, c in zip(sub, got, conf, strict=True)])
        row["changes"] = [
            f"{r['name']} [{r['tier']}]: {r['rules']} → {g} ({c:.2f}, gold {r['gold']})"
            for r, g, c in zip(sub, got, conf, strict=True)
            if r["tier"] in WEAK and g != r["rules"]
        ]
        table[s] = row
    return table


def shipped(row: dict[str, Any], got: str, conf: float) -> str:
    """The kind the entity view gives ``row`` with the model's kind ``got`` at probability ``conf``."""
    from mdrecall.knowledge.kinds import kind_context
    from mdrecall.knowledge.kinds.kind_guess import KindGuess
    from mdrecall.knowledge.kinds.kind_vote import weak_cue

    package = {"org": "organisation"}
    if row["tier"] == "unknown":
        return got if conf >= kind_context.GATE else row["rules"]
    kind = package.get(row["rules"], row["rules"])
    forms = {(n, k, h): c for n, k, h, c in row.get("forms", ())}
    weak = row["tier"] == "cue" and kind in kind_context.CONFUSED and weak_cue([forms], kind)
    return (
        got
        if weak and kind_context.overrules(KindGuess(package.get(got, got), float(conf)), kind)
        else row["rules"]
    )


def report(table: dict[str, Any], gates: list[float]) -> None:
    """Print the leave-one-set-out table."""
    cols = ["rules", "alone"] + [f"{t}@{g}" for t in ("unknown", "weak") for g in gates] + ["shipped"]
    print(f"{'left out':11} {'n':>4} {'unk':>4} {'weak':>4} " + " ".join(f"{c:>12}" for c in cols))
    for s, v in table.items():
        cells = [f"{v[c] / v['n']:.2f} ({v[c] - v['rules']:+d})" for c in cols]
        print(f"{s:11} {v['n']:4} {v['unknown']:4} {v['weak']:4} " + " ".join(f"{c:>12}" for c in cells))
    for t in ("unknown", "weak"):
        for g in gates:
            gain = sum(v[f"{t}@{g}"] - v["rules"] for v in table.values())
            typed = sum(v[f"{t}@{g} typed"] for v in table.values())
            raised = sum(v[f"{t}@{g}"] > v["rules"] for v in table.values())
            worst = min(v[f"{t}@{g}"] - v["rules"] for v in table.values())
            print(f"  {t}@{g}: {typed} retyped, net {gain:+d} right, {raised} sets raised, worst {worst:+d}")
    gain = sum(v["shipped"] - v["rules"] for v in table.values())
    raised = sum(v["shipped"] > v["rules"] for v in table.values())
    worst = min(v["shipped"] - v["rules"] for v in table.values())
    print(f"  shipped: net {gain:+d} right, {raised} sets raised, worst {worst:+d}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs="*", default=SETS)
    parser.add_argument("--gates", nargs="*", type=float, default=[0.0, 0.4, 0.5, 0.6])
    parser.add_argument("--changes", action="store_true", help="list each weak name the model retypes")
    args = parser.parse_args()
    rows = [r for s in args.sets for r in gather(s)]
    x = features(rows)
    table = loso(rows, x, args.gates)
    report(table, args.gates)
    if args.changes:
        for s, v in table.items():
            print(s)
            for c in v["changes"]:
                print("   ", c)
    out = ke.ROOT / "results" / "kind_context.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(table, indent=2) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
