"""Measure a learned supersession pair scorer (``sup_model.py``) left out, set by set, beside the rules.

Training data: the labelled workspaces ``benchmarks/knowledge/{dev,held_out,held_out_2..5}`` (their
``supersession`` pairs are the positives, every other candidate pair a negative) and the ``tune`` part of
``benchmarks/knowledge/sup_pairs.json`` (written into one workspace as ``benchmarks/sup_pairs_eval.py`` does).
Prints, per set left out (trained on the others), the pair precision and recall of the rules' pairing
(:func:`mdrecall.knowledge.changes.fact_pairs.supersessions`), the model's and their union, each threshold
chosen on the training sets for the precision of the pairs the model adds; ``--curve`` the same at fixed
thresholds, with and without the features that read the rules; ``--weights`` the weights trained on every
set. Deterministic (a fixed number of full-batch steps). docs/entities.md has the figures.

    python benchmarks/sup_model_eval.py [--show SET] [--curve] [--weights]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DATA = HERE / "knowledge"
SETS = ("dev", "held_out", "held_out_2", "held_out_3", "held_out_4", "held_out_5", "tune")
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(HERE))

import sup_model as pm  # noqa: E402

from mdrecall.files.workspace import date_from_name  # noqa: E402
from mdrecall.knowledge.changes.fact_pairs import supersessions  # noqa: E402
from mdrecall.knowledge.fact_lines.facts import line_facts  # noqa: E402

Key = tuple[str, int]


class SetData(NamedTuple):
    name: str
    ws: pm.Workspace
    pairs: list[tuple[int, int, float]]
    rows: np.ndarray
    labels: np.ndarray
    truth: set[tuple[Key, Key]]
    rules: dict[Key, Key]


#: Sets written as cases (``sup_pairs_eval.py``'s format): the tune part of sup_pairs.json, and the
#: training corpus ``sup_train.json`` (round 2; not one of :data:`SETS`).
CASE_SETS = {"tune": "sup_pairs.json", "train": "sup_train.json"}


def case_list(name: str) -> list[dict[str, Any]]:
    """The cases of a case set (never sup_pairs.json's aside part)."""
    cases = json.loads((DATA / CASE_SETS[name]).read_text())["cases"]
    return [c for c in cases if not c.get("aside")]


def _files(name: str) -> dict[str, tuple[str | None, str]]:
    """path → (file date, text) of one set."""
    if name in CASE_SETS:
        from sup_pairs_eval import _workspace

        files, _ = _workspace(case_list(name))
        return {p: (d, "\n".join(lines)) for p, (d, lines) in files.items()}
    root = DATA / name
    return {
        p.relative_to(root).as_posix(): (date_from_name(p.name), p.read_text(encoding="utf-8"))
        for p in sorted(root.rglob("*.md"))
    }


def _truth(name: str) -> set[tuple[Key, Key]]:
    if name in CASE_SETS:
        from sup_pairs_eval import _workspace

        cases = case_list(name)
        _, where = _workspace(cases)
        return {where[c["id"]] for c in cases if c["same_fact"]}
    labels = json.loads((DATA / f"{name}.labels.json").read_text())
    return {
        ((s["older"]["file"], s["older"]["line"]), (s["newer"]["file"], s["newer"]["line"]))
        for s in labels["supersession"]
    }


def load(name: str) -> SetData:
    files = _files(name)
    lines = [x for path, (day, text) in files.items() for x in pm.read_lines(path, text, day)]
    facts = [f for path, (day, text) in files.items() for f in line_facts(path, text, day)]
    rules = {old: (new.path, new.line) for old, new in supersessions(facts).items()}
    view = pm.RuleView({(f.path, f.line): f.cue for f in facts}, rules)
    ws = pm.Workspace(lines)
    pairs = pm.candidates(ws)
    rows = pm.pair_features(ws, pairs, view, pm.static_embed)
    truth = _truth(name)
    key = [(x.path, x.line) for x in ws.lines]
    labels = np.array([(key[i], key[j]) in truth for i, j, _ in pairs], dtype=np.float64)
    return SetData(name, ws, pairs, rows, labels, truth, rules)


def train(rows: np.ndarray, labels: np.ndarray, l2: float = 1.0, steps: int = 3000) -> pm.PairModel:
    """A logistic regression (full-batch gradient descent, positives weighted to balance)."""
    mean = rows.mean(axis=0)
    scale = rows.std(axis=0)
    scale[scale < 1e-9] = 1.0
    x = (rows - mean) / scale
    pos = max(labels.sum(), 1.0)
    weight = np.where(labels > 0, (len(labels) - pos) / pos, 1.0)
    weight /= weight.sum()
    w = np.zeros(x.shape[1])
    b = 0.0
    rate = 0.5
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-(x @ w + b)))
        g = (p - labels) * weight
        w -= rate * (x.T @ g + l2 * w / len(labels))
        b -= rate * g.sum()
    return pm.PairModel(pm.FEATURES, mean, scale, w, float(b), 0.5)


