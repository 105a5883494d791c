"""Speed benchmark of the keyword (BM25) engine on generated daily-log workspaces.

Generates N Markdown files (~300 words each, shaped like daily logs: dated names, ``## HH:MM``
sections, bullets, names, projects), then measures with the real CLI and the Python API:

* full index time (``mdrecall index`` as a subprocess; its peak RSS too), also for 1,000 files;
* no-op re-sync, and re-sync after touching 1% of the files;
* BM25 query latency p50/p95 over 200 queries (API, index already fresh), and the same with the
  lazy no-op sync a search does first;
* index size on disk; the wall time of a one-shot ``mdrecall search`` process (start-up included).

Embeddings are off (``MDRECALL_EMBEDDING_PROVIDER=none``): this measures the keyword engine that every
search runs; ``benchmarks/vectors.py`` measures vector and hybrid search with the local model.

Usage: ``python benchmarks/speed.py [--files 10000] [--out benchmarks/results/speed.json]``.
Prints a table and writes JSON. Numbers depend on the machine; targets are in the README.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

from mdrecall import Config, Memory

WORDS = (
    "project meeting deploy release budget review design api database migration customer feedback roadmap "
    "sprint bug incident outage latency cache queue worker index search embedding model training dataset "
    "billing invoice payment refund contract vendor hiring interview onboarding offsite travel flight "
    "hotel dinner birthday gift recipe garden hiking running marathon doctor appointment insurance taxes "
    "mortgage apartment lease moving furniture laptop keyboard monitor python typescript rust golang "
    "kubernetes terraform postgres redis kafka grafana alert pager decision preference reminder deadline "
    "milestone blocker risk dependency estimate priority weekly quarterly planning retrospective demo "
    "launch beta pricing marketing sales partner "
).split()
NAMES = (
    "alice bob carol dave erin frank grace heidi ivan judy mallory niaj olivia peggy rupert sybil "
).split()
FILLER = ("the a of to and in for on with we it is was that this at by from as be have ").split()
_SYL = (
    "ka lo mi ren tas vo bri den el fa gor hu in jo kel mar nu or pel qui ros sun tor ul vin wex yor zan "
).split()


def _vocabulary(size: int = 20_000) -> list[str]:
    """Topic words first (most frequent), then names, then pseudo-words: a long tail like real notes."""
    rng = random.Random(11)
    seen = set(WORDS) | set(NAMES)
    extra = []
    while len(extra) < size:
        w = "".join(rng.choice(_SYL) for _ in range(rng.randint(2, 4)))
        if w not in seen:
            seen.add(w)
            extra.append(w)
    return [*WORDS, *NAMES, *extra]


VOCAB = _vocabulary()
# Zipf's law (s = 1.07): word frequencies in natural text fall off with rank.
ZIPF_CUM = list(__import__("itertools").accumulate(1.0 / (r**1.07) for r in range(1, len(VOCAB) + 1)))


def make_text(rng: random.Random, day: date, words: int = 300) -> str:
    lines = [f"# {day.isoformat()}", ""]
    count = 0
    hour = 8
    while count < words:
        lines.append(f"## {hour:02d}:{rng.choice(['00', '15', '30', '45'])}")
        hour = min(hour + 1, 22)
        for _ in range(rng.randint(2, 5)):
            n = rng.randint(8, 20)
            content = rng.choices(VOCAB, cum_weights=ZIPF_CUM, k=n)
            parts = [rng.choice(FILLER) if rng.random() < 0.4 else content[j] for j in range(n)]
            if rng.random() < 0.5:
                parts.insert(rng.randint(0, n), rng.choice(NAMES).capitalize())
            if rng.random() < 0.3:
                parts.append(f"ticket-{rng.randint(1000, 99999)}")
            lines.append("- " + " ".join(parts) + ".")
            count += len(parts)
        lines.append("")
    return "\n".join(lines) + "\n"


def generate(root: Path, n: int, seed: int = 7) -> None:
    rng = random.Random(seed)
    mem = root / "memory"
    mem.mkdir(parents=True, exist_ok=True)
    (root / "MEMORY.md").write_text("# Long-term memory\n\n- The user prefers concise answers.\n")
    start = date(2000, 1, 1)
    for i in range(n - 1):
        day = start + timedelta(days=i)
        sub = mem / str(day.year)
        sub.mkdir(exist_ok=True)
        (sub / f"{day.isoformat()}.md").write_text(make_text(rng, day))


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


#: The command as a user's shell runs it; a version manager's shim (pyenv) is skipped, it is not ours.
MDRECALL = [sys.executable, "-m", "mdrecall"]


def cli_env() -> dict[str, str]:
    """An installed package has compiled bytecode; a sandbox's PYTHONDONTWRITEBYTECODE=1 would make
    every run compile our modules again (~60 ms), which no user pays."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.setdefault("MDRECALL_SERVE_AUTO", "off")  # timed one-shot commands run in-process, start no server
    return env


