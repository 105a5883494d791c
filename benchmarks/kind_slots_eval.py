"""Do the grammatical slots around a name (:mod:`mdrecall.knowledge.lexicon.kind_slots`) make the context kind
model carry to notes it never saw?

For each gold entity the entity view finds on the tunable sets (``kind_audit.SETS``, named one by one; never
a blind set), this reads the shipped decision's evidence and the mention lines (``kind_audit.gather``) and
measures **leaving one set out** (the context model trained on the other sets, the kind decision of
:func:`mdrecall.knowledge.kinds.kind_stack.rules_decision` read with its probabilities), kinds right per set:

* **shipped**: what the entity view does now (the shipped model; in sample on the sets it was trained on);
* **before**: the context model's features as they were (bags of words, the name's vector, its shape),
  every training row weighed alike;
* **after**: the same plus the slots, each training row the rules leave without a kind (where the model is
  asked) weighed ``--up`` times;
* with ``--minilm``, **sentence**: *before*'s features plus the sentence model's (``embedders.local``,
  MiniLM, offline) mean vector of the mention lines with the name masked ("ordered two crates from X"),
  every row weighed alike.

Usage::

    python benchmarks/kind_slots_eval.py [--rows FILE] [--up 3] [--minilm] [--changes]

Prints the table, the context model's right / typed, and writes ``benchmarks/results/kind_slots.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import kind_audit  # noqa: E402
import kind_context_eval as kce  # noqa: E402
import knowledge_eval as ke  # noqa: E402

KINDS = ("event", "organisation", "person", "pet", "place", "product", "technology", "work")


def evidence(row: dict[str, Any]) -> Any:
    """The row's :class:`~mdrecall.knowledge.kinds.kind_stack.Evidence`."""
    from mdrecall.knowledge.kinds.kind_stack import Evidence

    return Evidence(row["name"], [{(n, k, h): c for n, k, h, c in row["forms"]}], row["head"], 0, 0)


def asked(row: dict[str, Any]) -> bool:
    """Do the rules leave the row without a kind, so that the context model is asked?"""
    from mdrecall.knowledge.kinds.kind_stack import rules_decision

    return rules_decision(evidence(row), lambda: None).source is None


def matrix(rows: list[dict[str, Any]], slotted: bool) -> np.ndarray:
    """Each row's context-model input."""
    from mdrecall.embedders.static import StaticEmbedder
    from mdrecall.knowledge.kinds.kind_context import Mention, features

    emb = StaticEmbedder()
    out = []
    for r in rows:
        written = sorted({f[0] for f in r["forms"]} | {r["name"]})
        out.append(features(emb, r["name"], written, [Mention(**m) for m in r["mentions"]], slotted))
    return np.asarray(out, np.float32)


def sentence_matrix(rows: list[dict[str, Any]]) -> np.ndarray:
    """Each row's sentence vector (:func:`mdrecall.knowledge.kinds.kind_sentence.vector`: the mean MiniLM
    vector of its mention lines, every written form of the name masked as "X")."""
    from mdrecall.embedders.local import LocalEmbedder
    from mdrecall.knowledge.kinds.kind_context import Mention
    from mdrecall.knowledge.kinds.kind_sentence import vector

    emb = LocalEmbedder(threads=2)
    out = []
    for r in rows:
        written = sorted({f[0] for f in r["forms"]} | {r["name"]})
        out.append(vector(emb, written, [Mention(**m) for m in r["mentions"]]))
    return np.asarray(out, np.float32)


def loso(rows: list[dict[str, Any]], x: np.ndarray, weight: np.ndarray) -> dict[str, Any]:
    """Per set left out: kinds right with the context model trained on the others, the context model's
    right / typed, and the names whose kind differs from the shipped one."""
    from mdrecall.knowledge.kinds.kind_stack import rules_decision

    y = np.array([KINDS.index(r["gold"]) for r in rows])
    sets = np.array([r["set"] for r in rows])
    out: dict[str, Any] = {}
    for s in dict.fromkeys(sets):
        train, test = sets != s, sets == s
        w, b = kce.fit(x[train], y[train], len(KINDS), sample_weight=weight[train])
        p = kce.softmax(x[test] @ w + b)
        right, typed, typed_right, changes = 0, 0, 0, []
        for r, q in zip([r for r in rows if r["set"] == s], p, strict=True):
            probs = {k: float(v) for k, v in zip(KINDS, q, strict=True)}
            d = rules_decision(evidence(r), lambda probs=probs: probs)
            right += d.kind == r["gold"]
            if d.source == "context model":
                typed += 1
                typed_right += d.kind == r["gold"]
            if d.kind != r["kind"]:
                changes.append(f"{r['name']}: {r['kind']} → {d.kind} (p {d.p or 0:.2f}), gold {r['gold']}")
        out[str(s)] = {"right": right, "context": [typed_right, typed], "changes": changes}
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=Path, help="read/write the gathered rows here (JSON)")
    parser.add_argument("--up", type=float, default=3.0, help="weight of the rows the model is asked about")
    parser.add_argument("--minilm", action="store_true", help="measure the sentence model's column too")
    parser.add_argument("--changes", action="store_true", help="list each name whose kind changes")
    args = parser.parse_args()
    if args.rows and args.rows.is_file():
        rows = json.loads(args.rows.read_text(encoding="utf-8"))
    else:
        rows = [r for s in kind_audit.SETS for r in kind_audit.gather(s)]
        if args.rows:
            args.rows.write_text(json.dumps(rows), encoding="utf-8")
    pool = np.array([asked(r) for r in rows])
    base = matrix(rows, False)
    even = np.ones(len(rows), np.float32)
    columns = {
        "before": loso(rows, base, even),
        "after": loso(rows, matrix(rows, True), np.where(pool, args.up, 1.0).astype(np.float32)),
    }
    if args.minilm:
        columns["sentence"] = loso(rows, np.concatenate([base, sentence_matrix(rows)], 1), even)
    print(f"{'left out':12} {'n':>4} {'shipped':>8} " + " ".join(f"{c:>14}" for c in columns))
    table: dict[str, Any] = {}
    for s in columns["before"]:
        sub = [r for r in rows if r["set"] == s]
        shipped = sum(r["kind"] == r["gold"] for r in sub)
        b = columns["before"][s]["right"]
        cells = [f"{b / len(sub):.3f} ({b - shipped:+d})"]
        cells += [
            f"{v[s]['right'] / len(sub):.3f} ({v[s]['right'] - b:+d})"
            for c, v in columns.items()
            if c != "before"
        ]
        print(f"{s:12} {len(sub):4} {shipped / len(sub):8.3f} " + " ".join(f"{c:>14}" for c in cells))
        table[s] = {"n": len(sub), "shipped": shipped, **{c: v[s] for c, v in columns.items()}}
    for label, res in columns.items():
        right = sum(v["right"] for v in res.values())
        ctx = [sum(v["context"][i] for v in res.values()) for i in (0, 1)]
        print(f"  {label}: {right} right of {len(rows)}; the context model right {ctx[0]} of {ctx[1]} typed")
        if label != "before":
            gains = [res[s]["right"] - columns["before"][s]["right"] for s in res]
            print(
                f"    − before: net {sum(gains):+d}, worst set {min(gains):+d},"
                f" sets raised {sum(g > 0 for g in gains)}"
            )
    print(f"  rows the model is asked about: {int(pool.sum())}")
    if args.changes:
        for s, v in table.items():
            for c in v["after"]["changes"]:
                print(f"  {s:12} {c}")
    out = ke.ROOT / "results" / "kind_slots.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(table, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
