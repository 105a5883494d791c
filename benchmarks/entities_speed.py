"""What the entity and history views cost: indexing time and index size with and without them, and the
latency of entity-aware, as-of and history queries, on a synthetic workspace of daily logs.

The workspace has ``--files`` daily logs (default 1,000) of ~20 lines naming people, places, projects
and tools, with wiki links, ``@mentions``, speaker labels and stated relationships; ``MEMORY.md`` is
rewritten ``--edits`` times (each edit indexed) so the index holds a history. "without views" indexes
the same files with the view refresh replaced by a no-op (the indexer as it was before). Keyword-only
(no embedder) so the figures are the views' own cost. Usage::

    python benchmarks/entities_speed.py [--files 1000] [--edits 20] [--rounds 3] [--baseline-src DIR]

Also indexes ``--files`` ordinary notes (``benchmarks/speed.py``'s generated daily logs, the notes the issue
19 target is about) with and without views. ``--baseline-src`` (another checkout's ``src``, e.g. from
``git archive``) measures the same index ratios with that code, in a subprocess, alternating round by
round with this code so both see the same load. Index times are the median over ``--rounds``, in CPU
seconds of the process (steadier than wall time on a loaded machine) and wall seconds. ``--listing-files N``
also times listing the entities of N ordinary notes (``Memory.entities()`` in a fresh ``Memory``, and
``Memory.entity()``), with the baseline's code too.

Prints a table and writes ``benchmarks/results/entities_speed.json``. Timings depend on the machine and
its load: compare the ratios measured in one run.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from mdrecall import Config, Memory
from mdrecall.index import indexer as indexer_module

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
from speed import generate as generate_notes  # noqa: E402

PEOPLE = ["Alice Chen", "Bob Ruiz", "Carol Diaz", "Dmitri Ivanov", "Erin Walsh", "Farah Khan", "Gus Lund"]
PLACES = ["Lisbon", "Berlin", "Osaka", "Toronto", "Nairobi"]
TOOLS = ["PostgreSQL", "Redis", "Kafka", "Terraform", "Grafana", "MongoDB"]
ORGS = ["Northwind Labs", "Acme Corp", "Globex Inc"]
WORDS = "the deploy went fine after we fixed the cache key and reran the flaky tests on the build".split()


def _line(rng: random.Random) -> str:
    p, q = rng.sample(PEOPLE, 2)
    pick = rng.randrange(8)
    filler = " ".join(rng.choices(WORDS, k=8))
    if pick == 0:
        return f"- {p.split()[0]} works at {rng.choice(ORGS)}; {filler}."
    if pick == 1:
        return f"- **{p.split()[0]}**: {filler}, ask @{q.split()[0].lower()}."
    if pick == 2:
        project = rng.choice(["Atlas", "Borealis", "Cygnus"])
        return f"- We use {rng.choice(TOOLS)} for [[Project {project}]]; {filler}."
    if pick == 3:
        return f"- {p} moved to {rng.choice(PLACES)} and met {q} there; {filler}."
    return f"- Then {filler} with {p} and {q}."


def build(root: Path, files: int, seed: int = 7) -> None:
    rng = random.Random(seed)
    start = date(2025, 1, 1)
    for i in range(files):
        day = start + timedelta(days=i)
        lines = [f"# {day}", "", "## Notes", *(_line(rng) for _ in range(20))]
        path = root / "memory" / f"{day}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    (root / "MEMORY.md").write_text("# Memory\n\n- We use MongoDB for billing.\n", encoding="utf-8")


def _timed(fn: Callable[[], Any], n: int = 1) -> tuple[float, Any]:
    t = time.perf_counter()
    out = None
    for _ in range(n):
        out = fn()
    return (time.perf_counter() - t) / n, out


def _p50(fn: Callable[[], Any], n: int = 15) -> float:
    times = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


BASE = {"embedding": {"provider": "none"}, "index": {"sync_on_search": False}, "history": {"git": False}}


def index_once(root: Path, views: bool) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of a first keyword-only index of ``root``, with or without views."""
    real = indexer_module.refresh_file
    if not views:
        indexer_module.refresh_file = lambda *a, **k: None  # type: ignore[assignment]
    try:
        with Memory.open(root, Config().merged(BASE)) as mem:
            cpu, wall = time.process_time(), time.perf_counter()
            mem.index()
            return time.process_time() - cpu, time.perf_counter() - wall
    finally:
        indexer_module.refresh_file = real  # type: ignore[assignment]


def index_round(files: int) -> dict[str, float]:
    """One round: both note sets indexed without and with views (fresh folders each time)."""
    out: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for notes, make in (("speed", generate_notes), ("entities", build)):
            for views in (False, True):
                root = Path(tmp) / f"{notes}-{views}"
                make(root, files)
                cpu, wall = index_once(root, views)
                tag = "with" if views else "without"
                out[f"{notes}_index_cpu_s_{tag}_views"] = cpu
                out[f"{notes}_index_s_{tag}_views"] = wall
    return out


