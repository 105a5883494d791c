"""Issue 19's table in one run: mdrecall's first index and one-shot commands beside a baseline checkout
and QMD, on the same generated notes, every command a fresh process with ``.pyc`` caches present.

Rows (each index on a fresh copy of the notes; peak RSS of the process from ``/usr/bin/time``):

* keyword-only index (``embedding.provider = "none"``), this tree and the baseline (``--baseline-src``);
* the default index (this tree's default embedder; the baseline's default is MiniLM and slow: only with
  ``--baseline-default``);
* QMD's index (``collection add`` + ``update``: its BM25 index) when QMD is installed (``.ci/npm``);
* ``mdrecall --version``, a one-shot ``search --mode bm25`` and a one-shot default search, against QMD's
  ``search``, run alternately (load drifts hit them alike), median wall and CPU time; each search twice:
  in-process (``MDRECALL_SERVE_ENABLED=off``, ``MDRECALL_SERVE_AUTO=off``, no watcher running: each
  search checks the files); then the keyword search with the default config (``serve.auto_start`` on)
  starting with no server: its first call answers in-process and starts the server (that call's time on
  its own row), the rest are served by it, beside QMD again (with the auto-started server's peak RSS; it
  is stopped after); then, in another alternating set beside QMD, answered by a running ``mdrecall watch``
  of the workspace (its server: :mod:`mdrecall.cli.served`, its watcher vouching for the files), with the
  watch process's peak RSS. ``--no-served`` leaves the served rows out.

The notes are dated an hour back before anything runs (a user's notes are not all written this second; a
sync's snapshot never vouches for files written within 2 s of it), and each size is measured in turn.

Usage: ``python benchmarks/vs_peers.py [--files 1000 10000] [--runs 11] [--baseline-src DIR] [--qmd CMD]
[--index-only]`` (``--index-only``: the index rows alone, no one-shot commands).
Prints a table per size and writes JSON (``benchmarks/results/vs_peers.json``). Compare within one run only.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import resource
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cli_startup import default_qmd, paired_ms, pyc_present, qmd_env  # noqa: E402
from speed import cli_env, generate  # noqa: E402

MDRECALL = [sys.executable, "-m", "mdrecall"]
KEYWORD_ONLY = '[embedding]\nprovider = "none"\n'


def timed(cmd: list[str], env: dict[str, str], cwd: Path | None = None) -> tuple[float, float, float]:
    """(wall s, CPU s, peak RSS MB) of one fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    out = subprocess.run(
        ["/usr/bin/time", "-f", "%M", *cmd], capture_output=True, text=True, env=env, cwd=cwd, check=False
    )
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if out.returncode != 0:
        raise SystemExit(f"failed: {shlex.join(cmd)}\n{out.stderr[-2000:]}")
    rss_kb = int(out.stderr.strip().splitlines()[-1])
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, rss_kb / 1024


def env_for(src: Path | None) -> dict[str, str]:
    env = cli_env()
    if src is not None:
        env["PYTHONPATH"] = str(src)
    return env


def serve(ws: Path, env: dict[str, str]) -> subprocess.Popen[bytes]:
    """``mdrecall watch`` on ``ws`` (it serves one-shot searches), once it answers on its socket."""
    proc = subprocess.Popen(
        [*MDRECALL, "-w", str(ws), "watch", "--quiet"], env=env, stdout=subprocess.DEVNULL
    )
    sock = ws / ".mdrecall" / "serve.sock"
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline and proc.poll() is None:
        ping = subprocess.run(
            [sys.executable, "-c", PING, str(ws)], capture_output=True, text=True, env=env, check=False
        )
        if sock.exists() and ping.stdout.strip() == "answer" and vouched(ws, env):
            return proc
        time.sleep(0.2)
    proc.kill()
    raise SystemExit(f"mdrecall watch did not serve {ws}")


