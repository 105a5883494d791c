"""What the supersession cross-encoder costs per sync: CPU of each sync (index, the views, the pairing) with
and without it (``entities.supersession_model``), at ``--files`` generated notes (``benchmarks/speed.py``'s
daily logs), each in a fresh process: the first sync; then (with the model) the pairs the first left past
its budget scored by a stand-in scorer, untimed (a hash of the pair as p: reaching the state where every
bounded pair has a cached score takes the real model ~13 ms a pair, 42,648 pairs at 1,000 notes); then,
timed, a sync with no change, a sync after editing 1 file and one after editing 10 (a line appended to
each, a line of each rewritten). With ``--check`` the store is then paired anew from every line (no
decision kept) and the pairs compared with the incremental path's: ``same_as_full``.

Peak memory is the process's maximum resident size, after the first sync (``first_peak_mb``: what a
user's first sync costs) and at the end (``peak_mb``: the untimed drain of the backlog, which scores every
bounded pair in one pairing, included). Keyword-only (no embedder).

Usage::

    python benchmarks/sup_cross_speed.py [--files 1000 10000] [--check] [--only on|off] [--budget N]
        [--out benchmarks/results/sup_cross_speed.json]

``--budget``: new pairs one pairing scores at most (``cross_pairs.BUDGET`` in place of the shipped one).

Prints a table and writes JSON. CPU seconds of the process (steadier than wall time on a loaded machine).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "src"))

#: Lines appended to an edited note (and one line rewritten to the first of them).
EDITS = (
    "- The weekly planning call moved to Thursdays at 10:00 with Grace.",
    "- Dave now owns the billing migration; Frank hands it over this week.",
)


def _edit(root: Path, count: int, skip: int) -> None:
    """Edit ``count`` notes (every ``len // count``-th, from ``skip``): a line rewritten, two appended."""
    notes = sorted((root / "memory").rglob("*.md"))
    step = max(1, len(notes) // count)
    for path in notes[skip::step][:count]:
        lines = path.read_text(encoding="utf-8").splitlines()
        at = next((k for k, line in enumerate(lines) if line.startswith("- ")), len(lines) - 1)
        lines[at] = EDITS[0]
        path.write_text("\n".join([*lines, "", *EDITS]) + "\n", encoding="utf-8")


def _stand_in(self: Any, pairs: Any) -> Any:
    """p of each pair from a hash of its text (the untimed drain of the first sync's backlog)."""
    import numpy as np

    return np.array(
        [int(hashlib.blake2b(f"{a}\0{b}".encode(), digest_size=2).hexdigest(), 16) / 65535 for a, b in pairs]
    )


def child(root: Path, on: bool, check: bool, budget: int | None = None) -> dict[str, Any]:
    """The syncs of one configuration (see the module's docstring), in one process."""
    from mdrecall import Config, Memory
    from mdrecall.knowledge.changes import cross_model, cross_pairs

    if budget is not None:
        cross_pairs.BUDGET = budget
    from mdrecall.knowledge.changes.superseded import refresh_superseded
    from mdrecall.knowledge.refresh import build_views

    runs: list[dict[str, Any]] = []
    real = cross_pairs.CrossPairing.__call__

    def counted(self, facts, rules):  # type: ignore[no-untyped-def]
        out = real(self, facts, rules)
        runs.append(
            {
                "facts": len(facts),
                "searched": getattr(self, "searched", None),
                "scored": self.scored,
                "cached": self.cached,
            }
            | {"left": self.left, "added": len(out)}
        )
        return out

    cross_pairs.CrossPairing.__call__ = counted  # type: ignore[method-assign]
    cfg = Config().merged(
        {"history": {"git": False}, "embedding": {"provider": "none"}, "entities": {"supersession_model": on}}
    )
    mem = Memory.open(root, cfg)
    row: dict[str, Any] = {}

    def timed(name: str) -> None:
        runs.clear()
        t = time.process_time()
        mem.index()
        if name == "first":  # the views are built on first use, then kept by each sync
            build_views(mem.store)
            refresh_superseded(mem.store, cfg.entities)
        row[f"{name}_cpu_s"] = round(time.process_time() - t, 2)
        row[f"{name}_runs"] = list(runs)

    timed("first")
    row["first_peak_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
    if on:  # the first sync's backlog scored by the stand-in, untimed
        scores = cross_model.CrossEncoder.scores
        cross_model.CrossEncoder.scores = _stand_in  # type: ignore[method-assign,assignment]
        t = time.process_time()
        refresh_superseded(mem.store, cfg.entities, budget=10**9)
        row["drain_cpu_s"] = round(time.process_time() - t, 2)
        cross_model.CrossEncoder.scores = scores  # type: ignore[method-assign]
    timed("unchanged")
    _edit(root, 1, 3)
    timed("edit1")
    _edit(root, 10, 7)
    timed("edit10")
    if check:
        incremental = mem.store.superseded_all()  # type: ignore[attr-defined]
        mem.store.set_meta("superseded_gen", "")  # never paired: paired anew from every line
        refresh_superseded(mem.store, cfg.entities, budget=10**9)
        full = mem.store.superseded_all()  # type: ignore[attr-defined]
        row["pairs"] = len(full)
        row["same_as_full"] = incremental == full
        row["differ"] = len(set(incremental.items()) ^ set(full.items()))
    mem.close()
    row["peak_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
    return row


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--files", type=int, nargs="*", default=[1000, 10000])
    ap.add_argument("--check", action="store_true", help="compare the incremental pairs with a full pairing")
    ap.add_argument("--only", choices=("off", "on"), help="one configuration")
    ap.add_argument("--budget", type=int, help="new pairs a pairing scores at most (default: the shipped)")
    ap.add_argument("--out", type=Path, default=HERE / "results" / "sup_cross_speed.json")
    ap.add_argument("--child", nargs=4, metavar=("ROOT", "ON", "CHECK", "BUDGET"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        budget = None if args.child[3] == "-" else int(args.child[3])
        print(json.dumps(child(Path(args.child[0]), args.child[1] == "on", args.child[2] == "check", budget)))
        return 0
    from speed import generate

    results = []
    for n in args.files:
        with tempfile.TemporaryDirectory() as d:
            base = Path(d) / "src"
            generate(base, n)
            for on in (False, True):
                if args.only and args.only != ("on" if on else "off"):
                    continue
                root = Path(d) / ("on" if on else "off")
                subprocess.run(["cp", "-r", str(base), str(root)], check=True)
                done = subprocess.run(
                    [sys.executable, __file__, "--child", str(root), "on" if on else "off"]
                    + ["check" if args.check else "-", "-" if args.budget is None else str(args.budget)],
                    capture_output=True,
                    text=True,
                    check=True,
                )
                row = {"files": n, "cross": on} | json.loads(done.stdout.strip().splitlines()[-1])
                results.append(row)
                print(
                    f"{n:6} notes  cross {'on ' if on else 'off'}  "
                    + "  ".join(
                        f"{k} {row[k + '_cpu_s']:7.2f} s"
                        for k in ("first", "drain", "unchanged", "edit1", "edit10")
                        if k + "_cpu_s" in row
                    )
                    + f"  peak {row['first_peak_mb']:5} MB first, {row['peak_mb']:5} MB in all"
                    + (
                        f"  same_as_full {row['same_as_full']} ({row['differ']} differ)"
                        if "same_as_full" in row
                        else ""
                    ),
                    flush=True,
                )
                for k in ("first", "unchanged", "edit1", "edit10"):
                    for r in row.get(k + "_runs", []):
                        print(f"        {k}: {r}", flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
