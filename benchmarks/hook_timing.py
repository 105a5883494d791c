"""Cold wall time of the per-turn Claude Code hooks (``user-prompt-submit`` and ``stop``).

Each measurement starts a new process with the hook JSON on stdin, as Claude Code does: the command
``mdrecall hooks install`` writes (``python -m mdrecall.agent.turn_hook``), and ``mdrecall hook stop``
through the full CLI for comparison. It runs against a real workspace and a real transcript that grows
by one exchange per round (it starts with ``--history`` messages, so the incremental read is exercised).
For scale, the same run times a bare interpreter (``python -c pass``) and the ``session-end`` hook, which
opens the index (capture, then an incremental index of the workspace). It also checks, with
``-X importtime``, that the hook path imports no numerical library, no model runtime and no SQLite.

Usage::

    python benchmarks/hook_timing.py                 # 30 rounds
    python benchmarks/hook_timing.py --rounds 50 --history 2000

The package's bytecode is compiled first (as ``pip install`` does), so "cold" means a new process with
nothing cached in memory, not an uncompiled package. Prints a table and writes
``benchmarks/results/hook_timing.json``. Timings on a loaded machine vary: compare rows of one run (the
ratios), not runs; the CPU time (user + system) of each process is shown too, as it is what a run costs
on an idle machine, less the disk waits.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import mdrecall

RESULTS = Path(__file__).resolve().parent / "results"
HEAVY = ("numpy", "onnxruntime", "tokenizers", "sqlite3", "_sqlite3", "sqlite_vec", "psycopg", "mcp")


def _record(uuid: str, role: str, text: str) -> str:
    content: Any = text if role == "user" else [{"type": "text", "text": text}]
    ts = datetime.now(timezone.utc).isoformat()
    return json.dumps(
        {"type": role, "uuid": uuid, "timestamp": ts, "message": {"role": role, "content": content}}
    )


def _cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def _time(cmd: list[str], stdin: str, env: dict[str, str], cpu: list[float] | None = None) -> float:
    """Wall seconds of one run; its CPU seconds (user + system) are appended to ``cpu``."""
    c0, t0 = _cpu(), time.perf_counter()
    out = subprocess.run(cmd, input=stdin, capture_output=True, text=True, env=env, timeout=60)
    took = time.perf_counter() - t0
    if cpu is not None:
        cpu.append(_cpu() - c0)
    if out.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed: {out.stderr}")
    return took


def _stats(xs: list[float]) -> dict[str, float]:
    xs = sorted(xs)
    return {
        "min_ms": round(xs[0] * 1000, 1),
        "median_ms": round(statistics.median(xs) * 1000, 1),
        "p90_ms": round(xs[int(0.9 * (len(xs) - 1))] * 1000, 1),
        "max_ms": round(xs[-1] * 1000, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=30)
    ap.add_argument("--history", type=int, default=400, help="messages in the transcript before round 1")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="mdrecall-hook-"))
    ws = tmp / "ws"
    (ws / "memory").mkdir(parents=True)
    env = {**os.environ, "HOME": str(tmp), "XDG_CONFIG_HOME": str(tmp / ".config")}
    env = {k: v for k, v in env.items() if not k.startswith("MDRECALL_") and k != "PYTHONDONTWRITEBYTECODE"}
    env["MDRECALL_SERVE_AUTO"] = "off"  # no server started behind the timed runs
    # Bytecode compiled once, as ``pip install`` does: "cold" is a new process, not an uncompiled package.
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(Path(mdrecall.__file__).parent)], check=True
    )
    transcript = tmp / "session.jsonl"
    with transcript.open("w") as fh:
        for i in range(args.history):
            role = "user" if i % 2 == 0 else "assistant"
            fh.write(
                _record(f"h{i}", role, f"Earlier message {i} about the Kestrel rollout and its budget.")
                + "\n"
            )
    py = sys.executable
    hook = [py, "-m", "mdrecall.agent.turn_hook", "-w", str(ws)]  # what `hooks install` writes
    cli = [py, "-m", "mdrecall", "-w", str(ws), "hook"]
    base = {"session_id": "bench-1", "transcript_path": str(transcript), "cwd": str(tmp)}
    names = ("python -c pass", "session-end (opens index)", "user-prompt-submit", "stop", "stop via the CLI")
    rows: dict[str, list[float]] = {n: [] for n in names}
    cpu: dict[str, list[float]] = {n: [] for n in names}
    # The first Stop reads the whole history once (a hook installed mid-session); not counted below.
    first_stop = _time([*hook, "stop"], json.dumps(base), env)
    for r in range(args.rounds):
        prompt = f"Round {r}: we decided to move the launch to Friday and the budget is ${r}k."
        rows["python -c pass"].append(_time([py, "-c", "pass"], "", env, cpu["python -c pass"]))
        name = "session-end (opens index)"
        rows[name].append(_time([*cli, "session-end"], json.dumps(base), env, cpu[name]))
        payload = json.dumps({**base, "prompt": prompt})
        rows["user-prompt-submit"].append(
            _time([*hook, "user-prompt-submit"], payload, env, cpu["user-prompt-submit"])
        )
        with transcript.open("a") as fh:
            fh.write(_record(f"u{r}", "user", prompt) + "\n")
            fh.write(_record(f"a{r}", "assistant", f"Done: I will update the plan for round {r}.") + "\n")
        rows["stop"].append(_time([*hook, "stop"], json.dumps(base), env, cpu["stop"]))
        rows["stop via the CLI"].append(_time([*cli, "stop"], json.dumps(base), env, cpu["stop via the CLI"]))
    trace = subprocess.run(
        [py, "-X", "importtime", *hook[1:], "stop"],
        input=json.dumps(base),
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    imported = [
        ln.rsplit("|", 1)[-1].strip() for ln in trace.stderr.splitlines() if ln.startswith("import time:")
    ]
    heavy = sorted({m for m in imported if m.split(".")[0] in HEAVY})
    conv = sorted((ws / "memory" / "conversations").glob("*.md"))
    records = sum(p.read_text().count("\n### ") for p in conv)
    result = {
        "rounds": args.rounds,
        "history_messages": args.history,
        "first_stop_ms": round(first_stop * 1000, 1),
        "rows": {
            k: {**_stats(v), "cpu_median_ms": round(statistics.median(cpu[k]) * 1000, 1)}
            for k, v in rows.items()
        },
        "hook_modules_imported": len(imported),
        "heavy_modules_imported": heavy,
        "records_written": records,
        "expected_records": args.history + 2 * args.rounds,
        "cpu_count": os.cpu_count(),
        "load_avg_1m": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None,
    }
    base_ms = result["rows"]["python -c pass"]["median_ms"]
    print(f"{'command':<26} {'wall min':>8} {'median':>7} {'p90':>7} {'× bare':>7} {'CPU median':>11}  (ms)")
    for name, s in result["rows"].items():
        ratio = s["median_ms"] / base_ms if base_ms else float("nan")
        cells = (
            f"{s['median_ms']:>11} {s['p90_ms']:>7} {s['max_ms']:>7} {ratio:>7.2f} {s['cpu_median_ms']:>11}"
        )
        print(f"{name:<24} {cells}")
    print(
        f"first stop over {args.history} messages of history: {result['first_stop_ms']} ms; "
        f"hook imports {len(imported)} modules, heavy: {heavy or 'none'}; "
        f"records {records}/{result['expected_records']}; load {result['load_avg_1m']}"
    )
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "hook_timing.json").write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
