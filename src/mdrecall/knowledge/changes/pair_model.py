"""A learned, calibrated scorer of supersession pairs, p(the newer line changes the older's fact), beside the
rules (:mod:`mdrecall.knowledge.changes.fact_pairs`). Pure, but for reading its weights once.

The candidates are :func:`mdrecall.knowledge.changes.pair_candidates.candidates` (the rules' pairs among
them), the features :func:`mdrecall.knowledge.changes.pair_features.pair_features`, the model a logistic
regression (``data/sup_pair_model.npz``, from ``scripts/gen_sup_pair_model.py``; trained and measured leaving
a world or a set out by ``benchmarks/sup_learn_eval.py``). :func:`model_pairs` adds, for an older line the
rules left unpaired, its best-scoring newer line where the model gives it at least the file's ``add``
threshold. Without numpy or the weights file, nothing is added (the rules alone).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from mdrecall.knowledge.changes.pair_candidates import candidates
from mdrecall.knowledge.changes.pair_features import FEATURES, PairContext, pair_features
from mdrecall.knowledge.fact_lines.facts import Fact
from mdrecall.stores.views import Supersession

__all__ = ["MODEL_FILE", "Model", "load", "model_pairs", "pair_rows", "without_model"]

MODEL_FILE = Path(__file__).parents[1] / "data" / "sup_pair_model.npz"

Key = tuple[str, int]

#: The pairs this process's last :func:`model_pairs` added (:func:`without_model`).
_LAST: list[dict[Key, Supersession]] = []


class Model:
    """The weights over standardised features and the decision's threshold."""

    def __init__(self, weights: Any, mean: Any, scale: Any, add: float) -> None:
        self.weights, self.mean, self.scale, self.add = weights, mean, scale, add

    def scores(self, rows: list[list[float]]) -> list[float]:
        """p(pair) of each row of features."""
        import numpy as np

        if not rows:
            return []
        z = (np.asarray(rows, dtype=float) - self.mean) / self.scale
        return [float(p) for p in 1.0 / (1.0 + np.exp(-(z @ self.weights)))]


@functools.lru_cache(maxsize=4)
def load(path: Path = MODEL_FILE, features: tuple[str, ...] = FEATURES) -> Model | None:
    """The model in ``path``, or ``None`` where numpy or the file is missing, or its features are not
    ``features`` (:data:`~mdrecall.knowledge.changes.pair_features.FEATURES` by default)."""
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - numpy is a dependency
        return None
    try:
        with np.load(path, allow_pickle=False) as data:
            if tuple(str(f) for f in data["features"]) != features:
                return None
            return Model(data["weights"], data["mean"], data["scale"], float(data["add"]))
    except (OSError, KeyError, ValueError):
        return None


def pair_rows(
    facts: list[Fact], rules: Mapping[Key, Key], unpaired: bool = False
) -> Iterator[tuple[tuple[Key, Key], list[float], bool]]:
    """Each candidate pair of ``facts`` as ((older, newer), features, whether the rules pair them);
    ``unpaired``: only those whose older line the rules leave unpaired."""
    cands = candidates(facts, rules)
    at = {(f.path, f.line): k for k, f in enumerate(cands.order)}
    rule_idx = {at[o]: at[n] for o, n in rules.items() if o in at and n in at}
    ctx = PairContext(cands.order, cands.words, cands.idf, rule_idx)
    by_new: dict[int, list[tuple[float, int]]] = {}
    for i, j, s in cands.pairs:
        by_new.setdefault(j, []).append((s, i))
        ctx.degree[i] = ctx.degree.get(i, 0) + 1
    for j, olds in by_new.items():
        olds.sort(key=lambda t: (-t[0], -t[1]))
        for rank, (_, i) in enumerate(olds):
            if unpaired and i in rule_idx:
                continue
            old, new = cands.order[i], cands.order[j]
            feats = pair_features(ctx, i, j, rank, len(olds))
            yield ((old.path, old.line), (new.path, new.line)), feats, rule_idx.get(i) == j


def model_pairs(
    facts: list[Fact], rules: Mapping[Key, Supersession], model: Model | None = None
) -> dict[Key, Supersession]:
    """The pairs the model adds to ``rules``: for each older line the rules left unpaired, its best-scoring
    newer candidate where p ≥ the model's ``add`` threshold. None without a model."""
    _LAST.clear()
    model = model or load(MODEL_FILE)
    if model is None or not facts:
        return {}
    day = {(f.path, f.line): f.day for f in facts}
    keys, rows = [], []
    for key, feats, _ in pair_rows(facts, {o: (s.path, s.line) for o, s in rules.items()}, unpaired=True):
        keys.append(key)
        rows.append(feats)
    best: dict[Key, tuple[float, Key]] = {}
    for (old, new), p in zip(keys, model.scores(rows), strict=True):
        if p >= model.add and (old not in best or p > best[old][0]):
            best[old] = (p, new)
    out = {old: Supersession(new[0], new[1], day[new]) for old, (_, new) in best.items()}
    _LAST.append(out)
    return out


def without_model(pairs: Mapping[Key, Supersession]) -> dict[Key, Supersession]:
    """``pairs`` without those this process's last :func:`model_pairs` added (the rules' pairing, which an
    update of a few files continues from)."""
    last = _LAST[0] if _LAST else {}
    return {k: v for k, v in pairs.items() if last.get(k) != v}
