"""Train the entity filter shipped as ``src/mdrecall/knowledge/data/entity_filter.npz``.

The learned keep-or-drop score of :mod:`mdrecall.knowledge.entity_filter`: a logistic regression over the
features of every name the entity view lists (and, weighted less, every name its rules reject) on the
thirteen tunable labelled sets (``benchmarks/knowledge/``: dev, held_out, held_out_2 .. held_out_11 and
held_out_13, named one by one in ``entity_filter_eval.SETS``; never a blind set), labelled by the sets' gold
entities. Its threshold is the one ``benchmarks/entity_filter_eval.py`` chooses from the same training
left one set out (never from the model's own scores of what it was trained on). Deterministic (full-batch
gradient descent from zeros). Usage::

    python scripts/gen_entity_filter.py

Needs numpy; writes the model (~1 KB).
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
import entity_filter_eval as efe  # noqa: E402  (the labelled sets' reading, the training, the threshold)

OUT = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "entity_filter.npz"


def build(sets: list[str] = efe.SETS) -> dict[str, np.ndarray]:
    """The model's arrays: weights and bias trained on every set of ``sets``, the threshold chosen leaving
    one out, and the feature names they read."""
    from mdrecall.knowledge.entity_filter import FEATURES

    data = {s: efe.gather(s) for s in sets}
    threshold = efe.choose(data, efe.loso(data))
    weights, bias = efe.fit(*efe.training(data, list(data)))
    return {
        "weights": weights.astype(np.float64),
        "bias": np.float64(bias),
        "threshold": np.float64(threshold),
        "features": np.array(FEATURES),
    }


def main() -> None:
    arrays = build()
    np.savez_compressed(OUT, **arrays)  # type: ignore[arg-type]
    n = len(arrays["features"])
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes): {n} features, threshold {float(arrays['threshold'])}")


if __name__ == "__main__":
    main()
