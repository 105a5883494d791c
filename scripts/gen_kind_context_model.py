"""Train the context kind model shipped as ``src/mdrecall/knowledge/data/kind_context_model.npz``.

The fallback of :mod:`mdrecall.knowledge.kinds.kind_context`: a class-balanced softmax regression over the
words around each gold entity's mentions (through the static word table), with ``--slots`` the grammatical
slots around them too (:mod:`mdrecall.knowledge.lexicon.kind_slots`), trained on the gold entities of the
nineteen tunable labelled sets (``benchmarks/knowledge/``, named one by one in ``kind_audit.SETS``; never a
blind set), as the entity view finds and reads them; the names the rules leave without a kind (those the model
is asked about) weigh ``--up`` times. ``benchmarks/kind_slots_eval.py`` measures the same training left one
set out. The shipped file is still round 14's (eleven sets, no slots): retrained on seventeen sets, with or
without the slots, or on nineteen, it did not raise every set left out (docs/entities.md, kinds rounds 17
and 18). Usage::

    python scripts/gen_kind_context_model.py [--rows FILE] [--slots] [--up 3]
    python scripts/gen_kind_context_model.py --sentence --up 2 [--rows FILE]

``--sentence`` writes ``kind_context_sentence.npz`` instead (:mod:`mdrecall.knowledge.kinds.kind_sentence`):
the context model's features and the sentence model's vector of the masked mention lines, trained on all
nineteen sets, with ``--share`` (0.5: its probabilities averaged with the static model's), ``--gate`` (0.2:
the context gate with it) and ``--up`` stored in the file (shipped since kinds round 18; left out: +21 of
2,147 names, no set lower). The shipped file weighs the names the rules leave without a kind twice
(``--sentence --up 2``, session 23: left out +3 of 2,188 against every row alike, no set lower;
docs/entities.md); ``--shape`` appends the name's shape (:mod:`mdrecall.knowledge.kinds.name_shape`) to the
sentence model's input, and the file says so (shipped since session 23, h-kinds28: ``--sentence --up 2
--shape``).

Needs the package's ``local`` extra (``tokenizers``) and numpy; writes the model (~50 KB).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
import kind_audit  # noqa: E402  (the labelled sets' reading)
import kind_context_eval as kce  # noqa: E402  (the training)
import kind_slots_eval as kse  # noqa: E402  (the features and the rows asked about)

OUT = ROOT / "src" / "mdrecall" / "knowledge" / "data" / "kind_context_model.npz"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=Path, help="read the rows kind_audit.py or kind_slots_eval.py kept")
    parser.add_argument("--slots", action="store_true", help="read the grammatical slots too")
    parser.add_argument(
        "--sentence", action="store_true", help="write the model that reads the sentence model"
    )
    parser.add_argument("--up", type=float, default=1.0, help="weight of the names the model is asked about")
    parser.add_argument("--share", type=float, default=0.5, help="the sentence model's share (--sentence)")
    parser.add_argument("--gate", type=float, default=0.2, help="the context gate with it (--sentence)")
    parser.add_argument(
        "--shape", action="store_true", help="the sentence model reads the name's shape too (--sentence)"
    )
    args = parser.parse_args()
    if args.rows and args.rows.is_file():
        rows = json.loads(args.rows.read_text(encoding="utf-8"))
    else:
        rows = [r for s in kind_audit.SETS for r in kind_audit.gather(s)]
    x = kse.matrix(rows, args.slots)
    out = OUT
    if args.sentence:
        from mdrecall.knowledge.kinds.kind_sentence import MODEL_FILE
        from mdrecall.knowledge.kinds.name_shape import shape_features

        own = [np.asarray([shape_features(r["name"]) for r in rows], np.float32)] if args.shape else []
        x, out = np.concatenate([x, kse.sentence_matrix(rows), *own], 1), MODEL_FILE
    y = np.array([kse.KINDS.index(r["gold"]) for r in rows])
    weight = np.array([args.up if kse.asked(r) else 1.0 for r in rows], np.float32)
    weights, bias = kce.fit(x, y, len(kse.KINDS), sample_weight=weight)
    extra = (
        {
            "share": np.float32(args.share),
            "gate": np.float32(args.gate),
            "up": np.float32(args.up),
            "shape": np.bool_(args.shape),
        }
        if args.sentence
        else {}
    )
    np.savez_compressed(out, weights=weights, bias=bias, kinds=np.array(kse.KINDS), **extra)
    print(f"wrote {out} ({out.stat().st_size // 1024} KB): {len(rows)} entities, {x.shape[1]} features")


if __name__ == "__main__":
    main()