def vouched(ws: Path, env: dict[str, str]) -> bool:
    """Whether the watcher of ``ws`` vouches for its files (its first sync done): searches skip the walk."""
    out = subprocess.run(
        [*MDRECALL, "-w", str(ws), "--json", "status"], capture_output=True, text=True, env=env, check=False
    )
    try:
        return str(json.loads(out.stdout).get("sync_check", "")).startswith("no walk")
    except ValueError:
        return False


PING = (
    "import sys, time\nfrom mdrecall.agent.serve_client import call\n"
    "print(call(sys.argv[1], {'op': 'ping'}, time.monotonic() + 1)[0])"
)
SERVER_PID = (
    "import sys, time\nfrom mdrecall.agent.serve_client import call\n"
    "how, pong = call(sys.argv[1], {'op': 'ping'}, time.monotonic() + 1)\n"
    "print(pong['pid'] if how == 'answer' and pong else '')"
)


def server_pid(ws: Path, env: dict[str, str]) -> int | None:
    """The pid of the process that serves ``ws`` now (``None``: none)."""
    out = subprocess.run(
        [sys.executable, "-c", SERVER_PID, str(ws)], capture_output=True, text=True, env=env, check=False
    )
    return int(out.stdout) if out.stdout.strip().isdigit() else None


def stop_pid(pid: int, timeout: float = 30) -> None:
    """SIGTERM the process ``pid`` (one this run started) and wait until it is gone."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + timeout
    while Path(f"/proc/{pid}").exists() and time.monotonic() < deadline:
        time.sleep(0.05)


def peak_rss_mb(pid: int) -> float:
    """A live process's peak resident memory (``VmHWM``), in MB (0 where /proc does not say)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def age(root: Path, seconds: float = 3600) -> None:
    """Date every file and folder under ``root`` ``seconds`` back."""
    past = time.time() - seconds
    for folder, dirs, files in os.walk(root):
        for name in [*dirs, *files]:
            os.utime(os.path.join(folder, name), (past, past))
    os.utime(root, (past, past))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--files", type=int, nargs="+", default=[1000])
    ap.add_argument("--runs", type=int, default=11)
    ap.add_argument("--baseline-src", type=Path, help="another checkout's src folder")
    ap.add_argument("--baseline-default", action="store_true", help="also index with the baseline's default")
    ap.add_argument("--qmd", help="the qmd command (default: the copy in .ci/npm, if installed)")
    ap.add_argument("--index-only", action="store_true", help="measure the index rows only")
    ap.add_argument(
        "--no-served",
        dest="served",
        action="store_false",
        help="no rows served by a running `mdrecall watch`",
    )
    ap.add_argument("--out", type=Path, default=Path("benchmarks/results/vs_peers.json"))
    args = ap.parse_args()
    qmd = args.qmd or default_qmd()
    payload = {str(n): measure(n, args, qmd) for n in args.files}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(payload if len(payload) > 1 else payload[str(args.files[0])], indent=2))
    return 0