def cli(ws: Path, *args: str) -> tuple[float, subprocess.CompletedProcess[str]]:
    t = time.perf_counter()
    out = subprocess.run(
        [*MDRECALL, "--workspace", str(ws), *args],
        capture_output=True,
        text=True,
        check=True,
        env=cli_env(),
    )
    return time.perf_counter() - t, out


def dir_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def bench(n: int, queries: int, tmp: Path) -> dict[str, float]:
    ws = tmp / f"ws{n}"
    generate(ws, n)
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    full, out = cli(ws, "index", "--json")
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    report = json.loads(out.stdout)
    res: dict[str, float] = {
        "files": n,
        "chunks": report["chunks_written"],
        "full_index_s": full,
        "index_peak_rss_mb": max(peak_kb, before) / 1024,
        "index_size_mb": dir_size(ws / ".mdrecall") / 1e6,
    }
    cfg = Config().merged({"index": {"sync_on_search": False}, "embedding": {"provider": "none"}})
    with Memory.open(ws, cfg) as mem:
        t = time.perf_counter()
        r = mem.index()
        res["noop_resync_s"] = time.perf_counter() - t
        assert not r.changed
        files = sorted((ws / "memory").rglob("*.md"))
        rng = random.Random(1)
        for p in rng.sample(files, max(1, len(files) // 100)):
            with p.open("a") as fh:
                fh.write(f"\n- touched {rng.random()}\n")
        t = time.perf_counter()
        r = mem.index()
        res["resync_1pct_s"] = time.perf_counter() - t
        res["resync_1pct_files"] = r.updated
        qrng = random.Random(3)
        # Queries name things: 1-4 words drawn by frequency from the vocabulary (topics, names, rarer terms).
        qs = [
            " ".join(qrng.choices(VOCAB, cum_weights=ZIPF_CUM, k=qrng.randint(1, 4))) for _ in range(queries)
        ]
        lat = []
        for q in qs:
            t = time.perf_counter()
            mem.search(q, min_score=0)
            lat.append((time.perf_counter() - t) * 1000)
        res["query_p50_ms"] = statistics.median(lat)
        res["query_p95_ms"] = pct(lat, 0.95)
    with Memory.open(ws) as mem:  # default config: every search first checks files (lazy sync)
        lat = []
        for q in qs[:50]:
            t = time.perf_counter()
            mem.search(q, min_score=0)
            lat.append((time.perf_counter() - t) * 1000)
        res["query_with_sync_p50_ms"] = statistics.median(lat)
    walls = [cli(ws, "search", qs[i])[0] * 1000 for i in range(5)]
    res["cli_search_ms"] = statistics.median(walls)
    bare = []
    for _ in range(5):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True, env=cli_env())
        bare.append((time.perf_counter() - t) * 1000)
    res["python_startup_ms"] = statistics.median(bare)  # the floor under any one-shot CLI
    return res


TARGETS = {
    "full_index_s": ("≤ 15 s @10k, ≤ 1 s @1k", None),
    "noop_resync_s": ("≤ 0.3 s", 0.3),
    "query_p50_ms": ("≤ 5 ms", 5.0),
    "cli_search_ms": ("≤ 150 ms", 150.0),
}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--files", type=int, nargs="+", default=[1000, 10000])
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--out", default="benchmarks/results/speed.json")
    args = ap.parse_args()
    # This is the keyword (BM25) engine's benchmark: no embedder, in this process and in the CLI runs.
    # Vector and hybrid speed are measured by benchmarks/vectors.py.
    os.environ["MDRECALL_EMBEDDING_PROVIDER"] = "none"
    results = []
    with tempfile.TemporaryDirectory(prefix="mdrecall-bench-") as tmp:
        for n in args.files:
            print(f"generating and indexing {n} files…", file=sys.stderr)
            results.append(bench(n, args.queries, Path(tmp)))
    keys = list(results[0])
    width = max(len(k) for k in keys)
    print(f"{'metric':<{width}}  " + "  ".join(f"{r['files']:>10,.0f}" for r in results) + "  target")
    for k in keys[1:]:
        target = TARGETS.get(k, ("", None))[0]
        print(f"{k:<{width}}  " + "  ".join(f"{r[k]:>10.3f}" for r in results) + f"  {target}")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    meta = {"python": sys.version.split()[0], "cpus": os.cpu_count(), "when": time.strftime("%Y-%m-%d %H:%M")}
    out.write_text(json.dumps({"meta": meta, "results": results}, indent=2))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
