"""The sixth round of the fault campaign: the server a one-shot ``search``/``get`` starts by itself
(``mdrecall.cli.served.maybe_start_server``, ``mdrecall watch --auto``), with cases that are in no issue and
no test. Each ends in one verdict (``fault_kit.verdict``). Every case turns auto-start on explicitly
(``MDRECALL_SERVE_AUTO=on``; the kit's default is off) and kills every server it started, by pid, at its
end. Run: ``python benchmarks/faults.py --only round6`` (or this file alone)."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fault_kit import QUIET_ENV, last_line, print_round, run, run_cases, unclear, verdict

#: Auto-start on, and a server that stays a minute (the cases end sooner; each kills its servers).
ON = {"MDRECALL_SERVE_AUTO": "on", "MDRECALL_SERVE_IDLE_EXIT_MINUTES": "1"}
OFF = {"MDRECALL_SERVE_AUTO": "off", "MDRECALL_SERVE_IDLE_EXIT_MINUTES": "1"}
NOTE = "# d\n\n- the kafka cluster moved to the zzkestrel racks in january\n"


def _ws(root: Path) -> Path:
    (root / "memory").mkdir(parents=True, exist_ok=True)
    (root / "MEMORY.md").write_text("# Long-term memory\n\n- the user likes tea\n")
    (root / "memory" / "2026-01-05.md").write_text(NOTE)
    r = run("-w", str(root), "index", env=OFF)
    assert r is not None and r.returncode == 0, r
    return root


def _auto_pids(ws: Path) -> list[int]:
    """The ``watch --auto`` processes serving ``ws`` (from ``/proc``)."""
    want = os.fsencode(os.path.realpath(ws))
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"--auto" in argv and want in argv:
            pids.append(int(entry.name))
    return pids


def _kill(ws: Path) -> None:
    for pid in _auto_pids(ws):
        for sig in (signal.SIGCONT, signal.SIGKILL):
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                break


def _ping(ws: Path) -> dict[str, Any] | None:
    from mdrecall.agent.serve_client import call

    how, answer = call(str(ws), {"op": "ping"}, time.monotonic() + 1)
    return answer if how == "answer" else None


def _until(check: Callable[[], bool], timeout: float) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.1)
    return check()


def _search(ws: Path, *args: str, env: dict[str, str] | None = None, timeout: float = 60) -> Any:
    return run("-w", str(ws), *args, "search", "zzkestrel", env={**ON, **(env or {})}, timeout=timeout)


def _same(here: Any, there: Any) -> str:
    """ "" when two runs printed the same stdout with the same exit code, else how they differ."""
    for r in (here, there):
        why = unclear(r)
        if why:
            return why
    if here.stdout != there.stdout or here.returncode != there.returncode:
        return f"rc {there.returncode} vs {here.returncode}; stdout {there.stdout[:60]!r}"
    return ""


def _served_next(ws: Path, env: dict[str, str] | None = None) -> bool:
    """Whether a server came up for ``ws`` and answers its next search."""
    if not _until(lambda: _ping(ws) is not None, 30):
        return False
    r = _search(ws, "-v", env=env)
    return r is not None and b"served (pid" in r.stderr and b"zzkestrel" in r.stdout


def _log(ws: Path) -> str:
    try:
        return (ws / ".mdrecall" / "serve-auto.log").read_text(errors="replace")
    except OSError:
        return ""


# ---- the cases -------------------------------------------------------------------------------------------


def dot_mdrecall_symlinked_outside(tmp: Path) -> dict[str, str]:
    elsewhere = tmp / "state-elsewhere"
    elsewhere.mkdir()
    ws = tmp / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("# m\n\n- tea\n")
    (ws / "memory" / "2026-01-05.md").write_text(NOTE)
    (ws / ".mdrecall").symlink_to(elsewhere)
    idx = run("-w", str(ws), "index", env=OFF)
    before = sorted(p.name for p in elsewhere.iterdir())
    r = _search(ws, "-v")
    up = _until(lambda: _ping(ws) is not None, 20)
    after = sorted(p.name for p in elsewhere.iterdir())
    new = [n for n in after if n not in before]
    said = last_line(r.stderr) if r else "hung"
    if idx is None or idx.returncode != 0:
        kind = "refused-clearly" if idx is not None and idx.returncode in (1, 2) else "unclear"
        said = last_line(idx.stderr) if idx else "hung"
        return verdict(kind, f"index refuses a symlinked .mdrecall: {said}")
    return verdict(
        "converged" if not unclear(r) else "unclear",
        f"the index already lives in the linked folder ({before}); auto-start added {new} there;"
        f" server up: {up}; -v: {said}",
    )


def log_symlink_outside(tmp: Path) -> dict[str, str]:
    ws = _ws(tmp / "ws")
    victim = tmp / "victim.txt"
    victim.write_text("the user's own file\n")
    old = victim.stat()
    (ws / ".mdrecall" / "serve-auto.log").symlink_to(victim)
    here = _search(ws, env=OFF)
    there = _search(ws)
    loud = None
    (ws / ".mdrecall" / "serve-auto.stamp").unlink(missing_ok=True)
    loud = _search(ws, "-v")
    time.sleep(1)
    st = victim.stat()
    touched = victim.read_text() != "the user's own file\n" or st.st_mtime_ns != old.st_mtime_ns
    differ = _same(here, there)
    if touched:
        return verdict("failed", "the file outside the workspace was written through the log's symlink")
    if differ:
        return verdict("unclear", differ)
    return verdict(
        "refused-clearly" if loud and b"could not start" in loud.stderr else "converged",
        f"victim untouched, output the same; server up: {_ping(ws) is not None};"
        f" -v: {last_line(loud.stderr)}",
    )


def stamp_symlink_outside(tmp: Path) -> dict[str, str]:
    ws = _ws(tmp / "ws")
    victim = tmp / "victim.txt"
    victim.write_text("x\n")
    os.utime(victim, (1_000_000_000, 1_000_000_000))
    (ws / ".mdrecall" / "serve-auto.stamp").symlink_to(victim)
    here = _search(ws, env=OFF)
    there = _search(ws, "-v")
    time.sleep(1)
    moved = victim.stat().st_mtime != 1_000_000_000 or victim.read_text() != "x\n"
    if moved:
        return verdict("failed", "the file outside the workspace was touched through the stamp's symlink")
    differ = _same(here, there)
    if differ:
        return verdict("unclear", differ)
    return verdict(
        "refused-clearly" if there and b"could not start" in there.stderr else "converged",
        f"victim untouched; server up: {_ping(ws) is not None}; -v: {last_line(there.stderr)}",
    )


def stamp_symlink_then_off(tmp: Path) -> dict[str, str]:
    """The stamp swapped for a symlink once the search has started ``watch --auto``, with auto-start off in
    the config: the leaving server pushes the stamp's time ahead; it must not touch the file outside."""
    ws = _ws(tmp / "ws")
    victim = tmp / "victim.txt"
    victim.write_text("x\n")
    os.utime(victim, (1_000_000_000, 1_000_000_000))
    (ws / ".mdrecall.toml").write_text("[serve]\nauto_start = false\n")
    stamp = ws / ".mdrecall" / "serve-auto.stamp"
    r = _search(ws)
    stamp.unlink(missing_ok=True)  # the search has spawned it; the spawned process is still importing
    stamp.symlink_to(victim)
    _until(lambda: "not started" in _log(ws), 20)
    time.sleep(0.5)
    moved = victim.stat().st_mtime != 1_000_000_000
    if moved:
        return verdict("failed", f"a file outside the workspace got the mtime {victim.stat().st_mtime:.0f}")
    rc = r.returncode if r else None
    return verdict("converged", f"victim untouched; rc {rc}; log: {_log(ws)[-80:]!r}")


