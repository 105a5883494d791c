"""Item 4: a provider that drips bytes or never answers costs one timeout, not one per call."""

from __future__ import annotations

import json
import socket
import socketserver
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from mdrecall import Memory
from mdrecall.config.settings import Config
from mdrecall.errors import EmbedderError, ProviderUnavailableError
from mdrecall.plugins.deadline import provider_deadline
from mdrecall.plugins.http_client import HttpClient

from helpers import run_process, write


class DripServer:
    """A loopback HTTP server that answers one byte every ``gap`` seconds (or never, ``silent``).

    ``mode``: ``body`` sends headers at once then drips a valid embeddings body; ``headers`` drips
    the status line and headers; ``silent`` reads the request and says nothing.
    """

    def __init__(self, mode: str, gap: float = 0.2) -> None:
        self.mode, self.gap = mode, gap
        self.requests = 0
        self.stop = threading.Event()
        owner = self

        class Handler(socketserver.BaseRequestHandler):
            def handle(self) -> None:
                sock: socket.socket = self.request
                data = b""
                while b"\r\n\r\n" not in data:
                    part = sock.recv(65536)
                    if not part:
                        return
                    data += part
                head, _, body = data.partition(b"\r\n\r\n")
                length = next(
                    (
                        int(ln.split(b":")[1])
                        for ln in head.split(b"\r\n")
                        if ln.lower().startswith(b"content-length")
                    ),
                    0,
                )
                while len(body) < length:
                    body += sock.recv(65536)
                owner.requests += 1
                texts = json.loads(body or b"{}").get("input", ["x"])
                payload = json.dumps(
                    {"data": [{"index": i, "embedding": [0.1] * 8} for i in range(len(texts))]}
                ).encode()
                head_out = (
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                    f"Content-Length: {len(payload)}\r\n\r\n"
                )
                try:
                    if owner.mode == "silent":
                        owner.stop.wait(60)
                        return
                    if owner.mode == "body":
                        sock.sendall(head_out.encode())
                        out = payload
                    else:
                        out = head_out.encode() + payload
                    for i in range(len(out)):
                        if owner.stop.wait(owner.gap):
                            return
                        sock.sendall(out[i : i + 1])
                except OSError:
                    return

        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.stop.set()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def drip() -> Iterator[type[DripServer]]:
    servers: list[DripServer] = []

    def start(mode: str, gap: float = 0.2) -> DripServer:
        servers.append(DripServer(mode, gap))
        return servers[-1]

    yield start  # type: ignore[misc]
    for s in servers:
        s.close()


@pytest.mark.parametrize("mode", ["body", "headers", "silent"])
def test_a_dripping_answer_is_cut_at_the_request_deadline(drip, mode: str) -> None:
    server = drip(mode)
    client = HttpClient("openai", server.url, timeout_s=1.0, max_retries=0)
    start = time.monotonic()
    with pytest.raises(ProviderUnavailableError, match="timed out after 1 s"):
        client.request_json("POST", "embeddings", {"input": ["hello"], "model": "m"})
    assert time.monotonic() - start < 5  # the body alone would take ~100 s at this pace
    assert server.requests == 1


def test_a_block_deadline_stops_retries(drip) -> None:
    server = drip("silent")
    client = HttpClient("openai", server.url, timeout_s=1.0, max_retries=5, backoff_s=0.01)
    start = time.monotonic()
    with provider_deadline(1.5), pytest.raises(EmbedderError):
        client.request_json("POST", "embeddings", {"input": ["hello"], "model": "m"})
    assert time.monotonic() - start < 5  # 6 attempts of 1 s each without the shared deadline
    assert server.requests <= 2


def provider_config(url: str) -> Config:
    return Config().merged(
        {
            "embedding": {
                "provider": "openai",
                "base_url": url,
                "api_key": "sk-test-0123456789",
                "model": "test-embed",
                "timeout_s": 1.0,
                "max_retries": 2,
                "options": {"retry_backoff_s": 0.01},
            }
        }
    )


def make_ws(root: Path) -> Path:
    write(root, "MEMORY.md", "# Long-term\n\n- the kafka cluster has 5 brokers\n")
    write(root, "memory/2026-01-05.md", "# 2026-01-05\n\n## 10:00\n\nwe moved kafka to the new racks\n")
    return root


@pytest.mark.parametrize("mode", ["body", "silent"])
def test_search_costs_one_timeout_then_the_breaker_skips_the_provider(
    drip, tmp_path: Path, mode: str
) -> None:
    server = drip(mode)
    ws = make_ws(tmp_path / "agent")
    cfg = provider_config(server.url)
    start = time.monotonic()
    with Memory.open(ws, cfg) as mem:
        first = mem.search_result("kafka racks")
    assert time.monotonic() - start < 8  # the query embedding: one 1 s deadline (the sync embeds nothing)
    assert first.hits and first.mode in {"hybrid", "bm25", "vector"}
    assert first.fallback and any(w in first.fallback for w in ("timed out", "timeout", "skipped"))
    seen = server.requests
    assert seen >= 1
    with Memory.open(ws, cfg) as mem:  # a new process would read the same breaker from the index
        second = mem.search_result("kafka racks")
    assert second.hits and "skipped until" in (second.fallback or "")
    assert server.requests == seen  # the provider was not asked again


def test_cli_runs_share_the_breaker(drip, tmp_path: Path) -> None:
    """Two processes: the breaker lives in the index, not in a process's memory. The files are indexed
    first (keyword only): a first search's sync on a loaded machine could spend its provider time
    (``embedding.timeout_s`` is the whole search's) before it asks the provider, which then trips no
    breaker, rightly (the provider was not at fault), and the second run would ask it."""
    server = drip("silent")
    ws = make_ws(tmp_path / "agent")
    keyword = run_process(
        "-w", str(ws), "index", env={"MDRECALL_EMBEDDING_PROVIDER": "none"}, binary=True, timeout=60
    )
    assert keyword.returncode == 0, keyword.stderr
    env = {
        "MDRECALL_EMBEDDING_PROVIDER": "openai",
        "MDRECALL_EMBEDDING_BASE_URL": server.url,
        "OPENAI_API_KEY": "sk-test-0123456789",
        "MDRECALL_EMBEDDING_MODEL": "test-embed",
        "MDRECALL_EMBEDDING_TIMEOUT_S": "1",
    }
    first = run_process("-w", str(ws), "search", "kafka", env=env, binary=True, timeout=60)
    assert first.returncode == 0, first.stderr
    seen = server.requests
    second = run_process("-w", str(ws), "search", "kafka", env=env, binary=True, timeout=60)
    assert second.returncode == 0 and b"MEMORY.md" in second.stdout
    assert b"skipped until" in second.stderr
    assert server.requests == seen
