"""Train the kind stack shipped as ``src/mdrecall/knowledge/data/kind_stack_model.npz``.

The learned combination of :mod:`mdrecall.knowledge.kinds.kind_stack`: a softmax regression over what every
part of the kind decision says of a name (the vote's cues, the head noun, the name's own words, the name-only
and context models), trained on the gold entities of the thirteen tunable labelled sets
(``benchmarks/knowledge/``: dev, held_out, held_out_2 .. held_out_11 and held_out_13, named one by one in
``kind_context_eval.SETS``; never the blind held_out_12) as the entity view finds them. Each set's context
probabilities come from a context model trained on the other twelve (as the shipped context model reads
notes it never saw). ``benchmarks/kind_stack_eval.py`` measures the same training left one set out, and
chose the gate and regularisation written here. Usage::

    python scripts/gen_kind_stack_model.py

Needs the package's ``local`` extra (``tokenizers``) and numpy; writes the model (about 1 KB). The model is
**not shipped** (left out it did not beat the rules; docs/entities.md, kinds round 15): write it to measure,
and delete it before committing unless the eval has come to say otherwise.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
import kind_context_eval as kce  # noqa: E402  (the context model's input)
import kind_stack_eval as kse  # noqa: E402  (the labelled sets' reading and the stack's training)

OUT = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "kind_stack_model.npz"
#: The stack's kind is taken where its probability is at least this (chosen left one set out).
GATE = 0.6
#: The fit's L2 penalty (chosen left one set out).
L2 = 1e-2


def main() -> None:
    from mdrecall.knowledge.kinds.kind_stack import KINDS

    rows = [r for s in kse.SETS for r in kse.gather(s)]
    x = kce.features(rows)
    sets = [r["set"] for r in rows]
    feats, ys = [], []
    for s in dict.fromkeys(sets):
        part = np.array([t == s for t in sets])
        probs = kse.context_probs(rows, x, frozenset({s}))
        xs, _rules = kse.stack_rows([r for r, m in zip(rows, part, strict=True) if m], probs[part])
        feats.append(xs)
        ys.append(np.array([KINDS.index(r["gold"]) for r, m in zip(rows, part, strict=True) if m]))
    weights, bias = kse.fit(np.concatenate(feats), np.concatenate(ys), L2, balanced=False)
    np.savez_compressed(OUT, weights=weights, bias=bias, kinds=np.array(KINDS), gate=np.float32(GATE))
    print(
        f"wrote {OUT} ({OUT.stat().st_size} bytes): {len(rows)} entities, {weights.shape[0]} features a kind"
    )


if __name__ == "__main__":
    main()
