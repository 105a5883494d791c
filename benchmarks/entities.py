"""Entity-aware retrieval on LoCoMo dev, by question category, before and after.

Each LoCoMo conversation becomes a workspace of daily logs (as in ``benchmarks/quality.py``, sharing its
cached indexes). Variants differ only in the ``[entities]`` section:

* ``off``: no alias expansion, no boost (the search as it was before entities existed);
* ``default``: the shipped defaults (aliases of named entities expanded, no boost);
* ``boostX``: the entity boost at weight X on top of the defaults.

Scores are quality.py's: the share of evidence turns whose text is in the top-5 snippets ("snippet")
and whose line is inside a top-5 hit ("line"). Categories: 1 multi-hop, 2 temporal, 3 open-domain,
4 single-hop. Usage::

    python benchmarks/entities.py [--variants off default boost0.3 ...]

Prints a table and writes ``benchmarks/results/entities.json``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from quality import DATA, ROOT, _config, _evidence, _prepare, locomo_scores, render_locomo, write_files

from mdrecall import Memory

CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
VARIANTS: dict[str, dict[str, Any]] = {
    "off": {"expand_aliases": False, "boost": 0.0},
    "default": {},
    "boost0.2": {"boost": 0.2},
    "boost0.5": {"boost": 0.5},
    "boost1.0": {"boost": 1.0},
}


def run(variants: list[str], store: str, force: bool) -> dict[str, dict[str, Any]]:
    """Per variant: snippet and line recall@5 per category and overall, with p50 latency."""
    convs = json.loads((DATA / "locomo-dev" / "locomo-dev.json").read_text(encoding="utf-8"))
    rows: dict[str, list[tuple[int, float, float, float]]] = {v: [] for v in variants}
    for i, conv in enumerate(convs):
        files, where, today = render_locomo(conv)
        mem, _ = _prepare(f"locomo-{i}", lambda root, f=files: write_files(root, f), store, force)
        for v in variants:
            cfg = _config(store, {}).merged({"entities": VARIANTS[v]})
            vm = Memory(mem.workspace, cfg, mem.store)
            vm._embedder, vm._embedder_loaded = mem.embedder, True
            for qa in conv["qa"]:
                cat = qa.get("category")
                ev = [where[e] for e in _evidence(qa) if e in where]
                if cat not in CATEGORIES or not ev:
                    continue
                t = time.perf_counter()
                hits = vm.search(str(qa["question"]), max_results=5, today=today)
                ms = (time.perf_counter() - t) * 1000
                s, r = locomo_scores(hits, ev)
                rows[v].append((int(cat), s, r, ms))
        mem.close()
    out: dict[str, dict[str, Any]] = {}
    for v, got in rows.items():
        res: dict[str, Any] = {}
        for cat, name in [*CATEGORIES.items(), (0, "all")]:
            sel = [x for x in got if cat in (0, x[0])]
            res[name] = {
                "snippet": statistics.fmean(x[1] for x in sel),
                "line": statistics.fmean(x[2] for x in sel),
                "questions": len(sel),
            }
        res["p50_ms"] = statistics.median(x[3] for x in got)
        out[v] = res
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variants", nargs="+", default=list(VARIANTS), choices=list(VARIANTS))
    ap.add_argument("--store", default="sqlite")
    ap.add_argument("--rebuild", action="store_true", help="rebuild the cached workspaces and indexes")
    ap.add_argument("--out", default=str(ROOT / "results" / "entities.json"))
    args = ap.parse_args()
    results = run(args.variants, args.store, args.rebuild)
    names = [*CATEGORIES.values(), "all"]
    print(f"{'variant':<10} " + " ".join(f"{n:>17}" for n in names) + "   p50 ms")
    print(f"{'':<10} " + " ".join(f"{'snippet / line':>17}" for _ in names))
    for v, res in results.items():
        cells = " ".join(f"{res[n]['snippet']:>8.3f} / {res[n]['line']:.3f}" for n in names)
        print(f"{v:<10} {cells}   {res['p50_ms']:.1f}")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"store": args.store, "variants": VARIANTS, "results": results}, indent=2))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