def pick(data: SetData, scores: np.ndarray, threshold: float) -> dict[Key, Key]:
    """Older → newer: each older line's best-scoring later line at or above ``threshold``."""
    key = [(x.path, x.line) for x in data.ws.lines]
    best: dict[Key, tuple[float, Key]] = {}
    for (i, j, _), s in zip(data.pairs, scores, strict=True):
        if s >= threshold and s > best.get(key[i], (-1.0, key[j]))[0]:
            best[key[i]] = (float(s), key[j])
    return {old: new for old, (_, new) in best.items()}


def pr(found: dict[Key, Key], truth: set[tuple[Key, Key]]) -> tuple[int, int, float, float]:
    right = sum((o, n) in truth for o, n in found.items())
    return len(found), right, right / len(found) if found else 1.0, right / len(truth) if truth else 1.0


def precise_threshold(sets: Sequence[SetData], model: pm.PairModel, target: float) -> float:
    """The lowest threshold at which the model's pairs not already the rules' reach ``target`` precision
    on ``sets`` (the training sets)."""
    for t in np.arange(0.5, 0.995, 0.01):
        found = right = 0
        for d in sets:
            extra = {o: n for o, n in pick(d, model.scores(d.rows), t).items() if o not in d.rules}
            found += len(extra)
            right += sum((o, n) in d.truth for o, n in extra.items())
        if found == 0 or right / found >= target:
            return float(t)
    return 0.995


#: The features that read the rules' own results (left out to measure the model on its own).
RULE_FEATURES = ("rules_pair", "rules_fact_a", "rules_fact_b", "rules_cue_b")


def without(rows: np.ndarray, names: Sequence[str]) -> np.ndarray:
    """``rows`` with the columns of ``names`` zeroed."""
    out = rows.copy()
    out[:, [pm.FEATURES.index(n) for n in names]] = 0.0
    return out


