"""Issue 32, items 9-12: a note appended whole or not at all under kill -9, a session-end capture on a full
disk that leaves nothing, the page's token bound to one port, and malformed JSON-RPC answered."""

from __future__ import annotations

import http.cookiejar
import http.server
import json
import os
import re
import select
import signal
import subprocess
import threading
import time
import urllib.request
from pathlib import Path
from typing import ClassVar

import pytest

from .conftest import fill
from helpers import mdrecall_argv, run_process

# ---- item 9: kill -9 while a big note is written ---------------------------------------------------------

_LINE = b"the deploy of the billing service moved to friday evenings\n"
_BIG_NOTE = _LINE * 560_000  # 32 MB, as in the report


def _sizes(ws: Path) -> dict[str, int]:
    return {e.name: e.stat().st_size for e in os.scandir(ws) if e.is_file(follow_symlinks=False)}


def _kill_when_a_file_changes(ws: Path, proc: subprocess.Popen[bytes], delay: float) -> bool:
    """Kill ``proc`` (SIGKILL) ``delay`` seconds after MEMORY.md or a file beside it changes size (or
    appears): the moment the note's bytes start to land. ``False`` when the process ended first."""
    before = _sizes(ws)
    while proc.poll() is None:
        if _sizes(ws) != before:
            if delay:
                time.sleep(delay)
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            return True
    return False


def test_kill_9_as_a_big_long_term_note_lands_leaves_old_or_whole(tmp_path: Path) -> None:
    ws = tmp_path / "agent"
    ws.mkdir()
    old = b"# Long-term memory\n\n## Remembered\n\n- the user likes tea _(2026-01-02)_\n"
    (ws / "MEMORY.md").write_bytes(old)
    env = {**os.environ, "MDRECALL_EMBEDDING_PROVIDER": "none"}
    outcomes = []
    for delay in (0.0, 0.0, 0.0, 0.005, 0.02):  # at the first byte, then a little into the copy
        proc = subprocess.Popen(
            mdrecall_argv("-w", str(ws), "remember", "--long-term", "--keep-secrets", "-"),
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=env,
        )
        assert proc.stdin is not None
        proc.stdin.write(_BIG_NOTE)
        proc.stdin.close()
        killed = _kill_when_a_file_changes(ws, proc, delay)
        now = (ws / "MEMORY.md").read_bytes()
        if now == old:
            outcomes.append("old")
        else:  # the whole note, each of its lines, and nothing cut
            # every line of the note (the last one carries the day: "… evenings _(2026-11-27)_")
            lines = now[len(old) :].count(_LINE.rstrip(b"\n"))
            assert now.startswith(old) and lines == 560_000, (delay, len(now), lines)
            assert now.endswith(b"_\n")
            outcomes.append("whole")
            (ws / "MEMORY.md").write_bytes(old)  # the next run starts from the small file again
        assert killed or outcomes[-1] == "whole"
    assert "old" in outcomes, outcomes  # a kill did land while the note was being written
    # What a killed copy left is not a memory file (the index looks at MEMORY.md only), and the next
    # append, even a small one, removes it.
    plain = {"MDRECALL_EMBEDDING_PROVIDER": "none"}
    index = run_process("-w", str(ws), "index", "--json", env=plain)
    assert index.returncode == 0 and json.loads(index.stdout)["scanned"] == 1, index.stdout + index.stderr
    assert run_process("-w", str(ws), "remember", "--long-term", "tea, not coffee", env=plain).returncode == 0
    assert sorted(_sizes(ws)) == ["MEMORY.md"]
    assert (ws / "MEMORY.md").read_bytes().startswith(old + b"- tea, not coffee")


# ---- item 10: session-end on a full disk ------------------------------------------------------------------


