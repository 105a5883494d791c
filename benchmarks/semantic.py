"""The semantic layer at scale, with the default local model, on generated daily-log workspaces.

For each size (``--files``, default 1,000 and 10,000; the notes of ``benchmarks/speed.py``):

* ``raw_texts_per_s``: the model alone (``LocalEmbedder.embed_documents``) on the workspace's own chunk
  texts (the first ``--raw-sample``), in length-sorted windows as the indexer feeds it;
* ``index_*``: ``mdrecall index`` as a subprocess: wall time, peak RSS, and the embedding phase's rate
  from its JSON-lines progress (``index_texts_per_s``) and its ratio to the raw rate (``raw/index``);
  ``--embed-cap N`` embeds at most N chunks (through the Python API, in a subprocess) so that a large
  size can be measured for memory without hours of embedding: the table says so;
* ``search_*``: ``Memory.search`` p50/p95 (hybrid, query embedding included, ``sync=False``) with the
  vectors the index has, then with half of them deleted (``half_missing``); the wall time and peak RSS
  of a one-shot ``mdrecall search`` process in both states.

Usage: ``python benchmarks/semantic.py [--files 1000 10000] [--embed-cap 0] [--queries 50]``.
Prints a table and writes ``benchmarks/results/semantic.json``. The machine's load changes the
absolute figures: compare the ratios measured in one run.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from speed import VOCAB, ZIPF_CUM, cli_env, generate, pct  # noqa: E402

from mdrecall import Config, Memory  # noqa: E402
from mdrecall.text.chunking import chunk_markdown  # noqa: E402

#: Runs a command and prints its peak RSS (KiB) as the last stderr line: one figure per process.
_WRAP = (
    "import resource, subprocess, sys, json\n"
    "rc = subprocess.run(sys.argv[1:]).returncode\n"
    "sys.stderr.write(json.dumps({'rc': rc, 'maxrss_kb': "
    "resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}) + '\\n')\n"
)
MDRECALL = [sys.executable, "-m", "mdrecall"]


def measured(cmd: list[str], env: dict[str, str]) -> tuple[float, float, str, str]:
    """``(wall s, peak RSS MB, stdout, stderr without the RSS line)`` of one process."""
    t = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", _WRAP, *cmd], capture_output=True, text=True, env=env)
    wall = time.perf_counter() - t
    lines = out.stderr.splitlines()
    info = json.loads(lines[-1])
    if info["rc"] != 0:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{out.stderr}")
    return wall, info["maxrss_kb"] / 1024, out.stdout, "\n".join(lines[:-1])


def chunk_texts(ws: Path, limit: int) -> list[str]:
    from mdrecall.index.vectorize import _embed_text

    texts: list[str] = []
    for p in sorted((ws / "memory").rglob("*.md")):
        texts += [_embed_text(c) for c in chunk_markdown(p.read_text(), path=p.name, source="memory")]
        if len(texts) >= limit:
            break
    return texts[:limit]


def raw_rate(texts: list[str]) -> float:
    """The model alone: texts/s over length-sorted windows of 256, after one warm-up call."""
    from mdrecall.embedders.local import LocalEmbedder
    from mdrecall.index.vectorize import WINDOW_CHUNKS

    emb = LocalEmbedder(batch_size=Config().embedding.batch_size)
    emb.embed_documents(texts[:16])
    t = time.perf_counter()
    for i in range(0, len(texts), WINDOW_CHUNKS):
        emb.embed_documents(sorted(texts[i : i + WINDOW_CHUNKS], key=len))
    return len(texts) / (time.perf_counter() - t)


def embedding_rate(stderr: str) -> float | None:
    """Texts/s of the embedding phase from the JSON-lines progress events."""
    events = [json.loads(x) for x in stderr.splitlines() if x.startswith("{")]
    emb = [e for e in events if e.get("phase") == "embedding"]
    if len(emb) < 2 or emb[-1]["elapsed_s"] <= 0:
        return None
    return (emb[-1]["done"] - emb[0]["done"]) / emb[-1]["elapsed_s"]


def latencies(ws: Path, queries: list[str]) -> tuple[float, float]:
    lat = []
    with Memory.open(ws, Config().merged({"embedding": {"provider": "local"}})) as mem:
        mem.search(queries[0], sync=False)  # model load
        for q in queries:
            t = time.perf_counter()
            mem.search(q, min_score=0, sync=False)
            lat.append((time.perf_counter() - t) * 1000)
    return statistics.median(lat), pct(lat, 0.95)


def cli_search(ws: Path, queries: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Median wall (ms) and peak RSS (MB) of one-shot ``mdrecall search`` processes."""
    walls, rss = [], []
    for q in queries[:5]:
        wall, peak, _, _ = measured([*MDRECALL, "-w", str(ws), "search", q], env)
        walls.append(wall * 1000)
        rss.append(peak)
    return statistics.median(walls), max(rss)


