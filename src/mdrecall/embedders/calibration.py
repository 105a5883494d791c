"""Cosine calibration: what a model's cosine means, in the units ``min_score`` was set in.

``search.min_score`` (0.35) was chosen for MiniLM's cosines, and a chunk that only the vector leg
finds is judged by its cosine alone. A model whose cosines run on another scale would let through
noise (a scale that runs high) or drop real matches (one that runs low). A model can carry *knots*:
its cosines (row 0) that are as rare as MiniLM's cosines (row 1) over the same text pairs, so that
``min_score`` keeps meaning "as unusual as MiniLM's 0.35" (:func:`cosine_for`).

The pairs are generic and never an evaluation set: WordNet lemmas as queries against glosses as
notes, every query against every note (a few thousand matching pairs among millions that do not).
Quantiles are matched, not regressed, so the map keeps both tails: :func:`knots`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

__all__ = ["LEVELS", "cosine_for", "knots", "lemma_gloss_pairs", "valid"]

#: Reference (MiniLM) cosines at which a model's equivalent is recorded.
LEVELS = (-0.1, 0.0, 0.1, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7)
#: A level is kept only when at least this many reference pairs lie above it (the tail is measured).
MIN_TAIL = 50


def knots(model: np.ndarray, reference: np.ndarray, levels: Sequence[float] = LEVELS) -> np.ndarray:
    """``(2, n)`` knots: the model's cosine at the quantile where the reference has each level.

    ``model`` and ``reference`` are the two models' cosines over the same pairs (any shape). Knots end
    at ``(1, 1)`` and rise strictly in both rows.
    """
    mod = np.sort(np.asarray(model, dtype=np.float64).ravel())
    ref = np.sort(np.asarray(reference, dtype=np.float64).ravel())
    if mod.size != ref.size or mod.size == 0:
        raise ValueError("calibration needs the two models' cosines over the same, non-empty pairs")
    xs: list[float] = []
    ys: list[float] = []
    for level in sorted(levels):
        below = int(np.searchsorted(ref, level, side="right"))
        if ref.size - below < MIN_TAIL or below == 0:
            continue
        x = float(mod[min(mod.size - 1, below)])
        if xs and (x <= xs[-1] or x >= 1.0):
            continue
        xs.append(x)
        ys.append(float(level))
    xs.append(1.0)
    ys.append(1.0)
    return np.array([xs, ys], dtype=np.float64)


def valid(table: np.ndarray) -> bool:
    """True for knots as :func:`knots` makes them: two finite rows of two or more, rising in both."""
    return (
        table.ndim == 2
        and table.shape[0] == 2
        and table.shape[1] >= 2
        and bool(np.isfinite(table).all())
        and bool((np.diff(table, axis=1) > 0).all())
    )


def cosine_for(score: float, table: np.ndarray | None) -> float:
    """The model's cosine as rare as the reference cosine ``score`` (``score`` itself without knots)."""
    if table is None or score <= 0 or score > table[1, -1]:  # no knots, nothing to cut, nothing passes
        return score
    return float(np.interp(score, table[1], table[0]))  # below the first knot: the first knot's cosine


def lemma_gloss_pairs(texts: Sequence[str]) -> tuple[list[str], list[str]]:
    """``"lemma, lemma: gloss"`` texts (see ``distill.wordnet_glosses``) as queries and notes."""
    queries, notes = [], []
    for text in texts:
        head, sep, gloss = text.partition(": ")
        if sep and head.strip() and gloss.strip():
            queries.append(head.strip())
            notes.append(gloss.strip())
    return queries, notes
