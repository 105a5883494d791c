"""A kind for a name the workspace gives no cue for, from the name alone (the fallback of the kind vote).

"Lanzarote", "Abcam" or "Wwise", named once with no cue on the line, leave the vote over mentions with
nothing to count. :func:`guess_kind` reads the name's vector from the shipped static table and a softmax
regression over it (``data/kind_model.npz``, from ``scripts/gen_kind_model.py``, trained on names from the
shipped general lists: places, given names, well-known technologies, products, organisations, holidays),
and answers only where the model gives the kind a probability of at least :data:`GATE`. It never says
``work`` or ``pet`` (no general list of those), and it knows little of rare names: see docs/entities.md
for what it gets right. ``None`` where the static table or ``tokenizers`` is missing, or the model file is
missing or damaged (a name's kind then stays unknown).
"""

from __future__ import annotations

import zipfile
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from mdrecall.knowledge.mentions.extract import KINDS

__all__ = ["GATE", "MODEL_FILE", "KindGuess", "guess", "guess_kind", "probabilities", "unlisted_place"]

MODEL_FILE = Path(__file__).parents[1] / "data" / "kind_model.npz"
#: The least probability the model must give a kind to answer (below it, the name's kind stays unknown).
GATE = 0.3


class KindGuess(NamedTuple):
    """A model's kind for a name and the probability it gave it (at least its gate)."""

    kind: str
    p: float


@cache
def _model() -> tuple[Any, Any, Any, tuple[str, ...]] | None:
    import numpy as np  # here, not at import: listing entities with a cue for every name never loads it

    from mdrecall.embedders import static

    if not static.is_available() or not MODEL_FILE.is_file():
        return None
    embedder = static.StaticEmbedder()
    try:  # a damaged or foreign file (cut short, other arrays, other shapes) is no model: names stay unknown
        with np.load(MODEL_FILE, allow_pickle=False) as data:
            weights, bias = data["weights"], data["bias"]
            kinds = tuple(str(k) for k in data["kinds"])
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        return None
    shaped = weights.shape == (embedder.dims, len(kinds)) and bias.shape == (len(kinds),)
    shaped = shaped and weights.dtype.kind == bias.dtype.kind == "f"
    if not kinds or not shaped or not set(kinds) <= set(KINDS) or not np.isfinite(weights).all():
        return None
    return embedder, weights, bias, kinds


def guess_kind(name: str) -> str | None:
    """The kind the name alone suggests ("Arashiyama" → ``place``), or ``None`` when the model is
    unsure or not installed."""
    found = guess(name)
    return found.kind if found is not None else None


@lru_cache(maxsize=4096)
def probabilities(name: str) -> dict[str, float] | None:
    """Each kind's probability for the name alone (``None``: no model, or no name)."""
    if not name.strip() or (model := _model()) is None:
        return None
    import numpy as np

    embedder, weights, bias, kinds = model
    z = embedder.embed_documents([name])[0] @ weights + bias
    p = np.exp(z - z.max())
    p /= p.sum()
    return {k: float(v) for k, v in zip(kinds, p, strict=True)}


def guess(name: str) -> KindGuess | None:
    """:func:`guess_kind` with the probability the model gave the kind."""
    p = probabilities(name)
    if not p:
        return None
    best = max(p, key=lambda k: p[k])
    return KindGuess(best, p[best]) if p[best] >= GATE else None


def unlisted_place(name: str, found: KindGuess) -> KindGuess:
    """The name model's kind for a name of several words it calls a place, where the rules found no cue:
    its next kind. The model learnt places from the gazetteer, so a name of several words that is not
    listed there, has no place's word ("Street", "Nagar", "Sungai": the rules read those) and no cue,
    looks like a place only by its foreign spelling; on the tuned sets such names, where a cue typed them,
    are people more often than places (32, 19 places, 19 organisations: "Santosh Kamble", "Shruti Deo"),
    and the model's next kind is a person's for each it called a place (docs/entities.md, session 28)."""
    p = probabilities(name)
    if not p:
        return found
    rest = {k: v for k, v in p.items() if k != found.kind}
    best = max(rest, key=lambda k: rest[k]) if rest else None
    return KindGuess(best, rest[best]) if best is not None else found
