"""Line scoring for snippets: each line of a cited passage compared with the query by static vectors.

Keyword overlap alone misses the line that answers in other words ("what should I cook?" →
"I've been vegetarian since March"). The shipped static model (:mod:`mdrecall.embedders.static`, a
table lookup: ~10,000 short lines a second) gives each line a cosine to the query, which
:func:`mdrecall.search.snippets.pieced_snippet` adds to the line's keyword score. It runs locally whatever
the vector leg's provider (no line is ever sent anywhere), only when the vector leg runs (a keyword
search stays free of numpy and the table), and is the ``lines`` stage (``search.skip_stages``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from mdrecall.search.snippets import LineScorer

if TYPE_CHECKING:
    import numpy as np

    from mdrecall.embedders.base import Embedder
    from mdrecall.models import VectorLeg

__all__ = ["line_scorer"]

#: Characters of a line embedded (a 5 MB line costs no more than a paragraph).
MAX_LINE_CHARS = 2000


def line_scorer(query: str, embedder: Embedder | None, leg: VectorLeg | None) -> LineScorer | None:
    """A scorer of passage lines against ``query`` (cosine of static vectors, memoised per line), or
    ``None`` when the static model is not installed or the query is empty.

    When the vector leg's own embedder is the static model its query vector is reused; otherwise
    (MiniLM, a remote provider) the query is embedded again by the static model, locally.
    """
    if not query.strip():
        return None
    model = _static_model(embedder)
    if model is None:
        return None
    try:
        if leg is not None and embedder is model and leg.embedder_key == model.identity.key:
            qvec = leg.query_vector
        else:
            qvec = model.embed_query(query[:8000])
    except Exception:  # noqa: BLE001 - snippets without line vectors, never a failed search
        return None
    return _Scorer(model, qvec)


class _Scorer:
    """Cosines of lines to one query vector; each distinct line is embedded once per search."""

    def __init__(self, model: Embedder, qvec: np.ndarray) -> None:
        self._model = model
        self._qvec = qvec
        self._memo: dict[str, float] = {}

    def __call__(self, lines: Sequence[str]) -> list[float]:
        todo = list(dict.fromkeys(ln for ln in lines if ln.strip() and ln not in self._memo))
        if todo:
            vecs = self._model.embed_documents([ln[:MAX_LINE_CHARS] for ln in todo])
            for line, score in zip(todo, (vecs @ self._qvec).tolist(), strict=True):
                self._memo[line] = float(score)
        return [self._memo.get(ln, 0.0) for ln in lines]


def _static_model(embedder: Embedder | None) -> Embedder | None:
    """The static model: the configured embedder when it is one, else the shared one (or ``None``)."""
    from mdrecall.embedders.static import StaticEmbedder, is_available

    if isinstance(embedder, StaticEmbedder):
        return embedder
    if not is_available():
        return None
    from mdrecall.config.settings import EmbeddingConfig
    from mdrecall.index.vectorize import get_embedder

    try:
        return get_embedder(EmbeddingConfig(provider="static"))
    except Exception:  # noqa: BLE001 - a broken table costs the line scores, not the search
        return None
