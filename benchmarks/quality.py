"""Retrieval quality on real data: LoCoMo (agent memory) and BEIR SciFact, for several configs.

* LoCoMo (``../shared/datasets/locomo-dev``): each conversation becomes a workspace of daily logs
  (``memory/YYYY-MM-DD.md``, one heading per session, one line per turn). For questions of categories
  1–4 we measure the share of evidence turns whose line text appears in the snippets of the top 5
  hits (what the agent reads) and whose line lies in the hits' line ranges.
* SciFact (``../shared/datasets/scifact``): 5,183 abstracts as notes; nDCG@10 over the 300 test queries
  (documents ranked by their best chunk).

The index is built once per dataset and chunking (cached under ``benchmarks/.cache``) and every
variant searches it with a different ``[search]`` config (a variant's ``_chunking`` asks for its own
index). LoCoMo figures are also given per conversation, per half (conversations 0–2 choose a change,
3–4 confirm it), per category, with the characters of snippet text returned per query. Usage::

    python benchmarks/quality.py                       # every variant, both datasets
    python benchmarks/quality.py --datasets locomo --variants bm25 default
    python benchmarks/quality.py --keyword-only --variants bm25 plain700   # no embedding: fast
    python benchmarks/quality.py --store memory        # any store backend
    python benchmarks/quality.py --max-length 128      # the local model truncating at 128 word pieces
    python benchmarks/quality.py --datasets locomo --variants default no-stages no-citations no-budget
                                                       # before (no-stages) / after, and each stage off

Prints a table and writes ``benchmarks/results/quality.json``. ``tests/test_quality_floor.py`` runs a
fast subset of it in CI. The datasets are CC BY-NC: they are
read from shared/, never copied into the package.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import re
import statistics
import sys
import time
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from quality_report import print_ablation, print_table

from mdrecall import Config, Memory
from mdrecall.models import Hit
from mdrecall.search.pipeline import STAGES
from mdrecall.text.chunking import chunk_markdown

ROOT = Path(__file__).resolve().parent
DATA = ROOT.parent.parent / "shared" / "datasets"
CACHE = ROOT / ".cache"

#: name → [search] overrides applied on top of the defaults.
VARIANTS: dict[str, dict[str, Any]] = {
    "default": {},
    "bm25": {"mode": "bm25"},
    "vector": {"mode": "vector"},
    "w0.7/0.3": {"fusion": "weighted", "vector_weight": 0.7, "text_weight": 0.3},
    "w0.6/0.4": {"fusion": "weighted", "vector_weight": 0.6, "text_weight": 0.4},
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
    "show-newer": {"show_newer": True},
    "dates-filter": {"date_hints": "filter"},
    "dates-off": {"date_hints": "off"},
    "merge": {"merge_neighbours": True},
    "bm25-merge": {"mode": "bm25", "merge_neighbours": True},
    # Chunking (each asks for its own index). The default: 300-token chunks citing 500-token passages.
    "c400": {"_chunking": {"tokens": 400, "overlap": 80, "parent_tokens": 0}},  # the default before
    "bm25-c400": {"mode": "bm25", "_chunking": {"tokens": 400, "overlap": 80, "parent_tokens": 0}},
    "c300": {"_chunking": {"tokens": 300, "overlap": 60, "parent_tokens": 0}},
    "c300-parent600": {"_chunking": {"tokens": 300, "overlap": 60, "parent_tokens": 600}},
    "c400-parent500": {"_chunking": {"tokens": 400, "overlap": 80, "parent_tokens": 500}},
    "bm25-c500": {"mode": "bm25", "_chunking": {"tokens": 500, "overlap": 80, "parent_tokens": 0}},
    # Small units cited by a simulated passage ("_parents": tokens; the default-size chunk that holds
    # the snippet), measured before passages were stored.
    "small150": {"_chunking": {"tokens": 150, "overlap": 0, "parent_tokens": 0}},
    "small150-parent": {"_parents": 400, "_chunking": {"tokens": 150, "overlap": 0, "parent_tokens": 0}},
    "small200": {"_chunking": {"tokens": 200, "overlap": 0, "parent_tokens": 0}},
    "small200-parent": {"_parents": 400, "_chunking": {"tokens": 200, "overlap": 0, "parent_tokens": 0}},
    # The plain baseline: BM25 over ~700-character chunks, each returned whole (it fits the snippet).
    "plain700": {
        "mode": "bm25",
        "min_score": 0.0,
        "_chunking": {"tokens": 175, "overlap": 0, "parent_tokens": 0},
    },
    # The distinct-hit and query-focused stages (issue 20), each turned off in turn (an ablation), and
    # all of them off (the pipeline before them).
    **{f"no-{stage}": {"skip_stages": [stage]} for stage in STAGES},
    "no-stages": {"skip_stages": list(STAGES)},
    **{f"bm25-no-{stage}": {"mode": "bm25", "skip_stages": [stage]} for stage in STAGES},
    "bm25-no-stages": {"mode": "bm25", "skip_stages": list(STAGES)},
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


def scifact_note(doc: dict[str, Any]) -> str:
    """One abstract as a note: its title as the heading, then its text."""
    return f"# {doc['title'].strip()}\n\n{doc['text'].strip()}\n"


def build_scifact(root: Path) -> None:
    mem = root / "memory"
    mem.mkdir(parents=True, exist_ok=True)
    with (DATA / "scifact" / "corpus.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            doc = json.loads(line)
            (mem / f"{doc['_id']}.md").write_text(scifact_note(doc), encoding="utf-8")


#: The fast SciFact subset (also the CI test's): the first test queries, their relevant abstracts and
#: a fixed sample of other abstracts.
SUBSET_QUERIES = 100
SUBSET_DISTRACTORS = 250


def build_scifact_subset(
    root: Path, relevant: set[str], distractors: int = SUBSET_DISTRACTORS, data: Path = DATA / "scifact"
) -> None:
    """The ``relevant`` abstracts plus ``distractors`` others drawn with a fixed seed, as notes."""
    with (data / "corpus.jsonl").open(encoding="utf-8") as fh:
        docs = [json.loads(line) for line in fh]
    others = [d for d in docs if d["_id"] not in relevant]
    chosen = [d for d in docs if d["_id"] in relevant] + random.Random(14).sample(others, distractors)
    write_files(root, {f"memory/{d['_id']}.md": scifact_note(d) for d in chosen})


def ndcg10(ranked: list[str], relevant: set[str]) -> float:
    dcg = sum(1 / math.log2(i + 2) for i, d in enumerate(ranked[:10]) if d in relevant)
    ideal = sum(1 / math.log2(i + 2) for i in range(min(10, len(relevant))))
    return dcg / ideal if ideal else 0.0


# ---- running ------------------------------------------------------------------------------------------


CHUNKING: dict[str, int] = {}
EMBEDDING: dict[str, Any] = {}  # --model / --max-length: another local model (cached in its own folder)


def _config(store: str, search: dict[str, Any], chunking: dict[str, int] | None = None) -> Config:
    over: dict[str, Any] = {"store": {"backend": store}, "index": {"sync_on_search": False}, "search": search}
    if CHUNKING or chunking:
        over["chunking"] = {**CHUNKING, **(chunking or {})}
    if EMBEDDING:
        over["embedding"] = EMBEDDING
    return Config().merged(over)


def _prepare(
    name: str, build: Any, store: str, force: bool, chunking: dict[str, int] | None = None
) -> tuple[Memory, float]:
    chunk = _config(store, {}, chunking).chunking
    # Named by chunk size only: parent_tokens changes the passages cited, not the chunks embedded.
    root = CACHE / f"{name}-overlap{chunk.overlap}-tokens{chunk.tokens}"
    if EMBEDDING:
        length = EMBEDDING.get("options", {}).get("max_length")
        provider = EMBEDDING["provider"]
        suffix = EMBEDDING.get("model") or ("default" if provider == "local" else provider)
        root = root.with_name(root.name + "-" + suffix + (f"@{length}" if length else ""))
    if force and root.exists():
        import shutil

        shutil.rmtree(root)
    fresh = not root.exists()
    if fresh:
        root.mkdir(parents=True)
        build(root)
    mem = Memory.open(root, _config(store, {}, chunking))
    t = time.perf_counter()
    report = mem.index(progress=_progress(name))
    print(f"\r{name}: {report.summary()}" + " " * 10, file=sys.stderr)
    return mem, time.perf_counter() - t


def _progress(label: str) -> Any:
    def show(done: int, total: int, what: str) -> None:
        if done == total or done % 200 == 0:
            print(f"\r{label}: {what} {done}/{total}", end="", file=sys.stderr)

    return show


def _variant_config(store: str, v: str, extra: dict[str, Any] | None = None) -> Config:
    over = {k: val for k, val in VARIANTS[v].items() if not k.startswith("_")}
    return _config(store, {**over, **(extra or {})}, VARIANTS[v].get("_chunking"))


def _index_groups(variants: list[str]) -> dict[str, list[str]]:
    """Variants grouped by the index they need (their chunking): one index is built per group."""
    groups: dict[str, list[str]] = {}
    for v in variants:
        key = json.dumps(VARIANTS[v].get("_chunking") or {}, sort_keys=True)
        groups.setdefault(key, []).append(v)
    return groups


def locomo_rows(
    variants: list[str], store: str, force: bool, convs: list[int] | None = None
) -> dict[str, list[dict[str, Any]]]:
    """One row per (variant, question): conversation, category, snippet/line recall, chars shown, ms."""
    data = json.loads((DATA / "locomo-dev" / "locomo-dev.json").read_text(encoding="utf-8"))
    rows: dict[str, list[dict[str, Any]]] = {v: [] for v in variants}
    for i, conv in enumerate(data):
        if convs is not None and i not in convs:
            continue
        files, where, today = render_locomo(conv)
        parents: dict[int, dict[str, list[Any]]] = {}
        for key, group in _index_groups(variants).items():
            chunking = json.loads(key)
            mem, _ = _prepare(
                f"locomo-{i}", lambda root, f=files: write_files(root, f), store, force, chunking
            )
            for v in group:
                vm = Memory(mem.workspace, _variant_config(store, v), mem.store)
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
                    size = VARIANTS[v].get("_parents")
                    if size:  # simulate a stored parent range per unit: a chunk of `size` tokens
                        if size not in parents:
                            parents[size] = {
                                p: chunk_markdown(t, path=p, tokens=size, overlap=80)
                                for p, t in files.items()
                            }
                        hits = [_with_parent(h, parents[size]) for h in hits]
                    s, r = locomo_scores(hits, ev)
                    chars = sum(len(h.snippet) for h in hits)
                    rows[v].append(
                        {
                            "conv": i,
                            "cat": qa["category"],
                            "q": str(qa["question"]),
                            "snip": s,
                            "line": r,
                            "chars": chars,
                            "ms": ms,
                        }
                    )
            mem.close()
    return rows


def _with_parent(hit: Hit, parents: dict[str, list[Any]]) -> Hit:
    """The hit with the line range of the default-size chunk that holds most of its snippet lines."""
    lo, hi = hit.snippet_start_line or hit.start_line, hit.snippet_end_line or hit.end_line
    best = max(
        parents.get(hit.path, []),
        key=lambda c: min(hi, c.end_line) - max(lo, c.start_line),
        default=None,
    )
    if best is None:
        return hit
    return dataclasses.replace(
        hit, start_line=min(best.start_line, hit.start_line), end_line=max(best.end_line, hit.end_line)
    )


#: LoCoMo categories as the dataset numbers them.
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}


def summarize_locomo(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Overall figures, then by conversation half (0–2 choose, 3–4 confirm), conversation and category."""

    def agg(sel: list[dict[str, Any]]) -> dict[str, float]:
        if not sel:
            return {}
        return {
            "snippet_recall@5": round(statistics.fmean(r["snip"] for r in sel), 4),
            "line_recall@5": round(statistics.fmean(r["line"] for r in sel), 4),
            "chars_per_query": round(statistics.fmean(r["chars"] for r in sel), 1),
            "questions": len(sel),
        }

    out: dict[str, Any] = {
        "locomo_snippet_recall@5": statistics.fmean(r["snip"] for r in rows),
        "locomo_line_recall@5": statistics.fmean(r["line"] for r in rows),
        "locomo_chars_per_query": statistics.fmean(r["chars"] for r in rows),
        "locomo_p50_ms": statistics.median(r["ms"] for r in rows),
        "locomo_questions": len(rows),
    }
    out["by_half"] = {
        "0-2": agg([r for r in rows if r["conv"] <= 2]),
        "3-4": agg([r for r in rows if r["conv"] >= 3]),
    }
    out["by_conversation"] = {
        str(c): agg([r for r in rows if r["conv"] == c]) for c in sorted({r["conv"] for r in rows})
    }
    out["by_category"] = {name: agg([r for r in rows if r["cat"] == cat]) for cat, name in CATEGORIES.items()}
    return out


