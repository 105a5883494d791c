"""The sentence model's reading of a name's mention lines, as more input of the context kind model.

The context model (:mod:`.kind_context`) reads bags of words through the static word table, which knows no
word order. The shipped sentence model (``embedders.local``: MiniLM, offline) reads a line's grammar: each
mention line with every written form of the name masked as "X" ("ordered two crates from X", "X rang
about the invoice") is embedded, and the mean vector, normalised, is appended to the context model's
input. A model file that reads it (``data/kind_context_sentence.npz``, from
``scripts/gen_kind_context_model.py --sentence``) is used where the ``local`` extra is installed; elsewhere
the static model answers alone. Measured leaving one of seventeen labelled sets out
(``benchmarks/kind_slots_eval.py --minilm``, docs/entities.md, kinds round 17): +10 of 1,915 names right,
no set lower; the context model right for 78 of the 148 names it typed, against 70 of 150. **No file is
shipped**: trained on all seventeen, it lowered one set in sample and left the weak-cue overrule (its gate
calibrated on the static model) silent on the agencies "at X" it was made for.
"""

from __future__ import annotations

import zipfile
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import numpy as np

__all__ = ["DIMS", "MODEL_FILE", "masked", "model", "vector"]

MODEL_FILE = Path(__file__).parent / "data" / "kind_context_sentence.npz"
#: The sentence model's vector size.
DIMS = 384
#: Characters of a mention line read.
LINE_CHARS = 300


class _Line(Protocol):
    """A mention's line (:class:`~.kind_context.Mention`)."""

    @property
    def text(self) -> str: ...


def masked(written: Sequence[str], found: Sequence[_Line]) -> list[str]:
    """Each mention line with every written form of the name (longest first) replaced by "X"."""
    forms = sorted(set(written), key=len, reverse=True)
    out = []
    for line in found:
        text = line.text
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


@cache
def model(base: int) -> tuple[Any, Any, Any, tuple[str, ...]] | None:
    """(sentence embedder, weights, bias, kinds) of the model file that reads ``base`` context features and
    the sentence vector; ``None`` where the file or the ``local`` extra is missing, or the file is damaged
    or of another shape."""
    import numpy as np

    from mdrecall.embedders import local
    from mdrecall.knowledge.extract import KINDS

    if not MODEL_FILE.is_file() or not local.is_available():
        return None
    try:
        with np.load(MODEL_FILE, allow_pickle=False) as data:
            weights, bias = data["weights"], data["bias"]
            kinds = tuple(str(k) for k in data["kinds"])
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        return None
    shaped = weights.shape == (base + DIMS, len(kinds)) and bias.shape == (len(kinds),)
    shaped = shaped and weights.dtype.kind == bias.dtype.kind == "f"
    if not kinds or not shaped or not set(kinds) <= set(KINDS) or not np.isfinite(weights).all():
        return None
    return local.LocalEmbedder(threads=1), weights, bias, kinds