def measure(files: int, args: argparse.Namespace, qmd: str | None) -> dict[str, object]:
    """One size's rows and ratios (printed as a table)."""
    here = cli_env()
    rows: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        notes = root / "notes"
        generate(notes, files)
        age(notes)
        kw_conf = root / "keyword.toml"
        kw_conf.write_text(KEYWORD_ONLY)

        def index(label: str, src: Path | None, conf: Path | None) -> Path:
            ws = root / label.replace(" ", "-").replace("(", "").replace(")", "")
            shutil.copytree(notes, ws)  # copy2: the dates come along; the copied folders are aged again
            age(ws)
            cmd = [*MDRECALL, *(["--config", str(conf)] if conf else []), "-w", str(ws), "index", "--quiet"]
            wall, cpu, rss = timed(cmd, env_for(src))
            rows[label] = {"wall_s": wall, "cpu_s": cpu, "peak_rss_mb": rss}
            return ws

        subprocess.run([*MDRECALL, "--version"], capture_output=True, env=here, check=True)  # writes .pyc
        kw = index("index keyword-only", None, kw_conf)
        kw_base = None
        if args.baseline_src:
            kw_base = index("index keyword-only (baseline)", args.baseline_src, kw_conf)
        default = index("index default", None, None)
        default_base = None
        if args.baseline_src and args.baseline_default:
            default_base = index("index default (baseline)", args.baseline_src, None)
        qenv = None
        if qmd:
            home = root / "qmd-home"
            home.mkdir()
            qenv = qmd_env(home)
            qws = root / "qmd-notes"
            shutil.copytree(notes, qws)
            age(qws)
            add = [*shlex.split(qmd), "collection", "add", str(qws), "--name", "notes", "--mask", "**/*.md"]
            t = time.perf_counter()
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run(add, capture_output=True, env=qenv, check=True, cwd=home)
            subprocess.run([*shlex.split(qmd), "update"], capture_output=True, env=qenv, check=True, cwd=home)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            rows["index QMD (add + update)"] = {"wall_s": time.perf_counter() - t, "cpu_s": cpu}
        query = "deploy budget"
        alone = {**here, "MDRECALL_SERVE_ENABLED": "off", "MDRECALL_SERVE_AUTO": "off"}  # in-process only
        cmds = {
            "mdrecall --version": ([*MDRECALL, "--version"], here),
            "search --mode bm25": (
                [*MDRECALL, "--config", str(kw_conf), "-w", str(kw), "search", query, "--mode", "bm25"],
                alone,
            ),
            "search (default)": ([*MDRECALL, "-w", str(default), "search", query], alone),
        }
        if not args.index_only:  # the first search builds the views (on first use): not a one-shot's cost
            for cmd, env in (cmds["search --mode bm25"], cmds["search (default)"]):
                subprocess.run(cmd, capture_output=True, env=env, check=True)
        if args.baseline_src and kw_base is not None:
            base = env_for(args.baseline_src)
            cmds["search --mode bm25 (baseline)"] = (
                [*MDRECALL, "--config", str(kw_conf), "-w", str(kw_base), "search", query, "--mode", "bm25"],
                base,
            )
            if default_base is not None:  # its own index: a newer index's schema is not the baseline's
                cmds["search (default) (baseline)"] = (
                    [*MDRECALL, "-w", str(default_base), "search", query],
                    base,
                )
        if qmd and qenv is not None:
            cmds["QMD search"] = (
                [*shlex.split(qmd), "search", "--format", "json", "-n", "6", "--", query],
                qenv,
            )
        pyc = pyc_present(here)
        if args.index_only:
            cmds = {}
        times = paired_ms([c for c, _ in cmds.values()], args.runs, [e for _, e in cmds.values()])
        for label, (wall, cpu) in zip(cmds, times, strict=True):  # no watcher yet: each search walks
            rows[label] = {"wall_ms": wall, "cpu_ms": cpu}
        cmds = {k: v for k, v in cmds.items() if k == "QMD search"}  # QMD again, beside the served rows
        servers: dict[str, subprocess.Popen[bytes]] = {}
        kw_env = {  # the keyword-only config, as the server's (a --config the server does not read)
            **{k: v for k, v in here.items() if k != "MDRECALL_SERVE_AUTO"},
            "MDRECALL_EMBEDDING_PROVIDER": "none",
        }
        if args.served and not args.index_only:  # the default config: the first search starts a server
            auto = [*MDRECALL, "-w", str(kw), "search", query, "--mode", "bm25"]
            assert server_pid(kw, kw_env) is None, "a server already runs"
            t = time.perf_counter()
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run(auto, capture_output=True, env=kw_env, check=True)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            first = {"wall_ms": (time.perf_counter() - t) * 1000, "cpu_ms": cpu * 1000}
            rows["search --mode bm25 (auto-served): first call"] = first
            auto_cmds = {"search --mode bm25 (auto-served)": (auto, kw_env), **cmds}
            runs = [c for c, _ in auto_cmds.values()], args.runs, [e for _, e in auto_cmds.values()]
            try:
                times = paired_ms(*runs)
                for label, (wall, cpu) in zip(auto_cmds, times, strict=True):
                    rows[label if label != "QMD search" else "QMD search (beside auto-served)"] = {
                        "wall_ms": wall,
                        "cpu_ms": cpu,
                    }
            finally:
                pid = server_pid(kw, kw_env)
                if pid is not None:
                    rows["auto-started server peak RSS"] = {"peak_rss_mb": peak_rss_mb(pid)}
                    stop_pid(pid)
            if pid is None:
                raise SystemExit("the first search started no server")
        if args.served and not args.index_only:  # `mdrecall watch` answers the one-shot commands
            for label, ws, env in (("bm25", kw, kw_env), ("default", default, here)):
                servers[label] = serve(ws, env)
            cmds["search --mode bm25 (served by watch)"] = (
                [*MDRECALL, "-w", str(kw), "search", query, "--mode", "bm25"],
                kw_env,
            )
            cmds["search (default) (served by watch)"] = (
                [*MDRECALL, "-w", str(default), "search", query],
                here,
            )
        try:
            if servers:
                labels = [k if k != "QMD search" else "QMD search (beside the served rows)" for k in cmds]
                times = paired_ms([c for c, _ in cmds.values()], args.runs, [e for _, e in cmds.values()])
                for label, (wall, cpu) in zip(labels, times, strict=True):
                    rows[label] = {"wall_ms": wall, "cpu_ms": cpu}
        finally:
            for label, proc in servers.items():
                rows[f"watch server ({label}) peak RSS"] = {"peak_rss_mb": peak_rss_mb(proc.pid)}
                proc.send_signal(signal.SIGINT)
                try:
                    proc.wait(30)
                except subprocess.TimeoutExpired:
                    proc.kill()
    load = os.getloadavg()[0]
    print(f"{files} notes, .pyc present: {pyc}, load average {load:.1f}, {os.cpu_count()} cores")
    print(f"{'':34} {'wall':>10} {'CPU':>10} {'peak RSS':>10}")
    for label, r in rows.items():
        if "wall_s" not in r and "wall_ms" not in r:
            print(f"{label:46} {'':>10} {'':>10} {r['peak_rss_mb']:7.0f} MB")
        elif "wall_s" in r:
            rss = f"{r['peak_rss_mb']:.0f} MB" if "peak_rss_mb" in r else ""
            print(f"{label:46} {r['wall_s']:9.2f}s {r['cpu_s']:9.2f}s {rss:>10}")
        else:
            print(f"{label:46} {r['wall_ms']:8.0f}ms {r['cpu_ms']:8.0f}ms")
    ratios = {}
    if "index QMD (add + update)" in rows:
        q = rows["index QMD (add + update)"]["wall_s"]
        ratios["keyword index vs QMD index (wall)"] = q / rows["index keyword-only"]["wall_s"]
        if "QMD search" in rows:
            beside = rows.get("QMD search (beside the served rows)", rows["QMD search"])["wall_ms"]
            auto_beside = rows.get("QMD search (beside auto-served)", rows["QMD search"])["wall_ms"]
            for label, qmd_ms in (
                ("search --mode bm25", rows["QMD search"]["wall_ms"]),
                ("search --mode bm25 (auto-served)", auto_beside),
                ("search --mode bm25 (auto-served): first call", auto_beside),
                ("search --mode bm25 (served by watch)", beside),
            ):
                if label in rows:
                    ratios[f"{label} vs QMD search (wall)"] = qmd_ms / rows[label]["wall_ms"]
    if "index keyword-only (baseline)" in rows:
        b = rows["index keyword-only (baseline)"]["cpu_s"]
        ratios["keyword index: baseline / now (CPU)"] = b / rows["index keyword-only"]["cpu_s"]
        for label in ("search --mode bm25", "search (default)") if not args.index_only else ():
            if f"{label} (baseline)" not in rows:
                continue
            ratios[f"{label}: baseline / now (wall)"] = (
                rows[f"{label} (baseline)"]["wall_ms"] / rows[label]["wall_ms"]
            )
    for label, value in ratios.items():
        print(f"{label:58} {value:5.2f}x")
    return {"files": files, "pyc_present": pyc, "load": load, "rows": rows, "ratios": ratios, "qmd": qmd}


if __name__ == "__main__":
    raise SystemExit(main())