def log_fifo(tmp: Path) -> dict[str, str]:
    ws = _ws(tmp / "ws")
    os.mkfifo(ws / ".mdrecall" / "serve-auto.log")
    here = _search(ws, env=OFF)
    t0 = time.monotonic()
    there = _search(ws, "-v", timeout=30)
    took = time.monotonic() - t0
    differ = _same(here, there)
    if differ:
        return verdict("unclear", f"{differ} after {took:.1f} s")
    said = last_line(there.stderr)
    return verdict(
        "refused-clearly" if b"could not start" in there.stderr else "converged",
        f"{took:.1f} s, output the same; -v: {said}",
    )


def stamp_directory(tmp: Path) -> dict[str, str]:
    ws = _ws(tmp / "ws")
    (ws / ".mdrecall" / "serve-auto.stamp").mkdir()
    os.utime(ws / ".mdrecall" / "serve-auto.stamp", (1_000_000_000, 1_000_000_000))
    here = _search(ws, env=OFF)
    there = _search(ws, "-v")
    differ = _same(here, there)
    if differ:
        return verdict("unclear", differ)
    said = last_line(there.stderr)
    kind = "refused-clearly" if b"could not start" in there.stderr else "unclear"
    return verdict(kind, f"output the same; server up: {_ping(ws) is not None}; -v: {said}")


