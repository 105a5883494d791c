"""Round 3 of the learned supersession pair scorer: the shipped sentence model's embeddings of the two lines.

Does a pair classifier on MiniLM sentence vectors (``mdrecall.embedders.local``, int8 ONNX, offline) tell
"the newer line changes the older's fact" better than the rules on worlds it never saw? (issue 29 item 3;
not shipped.)

Data: the hand-written corpus ``benchmarks/knowledge/sup_train.json`` (424 cases, 18 worlds, label
``same_fact``). Each case's older and newer lines are embedded (unit vectors, *u* and *v*) and described by
``[u, v, |u-v|, u*v]`` (variant ``emb``), optionally with a few wording-free columns (``emb+s``: the cosine,
whether each line holds a digit, a capitalised word the other lacks, the share of words shared). Model: L2
logistic regression (Newton's method through the Woodbury identity, columns standardised on the training
rows, classes weighted to balance, bias not penalised; numpy only). Measured by leaving one world out at a
time, the L2 weight chosen inside the training worlds (leave one of them out in turn, best out-of-fold
average precision), and the threshold for ``--target`` precision chosen on those out-of-fold scores too.
Printed: pooled precision / recall / F1 at fixed thresholds and at the chosen one, over the 18 worlds and
over the 13 worlds the rules were not tuned on; the rules' verdict per case (a pair found between the case's
lines when the 424 cases are written into one workspace, as ``sup_pairs_eval.py --corpus all`` pairs them);
and the union and intersection of the model's and the rules' verdicts.

``--pairs``: the realistic measurement. The corpus is written into one workspace (as ``sup_pairs_eval.py``
does) and every candidate pair (``sup_model.candidates``, plus each case's own pair) is scored, the line
vectors projected on a PCA basis of the corpus's lines (``--dims``, label-free); each world's pairs (newer
line in it) by a model trained on the pairs whose two lines both lie in other worlds; each older line kept
with its best newer line at or above the threshold. Printed beside the rules' pairs (strays across cases
counted, as ``sup_pairs_eval.py --corpus all`` counts them), their union, and the rules' pairs the model
keeps; then the model trained on the whole corpus scores the labelled sets as ``--labelled`` does.

``--labelled`` (case-level model): trained on every corpus world, the model scores the labelled
sets' candidate pairs
(``sup_model.candidates``: each later line with up to 8 earlier lines sharing a rare word or a name, or
near it on the same page; the sets' ``supersession`` pairs are the positives, every other candidate a
negative), each older line kept with its best newer line at or above the threshold (as
``sup_model_eval.pick``); printed beside the rules' pairs, their union, and the rules' pairs the model
keeps (the model as a filter on the rules). ``--static`` repeats everything with the shipped static vectors;
the embedding cost per 1,000 lines is printed for both.

    python benchmarks/sup_model3_eval.py [--labelled] [--static] [--target 0.8]
    python benchmarks/sup_model3_eval.py --pairs [--dims 128] [--static] [--cases]

Findings (docs/entities.md, "round 3"): on cases alone the model looks good (left-out AP 0.81, 0.74/0.74 at
0.5) because every negative there is a same-subject pair; among real candidates it ranks poorly (pair AP
~0.5, never 0.8 precision) and, trained on the corpus, picks pairs at 0.1-0.2 precision on the labelled sets.
Its one use, a filter on the rules' pairs, lifts precision on left-out corpus worlds (0.68 → 0.82-0.90) but
costs recall on the labelled sets (0.83 → 0.57-0.69) for +0.03-0.05 precision there; MiniLM costs ~2.4 s per
1,000 lines on one thread (static vectors ~0.03 s).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))

from sup_pairs_eval import CORPUS_TUNE, _workspace  # noqa: E402

#: The labelled sets scored by ``--labelled`` (never held_out_7: kept aside).
LABELLED = ("dev", "held_out", "held_out_2", "held_out_3", "held_out_4", "held_out_5", "held_out_6")
L2 = (10.0, 100.0, 1000.0, 10000.0)
FIXED = (0.5, 0.7, 0.8, 0.9, 0.95)
Embed = Callable[[Sequence[str]], np.ndarray]
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]+")


def minilm() -> Embed:
    from mdrecall.embedders.local import LocalEmbedder

    e = LocalEmbedder(threads=1)
    e.load()
    return lambda texts: np.asarray(e.embed_documents(list(texts)), dtype=np.float64)


def static() -> Embed:
    from mdrecall.embedders.static import StaticEmbedder

    e = StaticEmbedder(max_tokens=64)
    e.load()
    return lambda texts: np.asarray(e.embed_documents(list(texts)), dtype=np.float64)


def unit(x: np.ndarray) -> np.ndarray:
    return x / np.maximum(np.linalg.norm(x, axis=1, keepdims=True), 1e-9)


def structural(old: Sequence[str], new: Sequence[str], u: np.ndarray, v: np.ndarray) -> np.ndarray:
    """A few wording-free columns per pair."""
    rows = []
    for a, b, cos in zip(old, new, (u * v).sum(axis=1), strict=True):
        wa = {w.lower() for w in _WORD.findall(a)}
        wb = {w.lower() for w in _WORD.findall(b)}
        caps_a = {w for w in _WORD.findall(a) if w[0].isupper()}
        caps_b = {w for w in _WORD.findall(b) if w[0].isupper()}
        rows.append(
            [
                cos,
                any(c.isdigit() for c in a),
                any(c.isdigit() for c in b),
                bool(caps_b - caps_a),
                bool(caps_a - caps_b),
                len(wa & wb) / max(len(wa | wb), 1),
            ]
        )
    return np.asarray(rows, dtype=np.float64)


def features(u: np.ndarray, v: np.ndarray, extra: np.ndarray | None = None) -> np.ndarray:
    cols = [u, v, np.abs(u - v), u * v]
    if extra is not None:
        cols.append(extra)
    return np.hstack(cols)


class Model(NamedTuple):
    mean: np.ndarray
    scale: np.ndarray
    w: np.ndarray
    b: float

    def scores(self, x: np.ndarray) -> np.ndarray:
        z = ((x - self.mean) / self.scale) @ self.w + self.b
        return 1.0 / (1.0 + np.exp(-np.clip(z, -40, 40)))


def fit(x: np.ndarray, y: np.ndarray, l2: float, steps: int = 25) -> Model:
    """L2 logistic regression by Newton's method; each step solved in the rows' space (Woodbury), as the
    columns outnumber the rows. Classes weighted to balance; the bias carries a negligible penalty."""
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    xs = np.hstack([(x - mean) / scale, np.ones((len(x), 1))])
    pos = max(float(y.sum()), 1.0)
    sw = np.where(y > 0, 0.5 / pos, 0.5 / max(len(y) - pos, 1.0)) * len(y)
    inv_pen = np.full(xs.shape[1], 1.0 / l2)
    inv_pen[-1] = 1e4
    gram = (xs * inv_pen) @ xs.T  # X P⁻¹ Xᵀ
    w = np.zeros(xs.shape[1])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-np.clip(xs @ w, -40, 40)))
        pen = 1.0 / inv_pen
        grad = xs.T @ (sw * (p - y)) + pen * w
        s = np.maximum(sw * p * (1 - p), 1e-10)
        pg = inv_pen * grad
        inner = np.linalg.solve(np.diag(1.0 / s) + gram, xs @ pg)
        step = pg - inv_pen * (xs.T @ inner)
        w -= step
        if float(np.abs(step).max()) < 1e-7:
            break
    return Model(mean, scale, w[:-1], float(w[-1]))


def average_precision(scores: np.ndarray, labels: np.ndarray) -> float:
    order = np.argsort(-scores, kind="stable")
    hits = labels[order]
    cum = np.cumsum(hits)
    return float((cum / np.arange(1, len(hits) + 1))[hits > 0].mean()) if hits.any() else 0.0


def oof(x: np.ndarray, y: np.ndarray, groups: np.ndarray, keep: np.ndarray, l2: float) -> np.ndarray:
    """Scores of the rows in ``keep``, each from a model trained on the other kept worlds."""
    out = np.full(len(y), np.nan)
    for g in np.unique(groups[keep]):
        tr = keep & (groups != g)
        te = keep & (groups == g)
        out[te] = fit(x[tr], y[tr], l2).scores(x[te])
    return out


def threshold_for(scores: np.ndarray, y: np.ndarray, target: float) -> float:
    """The lowest threshold at which the scores reach ``target`` precision."""
    for t in np.arange(0.3, 0.996, 0.01):
        hit = scores >= t
        if hit.sum() and y[hit].mean() >= target:
            return float(t)
    return 0.995


class Lowo(NamedTuple):
    scores: np.ndarray  # per case, from a model that never saw its world
    l2: dict[str, float]
    thr: dict[str, float]


def leave_one_world_out(x: np.ndarray, y: np.ndarray, groups: np.ndarray, target: float) -> Lowo:
    scores = np.zeros(len(y))
    chosen: dict[str, float] = {}
    thr: dict[str, float] = {}
    for g in np.unique(groups):
        train = groups != g
        best = (-1.0, L2[0], np.zeros(0))
        for l2 in L2:
            inner = oof(x, y, groups, train, l2)
            ap = average_precision(inner[train], y[train])
            if ap > best[0]:
                best = (ap, l2, inner)
        chosen[g], thr[g] = best[1], threshold_for(best[2][train], y[train], target)
        scores[~train] = fit(x[train], y[train], best[1]).scores(x[~train])
    return Lowo(scores, chosen, thr)


def prf(pred: np.ndarray, y: np.ndarray) -> str:
    found, right, true = int(pred.sum()), int((pred & (y > 0)).sum()), int(y.sum())
    p = right / found if found else 1.0
    r = right / true if true else 1.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return f"{p:.2f}/{r:.2f}/{f:.2f} ({found:>3})"


def rules_verdicts(cases: list[dict[str, Any]]) -> tuple[np.ndarray, int]:
    """Per case: did the rules pair its two lines (all cases in one workspace)? And the stray pairs."""
    from mdrecall.knowledge.changes.fact_pairs import supersessions
    from mdrecall.knowledge.fact_lines.facts import line_facts

    files, where = _workspace(cases)
    facts = [
        f for path, (date, lines) in sorted(files.items()) for f in line_facts(path, "\n".join(lines), date)
    ]
    pairs = {old: (new.path, new.line) for old, new in supersessions(facts).items()}
    verdict = np.array([pairs.get(where[c["id"]][0]) == where[c["id"]][1] for c in cases])
    truth = {where[c["id"]] for c in cases if c["same_fact"]}
    stray = sum((o, n) not in truth for o, n in pairs.items())
    return verdict, stray


def corpus_part(name: str, embed: Embed, target: float, with_struct: bool) -> tuple[Model, float, float]:
    cases = json.loads((HERE / "knowledge" / "sup_train.json").read_text())["cases"]
    y = np.array([c["same_fact"] for c in cases], dtype=np.float64)
    groups = np.array([c["world"] for c in cases])
    old = [c["older"]["text"] for c in cases]
    new = [c["newer"]["text"] for c in cases]
    u, v = unit(embed(old)), unit(embed(new))
    variants = {"emb": features(u, v)}
    if with_struct:
        variants["emb+s"] = features(u, v, structural(old, new, u, v))
    rules, stray = rules_verdicts(cases)
    aside = np.array([g not in CORPUS_TUNE for g in groups])
    yb = y > 0
    print(f"\n=== {name}: {len(cases)} cases, {int(y.sum())} same_fact, {len(set(groups))} worlds")
    print(f"rules (all 424 in one workspace; {stray} pairs across cases not counted here)")
    print(f"  {'':22} all 18 worlds P/R/F1 (n)   13 aside worlds P/R/F1 (n)")
    print(f"  {'rules':22} {prf(rules, y)}   {prf(rules[aside], y[aside])}")
    final: tuple[Model, float, float] | None = None
    for vname, x in variants.items():
        t0 = time.perf_counter()
        lo = leave_one_world_out(x, y, groups, target)
        sec = time.perf_counter() - t0
        print(
            f"-- {name} {vname} ({x.shape[1]} columns): leave one world out ({sec:.0f}s); "
            f"AP all {average_precision(lo.scores, y):.3f}, "
            f"aside {average_precision(lo.scores[aside], y[aside]):.3f}"
        )
        print(
            f"   L2 chosen per world: {sorted(set(lo.l2.values()))}; thresholds {min(lo.thr.values()):.2f}"
            f"..{max(lo.thr.values()):.2f}"
        )
        chosen_pred = np.array([s >= lo.thr[g] for s, g in zip(lo.scores, groups, strict=True)])
        rows = [(f"model @{t:.2f}", lo.scores >= t) for t in FIXED]
        rows.append((f"model @chosen(P>={target})", chosen_pred))
        for label, pred in rows:
            print(f"  {label:22} {prf(pred, y)}   {prf(pred[aside], y[aside])}")
        for label, pred in (
            ("union @chosen", chosen_pred | rules),
            ("intersection @chosen", chosen_pred & rules),
            ("union @0.9", (lo.scores >= 0.9) | rules),
            ("intersection @0.5", (lo.scores >= 0.5) & rules),
        ):
            print(f"  {label:22} {prf(pred, y)}   {prf(pred[aside], y[aside])}")
        agree = (chosen_pred == rules).mean()
        both_wrong = ((chosen_pred != yb) & (rules != yb)).mean()
        print(f"   model@chosen and rules agree on {agree:.2f} of cases; both wrong on {both_wrong:.2f}")
        per_world = " ".join(
            f"{g[:6]}:{average_precision(lo.scores[groups == g], y[groups == g]):.2f}"
            for g in np.unique(groups)
        )
        print(f"   AP per world left out: {per_world}")
        if final is None:
            # the model for the labelled sets: every world, L2 by leaving one world out over all of them
            best = max(L2, key=lambda l2: average_precision(oof(x, y, groups, np.ones(len(y), bool), l2), y))
            every = oof(x, y, groups, np.ones(len(y), bool), best)
            final = (fit(x, y, best), threshold_for(every, y, target), best)
    assert final is not None
    return final


def labelled_part(
    name: str, embed: Embed, model: Model, thr: float, proj: Callable[[np.ndarray], np.ndarray] = lambda v: v
) -> None:
    import sup_model_eval as ev

    print(f"\n--- {name}: trained on all 18 corpus worlds; labelled sets' candidates (chosen t={thr:.2f})")
    print(
        f"  {'set':11} {'true':>4} {'reach':>5} {'cands':>6} | rules P/R (n)  | model@t P/R (n) | "
        "model@0.9      | union@t        | rules∩model@0.5"
    )
    tot: dict[str, list[int]] = {}
    for s in LABELLED:
        d = ev.load(s)
        key = [(x.path, x.line) for x in d.ws.lines]
        texts = [x.text for x in d.ws.lines]
        vec = proj(unit(embed(texts)))
        i = np.array([a for a, _, _ in d.pairs])
        j = np.array([b for _, b, _ in d.pairs])
        scores = model.scores(features(vec[i], vec[j]))
        reach = sum((key[a], key[b]) in d.truth for a, b, _ in d.pairs)
        pair_score = {(key[a], key[b]): float(sc) for (a, b, _), sc in zip(d.pairs, scores, strict=True)}
        missing = [p for p in d.rules.items() if p not in pair_score]
        if missing:  # rules' pairs the candidates lack: score them too
            ka = {k: n for n, k in enumerate(key)}
            mi = np.array([ka[o] for o, _ in missing])
            mj = np.array([ka[n] for _, n in missing])
            for p, sc in zip(missing, model.scores(features(vec[mi], vec[mj])), strict=True):
                pair_score[p] = float(sc)
        at_t = ev.pick(d, scores, thr)
        at_9 = ev.pick(d, scores, 0.9)
        union = {**at_t, **d.rules}
        kept = {o: n for o, n in d.rules.items() if pair_score[(o, n)] >= 0.5}
        cells = []
        for tag, got in (("rules", d.rules), ("model", at_t), ("m9", at_9), ("union", union), ("kept", kept)):
            right = sum((o, n) in d.truth for o, n in got.items())
            acc = tot.setdefault(tag, [0, 0, 0])
            acc[0] += len(got)
            acc[1] += right
            acc[2] += len(d.truth)
            cells.append(_cell(len(got), right, len(d.truth)))
        lead = f"  {s:11} {len(d.truth):>4} {reach / max(len(d.truth), 1):>5.2f} {len(d.pairs):>6} | "
        print(lead + " | ".join(cells))
    print(f"  {'all':11} {'':>4} {'':>5} {'':>6} | " + " | ".join(_cell(*tot[k]) for k in tot))


class Basis(NamedTuple):
    mean: np.ndarray
    axes: np.ndarray  # dims × width

    def project(self, vec: np.ndarray) -> np.ndarray:
        return unit((vec - self.mean) @ self.axes.T)


def fit_basis(vec: np.ndarray, dims: int) -> Basis:
    """A PCA basis of line vectors (no labels used)."""
    mean = vec.mean(axis=0)
    _, _, vt = np.linalg.svd(vec - mean, full_matrices=False)
    return Basis(mean, vt[:dims])


def fit_primal(x: np.ndarray, y: np.ndarray, l2: float, steps: int = 25) -> Model:
    """:func:`fit` solved in the columns' space (rows outnumber columns)."""
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    xs = np.hstack([(x - mean) / scale, np.ones((len(x), 1))])
    pos = max(float(y.sum()), 1.0)
    sw = np.where(y > 0, 0.5 / pos, 0.5 / max(len(y) - pos, 1.0)) * len(y)
    pen = np.full(xs.shape[1], l2)
    pen[-1] = 1e-4
    w = np.zeros(xs.shape[1])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-np.clip(xs @ w, -40, 40)))
        grad = xs.T @ (sw * (p - y)) + pen * w
        hess = (xs * (sw * p * (1 - p))[:, None]).T @ xs + np.diag(pen)
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.abs(step).max()) < 1e-7:
            break
    return Model(mean, scale, w[:-1], float(w[-1]))