def drop_half(ws: Path) -> int:
    db = sqlite3.connect(ws / ".mdrecall" / "index.sqlite")
    with db:
        n = db.execute("DELETE FROM vectors WHERE chunk_rowid % 2 = 0").rowcount
        db.execute("UPDATE meta SET value = '' WHERE key = 'vectors_complete'")
    db.close()
    return n


def bench(n: int, args: argparse.Namespace, tmp: Path) -> dict[str, float | int | str]:
    ws = tmp / f"ws{n}"
    generate(ws, n)
    env = {**cli_env(), "MDRECALL_EMBEDDING_PROVIDER": "local"}
    res: dict[str, float | int | str] = {"files": n}
    texts = chunk_texts(ws, args.raw_sample)
    res["raw_sample"] = len(texts)
    res["raw_texts_per_s"] = raw_rate(texts)
    if args.embed_cap:
        code = (
            "import sys, json; from mdrecall import Memory\n"
            "from mdrecall.plugins.progress import JsonProgress\n"
            "m = Memory.open(sys.argv[1]); r = m.index(progress=JsonProgress(sys.stderr), "
            "embed_limit=int(sys.argv[2])); print(json.dumps(r.to_dict()))"
        )
        cmd = [sys.executable, "-c", code, str(ws), str(args.embed_cap)]
        res["embed_cap"] = args.embed_cap
    else:
        cmd = [*MDRECALL, "-w", str(ws), "index", "--json"]
    wall, peak, out, err = measured(cmd, env)
    report = json.loads(out)
    res["chunks"] = report["chunks_written"]
    res["embedded"] = report["embedded"]
    res["index_wall_s"] = wall
    res["index_peak_rss_mb"] = peak
    rate = embedding_rate(err)
    res["index_texts_per_s"] = rate or 0.0
    res["raw_over_index"] = res["raw_texts_per_s"] / rate if rate else 0.0
    qrng = random.Random(3)
    queries = [
        " ".join(qrng.choices(VOCAB, cum_weights=ZIPF_CUM, k=qrng.randint(2, 5))) for _ in range(args.queries)
    ]
    state = "complete" if not args.embed_cap else "capped"
    res[f"search_p50_ms_{state}"], res[f"search_p95_ms_{state}"] = latencies(ws, queries)
    res[f"cli_search_ms_{state}"], res[f"cli_search_peak_rss_mb_{state}"] = cli_search(ws, queries, env)
    res["vectors_dropped"] = drop_half(ws)
    res["search_p50_ms_half_missing"], res["search_p95_ms_half_missing"] = latencies(ws, queries)
    res["cli_search_ms_half_missing"], res["cli_search_peak_rss_mb_half_missing"] = cli_search(
        ws, queries, env
    )
    return res


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--files", type=int, nargs="+", default=[1000, 10000])
    ap.add_argument("--embed-cap", type=int, default=0, help="embed at most N chunks per size (0 = all)")
    ap.add_argument("--raw-sample", type=int, default=512, help="chunk texts for the raw model rate")
    ap.add_argument("--queries", type=int, default=50)
    ap.add_argument("--out", default="benchmarks/results/semantic.json")
    args = ap.parse_args()
    results = []
    with tempfile.TemporaryDirectory(prefix="mdrecall-semantic-") as tmp:
        for n in args.files:
            print(f"generating and indexing {n} files…", file=sys.stderr)
            results.append(bench(n, args, Path(tmp)))
    keys = list(dict.fromkeys(k for r in results for k in r))
    width = max(len(k) for k in keys)
    print(f"{'metric':<{width}}  " + "  ".join(f"{r['files']:>10,}" for r in results))
    for k in keys[1:]:
        cells = []
        for r in results:
            v = r.get(k, "")
            cells.append(f"{v:>10.2f}" if isinstance(v, float) else f"{v!s:>10}")
        print(f"{k:<{width}}  " + "  ".join(cells))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    meta = {
        "python": sys.version.split()[0],
        "cpus": os.cpu_count(),
        "load_avg": os.getloadavg(),
        "when": time.strftime("%Y-%m-%d %H:%M"),
    }
    out.write_text(json.dumps({"meta": meta, "results": results}, indent=2))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