def run_locomo(variants: list[str], store: str, force: bool) -> dict[str, dict[str, Any]]:
    return {v: summarize_locomo(rows) for v, rows in locomo_rows(variants, store, force).items() if rows}


def scifact_queries(
    limit: int = 0, data: Path = DATA / "scifact"
) -> tuple[dict[str, str], dict[str, set[str]]]:
    """Test queries (text by id) and their relevant documents; ``limit`` > 0 keeps the first ones."""
    queries = {}
    with (data / "queries.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            q = json.loads(line)
            queries[q["_id"]] = q["text"]
    qrels: dict[str, set[str]] = {}
    for line in (data / "qrels" / "test.tsv").read_text().splitlines()[1:]:
        qid, did, score = line.split("\t")
        if int(score) > 0:
            qrels.setdefault(qid, set()).add(did)
    if limit:
        qrels = dict(list(qrels.items())[:limit])
    return queries, qrels


def scifact_ndcg(vm: Memory, queries: dict[str, str], qrels: dict[str, set[str]]) -> tuple[float, float]:
    """Mean nDCG@10 (documents ranked by their best chunk) and the median latency in ms."""
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
    return statistics.fmean(scores), statistics.median(lat)


def run_scifact(
    variants: list[str], store: str, force: bool, subset: bool = False
) -> dict[str, dict[str, float]]:
    queries, qrels = scifact_queries(SUBSET_QUERIES if subset else 0)
    relevant = set().union(*qrels.values())
    name, build = (
        ("scifact-subset", lambda r: build_scifact_subset(r, relevant))
        if subset
        else ("scifact", build_scifact)
    )
    out = {}
    for key, group in _index_groups(variants).items():
        mem, _ = _prepare(name, build, store, force, json.loads(key))
        for v in group:
            vm = Memory(mem.workspace, _variant_config(store, v, {"candidate_cap": 200}), mem.store)
            vm._embedder, vm._embedder_loaded = mem.embedder, True
            ndcg, p50 = scifact_ndcg(vm, queries, qrels)
            out[v] = {"scifact_ndcg@10": ndcg, "scifact_p50_ms": p50}
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
    ap.add_argument("--keyword-only", action="store_true", help="index without an embedder (fast)")
    ap.add_argument("--scifact-subset", action="store_true", help="the CI test's SciFact subset (fast)")
    ap.add_argument("--max-length", type=int, help="the local model's max_length (tokens per text)")
    ap.add_argument("--out", default=str(ROOT / "results" / "quality.json"))
    ap.add_argument("--convs", type=int, nargs="+", help="LoCoMo conversations to run (default: all)")
    ap.add_argument(
        "--dump", type=int, nargs="+", metavar="CAT", help="print missed LoCoMo questions of these categories"
    )
    args = ap.parse_args()
    if args.keyword_only:
        EMBEDDING.update(provider="none")
    if args.model:
        EMBEDDING.update(provider="local", model=args.model)
    if args.max_length:
        EMBEDDING.update(provider="local", options={"max_length": args.max_length})
    if args.chunk_tokens:
        CHUNKING.update(tokens=args.chunk_tokens, overlap=min(80, args.chunk_tokens // 5))
    results: dict[str, dict[str, float]] = {v: {} for v in args.variants}
    if "locomo" in args.datasets:
        rows = locomo_rows(args.variants, args.store, args.rebuild, args.convs)
        for v, vrows in rows.items():
            if vrows:
                results[v].update(summarize_locomo(vrows))
            for r in vrows if args.dump else ():
                if r["cat"] in args.dump and r["snip"] < 1:
                    print(f"MISS {v} conv{r['conv']} cat{r['cat']} snip={r['snip']:.2f} {r['q']}")
    if "scifact" in args.datasets:
        for v, row in run_scifact(args.variants, args.store, args.rebuild, args.scifact_subset).items():
            results[v].update(row)
    print_table(results)
    print_ablation(results)
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
