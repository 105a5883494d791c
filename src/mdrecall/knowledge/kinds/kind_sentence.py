"""The sentence model's reading of a name's mention lines, as more input of the context kind model.

The context model (:mod:`.kind_context`) reads bags of words through the static word table, which knows no
word order. The shipped sentence model (``embedders.local``: MiniLM, offline) reads a line's grammar: each
mention line with every written form of the name masked as "X" ("ordered two crates from X", "X rang
about the invoice") is embedded, and the mean vector, normalised, is appended to the context model's
input. A model file that reads it (``data/kind_context_sentence.npz``, from
``scripts/gen_kind_context_model.py --sentence``, trained on the nineteen tunable labelled sets) is used
where the ``local`` extra is installed; elsewhere the static model answers alone. Its probabilities are
averaged with the static model's (its ``share``: 0.5), and a name no rule types takes the average's kind at
the file's ``gate`` (0.2); the weak cue's overrule still reads the static model's alone. Left one of 19 sets
out (``benchmarks/kind_gates_eval.py --sentence``, docs/entities.md, kinds round 18): +21 of 2,147 names
right against the static model alone, no set lower. A file without ``share`` replaces the static model's
answer (round 17's trial: +10 of 1,915 left out, but one set lower in sample and the overrule silenced).
"""

from __future__ import annotations

import zipfile
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from mdrecall.knowledge.kinds.name_shape import WIDTH as SHAPE_WIDTH

if TYPE_CHECKING:
    import numpy as np

__all__ = ["BATCH_CHARS", "DIMS", "MODEL_FILE", "Reader", "masked", "model", "vector", "vectors"]

MODEL_FILE = Path(__file__).parents[1] / "data" / "kind_context_sentence.npz"
#: The sentence model's vector size.
DIMS = 384
#: Characters of a mention line read.
LINE_CHARS = 300
#: Characters of masked lines embedded in one call of :func:`vectors` (the model runs in batches of its
#: own within a call; this bounds the texts and rows held at once, whatever the number of names).
BATCH_CHARS = 200_000


class _Line(Protocol):
    """A mention's line (:class:`~.kind_context.Mention`)."""

    @property
    def text(self) -> str: ...


def masked(written: Sequence[str], found: Sequence[_Line]) -> list[str]:
    """Each mention line with every written form of the name (longest first) replaced by "X"."""
    forms = sorted(set(written), key=len, reverse=True)
    longest = max((len(f) for f in forms), default=1) or 1
    # each kept character comes from at most ``longest`` of the line's (a form replaced by one), so the
    # line past this bound cannot reach the first LINE_CHARS: cut first, never replace in a megabyte line
    bound = (LINE_CHARS + 2) * longest
    out = []
    for line in found:
        text = line.text[:bound]
        for form in forms:
            if form:
                text = text.replace(form, "X")
        out.append(text[:LINE_CHARS])
    return out


def vector(embedder: Any, written: Sequence[str], found: Sequence[_Line]) -> np.ndarray:
    """The mean sentence vector of the masked mention lines, normalised (zeros where there is none)."""
    import numpy as np

    texts = masked(written, found)
    if not texts:
        return np.zeros(DIMS, np.float32)
    v = np.asarray(embedder.embed_documents(texts), np.float32).sum(0)
    return (v / max(float(np.linalg.norm(v)), 1e-6)).astype(np.float32)


def vectors(embedder: Any, names: Sequence[tuple[Sequence[str], Sequence[_Line]]]) -> list[np.ndarray]:
    """:func:`vector` for each of many names (written forms, mention lines), their lines embedded together
    in calls of at most :data:`BATCH_CHARS` characters: one model session's runs packed across names, not
    one call per name (the rows are the same: the model pads each row apart). In the order of ``names``."""
    import numpy as np

    texts = [masked(written, found) for written, found in names]
    out: list[np.ndarray] = []
    start = 0
    while start < len(texts):
        end, size = start, 0
        while end < len(texts) and (end == start or size + sum(map(len, texts[end])) <= BATCH_CHARS):
            size += sum(map(len, texts[end]))
            end += 1
        # a line many names share is embedded once
        unique = list(dict.fromkeys(t for group in texts[start:end] for t in group))
        rows = np.asarray(embedder.embed_documents(unique), np.float32) if unique else np.zeros((0, DIMS))
        row = {t: i for i, t in enumerate(unique)}
        for group in texts[start:end]:
            if not group:
                out.append(np.zeros(DIMS, np.float32))
                continue
            v = rows[[row[t] for t in group]].sum(0)
            out.append((v / max(float(np.linalg.norm(v)), 1e-6)).astype(np.float32))
        start = end
    return out


class Reader(NamedTuple):
    """The sentence model's file, read: the embedder, the regression over the static model's features and
    the sentence vector, its kinds, its ``share`` of the probabilities (averaged with the static model's;
    1 replaces them), the context model's ``gate`` with it (``None``: the static model's), and whether it
    reads the name's shape too (``shaped``)."""

    embedder: Any
    weights: Any
    bias: Any
    kinds: tuple[str, ...]
    share: float
    gate: float | None
    #: The file reads the name's shape too (:func:`~.name_shape.shape_features`, after the sentence vector).
    shaped: bool = False


@cache
def model(base: int) -> Reader | None:
    """The model file that reads ``base`` context features and the sentence vector; ``None`` where the file
    or the ``local`` extra is missing, or the file is damaged or of another shape. A file without ``share``
    replaces the static model's answer (share 1); one with a true ``shape`` reads the name's shape too
    (:data:`~.name_shape.WIDTH` more inputs)."""
    import numpy as np

    from mdrecall.embedders import local
    from mdrecall.knowledge.mentions.extract import KINDS

    if not MODEL_FILE.is_file() or not local.is_available():
        return None
    try:
        with np.load(MODEL_FILE, allow_pickle=False) as data:
            weights, bias = data["weights"], data["bias"]
            kinds = tuple(str(k) for k in data["kinds"])
            share = float(data["share"]) if "share" in data.files else 1.0
            gate = float(data["gate"]) if "gate" in data.files else None
            named = "shape" in data.files and bool(data["shape"])
    except (OSError, ValueError, KeyError, EOFError, TypeError, zipfile.BadZipFile):
        return None
    width = base + DIMS + SHAPE_WIDTH * named
    shaped = weights.shape == (width, len(kinds)) and bias.shape == (len(kinds),)
    shaped = shaped and weights.dtype.kind == bias.dtype.kind == "f"
    if not kinds or not shaped or not set(kinds) <= set(KINDS) or not np.isfinite(weights).all():
        return None
    if not 0 < share <= 1 or (gate is not None and not 0 <= gate <= 1):
        return None
    return Reader(local.LocalEmbedder(threads=1), weights, bias, kinds, share, gate, named)