def _transcript(path: Path) -> Path:
    said = [
        ("user", "we should migrate the billing service to postgres words " + "filler " * 2000),
        ("assistant", "agreed: the billing postgres migration starts monday " + "more " * 2000),
    ]
    with path.open("w", encoding="utf-8") as fh:
        for i, (role, text) in enumerate(said):
            message = {"role": role, "content": text}
            record = {"type": role, "uuid": f"u{i}", "timestamp": "2026-01-26T09:30:00Z", "message": message}
            fh.write(json.dumps(record) + "\n")
    return path


def test_session_end_on_a_full_disk_leaves_nothing_and_exits_0(small_disk: Path, tmp_path: Path) -> None:
    ws = small_disk / "agent"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("# Long-term memory\n\n- the user likes tea\n")
    (ws / ".mdrecall.toml").write_text("[capture]\nturns = false\n")  # only the session-end file
    transcript = _transcript(tmp_path / "5f1c.jsonl")
    env = {"MDRECALL_EMBEDDING_PROVIDER": "none", "HOME": str(tmp_path / "home")}
    payload = json.dumps({"session_id": "5f1c", "transcript_path": str(transcript)})
    assert run_process("-w", str(ws), "index", env=env).returncode == 0
    filler = fill(small_disk)

    for _ in range(2):
        end = run_process("-w", str(ws), "hook", "session-end", stdin=payload, env=env)
        assert end.returncode == 0, end.stderr
        assert "internal error" not in end.stderr
        assert "nothing captured" in end.stderr and "No space left" in end.stderr, end.stderr
        assert "nothing was saved" in end.stderr
        assert sorted(p.name for p in (ws / "memory").iterdir()) == []  # no empty capture left behind

    filler.unlink()
    end = run_process("-w", str(ws), "hook", "session-end", stdin=payload, env=env)
    assert end.returncode == 0 and "captured 2 messages" in end.stderr, end.stderr
    [saved] = list((ws / "memory").iterdir())
    assert not saved.stem.endswith("-2")  # the name the failed tries would have pushed aside
    assert "starts monday" in saved.read_text()


# ---- item 11: the page's cookie and other servers on localhost -------------------------------------------


class _Recorder(http.server.BaseHTTPRequestHandler):
    """Another local server (a dev server on another port): records the Cookie headers it is sent."""

    cookies: ClassVar[list[str]] = []

    def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
        self.cookies.append(self.headers.get("Cookie", ""))
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"ok")

    def log_message(self, *_: object) -> None:
        pass


def test_the_pages_token_cookie_never_reaches_another_port_of_localhost(tmp_path: Path) -> None:
    pytest.importorskip("uvicorn", reason="the ui extra is not installed")
    ws = tmp_path / "agent"
    ws.mkdir()
    (ws / "MEMORY.md").write_text("# Long-term memory\n\n- the user likes tea\n")
    other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Recorder)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    ui = subprocess.Popen(
        mdrecall_argv("ui", "-w", str(ws), "--port", "0", "--no-open"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "MDRECALL_EMBEDDING_PROVIDER": "none", "HOME": str(tmp_path / "home")},
    )
    try:
        assert ui.stdout is not None
        printed = re.search(r"http://(\S+):(\d+)/\?token=(\S+)", ui.stdout.readline())
        assert printed, ui.stderr.read() if ui.stderr else ""
        address, port, token = printed.groups()
        assert address == "127.0.0.1"
        jar = http.cookiejar.CookieJar()  # the standard library's real cookie rules: by host, not by port
        browser = urllib.request.build_opener(
            urllib.request.ProxyHandler({}), urllib.request.HTTPCookieProcessor(jar)
        )
        # The user types localhost instead of the printed address (or a tool rewrites it).
        with browser.open(f"http://localhost:{port}/?token={token}", timeout=30) as page:
            assert page.status == 200
            landed = page.url
        # Then a page of a dev server on another port of localhost.
        browser.open(f"http://localhost:{other.server_address[1]}/", timeout=30).read()
        assert _Recorder.cookies and all(token not in c for c in _Recorder.cookies), _Recorder.cookies
        assert landed == f"http://127.0.0.1:{port}/" and [c.domain for c in jar] == ["127.0.0.1"]
        with browser.open(f"http://127.0.0.1:{port}/search?q=tea", timeout=30) as page:
            assert page.status == 200 and b"likes <mark>tea</mark>" in page.read()  # the page still works
    finally:
        ui.send_signal(signal.SIGINT)
        try:
            ui.wait(timeout=15)
        finally:
            if ui.poll() is None:
                ui.kill()
        other.shutdown()


