"""Current-state questions on the labelled sets, with and without the ``current`` ranking stage.

For each labelled workspace under ``benchmarks/knowledge/`` (never ``held_out_6``, kept aside): each
supersession pair's query (a question about the present) must rank the newer line above the older one
(newer in the top 5, older absent or below it), and each question of kind ``current`` must find its answer
in the top 3. Both are measured as the index pairs lines (``supersede`` on) and as if it had paired none
(``supersede`` off), each without and with the ``current`` stage; ``moved out`` counts the questions of
every kind whose answer the stage pushed out of the top 3 (it must stay at 0).

Usage::

    python benchmarks/current_eval.py [--set NAME ...] [--rows]
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from datetime import date
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
DATA = ROOT / "knowledge"
SETS = ("dev", "held_out", "held_out_2", "held_out_3", "held_out_4", "held_out_5")
sys.path.insert(0, str(ROOT))

from knowledge_eval import _open, _rank, answer_rank  # noqa: E402


def _memory(root: Path, skip: list[str]) -> Any:
    from mdrecall import Config, Memory

    extra = sorted(p.name for p in root.iterdir() if p.is_dir() and p.name not in ("memory", ".mdrecall"))
    over = {
        "history": {"git": False},
        "index": {"sync_on_search": False},
        "extra_paths": extra,
        "search": {"skip_stages": skip},
    }
    return Memory.open(root, Config().merged(over))


def measure(mem: Any, labels: dict[str, Any]) -> dict[str, Any]:
    """Pairs newer-above-older, current questions in the top 3, and every question's top-3 answers."""
    today = date.fromisoformat(labels["today"])
    pairs = []
    for s in labels["supersession"]:
        hits = mem.search(s["query"], max_results=5, min_score=0.0, today=today)
        new, old = _rank(hits, s["newer"]), _rank(hits, s["older"])
        pairs.append((s["query"], new, old, new is not None and (old is None or new <= old)))
    questions = []
    for q in labels["questions"]:
        hits = mem.search(q["q"], max_results=3, today=today)
        questions.append((q["q"], q["kind"], answer_rank(hits, q) is not None))
    return {"pairs": pairs, "questions": questions}


def run(which: str) -> dict[str, Any]:
    """The four variants on one set."""
    labels = json.loads((DATA / f"{which}.labels.json").read_text(encoding="utf-8"))
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / which
        shutil.copytree(DATA / which, root)
        _open(root).close()  # index once
        for name, skip in (
            ("paired", ["current"]),
            ("paired+current", []),
            ("unpaired", ["current", "supersede"]),
            ("unpaired+current", ["supersede"]),
        ):
            mem = _memory(root, skip)
            try:
                out[name] = measure(mem, labels)
            finally:
                mem.close()
    return out


def _share(rows: list[Any], i: int) -> str:
    return f"{sum(r[i] for r in rows)}/{len(rows)}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", nargs="*", choices=SETS, default=list(SETS))
    parser.add_argument("--rows", action="store_true", help="print the rows the stage changed")
    args = parser.parse_args()
    total: dict[str, list[int]] = {}
    for which in args.set:
        res = run(which)
        line = [which.ljust(11)]
        for name, m in res.items():
            cur = [q for q in m["questions"] if q[1] == "current"]
            line.append(f"{name}: pairs {_share(m['pairs'], 3)} current {_share(cur, 2)}")
            t = total.setdefault(name, [0, 0, 0, 0])
            t[0] += sum(p[3] for p in m["pairs"])
            t[1] += len(m["pairs"])
            t[2] += sum(q[2] for q in cur)
            t[3] += len(cur)
        moved = 0
        for base, lifted in (("paired", "paired+current"), ("unpaired", "unpaired+current")):
            for a, b in zip(res[base]["questions"], res[lifted]["questions"], strict=True):
                moved += a[2] and not b[2]
                if args.rows and a[2] != b[2]:
                    print(f"  {which} {lifted}: {'LOST' if a[2] else 'won'} {b[1]} {b[0]!r}")
            for a, b in zip(res[base]["pairs"], res[lifted]["pairs"], strict=True):
                if args.rows and a[3] != b[3]:
                    print(f"  {which} {lifted}: pair {'LOST' if a[3] else 'won'} {b[0]!r} {a[1:3]}→{b[1:3]}")
        print("  ".join(line) + f"  moved out {moved}")
    sums = (f"{n}: pairs {t[0]}/{t[1]} current {t[2]}/{t[3]}" for n, t in total.items())
    print("total      " + "  ".join(sums))
    return 0


if __name__ == "__main__":
    sys.exit(main())
