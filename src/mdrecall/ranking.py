"""Ranking stages as small pure functions over :class:`Scored` lists.

Scores are 0..1, higher is better:

* keyword (BM25) leg: ``raw / best_raw`` — the best keyword match of the query scores 1.0 and the
  others are the fraction of its BM25 they reach (FTS5's ``bm25()`` is negated so higher is better);
* vector leg: cosine similarity clamped to 0..1;
* weighted fusion: ``(w_v·vector + w_t·text) / (w_v + w_t)`` (a leg that did not find a chunk adds 0);
* reciprocal rank fusion: ``Σ 1/(k + rank)`` divided by its best possible value, ``2/(k + 1)``;
* temporal decay: ``score × 0.5^(age_days / half_life)`` for dated files only;
* MMR: greedy re-order by ``λ·score − (1−λ)·max Jaccard(tokens, already chosen)``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import date

from .models import Candidate, Chunk
from .query import tokenize

__all__ = [
    "Scored",
    "apply_decay",
    "apply_min_score",
    "decay_factor",
    "fuse_rrf",
    "fuse_weighted",
    "jaccard",
    "mmr",
    "normalize_text",
    "normalize_vector",
]


@dataclass(frozen=True)
class Scored:
    """A chunk with its current score and the score it had after each stage."""

    chunk: Chunk
    score: float
    stages: dict[str, float] = field(default_factory=dict)

    def with_score(self, stage: str, score: float) -> Scored:
        """A copy with a new score, recorded under ``stage``."""
        return replace(self, score=score, stages={**self.stages, stage: score})


def normalize_text(cands: Sequence[Candidate]) -> list[Scored]:
    """BM25 leg → 0..1 relative to the best keyword match of this query."""
    best = max((c.raw_score for c in cands), default=0.0)
    if best <= 0:
        return [Scored(c.chunk, 0.0, {"text": 0.0}) for c in cands]
    return [Scored(c.chunk, c.raw_score / best, {"text": c.raw_score / best}) for c in cands]


def normalize_vector(cands: Sequence[Candidate]) -> list[Scored]:
    """Vector leg → cosine clamped to 0..1."""
    return [
        Scored(c.chunk, max(0.0, min(1.0, c.raw_score)), {"vector": max(0.0, c.raw_score)}) for c in cands
    ]


def fuse_weighted(
    text: Sequence[Scored], vector: Sequence[Scored], vector_weight: float, text_weight: float
) -> list[Scored]:
    """Weighted sum of the two legs with weights normalised to 1, best first."""
    total = vector_weight + text_weight
    wv, wt = (vector_weight / total, text_weight / total) if total > 0 else (0.5, 0.5)
    merged: dict[str, dict[str, float]] = {}
    chunks: dict[str, Chunk] = {}
    for leg, items in (("text", text), ("vector", vector)):
        for s in items:
            chunks[s.chunk.id] = s.chunk
            merged.setdefault(s.chunk.id, {})[leg] = s.score
    out = []
    for cid, legs in merged.items():
        score = wv * legs.get("vector", 0.0) + wt * legs.get("text", 0.0)
        out.append(Scored(chunks[cid], score, {**legs, "fused": score}))
    return _sorted(out)


def fuse_rrf(text: Sequence[Scored], vector: Sequence[Scored], k: int = 60) -> list[Scored]:
    """Reciprocal rank fusion of the two legs, scaled so a chunk ranked first by both scores 1.0."""
    best = 2.0 / (k + 1)
    merged: dict[str, dict[str, float]] = {}
    chunks: dict[str, Chunk] = {}
    for leg, items in (("text", text), ("vector", vector)):
        for rank, s in enumerate(_sorted(list(items))):
            chunks[s.chunk.id] = s.chunk
            entry = merged.setdefault(s.chunk.id, {"rrf": 0.0})
            entry[leg] = s.score
            entry["rrf"] += 1.0 / (k + rank + 1)
    out = []
    for cid, legs in merged.items():
        score = legs.pop("rrf") / best
        out.append(Scored(chunks[cid], score, {**legs, "fused": score}))
    return _sorted(out)


def apply_min_score(items: Sequence[Scored], min_score: float) -> list[Scored]:
    """Drop items scoring below ``min_score``."""
    return [s for s in items if s.score >= min_score]


def decay_factor(chunk_date: str | None, today: date, half_life_days: float) -> float:
    """``0.5^(age_days / half_life)`` for a dated chunk; 1.0 for evergreen (undated) ones."""
    if not chunk_date or half_life_days <= 0:
        return 1.0
    try:
        age = (today - date.fromisoformat(chunk_date[:10])).days
    except ValueError:
        return 1.0
    return math.pow(0.5, max(age, 0) / half_life_days)


def apply_decay(
    items: Sequence[Scored],
    today: date,
    half_life_days: float,
    date_of: Callable[[Chunk], str | None] = lambda c: c.date,
) -> list[Scored]:
    """Multiply each score by its decay factor and re-sort."""
    out = [
        s.with_score("decay", s.score * decay_factor(date_of(s.chunk), today, half_life_days)) for s in items
    ]
    return _sorted(out)


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    """Jaccard similarity of two token sets."""
    if not a and not b:
        return 0.0
    return len(a & b) / len(a | b)


def mmr(items: Sequence[Scored], lambda_: float, k: int) -> list[Scored]:
    """Maximal marginal relevance: trade score for diversity (token Jaccard) among the top ``k``."""
    pool = list(items)
    tokens = {s.chunk.id: frozenset(tokenize(s.chunk.text)) for s in pool}
    chosen: list[Scored] = []
    while pool and len(chosen) < k:
        best_i, best_v = 0, -math.inf
        for i, s in enumerate(pool):
            sim = max((jaccard(tokens[s.chunk.id], tokens[c.chunk.id]) for c in chosen), default=0.0)
            value = lambda_ * s.score - (1 - lambda_) * sim
            if value > best_v:
                best_i, best_v = i, value
        picked = pool.pop(best_i)
        chosen.append(replace(picked, stages={**picked.stages, "mmr": best_v}))
    return chosen


def _sorted(items: list[Scored]) -> list[Scored]:
    return sorted(items, key=lambda s: (-s.score, s.chunk.path, s.chunk.start_line))
