"""The questions of labelled sets answered below the top 3, with what ranks above their answer.

For each question of a set (``benchmarks/knowledge/<set>.labels.json``) whose answering line is not in
the top 3 hits, prints the answer's rank among the first ``--depth`` hits (or ``none``), the answering
line, and the hits ranked above it (path, lines, score, superseded mark, the snippet's first line).

Usage::

    python benchmarks/question_misses.py --sets held_out_16,held_out_22 [--depth 10] [--all]
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
from datetime import date
from pathlib import Path
from typing import Any

from knowledge_eval import DATA, _open, answer_rank


def _line(root: Path, ref: dict[str, Any]) -> str:
    lines = (root / ref["file"]).read_text(encoding="utf-8").splitlines()
    return lines[ref["line"] - 1].strip() if ref["line"] <= len(lines) else "?"


def misses(which: str, depth: int, show_all: bool) -> None:
    """Print the set's questions answered below the top 3 (every question with ``show_all``)."""
    labels = json.loads((DATA / f"{which}.labels.json").read_text(encoding="utf-8"))
    today = date.fromisoformat(labels["today"])
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / which
        shutil.copytree(DATA / which, root)
        mem = _open(root)
        try:
            for q in labels["questions"]:
                top = answer_rank(mem.search(q["q"], max_results=3, today=today), q)
                if top is not None and not show_all:  # as knowledge_eval asks: a search for 3 hits
                    continue
                hits = mem.search(q["q"], max_results=depth, today=today)
                rank = answer_rank(hits, q)
                where = "none" if rank is None else str(rank + 1)
                where += "" if top is None else f" (top 3: {top + 1})"
                print(f"[{which}] {q['kind']}: {q['q']!r}  answer rank {where}")
                ref = q["answer"]
                print(f"    answer {ref['file']}:{ref['line']}: {_line(root, ref)[:110]}")
                for i, h in enumerate(hits[: (rank if rank is not None else min(depth, 5))]):
                    mark = " SUPERSEDED" if h.superseded else ""
                    first = (h.snippet or "").strip().splitlines()[0][:90] if h.snippet else ""
                    print(f"    {i + 1}. {h.path}:{h.start_line}-{h.end_line} {h.score:.3f}{mark} | {first}")
        finally:
            mem.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", required=True, help="comma-separated labelled sets (never a blind one)")
    parser.add_argument("--depth", type=int, default=10, help="hits to look through (default 10)")
    parser.add_argument("--all", action="store_true", help="every question, not only the misses")
    args = parser.parse_args()
    for which in args.sets.split(","):
        misses(which.strip(), args.depth, args.all)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
