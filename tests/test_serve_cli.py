"""A one-shot ``mdrecall search`` / ``get`` answered by the workspace's server (:mod:`mdrecall.cli.served`,
:mod:`mdrecall.cli.serving`): a real ``mdrecall serve`` process, real one-shot processes, real sockets."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from mdrecall.agent.serve_client import call, config_env, socket_path
from mdrecall.cli.served import served_request

from helpers import mdrecall_argv, run_cli, run_process, until, write

pytestmark = pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="Unix domain sockets")

OFF = {"MDRECALL_SERVE_ENABLED": "off"}  # other settings: the server sends the command back


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "agent"
    write(root, "MEMORY.md", "# Memory\n\n- Decision: PostgreSQL 16 chosen over CockroachDB for bookings.\n")
    write(
        root,
        "memory/2024-03-01.md",
        "# 2024-03-01\n\n- Kestrel ships on Friday 14 March, after the security review.\n"
        "- We moved bookings from MySQL to PostgreSQL last week.\n",
    )
    assert run_cli("-w", str(root), "index").returncode == 0
    return root


@pytest.fixture
def server(ws: Path) -> Iterator[subprocess.Popen[str]]:
    proc = subprocess.Popen(mdrecall_argv("-w", str(ws), "serve"), stderr=subprocess.PIPE, text=True)
    try:
        assert until(lambda: call(str(ws), {"op": "ping"}, time.monotonic() + 1)[0] == "answer", 60)
        yield proc
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()


def served_by(out: subprocess.CompletedProcess[str], proc: subprocess.Popen[str]) -> bool:
    return f"served (pid {proc.pid})" in out.stderr


SAME = [
    ["search", "bookings", "database"],
    ["search", "when does Kestrel ship", "--mode", "bm25", "-n", "1"],
    ["--json", "search", "PostgreSQL"],
    ["search", "PostgreSQL", "--format", "jsonl", "--path", "memory/*"],
    ["get", "MEMORY.md"],
    ["get", "memory/2024-03-01.md:3:1", "--format", "json"],
]


def test_the_server_prints_what_the_command_prints_in_process(
    ws: Path, server: subprocess.Popen[str]
) -> None:
    for args in SAME:
        here = run_process("-w", str(ws), *args, env=OFF)
        there = run_process("-w", str(ws), "-v", *args)
        assert served_by(there, server), (args, there.stderr)
        assert there.returncode == here.returncode == 0
        assert there.stdout == here.stdout and there.stdout.strip(), args


def test_errors_and_exit_codes_are_the_command_s_own(ws: Path, server: subprocess.Popen[str]) -> None:
    for args in (["search", "x", "--mode", "nonsense"], ["get", "missing.md"], ["search", "x", "-n", "0"]):
        here = run_process("-w", str(ws), *args, env=OFF)
        there = run_process("-w", str(ws), "-v", *args)
        assert there.returncode == here.returncode != 0
        assert there.stderr.splitlines()[-1] == here.stderr.splitlines()[-1]
        assert served_by(there, server) or args[-1] in ("nonsense", "0"), there.stderr  # refused before


def test_a_relative_workspace_is_the_caller_s_and_a_change_is_seen_at_once(
    ws: Path, server: subprocess.Popen[str]
) -> None:
    note = ws / "memory" / "2024-03-02.md"
    note.write_text("# 2024-03-02\n\n- Zephyr launches in May.\n")
    try:
        out = run_process("-w", ws.name, "-v", "search", "Zephyr", "launch", cwd=ws.parent)
        assert served_by(out, server), out.stderr
        assert "Zephyr launches in May" in out.stdout  # the server synced first, as a one-shot search does
    finally:
        note.unlink()
    out = run_process("-v", "search", "Zephyr", "launch", cwd=ws)  # the current folder, no -w
    assert served_by(out, server) and "Zephyr" not in out.stdout


def test_another_config_runs_in_process(ws: Path, server: subprocess.Popen[str], tmp_path: Path) -> None:
    conf = tmp_path / "other.toml"
    conf.write_text("[search]\nmin_score = 0.01\n")
    out = run_process("-w", str(ws), "-v", "--config", str(conf), "search", "Kestrel")
    assert out.returncode == 0 and "Kestrel ships" in out.stdout
    assert not served_by(out, server) and "served (pid" not in out.stderr
    out = run_process("-w", str(ws), "-v", "search", "Kestrel", env={"MDRECALL_SEARCH_MIN_SCORE": "0.01"})
    assert out.returncode == 0 and not served_by(out, server)


def test_the_served_path_imports_nothing_heavy(ws: Path, server: subprocess.Popen[str]) -> None:
    cmd = [*mdrecall_argv("-X", "importtime"), "-w", str(ws), "-v", "search", "Kestrel"]
    cmd = [sys.executable, "-X", "importtime", "-m", "mdrecall", "-w", str(ws), "-v", "search", "Kestrel"]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=60, check=False)
    assert out.returncode == 0 and "Kestrel ships" in out.stdout and served_by(out, server)
    names = {ln.split("|")[-1].strip() for ln in out.stderr.splitlines() if ln.startswith("import time:")}
    assert not {"numpy", "sqlite3", "click", "tomllib", "mdrecall.memory", "mdrecall.cli.app"} & names


def test_a_dead_server_s_socket_costs_nothing(tmp_path: Path) -> None:
    root = tmp_path / "agent"
    write(root, "memory/2024-03-01.md", "# 2024-03-01\n\n- Kestrel ships on Friday 14 March.\n")
    assert run_cli("-w", str(root), "index").returncode == 0
    proc = subprocess.Popen(mdrecall_argv("-w", str(root), "serve"), stderr=subprocess.DEVNULL)
    try:
        assert until(lambda: call(str(root), {"op": "ping"}, time.monotonic() + 1)[0] == "answer", 60)
    finally:
        proc.kill()  # no clean-up: the socket file stays, nobody listens
        proc.wait(10)
    assert Path(socket_path(str(root))).exists()
    out = run_process("-w", str(root), "-v", "search", "Kestrel")
    assert out.returncode == 0 and "Kestrel ships" in out.stdout and "served (pid" not in out.stderr


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["search", "a", "b"], ["search", "a", "b", "-w", "/cwd"]),
        (["-w", "ws", "search", "x", "--mode", "bm25"], ["search", "x", "--mode", "bm25", "-w", "/cwd/ws"]),
        (["search", "x", "--workspace=/abs", "-n", "3"], ["search", "x", "-n", "3", "-w", "/abs"]),
        (["-wws", "-q", "get", "MEMORY.md"], ["-q", "get", "MEMORY.md", "-w", "/cwd/ws"]),
        (
            ["--json", "search", "x", "--config", "c.toml"],
            ["--json", "search", "x", "--config", "/cwd/c.toml", "-w", "/cwd"],
        ),
        (["-vv", "-f", "json", "search", "-", "x"], ["-vv", "-f", "json", "search", "-", "x", "-w", "/cwd"]),
        (["search", "x", "--since=2024-01-01"], ["search", "x", "--since=2024-01-01", "-w", "/cwd"]),
    ],
)
def test_what_a_server_is_sent(argv: list[str], expected: list[str]) -> None:
    asked = served_request(argv, env={}, cwd="/cwd")
    assert asked is not None and asked[1] == expected
    assert asked[0] == expected[-1]


@pytest.mark.parametrize(
    "argv",
    [
        ["index"],
        ["search", "x", "--agent", "a"],
        ["search", "x", "--with", "team"],
        ["search", "--", "-x"],
        ["search", "x", "--help"],
        ["--store", "memory", "search", "x"],
        ["search", "x", "--index-path", "i.sqlite"],
        ["search", "x", "--unknown"],
        ["-qv", "search", "x"],
        ["search", "x", "--mode"],
        [],
    ],
)
def test_what_runs_in_process(argv: list[str]) -> None:
    assert served_request(argv, env={}, cwd="/cwd") is None
    assert served_request(["search", "x"], env={"MDRECALL_SERVE_ENABLED": "off"}, cwd="/cwd") is None


def test_the_environment_s_workspace_is_named(tmp_path: Path) -> None:
    asked = served_request(["search", "x"], env={"MDRECALL_WORKSPACE": "~/agent"}, cwd="/cwd")
    assert asked is not None and asked[0] == os.path.expanduser("~/agent")
    assert json.dumps(asked[1]).endswith(f'"-w", "{os.path.expanduser("~/agent")}"]')


def test_the_mcp_server_answers_one_shot_searches_and_its_stdout_stays_the_protocol_s(ws: Path) -> None:
    proc = subprocess.Popen(
        mdrecall_argv("-w", str(ws), "mcp"),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    try:
        assert until(lambda: call(str(ws), {"op": "ping"}, time.monotonic() + 1)[0] == "answer", 60)
        out = run_process("-w", str(ws), "-v", "search", "Kestrel")
        assert f"served (pid {proc.pid})" in out.stderr and "Kestrel ships" in out.stdout
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.close()  # the MCP client goes: the server ends
        assert proc.wait(15) == 0
        assert proc.stdout.read() == b""  # the served search's output went to the client, not the protocol
    finally:
        if proc.poll() is None:
            proc.kill()


def test_status_says_whether_a_server_answers(ws: Path) -> None:
    out = run_cli("-w", str(ws), "--json", "status")
    assert json.loads(out.stdout)["server"]["state"] == "none"
    proc = subprocess.Popen(mdrecall_argv("-w", str(ws), "serve"), stderr=subprocess.DEVNULL)
    try:
        assert until(lambda: call(str(ws), {"op": "ping"}, time.monotonic() + 1)[0] == "answer", 60)
        server = json.loads(run_cli("-w", str(ws), "--json", "status").stdout)["server"]
        assert server["state"] == "serving" and server["pid"] == proc.pid
    finally:
        proc.kill()
        proc.wait(10)


@contextlib.contextmanager
def fake_server(root: Path, answer: bool) -> Iterator[None]:
    """A listener at the workspace's socket that takes a request, then hangs (or closes without a word); it
    answers pings (a server at work on another thread does)."""
    path = socket_path(str(root))
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(path)
    sock.listen(4)
    held: list[socket.socket] = []
    stop = threading.Event()

    def run() -> None:
        sock.settimeout(0.1)
        while not stop.is_set():
            try:
                conn, _ = sock.accept()
            except OSError:
                continue
            got = conn.recv(1 << 20)
            if answer and b'"op": "ping"' in got:
                conn.sendall(b'{"ok": true}\n')
                conn.close()
            elif answer:
                held.append(conn)  # took it, never answers
            else:
                conn.close()  # took it and died

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(5)
        for conn in held:
            conn.close()
        sock.close()
        Path(path).unlink(missing_ok=True)


def test_a_server_that_dies_with_the_request_leaves_the_command_to_run_here(ws: Path) -> None:
    with fake_server(ws, answer=False):
        out = run_process("-w", str(ws), "search", "Kestrel")
    assert out.returncode == 0 and "Kestrel ships" in out.stdout
    assert "did not answer" in out.stderr and "running here" in out.stderr


def test_a_slow_server_is_announced_and_ctrl_c_ends_the_wait(ws: Path) -> None:
    with fake_server(ws, answer=True):
        proc = subprocess.Popen(
            mdrecall_argv("-w", str(ws), "search", "Kestrel"),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert proc.stderr is not None
        line = proc.stderr.readline()  # within NOTE_AFTER_S: the one note, before any answer
        assert "still at work on this command" in line
        proc.send_signal(signal.SIGINT)
        assert proc.wait(15) == 130
        assert proc.stderr.read().strip() == "mdrecall: interrupted"


def test_bad_bytes_in_the_command_line_and_a_raw_request_for_another_command(
    ws: Path, server: subprocess.Popen[str]
) -> None:
    bad = os.fsdecode(b"\xff\xfe")  # a lone surrogate pair of str: what Python makes of bad bytes
    here = run_process("-w", str(ws), "search", bad, "Kestrel", env=OFF)
    there = run_process("-w", str(ws), "-v", "search", bad, "Kestrel")
    assert "Traceback" not in there.stderr and served_by(there, server), there.stderr
    assert there.returncode == here.returncode == 0 and there.stdout == here.stdout
    import mdrecall

    for argv in (["forget", "search", "-w", str(ws)], ["search", "x", "--agent", "a", "-w", str(ws)]):
        request = {
            "op": "cli",
            "v": 1,
            "version": mdrecall.__version__,
            "workspace": os.path.realpath(ws),
            "argv": argv,
            "env": config_env(),
        }
        how, answer = call(str(ws), request, time.monotonic() + 10)
        assert how == "none", (argv, answer)  # sent back: the server runs only what the client would send


def test_a_watch_vouches_for_the_files_from_its_start(ws: Path) -> None:
    """`mdrecall watch` indexed before arming its watcher, which then never marked itself clean until a
    file changed: every search it served (and every one-shot search) walked the files (0.4 s at 100,000
    notes). Its watcher now syncs once armed, and searches skip the walk from then on."""
    proc = subprocess.Popen(
        mdrecall_argv("-w", str(ws), "watch", "--json"), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    try:

        def vouched() -> bool:
            got = json.loads(run_cli("-w", str(ws), "--json", "status").stdout)
            return got["watcher"].get("clean") is True and str(got["sync_check"]).startswith("no walk")

        assert until(vouched, 30)
        # the server binds once warm, on its own thread: listening is its own condition, not the watcher's
        assert until(lambda: call(str(ws), {"op": "ping"}, time.monotonic() + 1)[0] == "answer", 60)
        out = run_process("-w", str(ws), "-v", "search", "Kestrel")
        assert "Kestrel ships" in out.stdout and "served (pid" in out.stderr
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(15)
    assert proc.stdout is not None
    lines = [json.loads(line) for line in proc.stdout.read().splitlines()]
    assert len(lines) == 1 and lines[0]["unchanged"] >= 2  # the first index only: the check said nothing
