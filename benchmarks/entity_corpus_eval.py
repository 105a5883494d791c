"""Entity reading on notes the rules never saw: the blind corpus ``knowledge/entity_corpus.json``.

Each world (a few short note lines: bullets with labels, chat quotes, prose, tables, lowercase names) is
written to a temporary workspace, indexed as ``knowledge_eval`` does, and its entity view scored against
the world's gold: precision, recall, kinds right among the matched, first names linked, and label words
(not-entities) taken for names. Figures are pooled per part: ``tune`` (every third world: look at its
misses and fix their causes) and ``aside`` (scored once, at the end).

Usage::

    python benchmarks/entity_corpus_eval.py [--part tune|aside|all] [--src PATH] [--misses]

``--misses`` prints each world's false finds, misses and wrong kinds (use it on ``tune`` only).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
CORPUS = ROOT / "knowledge" / "entity_corpus.json"


def score_world(world: dict[str, Any]) -> dict[str, Any]:
    """One world's entity scores (``knowledge_eval.score_entities``) on a fresh workspace."""
    from knowledge_eval import _open, score_entities

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / world["id"]
        for rel, text in world["world"].items():
            path = root / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        (root / "memory").mkdir(exist_ok=True)
        mem = _open(root)
        try:
            return score_entities(mem, world)
        finally:
            mem.close()


def pooled(rows: list[dict[str, Any]]) -> dict[str, float | int]:
    """Micro-averaged figures over worlds."""
    pred = sum(r["predicted"] for r in rows)
    false = sum(len(r["false_positives"]) for r in rows)
    gold = sum(r["gold"] for r in rows)
    matched = sum(r["gold"] - len(r["missed"]) for r in rows)
    wrong = sum(len(r["wrong_kinds"]) for r in rows)
    links = [x["right"] for r in rows for x in r["first_name_rows"]]
    return {
        "worlds": len(rows),
        "gold": gold,
        "predicted": pred,
        "precision": (pred - false) / pred if pred else 0.0,
        "recall": matched / gold if gold else 0.0,
        "kinds_right": (matched - wrong) / matched if matched else 0.0,
        "first_names": sum(links) / len(links) if links else 0.0,
        "first_name_rows": len(links),
        "label_words_taken": sum(len(r["label_words_taken"]) for r in rows),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=["tune", "aside", "all"], default="tune")
    parser.add_argument("--src", help="the src folder of the checkout to measure (default: this one's)")
    parser.add_argument("--misses", action="store_true", help="print each world's errors")
    args = parser.parse_args()
    if args.src:
        sys.path.insert(0, str(Path(args.src).resolve()))
    sys.path.insert(0, str(ROOT))
    corpus = json.loads(CORPUS.read_text(encoding="utf-8"))
    parts = ["tune", "aside"] if args.part == "all" else [args.part]
    result: dict[str, Any] = {}
    for part in parts:
        rows = []
        for world in (w for w in corpus["worlds"] if w["part"] == part):
            r = score_world(world)
            rows.append({"id": world["id"], **r})
            if args.misses:
                bad_links = [f"{x['short']}→{x['linked_to']}" for x in r["first_name_rows"] if not x["right"]]
                print(f"[{world['id']}] false {r['false_positives']} missed {r['missed']}")
                if r["wrong_kinds"] or bad_links:
                    print(f"    kinds {r['wrong_kinds']} links {bad_links}")
        fig = pooled(rows)
        result[part] = {**fig, "rows": rows}
        print(
            f"{part:5}  precision {fig['precision']:.2f}  recall {fig['recall']:.2f}  kinds right"
            f" {fig['kinds_right']:.2f}  first names {fig['first_names']:.2f} ({fig['first_name_rows']})"
            f"  label words taken {fig['label_words_taken']}  ({fig['predicted']} found, {fig['gold']} gold,"
            f" {fig['worlds']} worlds)"
        )
    out = ROOT / "results" / "entity-corpus.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2, default=str) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
