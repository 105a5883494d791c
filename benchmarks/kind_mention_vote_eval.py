"""Left-one-set-out measure of a kind vote over a name's mentions (``kind_mention_evidence.py``) vs the rules.

Reads the rows ``kind_audit.py --rows FILE`` gathered (the shipped kind, the gold kind and the first mention
lines of every matched gold entity of the tuned sets). Each name is described by its evidence types' shares
(:func:`kind_mention_evidence.evidence`) and the rules' kind (one-hot); a softmax
regression (one weight per evidence type and kind, numpy, L2) is fitted on every set but one and read on
the one left out. The vote overrides the rules' kind only where its kind's probability exceeds the rules'
kind's by at least a margin; this prints, per margin, the overrides' fixed / broken counts and the left-out
kinds right per set, and the mean. Usage::

    python benchmarks/kind_mention_vote_eval.py --rows /tmp/rows.json [--l2 0.01] [--margins 0.3 0.5 0.7]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

KINDS = ("person", "organisation", "place", "technology", "product", "pet", "work", "event")


def shares(rows: list[dict[str, Any]]) -> list[list[float]]:
    """Each row's evidence shares (:func:`kind_mention_evidence.evidence`)."""
    from kind_mention_evidence import evidence

    class _L:
        def __init__(self, text: str) -> None:
            self.text = text

    return [
        evidence(sorted({f[0] for f in r["forms"]} | {r["name"]}), [_L(m["text"]) for m in r["mentions"]])
        for r in rows
    ]


def design(rows: list[dict[str, Any]], evs: list[list[float]], mode: str = "interact") -> np.ndarray:
    """One row per name: the rules' kind one-hot, then the evidence shares (``evidence``: alone; ``both``:
    beside the rules' kind; ``interact``: one copy per rules' kind, so a weight reads "said X, but ...")."""
    out = []
    for r, ev in zip(rows, evs, strict=True):
        rules = [float(r["kind"] == k) for k in KINDS]
        if mode == "evidence":
            out.append(ev)
        elif mode == "both":
            out.append(rules + ev)
        else:
            out.append(rules + [e * f for f in rules for e in ev])
    return np.asarray(out, np.float64)


def fit(x: np.ndarray, y: np.ndarray, l2: float, steps: int = 600) -> tuple[np.ndarray, np.ndarray]:
    """A softmax regression fitted by Adam (full batch); class-balanced loss is not used: the rules' prior
    is part of the input."""
    n, d = x.shape
    k = len(KINDS)
    w = np.zeros((d, k))
    b = np.zeros(k)
    onehot = np.eye(k)[y]
    m = [np.zeros_like(w), np.zeros_like(b)]
    v = [np.zeros_like(w), np.zeros_like(b)]
    lr, b1, b2 = 0.05, 0.9, 0.999
    for t in range(1, steps + 1):
        z = x @ w + b
        z -= z.max(1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(1, keepdims=True)
        g = (p - onehot) / n
        grads = [x.T @ g + l2 * w, g.sum(0)]
        for i, (param, grad) in enumerate(zip((w, b), grads, strict=True)):
            m[i] = b1 * m[i] + (1 - b1) * grad
            v[i] = b2 * v[i] + (1 - b2) * grad * grad
            param -= lr * (m[i] / (1 - b1**t)) / (np.sqrt(v[i] / (1 - b2**t)) + 1e-8)
    return w, b


def predict(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    z = x @ w + b
    z -= z.max(1, keepdims=True)
    p = np.exp(z)
    return p / p.sum(1, keepdims=True)


def left_out(rows: list[dict[str, Any]], x: np.ndarray, l2: float) -> np.ndarray:
    """Each row's probabilities from a model fitted on the other sets."""
    y = np.asarray([KINDS.index(r["gold"]) if r["gold"] in KINDS else 0 for r in rows])
    sets = np.asarray([r["set"] for r in rows])
    out = np.zeros((len(rows), len(KINDS)))
    for s in dict.fromkeys(sets):
        train = sets != s
        w, b = fit(x[train], y[train], l2)
        out[~train] = predict(x[~train], w, b)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=Path, required=True)
    parser.add_argument("--l2", type=float, nargs="*", default=[0.01])
    parser.add_argument("--mode", nargs="*", default=["interact"], help="evidence, both, interact")
    parser.add_argument("--margins", type=float, nargs="*", default=[0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9])
    parser.add_argument("--show", type=float, default=None, help="print the overrides at this margin")
    args = parser.parse_args()
    rows = [r for r in json.loads(args.rows.read_text(encoding="utf-8")) if r["gold"] in KINDS]
    evs = shares(rows)
    for mode in args.mode:
        for l2 in args.l2:
            print(f"== mode {mode}, L2 {l2}")
            report(rows, left_out(rows, design(rows, evs, mode), l2), args)
    return 0


def report(rows: list[dict[str, Any]], p: np.ndarray, args: argparse.Namespace) -> None:
    """Per margin: the overrides fixed / broken and the left-out kinds right, per set where shown."""
    sets = list(dict.fromkeys(r["set"] for r in rows))
    base = {s: np.mean([r["kind"] == r["gold"] for r in rows if r["set"] == s]) for s in sets}
    print(f"rows {len(rows)}, rules right {sum(r['kind'] == r['gold'] for r in rows)}")
    alone = sum(KINDS[int(i)] == r["gold"] for i, r in zip(p.argmax(1), rows, strict=True))
    print(f"vote alone right (left out): {alone}")
    for margin in args.margins:
        kinds = []
        fixed = broken = 0
        pairs: Counter[str] = Counter()
        for r, pr in zip(rows, p, strict=True):
            top = KINDS[int(pr.argmax())]
            own = pr[KINDS.index(r["kind"])] if r["kind"] in KINDS else 0.0
            kind = top if top != r["kind"] and pr.max() - own >= margin else r["kind"]
            if kind != r["kind"]:
                fixed += kind == r["gold"]
                broken += r["kind"] == r["gold"]
                pairs[f"{r['kind']}→{kind}"] += 1
                if args.show == margin:
                    print(f"   {r['set']:12} {r['name']}: {r['kind']} → {kind} (gold {r['gold']})")
            kinds.append(kind)
        per = {
            s: np.mean([k == r["gold"] for k, r in zip(kinds, rows, strict=True) if r["set"] == s])
            for s in sets
        }
        down = [s for s in sets if per[s] < base[s] - 1e-9]
        mean_b = np.mean(list(base.values()))
        mean_a = np.mean(list(per.values()))
        print(f"margin {margin:.2f}: fixed {fixed} broken {broken}; mean {mean_b:.4f} → {mean_a:.4f}")
        print(f"   sets down: {down}")
        if args.show == margin:
            for s in sets:
                print(f"   {s:12} {base[s]:.3f} → {per[s]:.3f}")


if __name__ == "__main__":
    sys.exit(main())
