"""The static vector tier against MiniLM and keyword-only: speed, memory and quality, side by side.

``speed``: generated daily-log workspaces (``benchmarks/speed.py``'s notes, ~300 words each); for each
embedding provider, a full ``mdrecall index`` as a user runs it (a fresh process: wall time and its
peak RSS, read with ``wait4``), a one-shot ``mdrecall search`` (median of 3 processes, default mode;
keyword-only for ``none``), and the embedder alone in this process: load time and texts/s over the
workspace's chunks. ``.pyc`` caches are present (one warm-up run first).

``quality``: LoCoMo (snippet recall@5, per half: conversations 0–2 and 3–4) and SciFact nDCG@10 for
each provider, vector leg alone and fused with BM25 (the default weighted fusion), via
``benchmarks/quality.py``.

memsearch (PyPI ``memsearch``) is not run: its default embedder is OpenAI's API and its local
ONNX embedder downloads its model from the Hugging Face hub, so it cannot run offline from PyPI alone.

Usage::

    python benchmarks/static_vectors.py speed --files 1000 --providers none static local
    python benchmarks/static_vectors.py speed --files 10000 --providers none static
    python benchmarks/static_vectors.py quality --providers static local

Prints a table and writes ``benchmarks/results/static_vectors-<part>.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import quality  # noqa: E402
from speed import MDRECALL, cli_env, generate  # noqa: E402

from mdrecall import Config, Memory  # noqa: E402

ROOT = Path(__file__).resolve().parent
QUERY = "what did we decide about the database migration?"


def run_measured(args: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    """Run a command; its wall seconds, its own peak RSS in MB (``wait4``) and exit status."""
    t = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return time.perf_counter() - t, usage.ru_maxrss / 1024, proc.returncode


def bench_provider(ws: Path, provider: str) -> dict[str, Any]:
    """Index from scratch, one-shot searches and the embedder's own rate for one provider."""
    shutil.rmtree(ws / ".mdrecall", ignore_errors=True)
    env = {**cli_env(), "MDRECALL_EMBEDDING_PROVIDER": provider}
    base = [*MDRECALL, "--workspace", str(ws)]
    index_s, index_mb, rc = run_measured([*base, "index"], env)
    if rc:
        raise SystemExit(f"mdrecall index failed for {provider}")
    mode = ["--mode", "bm25"] if provider == "none" else []
    runs = [run_measured([*base, "search", QUERY, "--json", *mode], env) for _ in range(3)]
    row: dict[str, Any] = {
        "provider": provider,
        "index_s": round(index_s, 2),
        "index_peak_mb": round(index_mb, 1),
        "search_ms": round(statistics.median(r[0] for r in runs) * 1000, 1),
        "search_peak_mb": round(max(r[1] for r in runs), 1),
    }
    with Memory.open(ws, Config().merged({"embedding": {"provider": provider}})) as mem:
        row["chunks"] = mem.store.counts()["chunks"]
        emb = mem.embedder
        if emb is not None:
            texts = [c.text for c in mem.store.chunks_without_vectors("nothing:0", limit=500)]
            t = time.perf_counter()
            getattr(emb, "load", lambda: None)()
            row["load_ms"] = round((time.perf_counter() - t) * 1000, 1)
            t = time.perf_counter()
            emb.embed_documents(texts)
            row["texts_per_s"] = round(len(texts) / (time.perf_counter() - t), 1)
    return row


def speed(files: int, providers: list[str]) -> list[dict[str, Any]]:
    with tempfile.TemporaryDirectory() as tmp:
        ws = Path(tmp) / "ws"
        generate(ws, files)
        subprocess.run([*MDRECALL, "--version"], capture_output=True, env=cli_env(), check=True)  # .pyc
        rows = []
        for p in providers:
            row = bench_provider(ws, p)
            row["files"] = files
            rows.append(row)
            print(json.dumps(row), file=sys.stderr)
    cols = [
        "files",
        "chunks",
        "index_s",
        "index_peak_mb",
        "search_ms",
        "search_peak_mb",
        "load_ms",
        "texts_per_s",
    ]
    print(f"{'provider':<10}" + "".join(f"{c:>15}" for c in cols))
    for r in rows:
        print(f"{r['provider']:<10}" + "".join(f"{r.get(c, '-')!s:>15}" for c in cols))
    return rows


def quality_figures(providers: list[str], datasets: list[str]) -> dict[str, dict[str, Any]]:
    """Vector alone and fused, per provider; BM25 once."""
    out: dict[str, dict[str, Any]] = {}
    for p in providers:
        quality.EMBEDDING.clear()
        quality.EMBEDDING.update(provider=p)
        variants = ["vector", "default"] + (["bm25"] if p == providers[0] else [])
        res: dict[str, dict[str, Any]] = {v: {} for v in variants}
        if "locomo" in datasets:
            for v, row in quality.run_locomo(variants, "sqlite", False).items():
                halves = {h: a["snippet_recall@5"] for h, a in row["by_half"].items()}
                res[v].update(locomo=round(row["locomo_snippet_recall@5"], 4), **halves)
        if "scifact" in datasets:
            for v, row in quality.run_scifact(variants, "sqlite", False).items():
                res[v]["scifact_ndcg@10"] = round(row["scifact_ndcg@10"], 4)
        for v, row in res.items():
            out["bm25" if v == "bm25" else f"{p}/{'fused' if v == 'default' else v}"] = row
    print(f"{'config':<16}{'LoCoMo':>10}{'0-2':>10}{'3-4':>10}{'SciFact':>10}")
    for name, r in out.items():
        cells = [r.get(k) for k in ("locomo", "0-2", "3-4", "scifact_ndcg@10")]
        print(f"{name:<16}" + "".join(f"{c:>10.3f}" if c is not None else f"{'-':>10}" for c in cells))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("part", choices=["speed", "quality"])
    ap.add_argument("--files", type=int, default=1000)
    ap.add_argument("--providers", nargs="+", default=["none", "static", "local"])
    ap.add_argument("--datasets", nargs="+", default=["locomo", "scifact"])
    ap.add_argument("--out")
    args = ap.parse_args()
    if args.part == "speed":
        result: Any = {"files": args.files, "rows": speed(args.files, args.providers)}
    else:
        result = quality_figures([p for p in args.providers if p != "none"], args.datasets)
    out = Path(args.out or ROOT / "results" / f"static_vectors-{args.part}.json")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"cpus": os.cpu_count(), "load": os.getloadavg(), "result": result}, indent=2))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