def curve(data: Sequence[SetData], drop: Sequence[str]) -> None:
    """Per threshold: the model's pair precision/recall on each set left out, and the pairs it adds to the
    rules' (right by the labels / added)."""
    folds = []
    for k, left in enumerate(data):
        rest = [d for n, d in enumerate(data) if n != k]
        model = train(
            np.vstack([without(d.rows, drop) for d in rest]), np.concatenate([d.labels for d in rest])
        )
        folds.append(model.scores(without(left.rows, drop)))
    print(
        f"  thr  {'  '.join(f'{d.name:>10}' for d in data)}  |  all       | added to the rules (right/added)"
    )
    for t in (0.5, 0.7, 0.8, 0.9, 0.95, 0.98, 0.99):
        cells, added = [], []
        found = right = added_n = added_right = 0
        for d, scores in zip(data, folds, strict=True):
            pairs = pick(d, scores, t)
            n, r, p, rc = pr(pairs, d.truth)
            cells.append(f"{p:.2f}/{rc:.2f}")
            found, right = found + n, right + r
            extra = {o: x for o, x in pairs.items() if o not in d.rules}
            er = sum((o, x) in d.truth for o, x in extra.items())
            added.append(f"{er}/{len(extra)}")
            added_n, added_right = added_n + len(extra), added_right + er
        true = sum(len(d.truth) for d in data)
        print(
            f"  {t:.2f} {'  '.join(f'{c:>10}' for c in cells)}  |  "
            f"{right / max(found, 1):.2f}/{right / true:.2f} "
            f"| {' '.join(added)} = {added_right}/{added_n}"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", help="list the model's added pairs (right and wrong) on this set, left out")
    parser.add_argument("--target", type=float, default=0.9, help="precision of the added pairs")
    parser.add_argument("--curve", action="store_true", help="fixed thresholds, with and without rules")
    parser.add_argument("--weights", action="store_true", help="the weights trained on every set")
    args = parser.parse_args()
    data = [load(s) for s in SETS]
    print("set          true  cand-recall | rules P/R (n)       | model P/R (n) @thr     | union P/R (n)")
    totals: dict[str, list[int]] = {k: [0, 0] for k in ("rules", "model", "union")}
    true_total = 0
    for k, left in enumerate(data):
        rest = [d for n, d in enumerate(data) if n != k]
        model = train(np.vstack([d.rows for d in rest]), np.concatenate([d.labels for d in rest]))
        t = precise_threshold(rest, model, args.target)
        scores = model.scores(left.rows)
        found = pick(left, scores, t)
        union = dict(found)
        union.update(left.rules)
        cand = int(left.labels.sum())
        res: dict[str, Any] = {
            "rules": pr(left.rules, left.truth),
            "model": pr(found, left.truth),
            "union": pr(union, left.truth),
        }
        true_total += len(left.truth)
        for name, (n, right, _, _) in res.items():
            totals[name][0] += n
            totals[name][1] += right
        cells = [f"{p:.2f}/{r:.2f} ({n:>3})" for n, _, p, r in res.values()]
        print(
            f"{left.name:12} {len(left.truth):>4}  {cand / max(len(left.truth), 1):>10.2f} | "
            f"{cells[0]:19} | {cells[1]} @{t:.2f} | {cells[2]}"
        )
        if args.show == left.name:
            key = [(x.path, x.line) for x in left.ws.lines]
            text = {(x.path, x.line): x.text for x in left.ws.lines}
            for o, n in sorted(found.items()):
                if o in left.rules:
                    continue
                mark = "RIGHT" if (o, n) in left.truth else "wrong"
                print(f"   {mark} {o[0]}#{o[1]} {text[o]!r}\n         -> {n[0]}#{n[1]} {text[n]!r}")
            missed = [(o, n) for o, n in left.truth if union.get(o) != n]
            for o, n in sorted(missed):
                s = [
                    float(sc)
                    for (i, j, _), sc in zip(left.pairs, scores, strict=True)
                    if key[i] == o and key[j] == n
                ]
                print(f"   MISS  {o[0]}#{o[1]} {text.get(o)!r} -> {n[0]}#{n[1]} {text.get(n)!r} score {s}")
    cells = [
        f"{r / n if n else 1.0:.2f}/{r / true_total:.2f} ({n:>3})" for n, r in (totals[k] for k in totals)
    ]
    print(f"{'all':12} {true_total:>4}  {'':>10} | {cells[0]:19} | {cells[1]}       | {cells[2]}")
    if args.curve:
        print("\nthe model with every feature, left out:")
        curve(data, ())
        print("\nthe model without the features that read the rules, left out:")
        curve(data, RULE_FEATURES)
    if args.weights:
        model = train(np.vstack([d.rows for d in data]), np.concatenate([d.labels for d in data]))
        print("\nweights (standardised features) trained on every set:")
        for name, w in sorted(zip(pm.FEATURES, model.weights, strict=True), key=lambda x: -abs(x[1])):
            print(f"  {name:18} {w:+.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
