"""Does a learned keep-or-drop score raise the entity view's precision on notes it was not trained on?

For every entity the view lists on each of the thirteen tunable labelled sets (dev, held_out, held_out_2
.. held_out_11, held_out_13, named one by one; never a blind set), :func:`gather` reads the features of
:mod:`mdrecall.knowledge.entity_filter` (with the shipped filter off: the rules' list) and whether the name
is gold. A logistic regression (numpy only, :func:`fit`) is trained **leaving one set out**: for each set,
on the other twelve, and the set scored at each threshold. Per set it prints precision and recall of the
rules alone and of the rules with the model's drops at the chosen threshold, and kinds right among the
matched; then the means and, per threshold, the mean change. The threshold is chosen on these left-out
scores (:func:`choose`): the one dropping the most false names net of true ones while mean recall falls
by at most :data:`MAX_RECALL_LOSS` and kinds right hardly at all. The filter ships active only where mean
precision then rises by :data:`SHIP_GAIN` or more (:func:`ships`).

Usage::

    python benchmarks/entity_filter_eval.py [--sets dev held_out ...] [--drops]

Writes ``benchmarks/results/entity_filter.json``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import knowledge_eval as ke  # noqa: E402

#: The tunable sets, named one by one (no range or glob: the blind sets must never be read).
SETS = [
    "dev", "held_out", "held_out_2", "held_out_3", "held_out_4", "held_out_5", "held_out_6", "held_out_7",
    "held_out_8", "held_out_9", "held_out_10", "held_out_11", "held_out_13",
]  # fmt: skip
#: Thresholds tried (the model's probability that a name is an entity, below which it is dropped).
THRESHOLDS = [round(0.025 * i, 3) for i in range(21)]
#: The most mean recall a threshold may cost (left out).
MAX_RECALL_LOSS = 0.01
#: The least rise of mean precision, left out, for the filter to ship active (the issue asks for a clear
#: rise, aiming at +0.05; below this the model file is written inactive: the rules decide).
SHIP_GAIN = 0.02
#: The most mean kinds right a threshold may cost (dropping a name typed right lowers the share a hair).
MAX_KINDS_LOSS = 0.001
#: L2 penalty and steps of the regression.
L2, EPOCHS, RATE = 1e-2, 600, 0.5
#: How much each name the rules reject counts in training, against 1 for a listed name: the rejected
#: (~1,400 over the sets, ~96% not entities) show what a capitalised non-name looks like, which the few
#: false names the rules let through (~70) cannot teach alone (left out: 7 of the 10 lowest-scored listed
#: names are false with them, 1 without).
EXTRA_WEIGHT = 0.5


def gather(which: str) -> dict[str, Any]:
    """The set's listed entities (the rules' list, the filter off): name, features, the gold entity it
    matches (or None) and whether its kind is the gold's; and the number of gold entities."""
    from mdrecall.knowledge import entity_filter
    from mdrecall.knowledge import index as index_module
    from mdrecall.knowledge.mentions.extract import entity_key

    labels = json.loads((ke.DATA / f"{which}.labels.json").read_text(encoding="utf-8"))
    by_key: dict[str, dict[str, Any]] = {}
    for g in labels["entities"]:
        for n in [g["name"], *g["aliases"]]:
            by_key.setdefault(entity_key(n), g)
    listed: list[Any] = []
    keep = entity_filter.dropped
    entity_filter.dropped = lambda _store, _stats, items: listed.extend(items) or set()  # type: ignore[assignment,func-returns-value]
    try:
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp) / which
            shutil.copytree(ke.DATA / which, root)
            mem = ke._open(root)
            try:
                idx = index_module.EntityIndex(mem.store, mem.config.entities)
                entities = {entity_key(e.name): e for e in idx.entities()}
                feats = entity_filter.rows(mem.store, listed)
                known = idx.known()
                others = [
                    entity_filter.listed(s.key, idx._entity(s.key, [s]), [s])
                    for s in mem.store.entity_summary()
                    if s.key not in known
                ]
                other_feats = entity_filter.rows(mem.store, others)
            finally:
                mem.close()
    finally:
        entity_filter.dropped = keep  # type: ignore[assignment]
    rows = []
    for item, x in zip(listed, feats, strict=True):
        e = entities[entity_key(item.name)]
        keys = list(dict.fromkeys(entity_key(n) for n in (e.name, *sorted(e.aliases))))
        hit = next((by_key[k] for k in keys if k in by_key), None)
        rows.append(
            {
                "set": which,
                "name": e.name,
                "gold": hit["name"] if hit else None,
                "kind_right": bool(hit and ke._KINDS.get(e.kind, e.kind) == hit["kind"]),
                "x": x,
            }
        )
    rejected = [
        {"set": which, "name": o.name, "gold": by_key[o.root]["name"] if o.root in by_key else None, "x": x}
        for o, x in zip(others, other_feats, strict=True)
    ]
    return {"rows": rows, "n_gold": len(labels["entities"]), "rejected": rejected}