# ---- item 12: malformed JSON-RPC on the MCP server's stdio ------------------------------------------------


class _Stdio:
    """The real ``mdrecall mcp`` process, spoken to line by line over its stdin and stdout."""

    def __init__(self, ws: Path, home: Path) -> None:
        env = {**os.environ, "MDRECALL_EMBEDDING_PROVIDER": "none", "HOME": str(home)}
        self.proc = subprocess.Popen(
            mdrecall_argv("-w", str(ws), "mcp"),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
        )

    def send(self, line: str | bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write((line.encode() if isinstance(line, str) else line) + b"\n")
        self.proc.stdin.flush()

    def answer(self, timeout: float = 20) -> dict | None:
        """The next line the server writes, as JSON (``None`` when it says nothing for ``timeout`` s)."""
        assert self.proc.stdout is not None
        if not select.select([self.proc.stdout], [], [], timeout)[0]:
            return None
        return json.loads(self.proc.stdout.readline())

    def close(self) -> int:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        try:
            return self.proc.wait(timeout=30)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()


def test_malformed_json_rpc_gets_the_json_rpc_error_and_the_server_goes_on(tmp_path: Path) -> None:
    pytest.importorskip("mcp")
    ws = tmp_path / "agent"
    ws.mkdir()
    (ws / "MEMORY.md").write_text("# Long-term memory\n\n- the user likes tea\n")
    server = _Stdio(ws, tmp_path / "home")
    try:
        client = {"name": "t", "version": "1"}
        hello = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": client}
        server.send(json.dumps({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": hello}))
        assert (server.answer() or {}).get("id") == 0
        server.send(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}))
        bad: list[tuple[str | bytes, int, int | str | None]] = [
            ("this is not json", -32700, None),
            (b"\xff\xfe{ binary", -32700, None),
            ('{"jsonrpc": "2.0", "id": 3, "method": "tools/list"', -32700, None),  # cut short
            ('{"jsonrpc": "1.0", "id": 4, "method": "tools/list"}', -32600, 4),  # wrong version
            ('{"jsonrpc": "2.0", "id": 5, "method": "tools/list", "params": "x"}', -32600, 5),
            ('{"jsonrpc": "2.0", "id": "six"}', -32600, "six"),  # no method
            ('{"jsonrpc": "2.0", "id": 7, "method": 7}', -32600, 7),
            ("[1, 2]", -32600, None),
            ('"a string"', -32600, None),
            ('{"jsonrpc": "2.0", "id": {"a": 1}, "method": "tools/list"}', -32600, None),  # no id: not one
            ('{"jsonrpc": "2.0", "id": [8], "method": "tools/list"}', -32600, None),
            ('{"jsonrpc": "2.0", "id": true, "method": "tools/list"}', -32600, None),
        ]
        for line, code, ident in bad:
            server.send(line)
            got = server.answer()
            assert got is not None, f"no answer to {line!r}"
            assert (got["jsonrpc"], got["id"], got["error"]["code"]) == ("2.0", ident, code), (line, got)
            assert "result" not in got
        server.send("")  # a blank line asks nothing: no answer, as before
        search = {"name": "memory_search", "arguments": {"query": "tea"}}
        server.send(json.dumps({"jsonrpc": "2.0", "id": 9, "method": "tools/call", "params": search}))
        ok = server.answer()
        assert ok is not None and ok["id"] == 9, ok  # the next answer is the search's: still serving
        assert "likes tea" in ok["result"]["content"][0]["text"]
    finally:
        assert server.close() == 0
