"""Wall time of the recall hook: ``UserPromptSubmit`` with per-prompt recall, process start to exit.

For each size (1,000 and 10,000 generated notes, one daily log each) it builds and indexes a workspace,
then starts the command ``mdrecall hooks install`` writes (``python -m mdrecall.agent.turn_hook -w WS
user-prompt-submit``) once per prompt, with Claude Code's hook JSON on stdin: half questions the notes
answer, half chores the gate must keep quiet on, each in a new session. Bytecode is compiled first
(``.pyc`` present). It reports p50/p95/max wall time, the peak memory (max RSS) of the hook processes,
how many prompts got a memory, and the baseline of a bare interpreter. With ``--served`` it also starts
``mdrecall serve`` for the workspace (the local search server, :mod:`mdrecall.services.serve`), waits until
it answers ``ping``, and times the same hook command served, alternating prompt by prompt with the
in-process run (``MDRECALL_SERVE_ENABLED=false`` keeps a hook off the socket): one row each. Usage::

    python benchmarks/recall_hook.py                   # 1,000 and 10,000 notes, 30 prompts each
    python benchmarks/recall_hook.py --sizes 1000 --rounds 50
    python benchmarks/recall_hook.py --served          # in-process and served rows

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


def _run(cmd: list[str], stdin: str, env: dict[str, str] | None = None) -> tuple[float, str, int]:
    """Wall time (s), stdout and peak RSS (KiB) of one process."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    proc.stdin.write(stdin)
    proc.stdin.close()
    out = proc.stdout.read()
    proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)  # the child's own rusage (its peak RSS)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    return wall, out, usage.ru_maxrss


def _row(mode: str, notes: int, walls: list[float], rss: list[int], injected: int) -> dict[str, Any]:
    walls = sorted(walls)
    return {
        "mode": mode,
        "notes": notes,
        "rounds": len(walls),
        "p50_ms": round(statistics.median(walls), 1),
        "p95_ms": round(walls[min(len(walls) - 1, int(0.95 * len(walls)))], 1),
        "max_ms": round(walls[-1], 1),
        "peak_rss_mib": round(max(rss) / 1024, 1),
        "injected": injected,
    }


def _serve(root: Path) -> subprocess.Popen[bytes]:
    """``mdrecall serve`` for ``root``, once it answers ``ping``."""
    from mdrecall.agent.serve_client import call

    proc = subprocess.Popen(
        [sys.executable, "-m", "mdrecall", "-w", str(root), "serve"], stderr=subprocess.DEVNULL
    )
    deadline = time.monotonic() + 120
    while call(str(root), {"op": "ping"}, time.monotonic() + 1)[0] != "answer":
        if proc.poll() is not None or time.monotonic() > deadline:
            raise SystemExit("mdrecall serve did not start")
        time.sleep(0.1)
    return proc


def _server_rss_mib(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return None


def measure(notes: int, rounds: int, served: bool = False) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "ws"
        questions = build(root, notes)
        t = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "mdrecall", "-w", str(root), "index"], check=True, capture_output=True
        )
        index_s = time.perf_counter() - t
        cmd = [sys.executable, "-m", "mdrecall.agent.turn_hook", "-w", str(root), "user-prompt-submit"]
        alone = {**os.environ, "MDRECALL_SERVE_ENABLED": "false"}  # this hook stays off the socket
        modes: list[tuple[str, dict[str, str] | None]] = [("in-process", alone)]
        server = _serve(root) if served else None
        if server is not None:
            modes.append(("served", None))
        data: dict[str, tuple[list[float], list[int], list[int]]] = {m: ([], [], [0]) for m, _ in modes}
        try:
            for mode, env in modes:  # the page cache, as in use
                _run(cmd, json.dumps({"session_id": f"warm-{mode}", "prompt": "hello"}), env)
            for i in range(rounds):
                prompt = questions[i % len(questions)] if i % 2 == 0 else CHORES[i % len(CHORES)]
                for mode, env in modes if i % 2 == 0 else modes[::-1]:  # alternate which goes first
                    wall, out, rss = _run(
                        cmd, json.dumps({"session_id": f"{mode}-{i}", "prompt": prompt}), env
                    )
                    walls, peaks, injected = data[mode]
                    walls.append(wall * 1000)
                    peaks.append(rss)
                    injected[0] += bool(out.strip())
            server_rss = _server_rss_mib(server.pid) if server is not None else None
        finally:
            if server is not None:
                server.terminate()
                server.wait(30)
        bare = [_run([sys.executable, "-c", "pass"], "")[0] * 1000 for _ in range(10)]
    return {
        "notes": notes,
        "index_s": round(index_s, 2),
        "rows": [_row(m, notes, *data[m][:2], data[m][2][0]) for m, _ in modes],
        "server_peak_rss_mib": server_rss,
        "bare_python_p50_ms": round(statistics.median(bare), 1),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    ap.add_argument("--rounds", type=int, default=30)
    ap.add_argument("--served", action="store_true", help="also time the hooks served by `mdrecall serve`")
    args = ap.parse_args()
    compileall.compile_dir(str(Path(mdrecall.__file__).parent), quiet=1)
    load = os.getloadavg()
    sizes = [measure(n, args.rounds, args.served) for n in args.sizes]
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(
        f"{'mode':<11} {'notes':>6} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7} {'RSS MiB':>8} "
        f"{'injected':>9} {'bare ms':>8}"
    )
    for size in sizes:
        for r in size["rows"]:
            print(
                f"{r['mode']:<11} {r['notes']:>6} {r['p50_ms']:>7} {r['p95_ms']:>7} {r['max_ms']:>7} "
                f"{r['peak_rss_mib']:>8} {r['injected']:>4}/{r['rounds']:<4} {size['bare_python_p50_ms']:>8}"
            )
        if size["server_peak_rss_mib"] is not None:
            print(f"{'':<11} {size['notes']:>6} server peak RSS {size['server_peak_rss_mib']} MiB")
    print(f"peak memory of a child process (incl. the index build): {peak_kb / 1024:.0f} MiB")
    print(f"load average at the start: {load[0]:.1f} ({os.cpu_count()} CPUs)")
    RESULTS.mkdir(exist_ok=True)
    rows = [
        r | {"index_s": s["index_s"], "bare_python_p50_ms": s["bare_python_p50_ms"]}
        for s in sizes
        for r in s["rows"]
    ]
    out = {
        "rows": rows,
        "server_peak_rss_mib": {s["notes"]: s["server_peak_rss_mib"] for s in sizes},
        "peak_child_rss_mib": round(peak_kb / 1024, 1),
        "cpus": os.cpu_count(),
        "load_average": [round(x, 2) for x in load],
    }
    (RESULTS / "recall_hook.json").write_text(json.dumps(out, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