def read_only_state(tmp: Path) -> dict[str, str]:
    ws = _ws(tmp / "ws")
    here = _search(ws, env=OFF)
    state = ws / ".mdrecall"
    os.chmod(state, 0o555)
    try:
        there = run("-w", str(ws), "-v", "search", "zzkestrel", env=ON, unprivileged=True)
        plain = run("-w", str(ws), "search", "zzkestrel", env=ON, unprivileged=True)
    finally:
        os.chmod(state, 0o755)
    differ = _same(here, plain)
    if differ:
        return verdict("unclear", differ)
    said = last_line(there.stderr) if there else "hung"
    kind = "refused-clearly" if there and b"could not start" in there.stderr else "converged"
    return verdict(kind, f"output the same; server up: {_ping(ws) is not None}; -v: {said}")


def stamp_far_future(tmp: Path) -> dict[str, str]:
    ws = _ws(tmp / "ws")
    stamp = ws / ".mdrecall" / "serve-auto.stamp"
    stamp.touch()
    year_2100 = 4_102_444_800
    os.utime(stamp, (year_2100, year_2100))  # a clock that was wrong once, or a copied folder
    r = _search(ws, "-v")
    up = _until(lambda: _ping(ws) is not None, 15)
    status = run("-w", str(ws), "--json", "status", env=ON)
    ok = status is not None and status.returncode == 0
    note = json.loads(status.stdout).get("server", {}).get("note", "") if ok else ""
    said = last_line(r.stderr) if r else "hung"
    if up:
        return verdict("converged", f"a stamp far ahead is not believed: a server started; -v: {said}")
    says = b"stamp" in (r.stderr if r else b"") or "stamp" in note
    return verdict(
        "refused-clearly" if says else "unclear",
        f"no server until 2100 and nothing says so; -v: {said!r}; status: {note[:100]!r}",
    )


def odd_workspace_path(tmp: Path) -> dict[str, str]:
    ws = _ws(tmp / "my notes é 🙂\nsecond line")
    here = _search(ws, env=OFF)
    there = _search(ws)
    differ = _same(here, there)
    if differ:
        return verdict("unclear", differ)
    served = _served_next(ws)
    return verdict("converged" if served else "unclear", f"output the same; the next search served: {served}")


def kill9_then_search(tmp: Path) -> dict[str, str]:
    ws = _ws(tmp / "ws")
    here = _search(ws, env=OFF)
    _search(ws)
    if not _until(lambda: _ping(ws) is not None, 30):
        return verdict("unclear", "no server came up: " + _log(ws)[-120:])
    _kill(ws)
    time.sleep(0.3)
    stale = (ws / ".mdrecall" / "serve.sock").exists()
    t0 = time.monotonic()
    after = _search(ws, "-v")
    took = time.monotonic() - t0
    differ = _same(here, after)
    if differ:
        return verdict("unclear", differ)
    stamp = ws / ".mdrecall" / "serve-auto.stamp"
    os.utime(stamp, (time.time() - 120, time.time() - 120))  # a minute on: the next search starts one again
    again = _search(ws)
    served = again is not None and _served_next(ws)
    return verdict(
        "converged" if served else "unclear",
        f"stale socket left: {stale}; search {took:.1f} s, output the same;"
        f" a minute on, served again: {served}",
    )


def sigstop_server(tmp: Path) -> dict[str, str]:
    ws = _ws(tmp / "ws")
    here = _search(ws, env=OFF)
    _search(ws)
    if not _until(lambda: _ping(ws) is not None, 30):
        return verdict("unclear", "no server came up")
    for pid in _auto_pids(ws):
        os.kill(pid, signal.SIGSTOP)
    t0 = time.monotonic()
    r = _search(ws, timeout=200)
    took = time.monotonic() - t0
    return _answered_in_time(here, r, took, "the search hung past 200 s on a stopped server")


