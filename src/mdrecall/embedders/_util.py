"""Small helpers shared by the providers: vector shaping and normalisation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from mdrecall.errors import EmbedderError


def l2_normalize(matrix: np.ndarray) -> np.ndarray:
    """Row-wise L2 normalisation to float32; all-zero rows stay zero."""
    matrix = np.asarray(matrix, dtype=np.float32)
    if matrix.ndim == 1:
        return l2_normalize(matrix[None, :])[0]
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return (matrix / norms).astype(np.float32, copy=False)


def to_matrix(rows: Sequence[Any], expected: int, dims: int, provider: str) -> np.ndarray:
    """Check a provider's list of vectors (count, equal lengths, ``dims`` if known) and normalise it."""
    if len(rows) != expected:
        raise EmbedderError(
            f"{provider} returned {len(rows)} vectors for {expected} texts. "
            "The endpoint does not behave like the provider's API: check embedding.base_url."
        )
    try:
        matrix = np.asarray(rows, dtype=np.float32)
    except (TypeError, ValueError) as exc:
        raise EmbedderError(
            f"{provider} returned vectors that are not lists of numbers of one length ({exc}). "
            "Check embedding.base_url and embedding.model."
        ) from None
    if matrix.ndim != 2 or (expected and matrix.shape[1] == 0):
        raise EmbedderError(f"{provider} returned empty or ragged vectors. Check embedding.model.")
    if dims and matrix.shape[1] != dims:
        raise EmbedderError(
            f"{provider} returned {matrix.shape[1]}-dimensional vectors but {dims} were expected. "
            f"Set embedding.dims = {matrix.shape[1]} (or 0 to learn it), or check embedding.model."
        )
    if not np.all(np.isfinite(matrix)):
        raise EmbedderError(f"{provider} returned vectors with NaN or infinite values. Try again later.")
    if expected and not np.all(np.any(matrix != 0, axis=1)):
        raise EmbedderError(
            f"{provider} returned all-zero vectors, which match nothing. "
            "Check embedding.model and the provider's status; try again later."
        )
    return l2_normalize(matrix)
