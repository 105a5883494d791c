"""The local search server of the per-turn hooks (:mod:`mdrecall.services.serve`), through real Unix
sockets and the real hook entry point (``python -m mdrecall.agent.turn_hook``) as a process."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from mdrecall.agent.serve_client import DEFAULT_DEADLINE_MS, call, socket_path
from mdrecall.config.settings import RecallConfig
from mdrecall.errors import MdrecallError
from mdrecall.services.serve import HookServer, peer_allowed, peer_uid

from helpers import mdrecall_argv, run_cli, run_process, until, write

pytestmark = pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="Unix domain sockets")

QUESTION = "When does Kestrel ship?"


@pytest.fixture(autouse=True)
def patient(monkeypatch: pytest.MonkeyPatch) -> None:
    """A recall deadline a loaded test machine meets in-process too (the hook and the server share it)."""
    monkeypatch.setenv("MDRECALL_RECALL_DEADLINE_MS", "5000")


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    root = tmp_path / "agent"
    write(
        root,
        "memory/2024-03-01.md",
        "# 2024-03-01\n\n- Kestrel ships on Friday 14 March, after the security review.\n"
        "- We moved bookings from MySQL to PostgreSQL last week.\n",
    )
    assert run_cli("-w", str(root), "index").returncode == 0
    return root


@contextlib.contextmanager
def serving(root: Path) -> Iterator[HookServer]:
    server = HookServer(root)
    server.warm()
    server.bind()
    server.start()
    try:
        yield server
    finally:
        server.stop()


def hook(
    root: Path, prompt: str, session: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    payload = {"session_id": session, "hook_event_name": "UserPromptSubmit", "prompt": prompt}
    out = run_process(
        "-w",
        str(root),
        "user-prompt-submit",
        module="mdrecall.agent.turn_hook",
        stdin=json.dumps(payload),
        env=env,
    )
    assert out.returncode == 0, out.stderr
    return out


def test_the_served_answer_is_the_in_process_one(ws: Path) -> None:
    alone = hook(ws, QUESTION, "s1")
    assert "Friday 14 March" in alone.stdout
    with serving(ws) as server:
        served = hook(ws, QUESTION, "s2")
        assert server.turns == 1
    assert served.stdout == alone.stdout
    recalled = [line for line in alone.stderr.splitlines() if "captured" not in line]
    assert "captured 1 message(s)" in alone.stderr
    # the same recall notes; the server captures once it has answered, so the prompt never waits for it
    assert [line for line in served.stderr.splitlines() if "captured" not in line] == recalled
    assert "captured by the server" in served.stderr
    logs = sorted((ws / "memory" / "conversations").rglob("*.md"))
    assert sum(f.read_text(encoding="utf-8").count(QUESTION) for f in logs) == 2  # each captured once


def test_the_served_path_imports_nothing_heavy(ws: Path) -> None:
    payload = json.dumps({"session_id": "s", "prompt": QUESTION})
    cmd = [
        sys.executable,
        "-X",
        "importtime",
        "-m",
        "mdrecall.agent.turn_hook",
        "-w",
        str(ws),
        "user-prompt-submit",
    ]
    with serving(ws) as server:
        out = subprocess.run(cmd, input=payload, capture_output=True, text=True, timeout=60)
        assert server.turns == 1
    assert "Friday 14 March" in out.stdout
    names = {ln.split("|")[-1].strip() for ln in out.stderr.splitlines() if ln.startswith("import time:")}
    ours = {n for n in names if n.split(".")[0] == "mdrecall"}
    # and the one-thread BLAS setting (os only), made before anything could load numpy
    light = {
        "mdrecall",
        "mdrecall.agent",
        "mdrecall.agent.serve_client",
        "mdrecall.plugins",
        "mdrecall.plugins.blas",
    }
    assert ours == light, ours
    assert not {"numpy", "sqlite3", "click", "tomllib"} & names


def test_without_a_server_or_with_other_settings_the_hook_runs_in_process(ws: Path) -> None:
    assert not Path(socket_path(str(ws))).exists()
    assert "Friday 14 March" in hook(ws, QUESTION, "s1").stdout  # no socket: in-process
    with serving(ws) as server:
        quiet = hook(ws, QUESTION, "s2", env={"MDRECALL_RECALL_ENABLED": "false"})
        assert server.turns == 0  # other MDRECALL_* settings than the server's: sent back, done in-process
        assert quiet.stdout == "" and "captured 1 message(s)" in quiet.stderr
        answer = server.answer(json.dumps({"op": "turn", "workspace": "/elsewhere"}).encode())
        assert answer["fallback"] is True


def test_a_server_that_never_answers_costs_the_deadline_and_captures_nothing_here(
    ws: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MDRECALL_RECALL_DEADLINE_MS", "300")
    path = socket_path(str(ws))
    hung = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    hung.bind(path)
    hung.listen(4)  # takes connections (the backlog), never answers
    try:
        t0 = time.monotonic()
        out = hook(ws, QUESTION, "s1")
        wall = time.monotonic() - t0
    finally:
        hung.close()
    assert out.stdout == "" and "did not answer within 300 ms" in out.stderr
    assert wall < 3.0  # the deadline and a Python start, never the 8 s of the in-process guard
    assert "did not answer within 300 ms" in (ws / ".mdrecall" / "hooks.log").read_text()
    assert not (ws / "memory" / "conversations").exists()  # the server took the turn: not captured twice


def test_only_this_user_may_talk_to_it(ws: Path) -> None:
    with serving(ws):
        path = socket_path(str(ws))
        assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.connect(path)
            if hasattr(socket, "SO_PEERCRED"):
                assert peer_uid(sock) == os.getuid()
    assert peer_allowed(os.getuid()) and peer_allowed(None)
    assert not peer_allowed(4242, own=1000)


def test_a_stale_socket_is_replaced_and_a_live_one_is_not_taken(ws: Path) -> None:
    path = socket_path(str(ws))
    (ws / ".mdrecall").mkdir(exist_ok=True)
    stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    stale.bind(path)
    stale.close()  # the file stays, nobody listens
    with serving(ws):
        ping = {"op": "ping"}
        how, answer = call(str(ws), ping, time.monotonic() + 2)
        assert how == "answer" and answer is not None and answer["pid"] == os.getpid()
        with pytest.raises(MdrecallError, match="already serves"):
            HookServer(ws).bind()
        assert call(str(ws), ping, time.monotonic() + 2)[0] == "answer"
    assert not Path(path).exists()  # removed when it stopped


def test_a_config_change_applies_without_a_restart(ws: Path) -> None:
    with serving(ws) as server:
        assert "Friday 14 March" in hook(ws, QUESTION, "s1").stdout
        (ws / ".mdrecall.toml").write_text("[recall]\nenabled = false\n")
        assert hook(ws, QUESTION, "s2").stdout == ""
        assert server.turns == 2 and server.reloads == 2


def test_a_workspace_too_deep_for_a_socket_path_is_served_from_the_runtime_folder(tmp_path: Path) -> None:
    root = tmp_path / ("deep" * 30)
    write(root, "memory/2024-03-01.md", "# 2024-03-01\n\n- Kestrel ships on Friday 14 March.\n")
    assert run_cli("-w", str(root), "index").returncode == 0
    path = socket_path(str(root))
    assert not path.startswith(str(tmp_path)) and len(path) <= 100
    with serving(root) as server:
        assert "Friday 14 March" in hook(root, QUESTION, "s1").stdout
        assert server.turns == 1
        assert stat.S_IMODE(os.stat(os.path.dirname(path)).st_mode) == 0o700


def test_mdrecall_serve_says_where_and_stops_cleanly(ws: Path) -> None:
    proc = subprocess.Popen(mdrecall_argv("-w", str(ws), "serve"), stderr=subprocess.PIPE, text=True)
    try:
        assert until(lambda: call(str(ws), {"op": "ping"}, time.monotonic() + 1)[0] == "answer", 30)
        proc.send_signal(signal.SIGINT)
        assert proc.wait(10) == 130
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.stderr is not None
    assert f"on {socket_path(str(ws))}" in proc.stderr.read()
    assert not Path(socket_path(str(ws))).exists()


def test_the_client_waits_for_the_default_recall_deadline() -> None:
    assert RecallConfig().deadline_ms == DEFAULT_DEADLINE_MS


@pytest.mark.parametrize("command", [["mcp"], ["watch", "--polling"]])
def test_the_mcp_server_and_watch_serve_the_hooks_unless_switched_off(ws: Path, command: list[str]) -> None:
    def served_by(proc: subprocess.Popen[bytes]) -> bool:  # noqa: B023 - called within the loop
        how, answer = call(str(ws), {"op": "ping"}, time.monotonic() + 1)
        return how == "answer" and answer is not None and answer["pid"] == proc.pid

    for enabled in (True, False):
        (ws / ".mdrecall.toml").write_text(f"[serve]\nenabled = {str(enabled).lower()}\n")
        proc = subprocess.Popen(
            mdrecall_argv("-w", str(ws), *command), stdin=subprocess.PIPE, stdout=subprocess.DEVNULL
        )
        try:
            if enabled:
                assert until(lambda: served_by(proc), 30)  # noqa: B023
            else:
                time.sleep(3)
                assert not served_by(proc) and not Path(socket_path(str(ws))).exists()
            if command == ["mcp"]:
                assert proc.stdin is not None
                proc.stdin.close()  # the MCP client goes: the server ends
            else:
                proc.terminate()
            proc.wait(15)
        finally:
            if proc.poll() is None:
                proc.kill()
        assert not Path(socket_path(str(ws))).exists()


def test_the_server_syncs_the_index_once_the_turns_pause(ws: Path) -> None:
    with serving(ws) as server:
        assert "Zephyr" not in hook(ws, "When does Zephyr launch?", "s1").stdout
        write(ws, "memory/2024-04-01.md", "# 2024-04-01\n\n- Zephyr launches on Monday 7 April.\n")
        hook(ws, "thanks", "s1")  # a turn: the server syncs once no other comes for a while
        assert until(lambda: server.syncs == 1, 10)
        assert "Monday 7 April" in hook(ws, "When does Zephyr launch?", "s2").stdout
        assert server.turns == 3


def test_a_prompt_holding_a_lone_surrogate_is_served(ws: Path) -> None:
    with serving(ws) as server:
        payload = '{"session_id": "s", "prompt": "When does Kestrel \\udcff ship?"}'
        out = run_process(
            "-w", str(ws), "user-prompt-submit", module="mdrecall.agent.turn_hook", stdin=payload
        )
        assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr
        assert server.turns == 1 and "Friday 14 March" in out.stdout