def _answered_in_time(here: Any, r: Any, took: float, hung: str) -> dict[str, str]:
    """The verdict of a search ``r`` that met a server that does not answer: the in-process output
    (``here``), and within 15 s."""
    if r is None:
        return verdict("unclear", hung)
    differ = _same(here, r)
    if differ:
        return verdict("unclear", differ)
    said = r.stderr.decode(errors="replace").strip().replace("\n", " | ")
    kind = "converged" if took < 15 else "unclear"
    return verdict(kind, f"answered after {took:.1f} s; stderr: {said[:200]}")


def socket_a_regular_file(tmp: Path) -> dict[str, str]:
    ws = _ws(tmp / "ws")
    sock = ws / ".mdrecall" / "serve.sock"
    sock.write_text("the user's file\n")
    here = _search(ws, env=OFF)
    there = _search(ws)
    differ = _same(here, there)
    _until(lambda: "not started" in _log(ws) or _ping(ws) is not None, 20)
    kept = sock.is_file() and sock.read_text() == "the user's file\n"
    if not kept:
        return verdict("failed", "the file at serve.sock was replaced")
    if differ:
        return verdict("unclear", differ)
    log = _log(ws).strip().splitlines()
    return verdict("refused-clearly", f"file kept, output the same; log: {log[-1][:160] if log else ''}")


def socket_of_another_process(tmp: Path) -> dict[str, str]:
    ws = _ws(tmp / "ws")
    path = str(ws / ".mdrecall" / "serve.sock")
    other = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    other.bind(path)
    other.listen(64)  # takes connections, never answers (another program's socket, or a wedged one)
    try:
        here = _search(ws, env=OFF)
        t0 = time.monotonic()
        r = _search(ws, timeout=200)
        took = time.monotonic() - t0
    finally:
        other.close()
    return _answered_in_time(here, r, took, "the search hung past 200 s")


