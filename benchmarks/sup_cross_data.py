"""Line pairs for the cross-encoder experiment on supersession (``scripts/train_sup_cross.py``).

A *cross-encoder* reads the older and the newer line together (one transformer input, ``[CLS] older [SEP]
newer [SEP]``) and says whether the newer changes the older's fact. Its rows:

* **candidates** of each workspace (the pair corpora laid out as ``sup_pairs_eval.py`` lays them, each tuned
  set): the rules' candidates (:func:`mdrecall.knowledge.changes.pair_candidates.candidates`), the
  page-subject widening of ``sup_reader_data.widened``, and each line's ``K`` earlier fact lines nearest by
  the shipped MiniLM's cosine of the raw lines. Label 1 where the pair is a corpus case's ``same_fact`` pair
  or a set's gold ``supersession`` pair; every other candidate is a negative (the follow-ups, mentions and
  other facts of a real workspace). ``rule``: the rules pair the two lines; ``near``: only the cosine step
  found it.
* **threads** (``sup_threads_*.json``): one fact, then its later lines; each later line against the fact
  (label: it changes it), a line after a change against that change, and a second change against the first.

Each row holds both lines' text, their page's title and their day. Blind sets and corpora are read only when
named on the command line (``--blind``, for figures), never by default.

Usage::

    python benchmarks/sup_cross_data.py OUT.jsonl.gz [--blind held_out_12 ...]
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "src"))

from sup_learn_data import DATA, Workspace, corpus, labelled_set, rules_only  # noqa: E402
from sup_pairs_eval import _workspace  # noqa: E402
from sup_reader_data import vectors, widened  # noqa: E402

from mdrecall.knowledge.changes.change_rules import written_before  # noqa: E402
from mdrecall.knowledge.changes.pair_candidates import candidates  # noqa: E402

#: The tuned sets (blind ones never listed).
SETS = ("dev", "held_out") + tuple(
    f"held_out_{i}" for i in (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 16, 17, 18)
)
SETS += ("held_out_21", "held_out_22")
#: The pair corpora that may be read (blind ones never listed).
CORPORA = ("sup_train", "sup_blind17", "sup_pairs", "sup_train19", "sup_train19b", "sup_train20")
#: Earlier fact lines per line by the sentence model's cosine.
K = 10


def _files(name: str, is_set: bool) -> dict[str, list[str]]:
    if is_set:
        root = DATA / name
        return {
            p.relative_to(root).as_posix(): p.read_text(encoding="utf-8").split("\n")
            for p in root.rglob("*.md")
        }
    files, _ = _workspace(json.loads((DATA / f"{name}.json").read_text())["cases"])
    return {k: v[1] for k, v in files.items()}


def _title(lines: list[str], path: str) -> str:
    return next((ln[2:].strip() for ln in lines if ln.startswith("# ")), path)


def nearest(texts: list[str], order: list[Any], k: int = K) -> set[tuple[int, int]]:
    """Each line's ``k`` earlier lines of the highest cosine (quadratic: a measurement, not an index step)."""
    vec = vectors(texts)
    mat = np.array([vec[t] for t in texts])
    out: set[tuple[int, int]] = set()
    for j in range(len(order)):
        sims = mat @ mat[j]
        got = [i for i in np.argsort(-sims)[: 4 * k] if i != j and written_before(order[i], order[j])][:k]
        out.update((int(i), j) for i in got)
    return out


def workspace_rows(name: str, is_set: bool) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """The candidate rows of one corpus or set, and its counts (gold pairs, those among the candidates)."""
    ws: Workspace = labelled_set(name) if is_set else corpus(name)
    files = _files(name, is_set)
    rules = {old: (s.path, s.line) for old, s in rules_only(ws.facts).items()}
    cands = candidates(ws.facts, rules)
    order = cands.order
    found = {(i, j) for i, j, _ in cands.pairs}
    texts = [files[f.path][f.line - 1] for f in order]
    near = nearest(texts, order) - found
    allp = found | widened(order, cands.words) | near
    rows = []
    for i, j in sorted(allp):
        o, n = order[i], order[j]
        ok, nk = (o.path, o.line), (n.path, n.line)
        rows.append(
            {
                "ws": name,
                "set": is_set,
                "old": list(ok),
                "new": list(nk),
                "a": texts[i],
                "at": _title(files[o.path], o.path),
                "ad": o.day,
                "b": texts[j],
                "bt": _title(files[n.path], n.path),
                "bd": n.day,
                "y": int(ws.truth.get(ok) == nk),
                "rule": int(rules.get(ok) == nk),
                "near": int((i, j) in near),
            }
        )
    keys = {(*r["old"], *r["new"]) for r in rows}
    counts = {
        "gold": len(ws.truth),
        "gold_in_candidates": sum((*o, *n) in keys for o, n in ws.truth.items()),
        "candidates": len(rows),
        "rules": len(rules),
        "rules_right": sum(ws.truth.get(k) == v for k, v in rules.items()),
    }
    return rows, counts


def thread_rows(path: Path) -> Iterator[dict[str, Any]]:
    """The pairs of one thread corpus (see the module's docstring)."""
    for th in json.loads(path.read_text())["threads"]:

        def side(x: dict[str, Any], world: str = th["world"]) -> tuple[str, str, str | None]:
            text = x["text"].strip()
            text = text if text.startswith(("|", "#", "-", "*")) else f"- {text}"
            kind = x.get("kind", "daily")
            if kind == "MEMORY.md":
                return text, "Memory", None
            return (text, world.title(), None) if kind == "page" else (text, x["date"], x["date"])

        fact = side(th["fact"])
        last: tuple[str, str, str | None] | None = None
        for x in th["later"]:
            new = side(x)
            pairs = [(fact, x["changes"])] if x["changes"] or last is None else [(last, False)]
            if x["changes"] and last is not None:
                pairs.append((last, True))
            for old, y in pairs:
                sides = {"a": old[0], "at": old[1], "ad": old[2], "b": new[0], "bt": new[1], "bd": new[2]}
                yield {"ws": "threads", "set": False, "group": th["id"], "y": int(y)} | sides
            if x["changes"]:
                last = new


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("--blind", nargs="*", default=[], help="blind sets or corpora to export (figures only)")
    args = ap.parse_args()
    names = [(n, n.startswith("held_out") or n == "dev") for n in args.blind] if args.blind else None
    todo = names or [(c, False) for c in CORPORA] + [(s, True) for s in SETS]
    counts = {}
    with gzip.open(args.out, "wt") as out:
        for name, is_set in todo:
            rows, counts[name] = workspace_rows(name, is_set)
            out.writelines(json.dumps(r) + "\n" for r in rows)
            print(name, counts[name], flush=True)
        if not args.blind:
            for p in sorted(DATA.glob("sup_threads_*.json")):
                out.writelines(json.dumps(r) + "\n" for r in thread_rows(p))
    Path(args.out + ".counts.json").write_text(json.dumps(counts, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
