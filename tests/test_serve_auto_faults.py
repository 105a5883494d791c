"""The auto-started server under faults (the campaign's sixth round, ``benchmarks/fault_round6.py``): a
stamp swapped for a symlink, a stamp far ahead, a socket nobody answers on, an odd ``MDRECALL_SERVE_AUTO``,
a closed stderr. Real processes; every server a test starts is killed in its teardown (``ws``)."""

from __future__ import annotations

import os
import socket
import subprocess
import time
from pathlib import Path

import test_serve_auto as auto

from helpers import mdrecall_argv, run_process, until, write

pytestmark = auto.pytestmark
ws = auto.ws  # the fixture: an indexed workspace whose auto-started servers are killed after the test
ON, OFF = auto.ON, {"MDRECALL_SERVE_AUTO": "off"}
auto_servers, ping = auto.auto_servers, auto.ping


def test_the_leaving_server_never_sets_the_stamp_through_a_symlink(ws: Path, tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("the user's own file\n")
    os.utime(victim, (1_000_000_000, 1_000_000_000))
    write(ws, ".mdrecall.toml", "[serve]\nauto_start = false\n")
    (ws / ".mdrecall" / "serve-auto.stamp").symlink_to(victim)  # swapped in after the search spawned it
    out = run_process("-w", str(ws), "watch", "--auto", env=ON)
    assert out.returncode == 0 and "not started: serve.auto_start is off" in out.stderr
    assert victim.stat().st_mtime == 1_000_000_000 and victim.read_text() == "the user's own file\n"


def test_a_stamp_far_ahead_is_not_believed(ws: Path) -> None:
    stamp = ws / ".mdrecall" / "serve-auto.stamp"
    stamp.touch()
    os.utime(stamp, (4_102_444_800, 4_102_444_800))  # 2100: a clock once set wrong, a copied folder
    out = run_process("-w", str(ws), "search", "Kestrel", env=ON)
    assert out.returncode == 0
    assert until(lambda: ping(ws) is not None, 30)  # not "no server until 2100, and nothing says so"
    assert stamp.stat().st_mtime < time.time() + 60


def test_a_recent_try_is_told_with_v(ws: Path) -> None:
    stamp = ws / ".mdrecall" / "serve-auto.stamp"
    stamp.touch()  # tried just now
    out = run_process("-w", str(ws), "-v", "search", "Kestrel", env=ON)
    assert out.returncode == 0 and "no server started: one was tried at" in out.stderr.splitlines()[-1]
    assert not auto_servers(ws)


def test_a_socket_nobody_answers_on_is_left_after_a_ping(ws: Path) -> None:
    here = run_process("-w", str(ws), "search", "Kestrel", env={**OFF, "MDRECALL_SERVE_ENABLED": "off"})
    other = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    other.bind(str(ws / ".mdrecall" / "serve.sock"))
    other.listen(8)  # takes connections and never answers: a stopped server, or not mdrecall's
    try:
        t0 = time.monotonic()
        out = run_process("-w", str(ws), "search", "Kestrel", env=ON, timeout=30)  # it waited 120 s
        took = time.monotonic() - t0
    finally:
        other.close()
    assert out.returncode == 0 and out.stdout == here.stdout and took < 15
    assert "does not answer a ping within 2 s" in out.stderr and "did not answer within" not in out.stderr


def test_an_odd_auto_value_starts_nothing_and_v_says_why(ws: Path) -> None:
    out = run_process("-w", str(ws), "-v", "search", "Kestrel", env={**ON, "MDRECALL_SERVE_AUTO": "disabled"})
    assert out.returncode == 0
    assert "MDRECALL_SERVE_AUTO='disabled' is neither on nor off" in out.stderr.splitlines()[-1]
    assert not (ws / ".mdrecall" / "serve-auto.stamp").exists() and not auto_servers(ws)  # no start tried
    quiet = run_process("-w", str(ws), "search", "Kestrel", env={**ON, "MDRECALL_SERVE_AUTO": "never"})
    here = run_process("-w", str(ws), "search", "Kestrel", env=OFF)
    assert (quiet.stdout, quiet.stderr) == (here.stdout, here.stderr)


def test_a_command_with_its_stderr_closed_answers_and_starts_its_server(ws: Path) -> None:
    here = run_process("-w", str(ws), "search", "Kestrel", env=OFF)
    closed = subprocess.run(  # `mdrecall -v search Kestrel 2>&-`
        ["sh", "-c", 'exec "$@" 2>&-', "sh", *mdrecall_argv("-w", str(ws), "-v", "search", "Kestrel")],
        capture_output=True,
        text=True,
        env={**os.environ, **ON},
        timeout=60,
    )
    assert closed.returncode == 0 and closed.stdout == here.stdout
    assert until(lambda: ping(ws) is not None, 30)
    served = subprocess.run(
        ["sh", "-c", 'exec "$@" 2>&-', "sh", *mdrecall_argv("-w", str(ws), "-v", "search", "Kestrel")],
        capture_output=True,
        text=True,
        env={**os.environ, **ON},
        timeout=60,
    )
    assert served.returncode == 0 and served.stdout == here.stdout  # the served path writes no None stderr
