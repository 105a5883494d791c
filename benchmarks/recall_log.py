"""Cost of recording a search's recalls for dreaming: the per-search rewrite of the JSON (before) vs one line
appended to the journal (now), side by side in one run.

For a recall log of 0, 500 and 2,000 entries (the bound), records the same searches (five hits of three lines,
recalling lines already in the log, so its size stays put) both ways, each on its own copy of the log, and
reports the per-search cost (mean, p50, p90, max; the journal's cost includes the folds its bound triggers).
Then the cost of a fold: a full journal (up to its 256 KB bound) into the log; and of a read with nothing
to fold.

Usage: ``python benchmarks/recall_log.py [--searches 300] [--out benchmarks/results/recall_log.json]``.
Prints a table and writes JSON. Numbers depend on the machine (and its disk: both ways write through
the page cache; the rewrite also fsyncs each time).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from mdrecall.dreaming import recall_log  # noqa: E402
from mdrecall.dreaming.recall_log import RecallLog, anchor, recalled_lines  # noqa: E402
from mdrecall.files.workspace import Workspace, lock_fd, unlock_fd  # noqa: E402
from mdrecall.models import Hit  # noqa: E402
from mdrecall.text.redact import redact  # noqa: E402

SIZES = (0, 500, 2000)


class RewriteRecallLog(RecallLog):
    """``RecallLog.record`` before the journal: lock, read the JSON, count, prune, rewrite it with fsync."""

    @contextmanager
    def _rewriting(self) -> Iterator[dict[str, Any]]:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path.with_suffix(".lock"), os.O_RDWR | os.O_CREAT, 0o644)
        try:
            lock_fd(fd)
            data = json.loads(self.path.read_bytes()) if self.path.exists() else {"version": 2, "entries": {}}
            yield data
            entries = data["entries"]
            if len(entries) > 2000:
                keep = sorted(entries, key=lambda c: entries[c].get("lastRecalled", 0))[-2000:]
                data["entries"] = {c: entries[c] for c in keep}
            tmp_fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".recall-")
            with os.fdopen(tmp_fd, "w", encoding="utf-8") as fh:
                fh.write(json.dumps(data, ensure_ascii=False, separators=(",", ":")))
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, self.path)
        finally:
            unlock_fd(fd)
            os.close(fd)

    def record(self, query: str, hits: Sequence[Hit], now: float | None = None) -> None:
        now = time.time() if now is None else now
        q = redact(" ".join(query.split())).lower()[:200]
        with self._rewriting() as data:
            for h in hits:
                first, last = h.snippet_start_line or h.start_line, h.snippet_end_line or h.end_line
                for text in recalled_lines(h.snippet, query):
                    e = data["entries"].setdefault(anchor(h.path, text), _entry(h.path, h.source, now))
                    e.update(text=text, startLine=first, endLine=last)
                    e["recallCount"] += 1
                    e["scoreSum"] += float(h.score)
                    e["maxScore"] = max(e["maxScore"], float(h.score))
                    e["lastRecalled"] = now
                    if q and q not in e["queries"]:
                        e["uniqueQueries"] += 1
                        e["queries"] = (e["queries"] + [q])[-50:]


def _entry(path: str, source: str, now: float) -> dict[str, Any]:
    return {"path": path, "source": source, "text": "", "startLine": 0, "endLine": 0,
            "recallCount": 0, "scoreSum": 0.0, "maxScore": 0.0, "queries": [], "uniqueQueries": 0,
            "firstRecalled": now, "lastRecalled": now, "confirmed": 0, "lastConfirmed": None,
            "promotedAt": None}  # fmt: skip


def _line(i: int) -> str:
    return (
        f"Alice moved the Kestrel rollout {i} to Thursday after the payment gateway review of batch {i * 7}."
    )


def _search(rng: random.Random, pool: int) -> tuple[str, list[Hit]]:
    """A search of five hits, three recalled lines each, among the first ``pool`` lines."""
    hits = []
    for _ in range(5):
        i = rng.randrange(max(pool - 2, 1))
        text = "\n".join(_line(i + k) for k in range(3))
        path = "memory/notes.md"
        hits.append(
            Hit(
                path=path,
                start_line=i,
                end_line=i + 4,
                score=rng.random(),
                snippet=f"## 10:00\n{text}",
                source="memory",
                citation=f"{path}#L{i}",
                snippet_start_line=i + 1,
                snippet_end_line=i + 3,
            )
        )
    return f"kestrel rollout thursday gateway {rng.randrange(40)}", hits


def _seeded(root: Path, size: int) -> None:
    """A workspace whose recall log holds ``size`` entries (lines 0..size-1, one entry each)."""
    (root / "memory").mkdir(parents=True)
    log = RecallLog(Workspace(root))
    data: dict[str, Any] = {"version": 2, "entries": {}}
    for i in range(size):
        path = "memory/notes.md"
        e = _entry(path, "memory", 1.7e9 + i)
        e.update(text=_line(i), startLine=i, endLine=i + 3, recallCount=3, scoreSum=1.5, maxScore=0.7,
                 queries=[f"query {i % 40}", f"query {i % 13}"], uniqueQueries=2)  # fmt: skip
        data["entries"][anchor(path, _line(i))] = e
    log.path.parent.mkdir(parents=True)
    log.path.write_text(json.dumps(data, separators=(",", ":")))


def _stats(ms: list[float]) -> dict[str, float]:
    s = sorted(ms)
    return {
        "mean": statistics.mean(s),
        "p50": statistics.median(s),
        "p90": s[int(len(s) * 0.9)],
        "max": s[-1],
    }


def _time_records(log: RecallLog, queries: list[tuple[str, list[Hit]]]) -> list[float]:
    ms = []
    for q, hits in queries:
        t = time.perf_counter()
        log.record(q, hits)
        ms.append((time.perf_counter() - t) * 1000)
    return ms


def _timed(fn: Callable[[], object], repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--searches", type=int, default=300)
    ap.add_argument("--out", default="benchmarks/results/recall_log.json")
    args = ap.parse_args()
    base = Path(tempfile.mkdtemp(prefix="recall-bench-"))
    results: dict[str, Any] = {}
    try:
        for size in SIZES:
            seeded = base / f"seed-{size}"
            _seeded(seeded, size)
            queries = [_search(random.Random(i), max(size, 12)) for i in range(args.searches)]
            row: dict[str, Any] = {}
            for name, cls in (("rewrite", RewriteRecallLog), ("journal", RecallLog)):
                root = base / f"{name}-{size}"
                shutil.copytree(seeded, root)
                log = cls(Workspace(root))
                log.record(*queries[0])  # warm: the lock file, the folder
                row[name] = _stats(_time_records(log, queries))
                row[name]["entries_after"] = len(RecallLog(Workspace(root)).load()["entries"])
            # a fold: a journal at its bound into this log; and a read with nothing to fold
            root = base / f"fold-{size}"
            shutil.copytree(seeded, root)
            log = RecallLog(Workspace(root))
            fold_ms, events, bound = [], 0, recall_log._MAX_JOURNAL_BYTES
            for _ in range(3):
                line_bytes = 0
                with recall_log_bound(10**9):  # fill the journal up to the bound without folding
                    while line_bytes < bound - 4096:
                        log.record(*queries[events % len(queries)])
                        events += 1
                        line_bytes = log.journal.stat().st_size
                t = time.perf_counter()
                log.fold()
                fold_ms.append((time.perf_counter() - t) * 1000)
            row["fold_full_journal_ms"] = statistics.median(fold_ms)
            row["fold_searches"] = round(events / 3)
            row["read_nothing_to_fold_ms"] = _timed(log.load)
            row["json_bytes"] = log.path.stat().st_size
            results[str(size)] = row
    finally:
        shutil.rmtree(base, ignore_errors=True)

    print(f"recording one search ({args.searches} searches, 5 hits x 3 lines), ms")
    print(f"{'entries':>8} | {'rewrite mean':>12} {'p50':>6} {'p90':>6} | {'journal mean':>12} {'p50':>6} "
          f"{'p90':>6} {'max':>6} | {'fold full journal':>17} {'(searches)':>10} | {'read':>6}")  # fmt: skip
    for size, r in results.items():
        o, n = r["rewrite"], r["journal"]
        print(
            f"{size:>8} | {o['mean']:12.2f} {o['p50']:6.2f} {o['p90']:6.2f} | "
            f"{n['mean']:12.3f} {n['p50']:6.3f} {n['p90']:6.3f} {n['max']:6.1f} | "
            f"{r['fold_full_journal_ms']:17.1f} {r['fold_searches']:>10} | "
            f"{r['read_nothing_to_fold_ms']:6.2f}"
        )
    meta = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "searches": args.searches,
        "journal_bound_bytes": recall_log._MAX_JOURNAL_BYTES,
        "when": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"meta": meta, "results": results}, indent=2))
    print(f"wrote {out}")


@contextmanager
def recall_log_bound(n: int) -> Iterator[None]:
    """The journal's bound set to ``n`` bytes meanwhile (to fill a journal without folding it)."""
    old = recall_log._MAX_JOURNAL_BYTES
    recall_log._MAX_JOURNAL_BYTES = n
    try:
        yield
    finally:
        recall_log._MAX_JOURNAL_BYTES = old


if __name__ == "__main__":
    main()
