"""Wall time of the recall hook: ``UserPromptSubmit`` with per-prompt recall, process start to exit.

For each size (1,000 and 10,000 generated notes, one daily log each) it builds and indexes a workspace,
then starts the command ``mdrecall hooks install`` writes (``python -m mdrecall.agent.turn_hook -w WS
user-prompt-submit``) once per prompt, with Claude Code's hook JSON on stdin: half questions the notes
answer, half chores the gate must keep quiet on, each in a new session. Bytecode is compiled first
(``.pyc`` present). It reports p50/p95/max wall time, the peak memory (max RSS) of the hook processes,
how many prompts got a memory, and the baseline of a bare interpreter. Usage::

    python benchmarks/recall_hook.py                   # 1,000 and 10,000 notes, 30 prompts each
    python benchmarks/recall_hook.py --sizes 1000 --rounds 50

Prints a table and writes ``benchmarks/results/recall_hook.json``. On a loaded machine timings vary:
compare rows of one run.
"""

from __future__ import annotations

import argparse
import compileall
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
from typing import Any

import mdrecall

RESULTS = Path(__file__).resolve().parent / "results"
PEOPLE = "Ada Bruno Chiara Dmitri Elif Farid Greta Hugo Ines Jonas Kaito Lena".split()
TOPICS = "Postgres Kestrel Helios budget garden invoice deploy tax dentist piano marathon visa".split()
CHORES = ["thanks", "run the tests again", "rename tmp to buffer", "fix the lint errors", "ok, go on"]


def build(root: Path, notes: int) -> list[str]:
    """``notes`` daily logs under ``root``; returns questions they answer."""
    rng = random.Random(7)
    day = date(2000, 1, 1)
    questions = []
    for i in range(notes):
        who, what = rng.choice(PEOPLE), rng.choice(TOPICS)
        d = day + timedelta(days=i)
        lines = [
            f"# {d}",
            "",
            f"- {who} said the {what} review moves to room {i}.",
            f"- Note {i}: {what} went fine.",
        ]
        (root / "memory").mkdir(parents=True, exist_ok=True)
        (root / "memory" / f"{d}.md").write_text("\n".join(lines) + "\n")
        if i % max(1, notes // 50) == 0:
            questions.append(f"Which room is the {what} review with {who} in?")
    return questions


def _run(cmd: list[str], stdin: str) -> tuple[float, str]:
    t0 = time.perf_counter()
    out = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=60)
    return time.perf_counter() - t0, out.stdout


def measure(notes: int, rounds: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "ws"
        questions = build(root, notes)
        t = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "mdrecall", "-w", str(root), "index"], check=True, capture_output=True
        )
        index_s = time.perf_counter() - t
        cmd = [sys.executable, "-m", "mdrecall.agent.turn_hook", "-w", str(root), "user-prompt-submit"]
        walls, injected = [], 0
        _run(cmd, json.dumps({"session_id": "warm", "prompt": "hello"}))  # the page cache, as in use
        for i in range(rounds):
            prompt = questions[i % len(questions)] if i % 2 == 0 else CHORES[i % len(CHORES)]
            wall, out = _run(cmd, json.dumps({"session_id": f"s{i}", "prompt": prompt}))
            walls.append(wall * 1000)
            injected += bool(out.strip())
        bare = [_run([sys.executable, "-c", "pass"], "")[0] * 1000 for _ in range(10)]
    walls.sort()
    return {
        "notes": notes,
        "rounds": rounds,
        "index_s": round(index_s, 2),
        "p50_ms": round(statistics.median(walls), 1),
        "p95_ms": round(walls[min(len(walls) - 1, int(0.95 * len(walls)))], 1),
        "max_ms": round(walls[-1], 1),
        "injected": injected,
        "bare_python_p50_ms": round(statistics.median(bare), 1),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    ap.add_argument("--rounds", type=int, default=30)
    args = ap.parse_args()
    compileall.compile_dir(str(Path(mdrecall.__file__).parent), quiet=1)
    rows = [measure(n, args.rounds) for n in args.sizes]
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(f"{'notes':>6} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7} {'injected':>9} {'bare ms':>8}")
    for r in rows:
        print(
            f"{r['notes']:>6} {r['p50_ms']:>7} {r['p95_ms']:>7} {r['max_ms']:>7} "
            f"{r['injected']:>4}/{r['rounds']:<4} {r['bare_python_p50_ms']:>8}"
        )
    print(f"peak memory of a child process (incl. the index build): {peak_kb / 1024:.0f} MiB")
    RESULTS.mkdir(exist_ok=True)
    out = {"rows": rows, "peak_child_rss_mib": round(peak_kb / 1024, 1), "cpus": os.cpu_count()}
    (RESULTS / "recall_hook.json").write_text(json.dumps(out, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
