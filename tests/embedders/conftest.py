"""Real HTTP servers on 127.0.0.1 that speak each provider's embeddings API, and shared fixtures.

Tests reach the helpers through the ``api`` fixture (no ``import conftest``), so they work under any
pytest import mode.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import SimpleNamespace
from typing import Any

import pytest

from mdrecall.embedders.fake import FakeEmbedder

KEY = "sk-test-SECRET-0123456789"
PROVIDER_ENV = (
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
    "OPENROUTER_API_KEY",
    "GEMINI_API_KEY",
    "GOOGLE_API_KEY",
    "VOYAGE_API_KEY",
    "OLLAMA_HOST",
    "OLLAMA_API_KEY",
)


@dataclass
class Request:
    method: str
    path: str
    headers: Any  # an email.message.Message: case-insensitive .get() and []
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class Response:
    status: int = 200
    json: Any = None
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0


App = Callable[[Request], Response]


class Server:
    """A threaded HTTP server whose answers come from ``app``; every request is recorded."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.requests: list[Request] = []
        self.script: list[Response] = []  # served first, in order, before ``app``
        server = self

        class Handler(BaseHTTPRequestHandler):
            def _serve(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                req = Request(self.command, self.path, self.headers, self.rfile.read(length))
                server.requests.append(req)
                resp = server.script.pop(0) if server.script else server.app(req)
                time.sleep(resp.delay)
                payload = json.dumps(resp.json).encode() if resp.json is not None else resp.body
                try:
                    self.send_response(resp.status)
                    for name, value in resp.headers.items():
                        self.send_header(name, value)
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            do_GET = do_POST = _serve

            def log_message(self, *args: Any) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, args=(0.05,), daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}"

    def paths(self) -> list[str]:
        return [r.path for r in self.requests]

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def vectors(texts: list[str], dims: int) -> list[list[float]]:
    """Deterministic, not-normalised vectors (the fake embedder scaled by 3)."""
    return (FakeEmbedder(dims).embed_documents(texts) * 3.0).tolist()


def unauthorized(message: str = "invalid api key") -> Response:
    return Response(401, json={"error": {"message": message}})


def openai_app(dims: int = 8, key: str | None = KEY) -> App:
    def app(req: Request) -> Response:
        if key is not None and req.headers.get("Authorization") != f"Bearer {key}":
            return unauthorized(f"Incorrect API key provided: {req.headers.get('Authorization')}")
        if req.method != "POST" or req.path != "/v1/embeddings":
            return Response(404, json={"error": {"message": "no route"}})
        body = req.json()
        texts = body["input"]
        assert body["encoding_format"] == "float" and isinstance(texts, list)
        n = body.get("dimensions", dims)
        data = [{"object": "embedding", "index": i, "embedding": v} for i, v in enumerate(vectors(texts, n))]
        return Response(json={"object": "list", "data": data[::-1], "model": body["model"]})

    return app


def gemini_app(dims: int = 8, key: str = KEY) -> App:
    def app(req: Request) -> Response:
        if req.headers.get("x-goog-api-key") != key:
            return Response(403, json={"error": {"code": 403, "message": "API key not valid"}})
        if not (req.path.startswith("/v1beta/models/") and req.path.endswith(":batchEmbedContents")):
            return Response(404, json={"error": {"message": "no route"}})
        reqs = req.json()["requests"]
        if len(reqs) > 100:
            return Response(400, json={"error": {"message": "at most 100 requests can be in one batch"}})
        texts = [r["content"]["parts"][0]["text"] for r in reqs]
        n = reqs[0].get("outputDimensionality", dims)
        return Response(json={"embeddings": [{"values": v} for v in vectors(texts, n)]})

    return app


def voyage_app(dims: int = 8, key: str = KEY) -> App:
    def app(req: Request) -> Response:
        if req.headers.get("Authorization") != f"Bearer {key}":
            return unauthorized()
        if req.path != "/v1/embeddings":
            return Response(404, json={"detail": "Not Found"})
        body = req.json()
        assert body["input_type"] in {"document", "query"}
        n = body.get("output_dimension") or dims
        data = [
            {"object": "embedding", "embedding": v, "index": i}
            for i, v in enumerate(vectors(body["input"], n))
        ]
        return Response(json={"object": "list", "data": data, "model": body["model"]})

    return app


def ollama_app(dims: int = 8) -> App:
    def app(req: Request) -> Response:
        if req.path != "/api/embed":
            return Response(404, body=b"404 page not found")
        body = req.json()
        return Response(json={"model": body["model"], "embeddings": vectors(body["input"], dims)})

    return app


@pytest.fixture(autouse=True)
def _clean_provider_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """No API key or base URL of the developer's shell leaks into a test."""
    for name in PROVIDER_ENV:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def serve() -> Iterator[Callable[[App], Server]]:
    """Start servers for one test; all are shut down afterwards."""
    servers: list[Server] = []

    def start(app: App) -> Server:
        server = Server(app)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.close()


@pytest.fixture
def closed_url() -> str:
    """A URL on 127.0.0.1 where nothing listens."""
    server = Server(lambda req: Response())
    url = server.url
    server.close()
    return url


@pytest.fixture
def api() -> SimpleNamespace:
    """The helpers: ``KEY``, ``Response``, ``vectors`` and the provider apps."""
    return SimpleNamespace(
        KEY=KEY,
        Request=Request,
        Response=Response,
        vectors=vectors,
        openai=openai_app,
        gemini=gemini_app,
        voyage=voyage_app,
        ollama=ollama_app,
    )
