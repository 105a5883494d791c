"""The server starts itself (:func:`mdrecall.cli.served.maybe_start_server`, ``mdrecall watch --auto``): a
one-shot search with no server answers in-process, then leaves one that serves the next searches and exits
by itself when idle. Real processes, real sockets; every server a test starts is killed in its teardown."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from mdrecall.agent.serve_client import call

from helpers import auto_servers, mdrecall_argv, run_cli, run_process, until, write

pytestmark = pytest.mark.skipif(
    not hasattr(socket, "AF_UNIX") or not Path("/proc/self/cmdline").exists(), reason="Unix sockets, /proc"
)

ON = {"MDRECALL_SERVE_AUTO": "on", "MDRECALL_SERVE_IDLE_EXIT_MINUTES": "0.05"}  # 3 s idle, then it exits


def start_auto(root: Path) -> subprocess.Popen[str]:
    """``mdrecall watch --auto`` of ``root`` (1 minute idle), its stderr piped."""
    return subprocess.Popen(
        mdrecall_argv("-w", str(root), "watch", "--auto"),
        env={**os.environ, **ON, "MDRECALL_SERVE_IDLE_EXIT_MINUTES": "1"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )


def kill_auto_servers(*roots: Path) -> None:
    """Kill the ``watch --auto`` processes of ``roots`` (a test's teardown)."""
    for root in roots:
        for pid in auto_servers(root):
            os.kill(pid, signal.SIGKILL)


def ping(root: Path) -> dict[str, object] | None:
    how, answer = call(str(root), {"op": "ping"}, time.monotonic() + 1)
    return answer if how == "answer" else None


@pytest.fixture
def ws(tmp_path: Path) -> Iterator[Path]:
    root = tmp_path / "agent"
    write(root, "MEMORY.md", "# Memory\n\n- Kestrel ships on Friday 14 March, after the security review.\n")
    assert run_cli("-w", str(root), "index").returncode == 0
    try:
        yield root
    finally:
        kill_auto_servers(root)  # the servers this test started, by their pid


def test_a_first_search_leaves_a_server_that_serves_the_next_and_leaves_when_idle(ws: Path) -> None:
    here = run_process("-w", str(ws), "search", "Kestrel", env={"MDRECALL_SERVE_AUTO": "off"})
    first = run_process("-w", str(ws), "search", "Kestrel", env=ON)
    assert first.returncode == here.returncode == 0
    assert (first.stdout, first.stderr) == (here.stdout, here.stderr)  # answered in-process, as today
    assert until(lambda: ping(ws) is not None, 30)
    pid = ping(ws)["pid"]  # type: ignore[index]
    assert auto_servers(ws) == [pid]
    second = run_process("-w", str(ws), "-v", "search", "Kestrel", env=ON)
    assert f"served (pid {pid})" in second.stderr and second.stdout == here.stdout
    server = json.loads(run_cli("-w", str(ws), "--json", "status").stdout)["server"]
    assert server["pid"] == pid and "auto-started, exits after 0.05 min idle" in server["note"]
    assert until(lambda: not auto_servers(ws), 15)  # no request for 3 s: it went, and its socket with it
    assert not (ws / ".mdrecall" / "serve.sock").exists()
    log = (ws / ".mdrecall" / "serve-auto.log").read_text()
    assert "auto-started by a one-shot search" in log and "exiting: no request and no file change" in log


def test_off_starts_nothing(ws: Path) -> None:
    out = run_process("-w", str(ws), "-v", "search", "Kestrel")  # MDRECALL_SERVE_AUTO=off (conftest)
    assert out.returncode == 0 and "started a server" not in out.stderr
    assert not (ws / ".mdrecall" / "serve-auto.stamp").exists() and not auto_servers(ws)
    write(ws, ".mdrecall.toml", "[serve]\nauto_start = false\n")  # the config: read by the spawned watch
    out = run_process("-w", str(ws), "search", "Kestrel", env=ON)
    assert out.returncode == 0
    log = ws / ".mdrecall" / "serve-auto.log"
    assert until(lambda: log.exists() and "not started: serve.auto_start is off" in log.read_text(), 15)
    assert until(lambda: not auto_servers(ws), 10) and ping(ws) is None
    assert (ws / ".mdrecall" / "serve-auto.stamp").stat().st_mtime > time.time() + 60  # no try for a while
    again = run_process("-w", str(ws), "-v", "search", "Kestrel", env=ON)
    assert again.returncode == 0 and "started a server" not in again.stderr and not auto_servers(ws)


def test_a_start_that_fails_changes_nothing_of_the_command(ws: Path) -> None:
    (ws / ".mdrecall" / "serve-auto.log").mkdir()  # the log cannot be opened: the start fails
    here = run_process("-w", str(ws), "search", "Kestrel", env={"MDRECALL_SERVE_AUTO": "off"})
    out = run_process("-w", str(ws), "search", "Kestrel", env=ON)
    assert (out.returncode, out.stdout, out.stderr) == (here.returncode, here.stdout, here.stderr)
    assert not auto_servers(ws) and ping(ws) is None
    (ws / ".mdrecall" / "serve-auto.stamp").unlink()
    loud = run_process("-w", str(ws), "-v", "search", "Kestrel", env=ON)
    assert loud.returncode == 0 and loud.stdout == here.stdout
    assert "could not start a server" in loud.stderr.splitlines()[-1]  # -v: one note, last


def test_two_first_searches_at_once_leave_one_server(ws: Path) -> None:
    env = {**os.environ, **ON, "MDRECALL_SERVE_IDLE_EXIT_MINUTES": "1"}
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE, "text": True}
    searches = [subprocess.Popen(mdrecall_argv("-w", str(ws), "search", "Kestrel"), env=env, **quiet)]
    searches.append(subprocess.Popen(mdrecall_argv("-w", str(ws), "search", "Kestrel"), env=env, **quiet))
    starts = [subprocess.Popen(mdrecall_argv("-w", str(ws), "watch", "--auto"), env=env, **quiet)]
    starts.append(subprocess.Popen(mdrecall_argv("-w", str(ws), "watch", "--auto"), env=env, **quiet))
    # two searches, and two servers started at the very same moment (as two searches' starts could be)
    for proc in searches:
        assert proc.wait(60) == 0
    assert until(lambda: ping(ws) is not None, 30)
    assert until(lambda: len(auto_servers(ws)) == 1, 15)
    assert auto_servers(ws) == [ping(ws)["pid"]]  # type: ignore[index]
    left = [p for p in starts if p.poll() is not None]  # the one of them that serves (if one does) stays
    assert len(left) >= 1 and all(p.returncode == 0 for p in left)
    for proc in left:  # the other one, or a search's start, served first: each loser said why, and left
        assert proc.stderr is not None and "another process already serves" in proc.stderr.read()


