"""`mdrecall mcp --http`: streamable HTTP on 127.0.0.1 with a random free port, a bearer token, scope
rules from the host (a group chat here), refusal of non-loopback binds, and a clean SIGTERM."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("mcp")

from agent_helpers import McpClient, isolated_env  # noqa: E402

from helpers import run_cli, write  # noqa: E402

TOKEN = "t0ken-for-tests-only"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _post(url: str, headers: dict[str, str]) -> int:
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "ping"}).encode()
    req = urllib.request.Request(url, body, {"Content-Type": "application/json", **headers}, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status
    except urllib.error.HTTPError as exc:
        return exc.code


def test_http_server_with_token_scope_and_clean_shutdown(tmp_path: Path) -> None:
    import httpx2
    from mcp.client.streamable_http import streamable_http_client

    root = tmp_path / "agent"
    write(root, "MEMORY.md", "# Memory\n\n- Private: the user's passport number lives in the safe.\n")
    env = isolated_env(tmp_path / "home")
    port = _free_port()
    cmd = [
        sys.executable,
        "-m",
        "mdrecall",
        "-w",
        str(root),
        "mcp",
        "--http",
        "--port",
        str(port),
        "--no-watch",
    ]
    proc = subprocess.Popen(
        [*cmd, "--token", TOKEN, "--chat-type", "group"], env=env, stderr=subprocess.PIPE, text=True
    )
    url = f"http://127.0.0.1:{port}/mcp"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), 0.2).close()
                break
            except OSError:
                assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
                assert time.monotonic() < deadline, "server did not start"
                time.sleep(0.1)
        assert _post(url, {}) == 401
        assert _post(url, {"Authorization": "Bearer wrong"}) == 401

        hc = httpx2.AsyncClient(headers={"Authorization": f"Bearer {TOKEN}"}, timeout=60)
        with McpClient(streamable_http_client(url, http_client=hc)) as client:
            assert len(client.list_tools()) == 9
            err, data = client.call("memory_search", {"query": "passport"})
            assert err and data["results"] == []
            assert "chat type 'group'" in data["error"] and "scope.allow_chat_types" in data["error"]
            err, data = client.call("memory_context", {"message": "where is my passport?"})
            assert err and data["digest"] == ""
            err, data = client.call("memory_write", {"text": "Group decided: standup at 10"})
            assert not err and data["path"].startswith("memory/")
    finally:
        proc.send_signal(signal.SIGTERM)
        rc = proc.wait(30)
    assert rc == 0
    assert f"http://127.0.0.1:{port}/mcp (bearer token)" in (proc.stderr.read() if proc.stderr else "")


def test_non_loopback_bind_needs_allow_remote_and_a_token(tmp_path: Path) -> None:
    root = tmp_path / "agent"
    write(root, "MEMORY.md", "# Memory\n")
    env = isolated_env(tmp_path / "home")
    base = ["-w", str(root), "mcp", "--http", "--host", "0.0.0.0", "--port", str(_free_port())]
    out = run_cli(*base, env=env)
    assert out.returncode == 1 and "--allow-remote and a bearer token" in out.stderr
    out = run_cli(*base, "--allow-remote", env=env)
    assert out.returncode == 1 and "bearer token" in out.stderr
