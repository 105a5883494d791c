"""A static embedding model distilled from the shipped MiniLM: a table lookup, no neural network run.

Each WordPiece token has one 256-dimensional row (``data/static-minilm.npz``, 7.8 MB, Apache-2.0 like
the model it comes from), fitted so that a text's mean of rows comes close to MiniLM's embedding of
it (how it is made: :mod:`mdrecall.embedders.distill`). A text's vector is the sum of its tokens'
rows, L2-normalised: ~1,000–1,500 chunks of ~300 words a second on 2 shared cores, loaded in ~25 ms,
with no ONNX Runtime session and no per-batch buffers. It knows no word order and no context, so it
is weaker than MiniLM where meaning hangs on phrasing (SciFact) and as good on short conversational
turns (LoCoMo); docs/search.md gives the figures. Its cosines run lower than MiniLM's; the table
carries knots that translate ``min_score`` (:attr:`StaticEmbedder.cosine_knots`).

Provider ``static`` (model ``static-minilm-256-v2``; ``static-minilm-256``, the first table's name,
is an alias of it). Options: ``max_tokens`` (tokens read per text, default 2,048; a different value
is part of the model id).
"""

from __future__ import annotations

import struct
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Literal

import numpy as np

from mdrecall.embedders._util import l2_normalize
from mdrecall.embedders.base import EmbedderIdentity
from mdrecall.errors import EmbedderError, MissingDependencyError
from mdrecall.plugins.options import EMBEDDING_SHARED, check_options, option

if TYPE_CHECKING:
    from mdrecall.config.settings import EmbeddingConfig

__all__ = ["MODEL_FILE", "MODEL_ID", "StaticEmbedder", "create", "is_available"]

MODEL_ID = "static-minilm-256-v2"
MODEL_ALIASES = frozenset({"", MODEL_ID, "static-minilm", "static-minilm-256"})
MODEL_FILE = Path(__file__).parent / "data" / "static-minilm.npz"
MAX_TOKENS = 2048
#: Texts tokenised per call (the tokenizer runs a batch on all cores).
TOKENIZE_BATCH = 1024


def is_available() -> bool:
    """True when the tokenizer library and the table are installed (checked without importing them)."""
    import importlib.util

    return importlib.util.find_spec("tokenizers") is not None and MODEL_FILE.is_file()


class StaticEmbedder:
    """Sum of per-token rows of a table distilled from all-MiniLM-L6-v2, normalised."""

    is_remote = False
    #: Chunks per second on a quiet 2-core machine (~300-token chunks): estimates until one is measured.
    typical_texts_per_s = 1000.0

    def __init__(self, *, max_tokens: int = MAX_TOKENS, model_file: Path | None = None) -> None:
        try:
            import tokenizers  # noqa: F401
        except ImportError:
            raise MissingDependencyError("tokenizers", "local", "The static embedding model") from None
        self.max_tokens = max(8, max_tokens)
        self._file = model_file or MODEL_FILE
        self._rows: np.ndarray | None = None
        self._scale: np.ndarray | None = None
        self._tokenizer: Any = None
        self._knots: np.ndarray | None = None
        self._lock = threading.Lock()
        model = MODEL_ID if self.max_tokens == MAX_TOKENS else f"{MODEL_ID}@{self.max_tokens}"
        self._identity = EmbedderIdentity("static", model, 256)

    def __repr__(self) -> str:
        return f"StaticEmbedder(model={self._identity.model!r})"

    @property
    def identity(self) -> EmbedderIdentity:
        """``static:static-minilm-256-v2:256``."""
        return self._identity

    @property
    def dims(self) -> int:
        """256."""
        return 256

    @property
    def cosine_knots(self) -> np.ndarray | None:
        """This table's cosines against MiniLM's, if it has them (:mod:`~mdrecall.embedders.calibration`)."""
        self.load()
        return self._knots

    def load(self) -> None:
        """Read the table and build the tokenizer now (otherwise done on first use; a few ms)."""
        with self._lock:
            if self._rows is not None:
                return
            from mdrecall.embedders.calibration import valid
            from mdrecall.embedders.local import wordpiece_tokenizer

            try:
                rows, scale, knots = _read_table(self._file)
            except (OSError, KeyError, ValueError) as exc:
                raise EmbedderError(
                    f"cannot read the static model {self._file}: {exc}. Reinstall mdrecall, or rebuild it: "
                    "python -m mdrecall.embedders.distill"
                ) from exc
            tokenizer = wordpiece_tokenizer(self.max_tokens)
            if rows.shape[0] != tokenizer.get_vocab_size():
                raise EmbedderError(f"the static model {self._file} does not match the vocabulary")
            if knots is not None and not valid(knots):
                raise EmbedderError(f"the static model {self._file} has damaged calibration knots")
            self._tokenizer = tokenizer
            self._scale = scale
            self._knots = knots
            self._rows = rows

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        """Embed texts: rows come back in input order, float32, L2-normalised (an empty text: zeros)."""
        texts = list(texts)
        out = np.zeros((len(texts), 256), dtype=np.float32)
        if not texts:
            return out
        self.load()
        assert self._rows is not None and self._scale is not None
        for start in range(0, len(texts), TOKENIZE_BATCH):
            part = texts[start : start + TOKENIZE_BATCH]
            for j, enc in enumerate(self._tokenizer.encode_batch(part, add_special_tokens=False)):
                if enc.ids:
                    ids = np.asarray(enc.ids, dtype=np.int64)
                    # weighted sum of the int8 rows: one small matrix product per text (numpy's
                    # add.reduceat over a gathered block was 10x slower)
                    out[start + j] = self._scale[ids] @ self._rows[ids]
        return l2_normalize(out)

    def embed_query(self, text: str) -> np.ndarray:
        """Embed one query (the same as a document)."""
        return self.embed_documents([text])[0]


