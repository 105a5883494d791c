"""Score line pairs with an exported supersession cross-encoder (``scripts/sup_cross_onnx.py export``).

The graph is the shipped MiniLM's (onnxruntime, int8 weight-only) with the trained weights; its last hidden
states are mean-pooled over the pair's tokens and the head (``*_head.npz``) gives p(the newer line changes the
older's fact). Input as in training: ``"<day or undated> | <page title> | <line>"`` for each side, the pair
tokenized as ``[CLS] older [SEP] newer [SEP]``, cut at 160 tokens.

Usage::

    python benchmarks/sup_cross_score.py MODEL.onnx ROWS.jsonl.gz OUT.json [--ws held_out_19 ...]

Writes ``{"runs": {"model": {row index: p}}}``, the shape ``sup_cross_eval.py`` reads.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

#: Tokens of a pair at most (as trained).
MAX_TOKENS = 160


def side(title: str, day: str | None, line: str) -> str:
    """One line as the model reads it."""
    return f"{day or 'undated'} | {title} | {line.strip()}"


class CrossEncoder:
    """A cross-encoder graph and its head."""

    def __init__(self, path: Path, threads: int = 2) -> None:
        import onnxruntime as ort

        from mdrecall.embedders.local import vocab_path

        opts = ort.SessionOptions()
        opts.intra_op_num_threads = threads
        self.session = ort.InferenceSession(str(path), opts)
        with np.load(str(path).removesuffix(".onnx") + "_head.npz") as head:
            self.w, self.b = head["w"], float(head["b"][0])
        from tokenizers.implementations import BertWordPieceTokenizer

        self.tok = BertWordPieceTokenizer(
            str(vocab_path()), lowercase=True, strip_accents=None, clean_text=True, handle_chinese_chars=True
        )
        self.tok.enable_truncation(MAX_TOKENS)

    def scores(self, rows: Sequence[dict[str, Any]], batch: int = 32) -> np.ndarray:
        """p for each row (keys ``a``, ``at``, ``ad``, ``b``, ``bt``, ``bd``)."""
        enc = self.tok.encode_batch(
            [(side(r["at"], r["ad"], r["a"]), side(r["bt"], r["bd"], r["b"])) for r in rows]
        )
        order = np.argsort([len(e.ids) for e in enc])
        out = np.zeros(len(rows))
        for k in range(0, len(order), batch):
            part = order[k : k + batch]
            width = max(len(enc[i].ids) for i in part)
            ids = np.zeros((len(part), width), np.int64)
            types, mask = np.zeros_like(ids), np.zeros_like(ids)
            for r, i in enumerate(part):
                n = len(enc[i].ids)
                ids[r, :n], types[r, :n], mask[r, :n] = enc[i].ids, enc[i].type_ids, 1
            feed = {"input_ids": ids, "attention_mask": mask, "token_type_ids": types}
            hidden = self.session.run(None, feed)[0]
            pooled = (hidden * mask[..., None]).sum(1) / mask.sum(1, keepdims=True)
            out[part] = 1 / (1 + np.exp(-(pooled @ self.w + self.b)))
        return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("model", type=Path)
    ap.add_argument("rows")
    ap.add_argument("out", type=Path)
    ap.add_argument("--ws", nargs="*", help="only these workspaces' rows")
    args = ap.parse_args()
    with gzip.open(args.rows, "rt") as fh:
        rows = [json.loads(x) for x in fh]
    keep = [i for i, r in enumerate(rows) if not args.ws or r["ws"] in args.ws]
    start = time.process_time()
    p = CrossEncoder(args.model).scores([rows[i] for i in keep])
    cpu = time.process_time() - start
    print(f"{len(keep)} pairs, {1000 * cpu / max(len(keep), 1):.2f} ms CPU a pair")
    args.out.write_text(
        json.dumps({"runs": {"model": {str(i): round(float(x), 5) for i, x in zip(keep, p, strict=True)}}})
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