def test_a_server_the_user_starts_takes_over(ws: Path) -> None:
    auto = start_auto(ws)
    assert until(lambda: ping(ws) is not None, 30) and ping(ws)["pid"] == auto.pid  # type: ignore[index]
    user = subprocess.Popen(mdrecall_argv("-w", str(ws), "serve"), stderr=subprocess.PIPE, text=True)
    try:
        assert auto.wait(15) == 0  # it left, saying why
        assert auto.stderr is not None and "another server asked for its place" in auto.stderr.read()
        assert until(lambda: (ping(ws) or {}).get("pid") == user.pid, 15)
        assert "auto" not in (ping(ws) or {})  # and it is never asked to leave
    finally:
        user.send_signal(signal.SIGINT)
        try:
            user.wait(15)
        except subprocess.TimeoutExpired:
            user.kill()


def test_it_leaves_when_its_socket_goes(ws: Path) -> None:
    auto = start_auto(ws)
    assert until(lambda: ping(ws) is not None, 30)
    (ws / ".mdrecall" / "serve.sock").unlink()  # as when the workspace (a temporary folder) is removed
    assert auto.wait(15) == 0
    assert auto.stderr is not None and "exiting: its socket" in auto.stderr.read()


def test_no_more_than_auto_max_servers_run_at_once(tmp_path: Path) -> None:
    """A script searching many workspaces once each leaves at most ``serve.auto_max`` servers: a new one
    asks the oldest to leave (the fault campaign's 20 workspaces left 20 servers, 537 MB, for 30 min)."""
    env = {**ON, "MDRECALL_SERVE_IDLE_EXIT_MINUTES": "5", "MDRECALL_SERVE_AUTO_MAX": "2"}
    roots = []
    try:
        for i in range(3):
            root = tmp_path / f"w{i}"
            write(root, "MEMORY.md", f"# Memory\n\n- Kestrel note {i}.\n")
            assert run_cli("-w", str(root), "index").returncode == 0
            assert run_process("-w", str(root), "search", "Kestrel", env=env).returncode == 0
            assert until(lambda r=root: ping(r) is not None, 30)  # type: ignore[misc]
            roots.append(root)
        assert until(lambda: ping(roots[0]) is None and not auto_servers(roots[0]), 30)  # the oldest left
        assert ping(roots[1]) is not None and ping(roots[2]) is not None
        log = (roots[0] / ".mdrecall" / "serve-auto.log").read_text()
        assert "another server asked for its place" in log
        assert (
            "asked 1 older auto-started server(s) to leave"
            in (roots[2] / ".mdrecall" / "serve-auto.log").read_text()
        )
    finally:
        kill_auto_servers(*roots)


def test_an_auto_started_server_without_os_events_polls_nothing(ws: Path) -> None:
    """With no OS file events (watchdog missing, or watch.backend = polling) a polling watcher would stat
    every file every 2 s for the half hour it idles (~0.7 of a core at 10,000 notes): the auto-started
    server has none, and each search it serves checks the files itself."""
    write(ws, ".mdrecall.toml", '[watch]\nbackend = "polling"\n')
    assert run_process("-w", str(ws), "search", "Kestrel", env=ON).returncode == 0
    assert until(lambda: ping(ws) is not None, 30)
    log = ws / ".mdrecall" / "serve-auto.log"  # written just after it starts serving: wait for the line
    assert until(lambda: "no watcher: searches check the files" in log.read_text(), 30), log.read_text()
    write(ws, "memory/2026-03-20.md", "# 2026-03-20\n\n- Kestrel slipped to April.\n")  # no watcher saw it
    out = run_process("-w", str(ws), "-v", "search", "Kestrel", "slipped", env=ON)
    assert "served (pid" in out.stderr and "slipped to April" in out.stdout
