"""Vector-leg and hybrid-query benchmark of the SQLite store.

Part 1, the vector leg alone, at each size (default 1k, 10k, 20k, 100k vectors of 384 dims; random
unit vectors written through the real store API): per-query latency p50/p95 (``search_vector``,
limit 24 = the default candidate pool) of

* ``cached``: numpy over the in-memory matrix (the store's default settings);
* ``scan``: numpy block scan straight from SQLite (cache budget 0, sqlite-vec off);
* ``sqlite-vec``: the ``vec0`` side index (cache budget 0), when the extension loads here;

each in a fresh process, with the first query (matrix load or side-index catch-up) reported apart,
the RSS it keeps after the queries and its peak RSS growth, and whether all methods return the same
ids. ``default`` is what a store with default settings uses at that size.

Part 2, with the real local model (``embedding.provider = "local"``): a workspace of short chunks
(one 40-60 word daily-log file each, so one chunk per file with the default chunking). Indexing:
the model's raw batch throughput (``LocalEmbedder.embed_documents`` on the chunk texts) against the
embedding phase of ``Memory.index()`` (``embed_missing``) on the same chunks, in alternating rounds of
128 so that the machine's changing load hits both alike; only ``--embed`` chunks are embedded (the model
does ~15-60 texts/s on 2 cores), the rest get random unit vectors through ``put_vectors`` so the vector
leg searches every chunk. Then ``Memory.search`` p50/p95 with
``index.sync_on_search = false`` (query embedding included) and its parts.

Usage: ``python benchmarks/vectors.py [--sizes 1000 10000 20000 100000] [--chunks 20000]
[--embed 512] [--no-model]``. Prints tables and writes ``benchmarks/results/vectors.json``.
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
from datetime import date, timedelta
from pathlib import Path

import numpy as np
from speed import FILLER, NAMES, VOCAB, ZIPF_CUM, pct

from mdrecall import Config, Memory
from mdrecall.models import Chunk, FileRecord
from mdrecall.stores.sqlite import SQLiteStore
from mdrecall.stores.sqlite_vec_index import available as sqlite_vec_available

DIMS = 384
KEY = "bench:random:384"
LIMIT = 24  # max_results 6 x candidate_multiplier 4
ROUND = 128  # chunks per round of the throughput comparison
METHODS = {  # store settings per method
    "cached": {},
    "scan": {"vector_cache_bytes": 0, "sqlite_vec": False},
    "sqlite-vec": {"vector_cache_bytes": 0, "sqlite_vec": True},
}


def unit_vectors(n: int, seed: int) -> np.ndarray:
    m = np.random.default_rng(seed).standard_normal((n, DIMS)).astype(np.float32)
    return m / np.linalg.norm(m, axis=1, keepdims=True)


def rss_mb() -> float:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def peak_mb() -> float:
    """VmHWM (ru_maxrss would carry the parent's peak across exec)."""
    with open("/proc/self/status") as fh:
        return next(int(line.split()[1]) for line in fh if line.startswith("VmHWM")) / 1024


# ---- part 1: the vector leg --------------------------------------------------------------------------


def build_store(path: Path, n: int) -> float:
    """``n`` chunks in files of 100, then ``n`` random unit vectors; returns put_vectors rows/s."""
    store = SQLiteStore(path, sqlite_vec=False)
    chunks: list[Chunk] = []
    for f in range(0, n, 100):
        rel = f"memory/f{f // 100}.md"
        part = [
            Chunk(rel, "sessions" if i % 10 == 0 else "memory", i, i, f"note {i}", f"{i:032x}")
            for i in range(f, min(n, f + 100))
        ]
        store.replace_file(FileRecord(rel, "memory", f"h{f}", 1, 1), part)
        chunks.extend(part)
    vecs = unit_vectors(n, seed=1)
    t = time.perf_counter()
    for s in range(0, n, 1000):
        store.put_vectors(KEY, {c.id: vecs[i] for i, c in enumerate(chunks[s : s + 1000], start=s)})
    rate = n / (time.perf_counter() - t)
    store.close()
    return rate


def child(db: str, method: str, queries: int, budget_s: float) -> dict[str, object]:
    """Run in a fresh process: latency and memory of one method."""
    store = SQLiteStore(db, **METHODS[method])
    qs = unit_vectors(queries + 1, seed=2)
    rss0, peak0 = rss_mb(), peak_mb()
    t = time.perf_counter()
    first = store.search_vector(KEY, qs[0], LIMIT)
    first_ms = (time.perf_counter() - t) * 1000
    used = store.vectors.last_method
    lat, tops = [], [[c.chunk.start_line for c in first]]
    start = time.perf_counter()
    for q in qs[1:]:
        t = time.perf_counter()
        got = store.search_vector(KEY, q, LIMIT)
        lat.append((time.perf_counter() - t) * 1000)
        if len(tops) < 5:
            tops.append([c.chunk.start_line for c in got])
        if len(lat) >= 5 and time.perf_counter() - start > budget_s:
            break
    out = {
        "method": used,
        "first_ms": first_ms,
        "p50_ms": statistics.median(lat),
        "p95_ms": pct(lat, 0.95),
        "queries": len(lat),
        "rss_kept_mb": rss_mb() - rss0,
        "rss_peak_growth_mb": peak_mb() - peak0,
        "tops": tops,
    }
    store.close()
    return out


def run_child(db: Path, method: str, queries: int, budget_s: float) -> dict[str, object]:
    cmd = [sys.executable, __file__, "--child", str(db), method, str(queries), str(budget_s)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def bench_vectors(n: int, queries: int, tmp: Path) -> dict[str, object]:
    db = tmp / f"v{n}.sqlite"
    t = time.perf_counter()
    put_rate = build_store(db, n)
    res: dict[str, object] = {"vectors": n, "dims": DIMS, "build_s": time.perf_counter() - t}
    res["put_vectors_per_s"] = put_rate
    methods = ["cached", "scan"]
    if sqlite_vec_available():
        t = time.perf_counter()
        SQLiteStore(db, vector_cache_bytes=0).search_vector(KEY, unit_vectors(1, 9)[0], LIMIT)
        res["sqlite_vec_side_build_s"] = time.perf_counter() - t
        res["sqlite_vec_side_mb"] = (tmp / f"v{n}.vec.sqlite").stat().st_size / 2**20
        methods.append("sqlite-vec")
    per = {m: run_child(db, m, queries, 20.0) for m in methods}
    res["default"] = per["cached"]["method"]
    res["fastest"] = min(per, key=lambda m: per[m]["p50_ms"])
    res["same_results"] = all(per[m]["tops"] == per["cached"]["tops"] for m in per)
    for m, r in per.items():
        r.pop("tops")
        r.pop("method")
        res[m] = r
    return res


# ---- part 2: hybrid search with the local model ------------------------------------------------------


def short_text(rng: random.Random, day: date) -> str:
    """A 40-60 word daily log: words drawn like ``speed.py``'s (Zipf over a 20k vocabulary, fillers)."""
    target = rng.randint(40, 60)
    words = [
        rng.choice(FILLER) if rng.random() < 0.4 else w
        for w in rng.choices(VOCAB, cum_weights=ZIPF_CUM, k=target)
    ]
    words[rng.randrange(target)] = rng.choice(NAMES).capitalize()
    bullets = [" ".join(words[i : i + 12]) for i in range(0, target, 12)]
    return f"# {day.isoformat()}\n\n## {rng.randint(8, 21):02d}:00\n\n" + "".join(
        f"- {b}.\n" for b in bullets
    )


def bench_hybrid(chunks: int, embed: int, queries: int, tmp: Path) -> dict[str, object]:
    from mdrecall.index.vectorize import embed_missing, embed_text, get_embedder, query_vector
    from mdrecall.models import IndexReport
    from mdrecall.text.query import build_keyword_query

    ws = tmp / "hybrid"
    rng = random.Random(5)
    start = date(1970, 1, 1)
    for i in range(chunks):
        day = start + timedelta(days=i)
        path = ws / "memory" / str(day.year) / f"{day.isoformat()}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(short_text(rng, day))
    base = {"embedding": {"provider": "local"}, "index": {"sync_on_search": False}}
    res: dict[str, object] = {"chunks": chunks}
    t = time.perf_counter()
    with Memory.open(ws, Config().merged({**base, "search": {"mode": "bm25"}})) as mem:
        report = mem.index()
    res["bm25_index_s"] = time.perf_counter() - t
    res["chunks"] = report.chunks_written
    cfg = Config().merged(base)
    embedder = get_embedder(cfg.embedding)
    assert embedder is not None
    with Memory.open(ws, cfg) as mem:
        key = embedder.identity.key
        todo = mem.store.chunks_without_vectors(key, limit=embed)
        texts = [embed_text(c) for c in todo]
        embedder.embed_documents(texts[:ROUND])  # load the model, warm up its buffers
        words = [len(t.split()) for t in texts]
        res["embedded"], res["words_per_chunk"] = len(texts), statistics.mean(words)

        # Rounds of 128 chunks, the order alternating, so the machine's changing load hits both alike.
        raw_s = index_s = 0.0
        for r, start in enumerate(range(0, len(texts), ROUND)):
            part = texts[start : start + ROUND]
            for step in ("raw", "index") if r % 2 == 0 else ("index", "raw"):
                t = time.perf_counter()
                if step == "raw":
                    embedder.embed_documents(part)
                    raw_s += time.perf_counter() - t
                else:  # the embedding phase of Memory.index(): embeds the same chunks (next by rowid)
                    report = IndexReport()
                    embed_missing(mem.store, embedder, cfg, ws, report, limit=len(part))
                    index_s += time.perf_counter() - t
                    assert report.embedded == len(part)
        res["raw_texts_per_s"] = len(texts) / raw_s
        res["index_texts_per_s"] = len(texts) / index_s
        res["index_over_raw_time"] = index_s / raw_s
        rest = mem.store.chunks_without_vectors(key)
        vecs = unit_vectors(len(rest), seed=3)
        for s in range(0, len(rest), 2000):
            mem.store.put_vectors(key, {c.id: vecs[s + j] for j, c in enumerate(rest[s : s + 2000])})
        qrng = random.Random(3)
        qs = [
            " ".join(qrng.choices(VOCAB, cum_weights=ZIPF_CUM, k=qrng.randint(1, 4))) for _ in range(queries)
        ]
        for q in qs[:5]:
            mem.search(q)  # warm: matrix loaded, model session ready
        lat, emb, vec, text = [], [], [], []
        for q in qs:
            t = time.perf_counter()
            mem.search(q)
            lat.append((time.perf_counter() - t) * 1000)
        for q in qs:
            t = time.perf_counter()
            leg, _ = query_vector(embedder, q)
            emb.append((time.perf_counter() - t) * 1000)
            assert leg is not None
            t = time.perf_counter()
            mem.store.search_vector(key, leg.query_vector, LIMIT)
            vec.append((time.perf_counter() - t) * 1000)
            t = time.perf_counter()
            mem.store.search_text(build_keyword_query(q), LIMIT)
            text.append((time.perf_counter() - t) * 1000)
        res["vector_method"] = mem.store.vectors.last_method
        res["search_p50_ms"], res["search_p95_ms"] = statistics.median(lat), pct(lat, 0.95)
        res["query_embedding_p50_ms"] = statistics.median(emb)
        res["vector_leg_p50_ms"] = statistics.median(vec)
        res["keyword_leg_p50_ms"] = statistics.median(text)
    return res


# ---- output --------------------------------------------------------------------------------------------


def print_vectors(results: list[dict[str, object]]) -> None:
    methods = [m for m in METHODS if m in results[0]]
    head = f"{'vectors':>8}  {'method':<10} {'p50 ms':>8} {'p95 ms':>8} {'first ms':>9} {'RSS kept':>9}"
    print(head + f" {'RSS peak+':>9}  default (fastest)")
    for r in results:
        for m in methods:
            x = r[m]
            mark = f"{r['default']} ({r['fastest']})" if m == methods[0] else ""
            print(
                f"{r['vectors']:>8,}  {m:<10} {x['p50_ms']:>8.2f} {x['p95_ms']:>8.2f} {x['first_ms']:>9.1f}"
                f" {x['rss_kept_mb']:>7.1f}MB {x['rss_peak_growth_mb']:>7.1f}MB  {mark}"
            )
        extra = f"  put_vectors {r['put_vectors_per_s']:,.0f}/s; same ids everywhere: {r['same_results']}"
        if "sqlite_vec_side_build_s" in r:
            build, size = r["sqlite_vec_side_build_s"], r["sqlite_vec_side_mb"]
            extra += f"; side index built in {build:.1f} s, {size:.0f} MB"
        print(extra)


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        db, method, queries, budget = sys.argv[2:6]
        print(json.dumps(child(db, method, int(queries), float(budget))))
        return 0
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="*", default=[1000, 10000, 20000, 100000])
    ap.add_argument("--queries", type=int, default=100)
    ap.add_argument("--chunks", type=int, default=20000, help="chunks of the hybrid workspace")
    ap.add_argument("--embed", type=int, default=512, help="chunks embedded by the model (throughput)")
    ap.add_argument("--no-model", action="store_true", help="skip part 2")
    ap.add_argument("--out", default="benchmarks/results/vectors.json")
    args = ap.parse_args()
    out: dict[str, object] = {
        "meta": {
            "python": sys.version.split()[0],
            "cpus": os.cpu_count(),
            "load_avg_1m": os.getloadavg()[0],
            "sqlite_vec": sqlite_vec_available(),
            "when": time.strftime("%Y-%m-%d %H:%M"),
        }
    }
    with tempfile.TemporaryDirectory(prefix="mdrecall-vectors-") as tmp:
        vec_results = []
        for n in args.sizes:
            print(f"vector leg: {n} vectors…", file=sys.stderr)
            vec_results.append(bench_vectors(n, args.queries, Path(tmp)))
        out["vector_leg"] = vec_results
        if vec_results:
            print_vectors(vec_results)
        if not args.no_model:
            print(f"hybrid: {args.chunks} chunks, {args.embed} embedded by the model…", file=sys.stderr)
            h = bench_hybrid(args.chunks, args.embed, max(args.queries, 200), Path(tmp))
            out["hybrid"] = h
            print()
            for k, v in h.items():
                print(f"{k:<24} {v:>12.2f}" if isinstance(v, float) else f"{k:<24} {v!s:>12}")
    out["meta"]["load_avg_1m_end"] = os.getloadavg()[0]  # type: ignore[index]
    path = Path(args.out)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(out, indent=2))
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