def fit(x: np.ndarray, y: np.ndarray, weight: np.ndarray | None = None) -> tuple[np.ndarray, float]:
    """Logistic regression by full-batch gradient descent on standardised features, each row weighted
    (``weight``, default 1) and the two classes' weights made equal; the weights returned read raw
    features (the standardisation folded in)."""
    mu, sd = x.mean(0), x.std(0) + 1e-6
    z = (x - mu) / sd
    w = np.zeros(x.shape[1])
    b = 0.0
    weight = np.ones(len(y)) if weight is None else weight
    pos, neg = float((weight * y).sum()) or 1.0, float((weight * (1 - y)).sum()) or 1.0
    weight = weight * np.where(y == 1, 0.5 / pos, 0.5 / neg)
    for _ in range(EPOCHS):
        p = 1.0 / (1.0 + np.exp(-(z @ w + b)))
        g = (p - y) * weight
        w -= RATE * (z.T @ g + L2 * w)
        b -= RATE * float(g.sum())
    return w / sd, b - float((mu / sd) @ w)


def training(data: dict[str, dict[str, Any]], sets: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features, labels (1: a gold entity) and weights of ``sets``' listed and rejected names."""
    listed = [r for s in sets for r in data[s]["rows"]]
    rejected = [r for s in sets for r in data[s]["rejected"]]
    x = np.asarray([r["x"] for r in listed + rejected], dtype=np.float64)
    y = np.asarray([r["gold"] is not None for r in listed + rejected], dtype=np.float64)
    weight = np.asarray([1.0] * len(listed) + [EXTRA_WEIGHT] * len(rejected))
    return x, y, weight


def prob(x: np.ndarray, w: np.ndarray, b: float) -> np.ndarray:
    """The model's probability that each row is an entity."""
    return 1.0 / (1.0 + np.exp(-np.clip(x @ w + b, -30, 30)))


def score(rows: list[dict[str, Any]], n_gold: int, kept: list[bool]) -> dict[str, float]:
    """Precision, recall and kinds right (as :func:`knowledge_eval.score_entities` counts them) of the
    rows kept."""
    matched: dict[str, bool] = {}
    n = wrong = 0
    for r, k in zip(rows, kept, strict=True):
        if not k:
            continue
        n += 1
        if r["gold"] is None:
            wrong += 1
        elif r["gold"] not in matched:
            matched[r["gold"]] = r["kind_right"]
    return {
        "precision": (n - wrong) / n if n else 0.0,
        "recall": len(matched) / n_gold if n_gold else 0.0,
        "kinds": sum(matched.values()) / len(matched) if matched else 0.0,
        "listed": n,
    }


def loso(data: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Leave one set out: each set's probabilities from a model trained on the others, and its scores by
    the rules alone and at each threshold."""
    out: dict[str, Any] = {}
    for s, d in data.items():
        w, b = fit(*training(data, [t for t in data if t != s]))
        rows = d["rows"]
        p = prob(np.asarray([r["x"] for r in rows], dtype=np.float64), w, b) if rows else np.zeros(0)
        out[s] = {
            "rules": score(rows, d["n_gold"], [True] * len(rows)),
            "at": {str(t): score(rows, d["n_gold"], [bool(q >= t) for q in p]) for t in THRESHOLDS},
            "p": [float(q) for q in p],
        }
    return out


def means(table: dict[str, Any], threshold: float | None) -> dict[str, float]:
    """Mean precision, recall and kinds over the sets: the rules' (``None``) or at ``threshold``."""
    cells = [v["rules"] if threshold is None else v["at"][str(threshold)] for v in table.values()]
    return {m: sum(c[m] for c in cells) / len(cells) for m in ("precision", "recall", "kinds")}


def choose(data: dict[str, dict[str, Any]], table: dict[str, Any]) -> float:
    """The threshold dropping the most false names net of true ones, left out (the most right keep-or-drop
    decisions; the lowest such threshold), with mean recall down by at most :data:`MAX_RECALL_LOSS` and
    mean kinds right down by at most :data:`MAX_KINDS_LOSS` (0.0, nothing dropped, when none drops more
    false names than true)."""
    base = means(table, None)
    best, net = 0.0, 0
    for t in THRESHOLDS:
        m = means(table, t)
        false, true = dropped(data, table, t)
        ok = base["recall"] - m["recall"] <= MAX_RECALL_LOSS + 1e-9
        if ok and base["kinds"] - m["kinds"] <= MAX_KINDS_LOSS + 1e-9 and false - true > net:
            best, net = t, false - true
    return best


def ships(table: dict[str, Any], threshold: float) -> bool:
    """Whether the filter at ``threshold`` clears the bar to ship active, left out: mean precision up by
    :data:`SHIP_GAIN`, mean recall down by at most :data:`MAX_RECALL_LOSS`, kinds by at most
    :data:`MAX_KINDS_LOSS`."""
    a, b = means(table, None), means(table, threshold)
    return (
        b["precision"] - a["precision"] >= SHIP_GAIN
        and a["recall"] - b["recall"] <= MAX_RECALL_LOSS + 1e-9
        and a["kinds"] - b["kinds"] <= MAX_KINDS_LOSS + 1e-9
    )


def dropped(data: dict[str, dict[str, Any]], table: dict[str, Any], threshold: float) -> tuple[int, int]:
    """How many false and true listed names the left-out models score below ``threshold``."""
    low = [
        r["gold"] is None
        for s, v in table.items()
        for r, q in zip(data[s]["rows"], v["p"], strict=True)
        if q < threshold
    ]
    return sum(low), len(low) - sum(low)


def report(data: dict[str, dict[str, Any]], table: dict[str, Any], chosen: float, drops: bool) -> None:
    """Print the per-set table at ``chosen``, the means, and the mean change per threshold."""
    print(f"left out, rules → rules + model at threshold {chosen}")
    print(f"{'set':12} {'listed':>6} {'precision':>17} {'recall':>17} {'kinds':>17} {'dropped':>8}")
    for s, v in table.items():
        a, b = v["rules"], v["at"][str(chosen)]
        cells = [f"{a[m]:.3f} → {b[m]:.3f}" for m in ("precision", "recall", "kinds")]
        print(
            f"{s:12} {a['listed']:6} "
            + " ".join(f"{c:>17}" for c in cells)
            + f" {a['listed'] - b['listed']:8}"
        )
    a, b = means(table, None), means(table, chosen)
    cells = [f"{a[m]:.3f} → {b[m]:.3f}" for m in ("precision", "recall", "kinds")]
    print(f"{'mean':12} {'':6} " + " ".join(f"{c:>17}" for c in cells))
    print(
        f"ships active (mean precision +{SHIP_GAIN} or more, left out):",
        "yes" if ships(table, chosen) else "no",
    )
    print("mean change per threshold (precision, recall, kinds; names dropped: right / wrong)")
    for t in THRESHOLDS:
        m = means(table, t)
        false, true = dropped(data, table, t)
        print(
            f"  {t:5}: {m['precision'] - a['precision']:+.3f} {m['recall'] - a['recall']:+.3f}"
            f" {m['kinds'] - a['kinds']:+.3f}  ({false} / {true})"
        )
    if drops:
        for s, v in table.items():
            for r, q in zip(data[s]["rows"], v["p"], strict=True):
                if q < max(chosen, 0.5):
                    mark = "drop" if q < chosen else "    "
                    print(f"  {mark} {s:12} {r['name']!r:32} p {q:.2f} {'gold' if r['gold'] else 'NOT gold'}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs="*", default=SETS)
    parser.add_argument("--drops", action="store_true", help="list the names scored low, left out")
    args = parser.parse_args()
    data = {s: gather(s) for s in args.sets}
    table = loso(data)
    chosen = choose(data, table)
    report(data, table, chosen, args.drops)
    out = ke.ROOT / "results" / "entity_filter.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    summary = {
        "chosen": chosen,
        "ships": ships(table, chosen),
        "rules": means(table, None),
        "model": means(table, chosen),
        "sets": {s: {"rules": v["rules"], "model": v["at"][str(chosen)]} for s, v in table.items()},
        "thresholds": {str(t): means(table, t) for t in THRESHOLDS},
    }
    out.write_text(json.dumps(summary, indent=2) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