def pick(i: np.ndarray, j: np.ndarray, scores: np.ndarray, rows: np.ndarray, t: float) -> dict[int, int]:
    """Older line → its best-scoring newer line among ``rows`` at or above ``t``."""
    best: dict[int, tuple[float, int]] = {}
    for a, b, s in zip(i[rows], j[rows], scores[rows], strict=True):
        if s >= t and s > best.get(int(a), (-1.0, 0))[0]:
            best[int(a)] = (float(s), int(b))
    return {a: b for a, (_, b) in best.items()}


def pair_level(name: str, embed: Embed, dims: int) -> None:
    """The corpus written into one workspace as the index reads it: every candidate pair scored, each
    world's pairs (newer line in it) by a model trained on the pairs whose two lines lie in other worlds;
    then the model trained on the whole corpus scores the labelled sets' candidates."""
    import sup_model_eval as ev

    cases = ev.case_list("train")
    _, where = _workspace(cases)
    world_of = {k: c["world"] for c in cases for k in where[c["id"]]}
    d = ev.load("train")
    key = [(x.path, x.line) for x in d.ws.lines]
    at = {k: n for n, k in enumerate(key)}
    lw = np.array([world_of[k] for k in key])
    pairs = {(a, b) for a, b, _ in d.pairs}
    pairs |= {(at[o], at[n]) for c in cases for o, n in [where[c["id"]]]}  # every case's own pair too
    order = sorted(pairs)
    i = np.array([a for a, _ in order])
    j = np.array([b for _, b in order])
    y = np.array([(key[a], key[b]) in d.truth for a, b in order], dtype=np.float64)
    vec = unit(embed([x.text for x in d.ws.lines]))
    basis = fit_basis(vec, dims) if dims else None
    pv = basis.project(vec) if basis else vec
    x = features(pv[i], pv[j])
    print(
        f"\n=== {name} pair level: corpus in one workspace, {len(order)} candidates (case pairs added), "
        f"{int(y.sum())} true; PCA {dims or 'none'} → {x.shape[1]} columns"
    )
    worlds = sorted(set(lw))
    aps: list[tuple[float, float, np.ndarray]] = []
    for l2 in (30.0, 300.0, 3000.0):
        scores = np.zeros(len(y))
        t0 = time.perf_counter()
        for g in worlds:
            train = (lw[i] != g) & (lw[j] != g)
            test = lw[j] == g
            scores[test] = fit_primal(x[train], y[train], l2).scores(x[test])
        sec = time.perf_counter() - t0
        aside = np.array([w not in CORPUS_TUNE for w in lw[j]])
        print(
            f"-- L2 {l2:g} ({sec:.0f}s): pair AP all {average_precision(scores, y):.3f}, "
            f"aside {average_precision(scores[aside], y[aside]):.3f}"
        )
        print(f"  {'':24} all 18 worlds P/R (n)   13 aside worlds P/R (n)")
        truth = {(a, b) for (a, b), t in zip(order, y, strict=True) if t}

        def row(label: str, got: dict[int, int], truth: set[tuple[int, int]] = truth) -> None:
            cells = []
            for only_aside in (False, True):
                g = {a: b for a, b in got.items() if not only_aside or lw[b] not in CORPUS_TUNE}
                tr = sum(1 for a, b in truth if not only_aside or lw[b] not in CORPUS_TUNE)
                right = sum((a, b) in truth for a, b in g.items())
                cells.append(_cell(len(g), right, tr))
            print(f"  {label:24} {cells[0]}     {cells[1]}")

        rule_pairs = {at[o]: at[n] for o, n in d.rules.items()}
        row("rules", rule_pairs)
        every = np.ones(len(y), dtype=bool)
        for t in FIXED:
            got = pick(i, j, scores, every, t)
            row(f"model @{t:.2f}", got)
        for t in (0.8, 0.9, 0.95):
            got = pick(i, j, scores, every, t)
            row(f"union @{t:.2f}", {**got, **rule_pairs})
        for t in (0.3, 0.5):
            sc = {(a, b): s for a, b, s in zip(i, j, scores, strict=True)}
            row(f"rules kept @{t:.2f}", {a: b for a, b in rule_pairs.items() if sc.get((a, b), 1.0) >= t})
        aps.append((average_precision(scores, y), l2, scores))
    ap, l2, scores = max(aps, key=lambda r: r[0])
    thr = threshold_for(scores, y, 0.8)
    model = fit_primal(x, y, l2)
    print(f"  (model on all worlds: L2 {l2:g}; pair threshold for P>=0.8 out of world: {thr:.2f})")
    labelled_part(f"{name} pair level", embed, model, thr, basis.project if basis else (lambda v: v))


