"""Train the entity filter shipped as ``src/mdrecall/knowledge/data/entity_filter.npz``.

The learned keep-or-drop score of :mod:`mdrecall.knowledge.entity_filter`: a logistic regression over the
features of every name the entity view lists (and, weighted less, every name its rules reject) on the
thirteen tunable labelled sets (``benchmarks/knowledge/``: dev, held_out, held_out_2 .. held_out_11 and
held_out_13, named one by one in ``entity_filter_eval.SETS``; never a blind set), labelled by the sets' gold
entities. Its threshold is the one ``benchmarks/entity_filter_eval.py`` chooses from the same training
left one set out (never from the model's own scores of what it was trained on), and it is written active
(used by the entity view) only where those left-out figures clear the bar of ``entity_filter_eval.ships``;
``--active`` writes it active regardless (a person's decision, to be recorded in docs/entities.md).
Deterministic (full-batch gradient descent from zeros). Usage::

    python scripts/gen_entity_filter.py [--active]

Needs numpy; writes the model (~1 KB).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
import entity_filter_eval as efe  # noqa: E402  (the labelled sets' reading, the training, the threshold)

OUT = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "entity_filter.npz"


def build(sets: list[str] = efe.SETS, active: bool | None = None) -> dict[str, np.ndarray]:
    """The model's arrays: weights and bias trained on every set of ``sets``, the threshold chosen leaving
    one out, whether the view uses it (``active``: by default, whether the left-out figures clear the bar
    of :func:`entity_filter_eval.ships`), and the feature names they read."""
    from mdrecall.knowledge.entity_filter import FEATURES

    data = {s: efe.gather(s) for s in sets}
    table = efe.loso(data)
    threshold = efe.choose(data, table)
    active = efe.ships(table, threshold) if active is None else active
    weights, bias = efe.fit(*efe.training(data, list(data)))
    return {
        "weights": weights.astype(np.float64),
        "bias": np.float64(bias),
        "threshold": np.float64(threshold),
        "active": np.bool_(active),
        "features": np.array(FEATURES),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--active", action="store_true", help="write the model active whatever the left-out figures say"
    )
    args = parser.parse_args()
    arrays = build(active=True if args.active else None)
    np.savez_compressed(OUT, **arrays)  # type: ignore[arg-type]
    n, t, on = len(arrays["features"]), float(arrays["threshold"]), bool(arrays["active"])
    print(
        f"wrote {OUT} ({OUT.stat().st_size} bytes): {n} features, threshold {t},",
        "active" if on else "inactive",
    )


if __name__ == "__main__":
    main()