def _read_table(file: Path) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """``(rows, scale, calibration knots or None)`` of the ``.npz`` ``file``.

    The shipped table stores its arrays uncompressed: the rows are mapped read-only from the file (a
    query touches a few of its 30,522 rows) and the small arrays read, found through the zip's central
    directory without :mod:`zipfile` (its import alone cost a one-shot search ~5 ms). Any other
    archive (compressed, zip64, damaged) is read by ``np.load``, which says what is wrong with it
    (:class:`ValueError`, :class:`OSError` or :class:`KeyError`).
    """
    with open(file, "rb") as fh:
        members = _stored_members(fh)
        if members is not None and "rows.npy" in members and "scale.npy" in members:
            found = {n: _stored_array(fh, file, members[f"{n}.npy"], n == "rows") for n in ("rows", "scale")}
            if "calibration.npy" in members:
                found["calibration"] = _stored_array(fh, file, members["calibration.npy"], False)
            if all(a is not None for a in found.values()):
                rows, scale = found["rows"], found["scale"]
                assert rows is not None and scale is not None
                return rows, scale, found.get("calibration")
    import zipfile  # here: only for a table the lines above could not read

    try:
        with np.load(file) as data:
            knots = data["calibration"] if "calibration" in data.files else None
            return data["rows"], data["scale"], knots
    except zipfile.BadZipFile as exc:  # a table cut short: a clear error, as for any damaged table
        raise ValueError(f"a damaged archive ({exc})") from exc


#: end of central directory: signature, entries here, entries in all, its size and offset, comment length
_EOCD = struct.Struct("<4s4xHHIIH")
_ENTRY = struct.Struct("<4s6xH4xIII HHH8xI")  # central directory entry, up to its local header's offset
_LOCAL = struct.Struct("<4s22xHH")  # local file header: signature, name and extra field lengths


def _stored_members(fh: BinaryIO) -> dict[str, tuple[int, int]] | None:
    """``name -> (offset of its data, size)`` of the uncompressed members of the zip ``fh`` (``None``
    when it is not a plain zip without a comment, or when a member is compressed or zip64)."""
    size = fh.seek(0, 2)
    if size < _EOCD.size:
        return None
    fh.seek(size - _EOCD.size)
    sig, here, total, cd_size, cd_at, comment = _EOCD.unpack(fh.read(_EOCD.size))
    if sig != b"PK\x05\x06" or comment or here != total or cd_at + cd_size > size - _EOCD.size:
        return None
    fh.seek(cd_at)
    cd = fh.read(cd_size)
    out: dict[str, tuple[int, int]] = {}
    at = 0
    for _ in range(total):
        if at + _ENTRY.size > len(cd):
            return None
        entry = _ENTRY.unpack_from(cd, at)
        sig, method, _crc, packed, plain, name_len, extra_len, comment_len, local_at = entry
        if sig != b"PK\x01\x02" or method != 0 or packed != plain or 0xFFFFFFFF in (plain, local_at):
            return None
        name = cd[at + _ENTRY.size : at + _ENTRY.size + name_len].decode("utf-8", "replace")
        at += _ENTRY.size + name_len + extra_len + comment_len
        fh.seek(local_at)
        local = fh.read(_LOCAL.size)
        if len(local) != _LOCAL.size:
            return None
        sig, local_name, local_extra = _LOCAL.unpack(local)
        start = local_at + _LOCAL.size + local_name + local_extra
        if sig != b"PK\x03\x04" or start + plain > cd_at:
            return None
        out[name] = (start, plain)
    return out


def _stored_array(fh: BinaryIO, file: Path, member: tuple[int, int], mapped: bool) -> np.ndarray | None:
    """The ``.npy`` array at ``member`` (its data offset and size): mapped read-only, or read."""
    start, size = member
    fh.seek(start)
    version = np.lib.format.read_magic(fh)
    if version not in ((1, 0), (2, 0)):
        return None
    read_header = (
        np.lib.format.read_array_header_1_0 if version == (1, 0) else np.lib.format.read_array_header_2_0
    )
    shape, fortran, dtype = read_header(fh)
    offset = fh.tell()
    count = int(np.prod(shape))
    if dtype.hasobject or offset - start + dtype.itemsize * count != size:
        return None
    order: Literal["C", "F"] = "F" if fortran else "C"
    if mapped:
        return np.memmap(file, dtype=dtype, mode="r", shape=shape, order=order, offset=offset)
    data = fh.read(dtype.itemsize * count)
    return np.frombuffer(data, dtype=dtype, count=count).reshape(shape, order=order)


#: ``embedding.options`` this provider reads.
OPTIONS = {**EMBEDDING_SHARED, "max_tokens": int}


def create(config: EmbeddingConfig) -> StaticEmbedder:
    """Factory registered as provider ``static``."""
    model = config.model.strip().lower()
    if model not in MODEL_ALIASES:
        raise EmbedderError(f"the static provider has no model '{config.model}'. Use '{MODEL_ID}' (default).")
    check_options("embedding", "static", config.options, OPTIONS)
    return StaticEmbedder(max_tokens=option(config.options, "max_tokens", MAX_TOKENS))