def index_ratios(rounds: list[dict[str, float]]) -> dict[str, float]:
    """Medians over the rounds, and the with/without ratios (CPU and wall)."""
    res = {k: statistics.median(r[k] for r in rounds) for k in rounds[0]}
    for notes in ("speed", "entities"):
        for unit, name in (("cpu_s", "cpu"), ("s", "wall")):
            with_ = res[f"{notes}_index_{unit}_with_views"]
            res[f"{notes}_index_{name}_ratio"] = with_ / res[f"{notes}_index_{unit}_without_views"]
    return res


def listing_times(files: int, rounds: int = 3) -> dict[str, float]:
    """Listing entities on ``files`` ordinary notes, indexed first: ``Memory.entities()`` in a fresh
    ``Memory`` (nothing cached) and ``Memory.entity()``, best of ``rounds``, in ms."""
    out: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "notes"
        generate_notes(root, files)
        with Memory.open(root, Config().merged(BASE)) as mem:
            mem.index()
        for _ in range(rounds):
            with Memory.open(root, Config().merged(BASE)) as mem:
                cold, found = _timed(lambda mem=mem: mem.entities(sync=False))
                one, _ = _timed(lambda mem=mem, found=found: mem.entity(found[0].name, sync=False))
            out["listing_entities_ms"] = min(out.get("listing_entities_ms", 1e9), cold * 1000)
            out["listing_entity_ms"] = min(out.get("listing_entity_ms", 1e9), one * 1000)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--files", type=int, default=1000)
    ap.add_argument("--edits", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--baseline-src", help="a src folder to compare the index ratios with")
    ap.add_argument("--index-round", action="store_true", help=argparse.SUPPRESS)  # one round, as JSON
    ap.add_argument("--listing-files", type=int, default=0, help="also time listing on N ordinary notes")
    ap.add_argument("--listing-round", action="store_true", help=argparse.SUPPRESS)  # as JSON
    ap.add_argument("--out", default=str(ROOT / "results" / "entities_speed.json"))
    args = ap.parse_args()
    if args.index_round:
        print(json.dumps(index_round(args.files)))
        return 0
    if args.listing_round:
        print(json.dumps(listing_times(args.listing_files)))
        return 0
    ours, theirs = [], []
    for _ in range(args.rounds):
        ours.append(index_round(args.files))
        if args.baseline_src:
            env = {**os.environ, "PYTHONPATH": str(Path(args.baseline_src).resolve())}
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            cmd = [sys.executable, __file__, "--index-round", "--files", str(args.files)]
            done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
            theirs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    res: dict[str, Any] = {"files": args.files, "edits": args.edits, "rounds": args.rounds}
    if args.listing_files:
        res["listing_files"] = args.listing_files
        res.update(listing_times(args.listing_files))
        if args.baseline_src:
            env = {**os.environ, "PYTHONPATH": str(Path(args.baseline_src).resolve())}
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            cmd = [sys.executable, __file__, "--listing-round", "--listing-files", str(args.listing_files)]
            done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
            theirs_listing = json.loads(done.stdout.strip().splitlines()[-1])
            res.update({f"baseline_{k}": v for k, v in theirs_listing.items()})
    res.update(index_ratios(ours))
    if theirs:
        res.update({f"baseline_{k}": v for k, v in index_ratios(theirs).items()})
    base = Config().merged(BASE)
    with tempfile.TemporaryDirectory() as tmp:
        views_root = Path(tmp) / "views"
        build(views_root, args.files)
        with Memory.open(views_root, base) as mem:
            mem.index()
            memory_md = views_root / "MEMORY.md"
            for i in range(args.edits):
                memory_md.write_text(f"# Memory\n\n- We use MongoDB for billing.\n- Edit {i}: Redis.\n")
                mem.index()
            memory_md.write_text("# Memory\n\n- We moved to PostgreSQL for billing.\n")
            mem.index()
            off = Memory(mem.workspace, base.merged({"entities": {"expand_aliases": False}}), mem.store)
            boost = Memory(mem.workspace, base.merged({"entities": {"boost": 0.5}}), mem.store)
            q = "what did Alice say about the deploy"
            plain_q = "flaky tests on the build"  # names no entity: pays nothing for aliases
            res["search_ms_no_entity_named"] = _p50(lambda: mem.search(plain_q))
            res["search_ms_no_entity_named_entities_off"] = _p50(lambda: off.search(plain_q))
            res["search_ms_entities_off"] = _p50(lambda: off.search(q))
            res["search_ms_default"] = _p50(lambda: mem.search(q))
            res["search_ms_boost"] = _p50(lambda: boost.search(q))
            res["search_ms_entity_filter"] = _p50(lambda: mem.search(q, entity="Alice Chen"))
            res["search_ms_during"] = _p50(lambda: mem.search(q, during="2025-03-01..2025-03-31"))
            res["search_ms_as_of"] = _p50(lambda: mem.search("billing database", as_of="2025-06-01"), n=5)
            res["entities_ms"] = _p50(lambda: mem.entities(sync=False), n=5)
            res["entity_ms"] = _p50(lambda: mem.entity("Alice Chen", sync=False), n=5)
            res["history_ms"] = _p50(lambda: mem.history("MEMORY.md", grep="billing"), n=5)
            res["entity_count"] = len(mem.entities(sync=False))
    width = max(map(len, res))
    for k, v in res.items():
        print(f"{k:<{width}} {v:.3f}" if isinstance(v, float) else f"{k:<{width}} {v}")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(res, indent=2))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
