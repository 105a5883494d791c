"""``mdrecall ui`` as a user types it: the printed URL, loopback only, the refusals over real HTTP, Ctrl-C."""

from __future__ import annotations

import http.client
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

from ui_helpers import env_for, start_server, stop_server


def _get(url: str, path: str, headers: dict[str, str] | None = None) -> http.client.HTTPResponse:
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    conn.request("GET", path, headers=headers or {})
    return conn.getresponse()


def test_ui_prints_a_loopback_url_with_a_token_refuses_strangers_and_stops_on_ctrl_c(
    ui_ws: Path, tmp_path: Path
) -> None:
    proc, url = start_server(ui_ws, tmp_path / "home")
    try:
        parts = urlsplit(url)
        assert parts.hostname == "127.0.0.1" and parts.query.startswith("token=")
        assert _get(url, "/").status == 401
        first = _get(url, "/?" + parts.query)
        assert first.status == 303 and "HttpOnly" in first.getheader("set-cookie", "")
        cookie = first.getheader("set-cookie", "").split(";", 1)[0]
        assert _get(url, "/search?q=kestrel", {"Cookie": cookie}).status == 200
        assert _get(url, "/", {"Cookie": cookie, "Host": f"evil.test:{parts.port}"}).status == 421
        with socket.socket() as s:  # loopback only: not on this machine's other addresses
            addrs = {a[4][0] for a in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)}
            others = [a for a in addrs if not a.startswith("127.")]
            if others:
                s.settimeout(2)
                assert s.connect_ex((others[0], parts.port)) != 0
    finally:
        code = stop_server(proc)
    assert code == 0
    assert "Traceback" not in (proc.stderr.read() if proc.stderr else "")


def test_a_port_in_use_is_a_one_line_error(ui_ws: Path, tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        out = subprocess.run(
            [sys.executable, "-m", "mdrecall", "ui", "-w", str(ui_ws), "--no-open", "--port", str(port)],
            capture_output=True, text=True, env=env_for(tmp_path / "home"), timeout=60,
        )  # fmt: skip
    assert out.returncode == 1 and "--port" in out.stderr and "Traceback" not in out.stderr


def test_without_no_open_the_url_is_handed_to_the_browser(ui_ws: Path, tmp_path: Path) -> None:
    opened = tmp_path / "opened.txt"
    browser = tmp_path / "browser.sh"  # $BROWSER, as the webbrowser module honours it
    browser.write_text(f'#!/bin/sh\necho "$1" > {opened}\n')
    browser.chmod(0o755)
    proc, url = start_server(ui_ws, tmp_path / "home", "--host", "127.0.0.1", env={"BROWSER": str(browser)})
    try:
        deadline = time.monotonic() + 20
        while not (opened.exists() and opened.read_text().strip()) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert opened.read_text().strip() == url
    finally:
        assert stop_server(proc) == 0
