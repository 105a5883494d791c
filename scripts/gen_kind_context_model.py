"""Train the context kind model shipped as ``src/mdrecall/knowledge/data/kind_context_model.npz``.

The fallback of :mod:`mdrecall.knowledge.kind_context`: a class-balanced softmax regression over the words
around each gold entity's mentions (through the static word table), trained on the gold entities of the
thirteen tunable labelled sets (``benchmarks/knowledge/``: dev, held_out, held_out_2 .. held_out_11 and
held_out_13, named one by one in ``kind_context_eval.SETS``; never the blind held_out_12), as the entity view
finds and reads them. ``benchmarks/kind_context_eval.py`` measures the same
training left one set out. Usage::

    python scripts/gen_kind_context_model.py

Needs the package's ``local`` extra (``tokenizers``) and numpy; writes the model (~40 KB).
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
import kind_context_eval as kce  # noqa: E402  (the labelled sets' reading and the training)

OUT = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "kind_context_model.npz"
#: The labels' kind names → the package's.
PACKAGE_KINDS = {"org": "organisation"}


def main() -> None:
    rows = [r for s in kce.SETS for r in kce.gather(s)]
    x = kce.features(rows)
    y = np.array([kce.KINDS.index(r["gold"]) for r in rows])
    weights, bias = kce.fit(x, y, len(kce.KINDS))
    kinds = np.array([PACKAGE_KINDS.get(k, k) for k in kce.KINDS])
    np.savez_compressed(OUT, weights=weights, bias=bias, kinds=kinds)
    print(f"wrote {OUT} ({OUT.stat().st_size // 1024} KB): {len(rows)} entities, {x.shape[1]} features")


if __name__ == "__main__":
    main()