def many_first_searches(tmp: Path) -> dict[str, str]:
    ws = _ws(tmp / "ws")
    here = _search(ws, env=OFF)
    results: list[Any] = [None] * 24

    def one(i: int) -> None:
        results[i] = _search(ws, timeout=180)

    threads = [threading.Thread(target=one, args=(i,)) for i in range(24)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    bad = [_same(here, r) for r in results if _same(here, r)]
    _until(lambda: _ping(ws) is not None, 30)
    time.sleep(3)
    n = len(_auto_pids(ws))
    spawned = _log(ws).count("auto-started by") + _log(ws).count("not started")
    kind = "converged" if not bad and n == 1 else "failed" if n > 1 else "unclear"
    return verdict(kind, f"{24 - len(bad)}/24 the same; servers left: {n}; watch --auto logged: {spawned}")


def piped_to_head(tmp: Path) -> dict[str, str]:
    ws = _ws(tmp / "ws")
    for i in range(200):
        note = ws / "memory" / f"2025-02-{1 + i % 28:02d}-{i}.md"
        note.write_text(f"# n{i}\n\n- zzkestrel bulk line {i}\n")
    run("-w", str(ws), "index", env=OFF)
    p = subprocess.run(
        f"{sys.executable} -m mdrecall -w '{ws}' search zzkestrel -n 200 | head -1",
        shell=True,
        capture_output=True,
        env={**os.environ, **QUIET_ENV, **ON},
        timeout=60,
    )
    q = subprocess.run(
        f"{sys.executable} -m mdrecall -w '{ws}' search zzkestrel -n 200 | head -1",
        shell=True,
        capture_output=True,
        env={**os.environ, **QUIET_ENV, **OFF, "MDRECALL_SERVE_ENABLED": "off"},
        timeout=60,
    )
    up = _until(lambda: _ping(ws) is not None, 20)
    same = (p.returncode, p.stdout, p.stderr) == (q.returncode, q.stdout, q.stderr)
    fine = not p.returncode and b"Traceback" not in p.stderr and p.stdout.strip() and same
    return verdict(
        "converged" if fine and up else "unclear",
        f"rc {p.returncode}, stderr {p.stderr[-120:]!r}; server up after: {up}",
    )


def stderr_closed_verbose(tmp: Path) -> dict[str, str]:
    ws = _ws(tmp / "ws")
    here = _search(ws, env=OFF)
    p = subprocess.run(
        f"{sys.executable} -m mdrecall -w '{ws}' -v search zzkestrel 2>&-",
        shell=True,
        capture_output=True,
        env={**os.environ, **QUIET_ENV, **ON},
        timeout=60,
    )
    up = _until(lambda: _ping(ws) is not None, 20)
    same = p.stdout == here.stdout and p.returncode == 0
    return verdict(
        "converged" if same and up else "unclear" if same else "failed",
        f"rc {p.returncode}, stdout the same: {p.stdout == here.stdout}; server up after: {up}",
    )


def odd_auto_values(tmp: Path) -> dict[str, str]:
    seen = {}
    for i, value in enumerate([" OFF ", "False", "0", "disabled", "never", "", "yes", "1"]):
        ws = _ws(tmp / f"ws{i}")
        r = _search(ws, "-v", env={"MDRECALL_SERVE_AUTO": value})
        up = _until(lambda ws=ws: _ping(ws) is not None, 8)
        seen[value] = ("started" if up else "not") + (", traceback" if r is None or unclear(r) else "")
        _kill(ws)
    wrong = [v for v in ("disabled", "never") if seen[v].startswith("started")]
    kind = "unclear" if wrong else "converged"
    return verdict(kind, "; ".join(f"{k!r}: {v}" for k, v in seen.items()))


def other_config(tmp: Path) -> dict[str, str]:
    ws = _ws(tmp / "ws")
    cfg = tmp / "other.toml"
    cfg.write_text("[search]\nmax_results = 3\n")
    here = run("-w", str(ws), "--config", str(cfg), "search", "zzkestrel", env=OFF)
    there = run("-w", str(ws), "--config", str(cfg), "-v", "search", "zzkestrel", env=ON)
    _until(lambda: "not started" in _log(ws) or _ping(ws) is not None, 20)
    up = _ping(ws) is not None
    differ = _same(here, there)
    if differ:
        return verdict("unclear", differ)
    lines = _log(ws).strip().splitlines()
    return verdict(
        "refused-clearly" if not up and lines else "converged",
        f"output the same; server up: {up}; log: {lines[-1][-120:] if lines else ''}",
    )


def home_unset(tmp: Path) -> dict[str, str]:
    ws = _ws(tmp / "ws")
    env = {k: v for k, v in {**os.environ, **QUIET_ENV, **ON}.items() if k != "HOME"}
    argv = [sys.executable, "-m", "mdrecall", "-w", str(ws), "search", "zzkestrel"]
    a = subprocess.run(argv, capture_output=True, env={**env, "MDRECALL_SERVE_AUTO": "off"}, timeout=60)
    b = subprocess.run(argv, capture_output=True, env=env, timeout=60)
    if a.stdout != b.stdout or a.returncode != b.returncode or b"Traceback" in b.stderr:
        return verdict("unclear", f"rc {b.returncode}: {last_line(b.stderr)}")
    up = _until(lambda: _ping(ws) is not None, 20)
    c = subprocess.run(argv[:5] + ["-v"] + argv[5:], capture_output=True, env=env, timeout=60)
    served = b"served (pid" in c.stderr
    return verdict("converged", f"output the same; server up: {up}; next served: {served}")


def workspace_removed(tmp: Path) -> dict[str, str]:
    ws = _ws(tmp / "ws")
    _search(ws)
    if not _until(lambda: _ping(ws) is not None, 30):
        return verdict("unclear", "no server came up")
    pids = _auto_pids(ws)
    shutil.rmtree(ws)
    gone = _until(lambda: not any(Path(f"/proc/{p}").exists() for p in pids), 20)
    recreated = ws.exists()
    r = _search(ws, "-v")
    said = last_line(r.stderr) if r else "hung"
    if recreated:
        return verdict("failed", f"the removed workspace was created again: {sorted(os.listdir(ws))}")
    kind = "converged" if gone and r is not None and r.returncode in (1, 2) and not unclear(r) else "unclear"
    return verdict(kind, f"server left: {gone}; a search then: rc {r.returncode if r else None}: {said}")


def huge_binary_log(tmp: Path) -> dict[str, str]:
    ws = _ws(tmp / "ws")
    log = ws / ".mdrecall" / "serve-auto.log"
    with open(log, "wb") as f:
        f.write(os.urandom(4096))
        f.truncate(4 << 30)  # 4 GB, sparse
    here = _search(ws, env=OFF)
    t0 = time.monotonic()
    there = _search(ws)
    took = time.monotonic() - t0
    differ = _same(here, there)
    if differ:
        return verdict("unclear", differ)
    up = _until(lambda: _ping(ws) is not None, 20)
    size = log.stat().st_size
    return verdict(
        "converged" if up and size < 1 << 20 else "unclear",
        f"{took:.1f} s; log now {size} bytes; server up: {up}",
    )


def many_workspaces(tmp: Path, n: int = 20) -> dict[str, str]:
    spaces = [_ws(tmp / f"ws{i}") for i in range(n)]
    t0 = time.monotonic()
    for ws in spaces:
        _search(ws)
    took = time.monotonic() - t0
    _until(lambda: bool(_ping(spaces[-1])), 60)  # the last one up; the oldest were asked to leave
    time.sleep(3)
    pids = [p for ws in spaces for p in _auto_pids(ws)]
    rss = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    rss += int(line.split()[1])
        except OSError:
            pass
    for ws in spaces:
        _kill(ws)
    kind = "converged" if len(pids) <= 4 else "unclear"  # serve.auto_max (4)
    return verdict(
        kind,
        f"{n} workspaces searched once ({took:.0f} s): {len(pids)} servers left running, {rss / 1024:.0f} MB"
        f" resident together, each for serve.idle_exit_minutes (default 30); serve.auto_max 4",
    )


CASES: dict[str, Callable[[Path], dict[str, str]]] = {
    ".mdrecall a symlink to a folder outside": dot_mdrecall_symlinked_outside,
    "serve-auto.log a symlink to a file outside": log_symlink_outside,
    "serve-auto.stamp a symlink to a file outside": stamp_symlink_outside,
    "stamp swapped for a symlink, auto_start off": stamp_symlink_then_off,
    "serve-auto.log a FIFO": log_fifo,
    "serve-auto.stamp a directory": stamp_directory,
    "a read-only .mdrecall": read_only_state,
    "a stamp with an mtime in 2100": stamp_far_future,
    "a workspace path with spaces, unicode, a newline": odd_workspace_path,
    "kill -9 of the auto server, then searches": kill9_then_search,
    "a SIGSTOP'd auto server": sigstop_server,
    "serve.sock a regular file": socket_a_regular_file,
    "serve.sock a socket of another process": socket_of_another_process,
    "24 concurrent first searches": many_first_searches,
    "a first search piped to head -1": piped_to_head,
    "-v with stderr closed": stderr_closed_verbose,
    "MDRECALL_SERVE_AUTO with odd values": odd_auto_values,
    "--config other than the server's": other_config,
    "HOME unset": home_unset,
    "the workspace removed under its server": workspace_removed,
    "a 4 GB sparse, binary serve-auto.log": huge_binary_log,
    "20 workspaces searched once each": many_workspaces,
}


def _cleanup(root: Path) -> None:
    """Kill the servers of every workspace a case made under ``root``."""
    for ws in [p for p in root.rglob("*") if p.is_dir() and p.name == ".mdrecall"]:
        _kill(ws.parent)
    for ws in [root / "ws", *root.glob("ws*")]:
        _kill(ws)


def kill_servers_under(root: Path) -> None:
    """Kill the servers of every workspace a case made under ``root`` and the auto-started ones of its
    ``ws*`` folders (the cleanup of rounds 7 and 8)."""
    for ws in [p.parent for p in root.rglob(".mdrecall") if p.is_dir()]:
        _kill(ws)
    for pid in [p for ws in root.glob("ws*") for p in _auto_pids(ws)]:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


def case_round6(tmp: Path, only: list[str] | None = None) -> dict[str, Any]:
    """The auto-started server, one verdict per case."""
    return run_cases(tmp / "r6", CASES, only, _cleanup, "auto server: ")


if __name__ == "__main__":
    print_round("mdrecall-r6-", case_round6)
