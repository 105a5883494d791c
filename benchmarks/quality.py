"""Retrieval quality on real data: LoCoMo (agent memory) and BEIR SciFact, for several configs.

* LoCoMo (``../shared/datasets/locomo-dev``): each conversation becomes a workspace of daily logs
  (``memory/YYYY-MM-DD.md``, one heading per session, one line per turn). For questions of categories
  1–4 we measure the share of evidence turns whose line text appears in the snippets of the top 5
  hits (what the agent reads) and whose line lies in the hits' line ranges.
* SciFact (``../shared/datasets/scifact``): 5,183 abstracts as notes; nDCG@10 over the 300 test queries
  (documents ranked by their best chunk).

The index is built once per dataset (cached under ``benchmarks/.cache``) and every variant searches
it with a different ``[search]`` config. Usage::

    python benchmarks/quality.py                       # default variants, both datasets
    python benchmarks/quality.py --datasets locomo --variants bm25 default
    python benchmarks/quality.py --store memory        # any store backend
    python benchmarks/quality.py --max-length 128      # the local model truncating at 128 word pieces

Prints a table and writes ``benchmarks/results/quality.json``. The datasets are CC BY-NC: they are
read from shared/, never copied into the package.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import statistics
import sys
import time
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from mdrecall import Config, Memory
from mdrecall.models import Hit

ROOT = Path(__file__).resolve().parent
DATA = ROOT.parent.parent / "shared" / "datasets"
CACHE = ROOT / ".cache"

#: name → [search] overrides applied on top of the defaults.
VARIANTS: dict[str, dict[str, Any]] = {
    "default": {},
    "bm25": {"mode": "bm25"},
    "vector": {"mode": "vector"},
    "w0.7/0.3": {"fusion": "weighted", "vector_weight": 0.7, "text_weight": 0.3},
    "w0.5/0.5": {"fusion": "weighted", "vector_weight": 0.5, "text_weight": 0.5},
    "w0.3/0.7": {"fusion": "weighted", "vector_weight": 0.3, "text_weight": 0.7},
    "rrf": {"fusion": "rrf"},
    "decay30": {"decay_enabled": True, "decay_half_life_days": 30},
    "mmr": {"mmr_enabled": True},
    "bm25-min0": {"mode": "bm25", "min_score": 0.0},
    "w0.5-min0": {"vector_weight": 0.5, "text_weight": 0.5, "min_score": 0.0},
    "w0.3-min0": {"vector_weight": 0.3, "text_weight": 0.7, "min_score": 0.0},
    "rrf-min0": {"fusion": "rrf", "min_score": 0.0},
    "w0.5-pool10": {"vector_weight": 0.5, "text_weight": 0.5, "candidate_multiplier": 10},
    "w0.3-pool10": {"vector_weight": 0.3, "text_weight": 0.7, "candidate_multiplier": 10},
    "w0.4": {"vector_weight": 0.4, "text_weight": 0.6},
    "dates-filter": {"date_hints": "filter"},
    "dates-off": {"date_hints": "off"},
    "merge": {"merge_neighbours": True},
    "bm25-merge": {"mode": "bm25", "merge_neighbours": True},
}


# ---- LoCoMo -------------------------------------------------------------------------------------------


def _session_time(raw: str) -> datetime:
    return datetime.strptime(raw.strip(), "%I:%M %p on %d %B, %Y")


def _turn_line(turn: dict[str, Any]) -> str:
    text = " ".join(str(turn.get("text", "")).split())
    cap = turn.get("blip_caption")
    if cap:
        text += f" [shares a photo: {' '.join(str(cap).split())}]"
    return f"- {turn['speaker']}: {text}"


def render_locomo(
    conv: dict[str, Any],
) -> tuple[dict[str, str], dict[str, tuple[str, int, str]], date]:
    """The conversation as daily logs: files, dia_id → (path, line, text), and the day after it ends."""
    c = conv["conversation"]
    sessions = sorted(
        (int(k.split("_")[1]), _session_time(c[f"{k}_date_time"]))
        for k in c
        if re.fullmatch(r"session_\d+", k) and c[k]
    )
    by_day: dict[date, list[str]] = {}
    where: dict[str, tuple[str, int, str]] = {}
    for number, when in sessions:
        lines = by_day.setdefault(when.date(), [f"# {when.date().isoformat()}", ""])
        lines += [f"## Session {number} — {when.strftime('%I:%M %p').lstrip('0')}", ""]
        for turn in c[f"session_{number}"]:
            line = _turn_line(turn)
            lines.append(line)
            where[_norm_id(turn["dia_id"])] = (f"memory/{when.date().isoformat()}.md", len(lines), line)
        lines.append("")
    files = {f"memory/{day.isoformat()}.md": "\n".join(lines) + "\n" for day, lines in by_day.items()}
    last = max(when for _, when in sessions).date()
    return files, where, last + timedelta(days=1)


def write_files(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")


def _norm_id(raw: str) -> str:
    m = re.fullmatch(r"D(\d+):0*(\d+)", raw.strip())
    return f"D{int(m.group(1))}:{int(m.group(2))}" if m else raw.strip()


def _evidence(qa: dict[str, Any]) -> list[str]:
    out = []
    for item in qa.get("evidence", []):
        out += [_norm_id(p) for p in re.split(r"[;,\s]+", str(item)) if p.strip()]
    return out


def locomo_scores(hits: list[Hit], evidence: list[tuple[str, int, str]]) -> tuple[float, float]:
    """(share of evidence lines inside a snippet, share inside a hit's line range)."""
    in_snip = in_range = 0
    for path, line, text in evidence:
        probe = " ".join(text.split())[:300]
        if any(h.path == path and probe in " ".join(h.snippet.split()) for h in hits):
            in_snip += 1
        if any(h.path == path and h.start_line <= line <= h.end_line for h in hits):
            in_range += 1
    return in_snip / len(evidence), in_range / len(evidence)


# ---- SciFact ------------------------------------------------------------------------------------------


def build_scifact(root: Path) -> None:
    mem = root / "memory"
    mem.mkdir(parents=True, exist_ok=True)
    with (DATA / "scifact" / "corpus.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            doc = json.loads(line)
            body = f"# {doc['title'].strip()}\n\n{doc['text'].strip()}\n"
            (mem / f"{doc['_id']}.md").write_text(body, encoding="utf-8")


def ndcg10(ranked: list[str], relevant: set[str]) -> float:
    dcg = sum(1 / math.log2(i + 2) for i, d in enumerate(ranked[:10]) if d in relevant)
    ideal = sum(1 / math.log2(i + 2) for i in range(min(10, len(relevant))))
    return dcg / ideal if ideal else 0.0


# ---- running ------------------------------------------------------------------------------------------


CHUNKING: dict[str, int] = {}
EMBEDDING: dict[str, Any] = {}  # --model / --max-length: another local model (cached in its own folder)


def _config(store: str, search: dict[str, Any]) -> Config:
    over: dict[str, Any] = {"store": {"backend": store}, "index": {"sync_on_search": False}, "search": search}
    if CHUNKING:
        over["chunking"] = CHUNKING
    if EMBEDDING:
        over["embedding"] = EMBEDDING
    return Config().merged(over)


def _prepare(name: str, build: Any, store: str, force: bool) -> tuple[Memory, float]:
    root = CACHE / (name + "".join(f"-{k}{v}" for k, v in sorted(CHUNKING.items())))
    if EMBEDDING:
        length = EMBEDDING.get("options", {}).get("max_length")
        suffix = EMBEDDING.get("model") or "default"
        root = root.with_name(root.name + "-" + suffix + (f"@{length}" if length else ""))
    if force and root.exists():
        import shutil

        shutil.rmtree(root)
    fresh = not root.exists()
    if fresh:
        root.mkdir(parents=True)
        build(root)
    mem = Memory.open(root, _config(store, {}))
    t = time.perf_counter()
    report = mem.index(progress=_progress(name))
    print(f"\r{name}: {report.summary()}" + " " * 10, file=sys.stderr)
    return mem, time.perf_counter() - t


def _progress(label: str) -> Any:
    def show(done: int, total: int, what: str) -> None:
        if done == total or done % 200 == 0:
            print(f"\r{label}: {what} {done}/{total}", end="", file=sys.stderr)

    return show


def run_locomo(variants: list[str], store: str, force: bool) -> dict[str, dict[str, float]]:
    convs = json.loads((DATA / "locomo-dev" / "locomo-dev.json").read_text(encoding="utf-8"))
    sums: dict[str, list[tuple[float, float, float]]] = {v: [] for v in variants}
    for i, conv in enumerate(convs):
        files, where, today = render_locomo(conv)
        mem, _ = _prepare(f"locomo-{i}", lambda root, f=files: write_files(root, f), store, force)
        for v in variants:
            vm = Memory(mem.workspace, _config(store, VARIANTS[v]), mem.store)
            vm._embedder, vm._embedder_loaded = mem.embedder, True
            for qa in conv["qa"]:
                if qa.get("category") not in (1, 2, 3, 4):
                    continue
                ev = [where[e] for e in _evidence(qa) if e in where]
                if not ev:
                    continue
                t = time.perf_counter()
                hits = vm.search(str(qa["question"]), max_results=5, today=today)
                ms = (time.perf_counter() - t) * 1000
                s, r = locomo_scores(hits, ev)
                sums[v].append((s, r, ms))
        mem.close()
    return {
        v: {
            "locomo_snippet_recall@5": statistics.fmean(x[0] for x in rows),
            "locomo_line_recall@5": statistics.fmean(x[1] for x in rows),
            "locomo_p50_ms": statistics.median(x[2] for x in rows),
            "locomo_questions": len(rows),
        }
        for v, rows in sums.items()
    }


def run_scifact(variants: list[str], store: str, force: bool) -> dict[str, dict[str, float]]:
    mem, _ = _prepare("scifact", build_scifact, store, force)
    queries = {}
    with (DATA / "scifact" / "queries.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            q = json.loads(line)
            queries[q["_id"]] = q["text"]
    qrels: dict[str, set[str]] = {}
    for line in (DATA / "scifact" / "qrels" / "test.tsv").read_text().splitlines()[1:]:
        qid, did, score = line.split("\t")
        if int(score) > 0:
            qrels.setdefault(qid, set()).add(did)
    out = {}
    for v in variants:
        vm = Memory(mem.workspace, _config(store, {**VARIANTS[v], "candidate_cap": 200}), mem.store)
        vm._embedder, vm._embedder_loaded = mem.embedder, True
        scores, lat = [], []
        for qid, rel in qrels.items():
            t = time.perf_counter()
            hits = vm.search(queries[qid], max_results=30, min_score=0.0)
            lat.append((time.perf_counter() - t) * 1000)
            ranked: list[str] = []
            for h in hits:
                doc = Path(h.path).stem
                if doc not in ranked:
                    ranked.append(doc)
            scores.append(ndcg10(ranked, rel))
        out[v] = {"scifact_ndcg@10": statistics.fmean(scores), "scifact_p50_ms": statistics.median(lat)}
    mem.close()
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--datasets", nargs="+", default=["locomo", "scifact"], choices=["locomo", "scifact"])
    ap.add_argument("--variants", nargs="+", default=list(VARIANTS), choices=list(VARIANTS))
    ap.add_argument("--store", default="sqlite")
    ap.add_argument("--rebuild", action="store_true", help="rebuild the cached workspaces and indexes")
    ap.add_argument("--chunk-tokens", type=int, help="chunking.tokens for this run (default: the config's)")
    ap.add_argument("--model", help="a local model other than the default, e.g. multilingual-e5-small")
    ap.add_argument("--max-length", type=int, help="the local model's max_length (tokens per text)")
    ap.add_argument("--out", default=str(ROOT / "results" / "quality.json"))
    args = ap.parse_args()
    if args.model:
        EMBEDDING.update(provider="local", model=args.model)
    if args.max_length:
        EMBEDDING.update(provider="local", options={"max_length": args.max_length})
    if args.chunk_tokens:
        CHUNKING.update(tokens=args.chunk_tokens, overlap=min(80, args.chunk_tokens // 5))
    results: dict[str, dict[str, float]] = {v: {} for v in args.variants}
    if "locomo" in args.datasets:
        for v, row in run_locomo(args.variants, args.store, args.rebuild).items():
            results[v].update(row)
    if "scifact" in args.datasets:
        for v, row in run_scifact(args.variants, args.store, args.rebuild).items():
            results[v].update(row)
    cols = sorted({k for row in results.values() for k in row if not k.endswith("questions")})
    print(f"{'variant':<10} " + " ".join(f"{c:>24}" for c in cols))
    for v, row in results.items():
        print(f"{v:<10} " + " ".join(f"{row.get(c, float('nan')):>24.3f}" for c in cols))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    defaults = Config().search
    out.write_text(
        json.dumps(
            {"store": args.store, "defaults": defaults.__dict__, "variants": VARIANTS, "results": results},
            indent=2,
            default=str,
        )
    )
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
