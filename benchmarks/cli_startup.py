"""Start-up benchmark of the ``mdrecall`` command: what a one-shot search costs before it searches.

Measures, each as the median of several fresh processes:

* ``python -c pass`` (the floor under any one-shot CLI);
* importing ``argparse`` and ``click`` alone (the CLI framework's own share);
* importing ``mdrecall.cli`` (everything the command loads before it runs a handler);
* ``mdrecall --version`` and ``mdrecall search --mode bm25`` on a generated workspace of N notes
  (indexed first), the issue 11 target being ≤ 150 ms wall for 1,000 notes;

and prints the slowest modules ``python -X importtime`` reports for ``import mdrecall.cli``.

With ``--baseline-src DIR`` (another checkout's ``src`` folder, e.g. from ``git archive``), the two
commands are also timed with that code on ``PYTHONPATH``, alternating run by run, so a change is measured
against its baseline under the same load.

Usage: ``python benchmarks/cli_startup.py [--files 1000] [--runs 15] [--baseline-src DIR]
[--out benchmarks/results/cli_startup.json]``.
Prints a table and writes JSON. Figures depend on the machine and its load: compare within one run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from speed import cli_env, generate  # noqa: E402

MDRECALL = [sys.executable, "-m", "mdrecall"]


def wall_ms(cmd: list[str], runs: int, env: dict[str, str]) -> float:
    """Median wall time of ``cmd`` over ``runs`` fresh processes (one warm-up run first)."""
    return paired_ms([cmd], runs, [env])[0]


def paired_ms(cmds: list[list[str]], runs: int, envs: list[dict[str, str]]) -> list[float]:
    """Median wall times of several commands, run alternately (so load drifts hit them alike)."""
    for cmd, env in zip(cmds, envs, strict=True):
        subprocess.run(cmd, capture_output=True, env=env, check=True)
    times: list[list[float]] = [[] for _ in cmds]
    for _ in range(runs):
        for i, (cmd, env) in enumerate(zip(cmds, envs, strict=True)):
            t = time.perf_counter()
            subprocess.run(cmd, capture_output=True, env=env, check=True)
            times[i].append((time.perf_counter() - t) * 1000)
    return [statistics.median(t) for t in times]


def slowest_imports(module: str, env: dict[str, str], top: int = 12) -> list[tuple[str, float]]:
    """The modules with the largest cumulative import time (ms) when importing ``module``."""
    out = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", f"import {module}"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    rows = []
    for line in out.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        _, cumulative, name = (p.strip() for p in line.split(":", 1)[1].split("|"))
        rows.append((name.strip(), int(cumulative) / 1000))
    return sorted(rows, key=lambda r: -r[1])[:top]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--files", type=int, default=1000)
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--baseline-src", help="a src folder to compare with (run alternately)")
    ap.add_argument("--out", default="benchmarks/results/cli_startup.json")
    args = ap.parse_args()
    env = {**cli_env(), "MDRECALL_EMBEDDING_PROVIDER": "none"}
    py = [sys.executable, "-c"]
    res: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="mdrecall-startup-") as tmp:
        ws = Path(tmp) / "ws"
        generate(ws, args.files)
        subprocess.run([*MDRECALL, "-w", str(ws), "index"], capture_output=True, env=env, check=True)
        res["python_startup_ms"] = wall_ms([*py, "pass"], args.runs, env)
        res["import_argparse_ms"] = wall_ms([*py, "import argparse"], args.runs, env)
        res["import_click_ms"] = wall_ms([*py, "import click"], args.runs, env)
        res["import_mdrecall_cli_ms"] = wall_ms([*py, "import mdrecall.cli"], args.runs, env)
        search = [*MDRECALL, "-w", str(ws), "search", "--mode", "bm25", "deploy budget"]
        version = [*MDRECALL, "--version"]
        if args.baseline_src:
            base = {**env, "PYTHONPATH": str(Path(args.baseline_src).resolve())}
            for name, cmd in (("version", version), ("search_bm25", search), ("import_cli", None)):
                cmd = cmd or [*py, "import mdrecall.cli"]
                ours, theirs = paired_ms([cmd, cmd], args.runs, [env, base])
                res[f"{name}_ms"], res[f"{name}_baseline_ms"] = ours, theirs
                res[f"{name}_ratio"] = ours / theirs
        else:
            res["version_ms"] = wall_ms(version, args.runs, env)
            res["search_bm25_ms"] = wall_ms(search, args.runs, env)
        slow = slowest_imports("mdrecall.cli", env)
    width = max(len(k) for k in res)
    print(f"{'metric':<{width}}  {'ms':>8}")
    for k, v in res.items():
        print(f"{k:<{width}}  {v:>8.1f}")
    print("\nslowest imports under `import mdrecall.cli` (cumulative ms):")
    for name, ms in slow:
        print(f"  {ms:>7.1f}  {name}")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    meta = {
        "python": sys.version.split()[0],
        "cpus": os.cpu_count(),
        "files": args.files,
        "runs": args.runs,
        "when": time.strftime("%Y-%m-%d %H:%M"),
    }
    out.write_text(json.dumps({"meta": meta, "results": res, "slowest_imports": slow}, indent=2))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
