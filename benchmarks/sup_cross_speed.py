"""What the supersession cross-encoder costs: CPU of an index plus the views' build and pairing, with and
without it (``entities.supersession_model``), at ``--files`` generated notes (``benchmarks/speed.py``'s daily
logs), each in a fresh process; then a second pairing of the same index (the pairing made anew: the cached
scores are read back, the next pairs the first left past its budget are scored), and a third with no budget
(``cached_cpu_s``: the cached scores only, what the bound itself costs). Peak memory is
the process's maximum resident size. Keyword-only (no embedder).

Usage::

    python benchmarks/sup_cross_speed.py [--files 1000 10000] [--out benchmarks/results/sup_cross_speed.json]

Prints a table and writes JSON. CPU seconds of the process (steadier than wall time on a loaded machine).
"""

from __future__ import annotations

import argparse
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


def child(root: Path, on: bool) -> dict[str, Any]:
    """Index ``root``, build its views and pair; then pair again from the cache. One process."""
    from mdrecall import Config, Memory
    from mdrecall.knowledge import cross_pairs
    from mdrecall.knowledge.refresh import build_views
    from mdrecall.knowledge.superseded import refresh_superseded

    stats: dict[str, Any] = {}
    real = cross_pairs.CrossPairing.__call__

    def counted(self, facts, rules):  # type: ignore[no-untyped-def]
        out = real(self, facts, rules)
        stats.setdefault("runs", []).append(
            {
                "facts": len(facts),
                "scored": self.scored,
                "cached": self.cached,
                "left": self.left,
                "added": len(out),
            }
        )
        return out

    cross_pairs.CrossPairing.__call__ = counted  # type: ignore[method-assign]
    cfg = Config().merged(
        {"history": {"git": False}, "embedding": {"provider": "none"}, "entities": {"supersession_model": on}}
    )
    mem = Memory.open(root, cfg)
    t = time.process_time()
    mem.index()
    build_views(mem.store)
    refresh_superseded(mem.store, cfg.entities)
    first = time.process_time() - t
    pairs = len(mem.store.superseded_all())  # type: ignore[attr-defined]
    mem.store.set_meta("superseded_gen", "")
    t = time.process_time()
    refresh_superseded(mem.store, cfg.entities)
    second = time.process_time() - t
    mem.store.set_meta("superseded_gen", "")
    t = time.process_time()
    refresh_superseded(mem.store, cfg.entities, budget=0)  # the cached scores only: the bound's own cost
    cached = time.process_time() - t
    mem.close()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {
        "first_cpu_s": round(first, 2),
        "second_cpu_s": round(second, 2),
        "cached_cpu_s": round(cached, 2),
        "peak_mb": round(peak),
        "pairs": pairs,
    } | stats


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--files", type=int, nargs="*", default=[1000, 10000])
    ap.add_argument("--out", type=Path, default=HERE / "results" / "sup_cross_speed.json")
    ap.add_argument("--child", nargs=2, metavar=("ROOT", "ON"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(child(Path(args.child[0]), args.child[1] == "on")))
        return 0
    from speed import generate

    results = []
    for n in args.files:
        with tempfile.TemporaryDirectory() as d:
            base = Path(d) / "src"
            generate(base, n)
            for on in (False, True):
                root = Path(d) / ("on" if on else "off")
                subprocess.run(["cp", "-r", str(base), str(root)], check=True)
                done = subprocess.run(
                    [sys.executable, __file__, "--child", str(root), "on" if on else "off"],
                    capture_output=True,
                    text=True,
                    check=True,
                )
                row = {"files": n, "cross": on} | json.loads(done.stdout.strip().splitlines()[-1])
                results.append(row)
                runs = row.get("runs", [])
                print(
                    f"{n:6} notes  cross {'on ' if on else 'off'}  first {row['first_cpu_s']:7.2f} s  "
                    f"second {row['second_cpu_s']:6.2f} s  peak {row['peak_mb']:5} MB  pairs {row['pairs']}  "
                    + (
                        "  ".join(
                            f"[{r['facts']} facts: scored {r['scored']}, cached {r['cached']}, "
                            f"left {r['left']}, added {r['added']}]"
                            for r in runs
                        )
                    ),
                    flush=True,
                )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
