"""A deadline on reading each whole HTTP request (``services/request_deadline.py``) for the servers run on
uvicorn: a client trickling its head or its body is cut off with a 408; one that sent its request whole
waits for a slow answer as long as it takes; ``mdrecall ui`` and ``mdrecall mcp --http`` both use it."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

uvicorn = pytest.importorskip("uvicorn")

from mdrecall.services.request_deadline import DeadlineProtocol, http_protocol  # noqa: E402

DEADLINE = 0.6


async def _app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """Reads the whole body, waits a little past the deadline when asked, answers with the body's size."""
    assert scope["type"] == "http"
    size, more = 0, True
    while more:
        msg = await receive()
        if msg["type"] == "http.disconnect":
            return
        size += len(msg.get("body", b""))
        more = msg.get("more_body", False)
    if scope["path"] == "/slow":
        await asyncio.sleep(DEADLINE * 2)
    body = str(size).encode()
    headers = [(b"content-length", b"%d" % len(body))]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": body})


@pytest.fixture
def port() -> Iterator[int]:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    config = uvicorn.Config(_app, log_level="warning", lifespan="off", http=http_protocol(DEADLINE))
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.02)
    yield sock.getsockname()[1]
    server.should_exit = True
    thread.join(5)
    sock.close()


def _trickle(port: int, head: bytes, drip: bytes, seconds: float) -> tuple[bytes, float]:
    """Send ``head``, then ``drip`` a byte every 0.1 s for up to ``seconds``: what came back, and when."""
    conn = socket.create_connection(("127.0.0.1", port))
    conn.settimeout(0.1)
    conn.sendall(head)
    t0 = time.monotonic()
    got = b""
    try:
        while time.monotonic() - t0 < seconds:
            try:
                conn.sendall(drip)
                got = conn.recv(200)
                break
            except TimeoutError:
                continue
            except OSError:
                break
        return got, time.monotonic() - t0
    finally:
        conn.close()


def test_a_head_sent_a_byte_at_a_time_is_cut_off(port: int) -> None:
    got, took = _trickle(port, b"GET / HTTP/1.1\r\nHost: x\r\nX-Long: ", b"a", 10)
    assert got.startswith(b"HTTP/1.1 408"), got
    assert took < DEADLINE + 2


def test_a_body_sent_a_byte_at_a_time_is_cut_off(port: int) -> None:
    head = b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n"
    got, took = _trickle(port, head, b"b", 10)
    assert got.startswith(b"HTTP/1.1 408"), got
    assert took < DEADLINE + 2


def _ask(conn: socket.socket, request: bytes) -> bytes:
    """Send ``request`` and read one whole response (its head, then a body of its content-length)."""
    conn.sendall(request)
    data = b""
    while b"\r\n\r\n" not in data and (part := conn.recv(4096)):
        data += part
    head, _, body = data.partition(b"\r\n\r\n")
    size = next(int(h.split(b":")[1]) for h in head.split(b"\r\n") if h.lower().startswith(b"content-length"))
    while len(body) < size and (part := conn.recv(4096)):
        body += part
    return head + b"\r\n\r\n" + body


def test_a_whole_request_waits_for_a_slow_answer_and_the_connection_is_kept(port: int) -> None:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        first = _ask(conn, b"POST /slow HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc")
        assert first.startswith(b"HTTP/1.1 200") and first.endswith(b"3"), first
        time.sleep(DEADLINE * 1.5)  # idle between requests: the keep-alive timeout's, not the deadline's
        second = _ask(conn, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        assert second.startswith(b"HTTP/1.1 200"), second


def test_the_ui_and_the_mcp_server_read_requests_under_the_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("mcp")
    seen: list[Any] = []

    class Server:
        def __init__(self, config: Any) -> None:
            seen.append(config.http)

        def run(self, sockets: Any = None) -> None:
            return None

    monkeypatch.setattr(uvicorn, "Server", Server)
    from mdrecall.mcp.server import _serve_http

    class Mcp:
        def streamable_http_app(self, **_kw: Any) -> Any:
            return _app

    _serve_http(Mcp(), "127.0.0.1", 1, None)

    import mdrecall.ui.app as ui_app
    from mdrecall.ui import command

    monkeypatch.setattr(ui_app, "create_app", lambda mem, access: _app)
    monkeypatch.setattr(ui_app, "warm_up", lambda app: None)

    class Mem:
        def close(self) -> None:
            pass

    command.serve(lambda: Mem(), None, 0, open_browser=False, say=lambda _s: None)  # type: ignore[arg-type,return-value]
    assert len(seen) == 2
    assert all(isinstance(h, type) and issubclass(h, DeadlineProtocol) for h in seen), seen