def _cell(found: int, right: int, true: int) -> str:
    return f"{right / found if found else 1.0:.2f}/{right / true if true else 1.0:.2f} ({found:>3})"


def cost(name: str, embed: Embed) -> None:
    """Seconds to embed 1,000 lines of the labelled sets (their statement lines, cycled)."""
    import sup_model as pm

    lines: list[str] = []
    for s in LABELLED:
        root = HERE / "knowledge" / s
        for p in sorted(root.rglob("*.md")):
            lines += [x.text for x in pm.read_lines(p.name, p.read_text(encoding="utf-8"), None)]
    batch = [lines[k % len(lines)] + ("" if k < len(lines) else f" ({k})") for k in range(1000)]
    embed(batch[:10])
    best = min(_timed(embed, batch) for _ in range(3))
    words = sum(len(t.split()) for t in batch) / len(batch)
    print(f"cost {name}: {best:.2f}s per 1,000 lines (mean {words:.1f} words; best of 3, one thread)")


def _timed(embed: Embed, batch: list[str]) -> float:
    t0 = time.perf_counter()
    embed(batch)
    return time.perf_counter() - t0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--labelled", action="store_true", help="also score the labelled sets' pairs")
    parser.add_argument("--static", action="store_true", help="also the shipped static vectors")
    parser.add_argument("--no-struct", action="store_true", help="skip the emb+s variant")
    parser.add_argument("--pairs", action="store_true", help="the corpus's candidate pairs")
    parser.add_argument("--dims", type=int, default=128, help="PCA size for --pairs (0: none)")
    parser.add_argument("--cases", action="store_true", help="cases too with --pairs")
    parser.add_argument("--target", type=float, default=0.8, help="precision the chosen threshold aims at")
    args = parser.parse_args()
    embedders = [("minilm", minilm())]
    if args.static:
        embedders.append(("static", static()))
    for name, embed in embedders:
        cost(name, embed)
    for name, embed in embedders:
        if args.pairs:
            pair_level(name, embed, args.dims)
        if args.pairs and not args.cases:
            continue
        model, thr, l2 = corpus_part(name, embed, args.target, not args.no_struct)
        if args.labelled:
            print(f"  (model on all worlds: L2 {l2:g}, threshold for P>={args.target}: {thr:.2f})")
            labelled_part(name, embed, model, thr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
