"""The one HTTP client of mdrecall: every remote call (embedders, rerankers) goes through it.

A small JSON-over-HTTP client on the standard library (httpx would add ~50 ms to every CLI start for
nothing the tests need: they run against real loopback servers).

It adds what every provider needs and nothing else: a deadline for each whole request (connect,
headers and body together: a server that drips bytes is cut off, see :class:`_Watchdog`) and for all
the requests of a block (:func:`~mdrecall.plugins.deadline.provider_deadline`), retries with exponential
backoff and jitter on 429, 5xx and connection errors (honouring ``Retry-After``), and
:class:`~mdrecall.errors.EmbedderError` messages that say what to do next. The API key is sent
in a header and scrubbed from every message; it never appears in a repr or a log line.
"""

from __future__ import annotations

import contextlib
import email.utils
import http.client
import ipaddress
import json
import logging
import random
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Mapping
from typing import Any

from mdrecall.errors import EmbedderError, ProviderUnavailableError
from mdrecall.plugins.deadline import time_left

log = logging.getLogger("mdrecall.embedders")

RETRY_STATUS = frozenset({408, 409, 425, 429, 500, 502, 503, 504, 529})
MAX_RETRY_WAIT_S = 60.0
#: What to do, by HTTP status; ``{s}`` is the config section (``embedding``, ``rerank``) and the other
#: fields come from :data:`_SECTION_REMEDIES`.
_HINTS = {
    400: "the request was rejected: check {s}.model and the input sizes",
    401: "the API key was refused: check {s}.api_key or the provider's API key variable",
    403: "the API key lacks access to this model: check the key's permissions and {s}.model",
    404: "not found: check {s}.base_url and {s}.model",
    413: "the request is too large: lower {smaller}",
    429: "rate limited: retry later, lower {batch}{fallback}",
}
_SERVER_HINT = "the provider has a problem: retry later{fallback}"
_OTHER_HINT = "check {s}.model, {s}.base_url and the request size"
_NETWORK_HINT = "check the network and {s}.base_url, raise {s}.timeout_s{fallback}"
_SECTION_REMEDIES = {
    "embedding": {
        "smaller": "embedding.batch_size or options.max_batch_chars",
        "batch": "embedding.batch_size",
        "fallback": ", or configure embedding.fallback",
    },
    "rerank": {"smaller": "rerank.top_n", "batch": "rerank.top_n", "fallback": ""},
}


class HttpClient:
    """JSON requests against one base URL with auth headers, retries and scrubbed errors."""

    def __init__(
        self,
        provider: str,
        base_url: str,
        *,
        headers: Mapping[str, str] | None = None,
        secret: str = "",
        timeout_s: float = 30.0,
        max_retries: int = 3,
        backoff_s: float = 0.5,
        sleep: Callable[[float], None] = time.sleep,
        section: str = "embedding",
    ) -> None:
        self.provider = provider
        self.section = section  # the config section named in error messages (embedding, rerank)
        self.base_url = base_url.rstrip("/")
        self._headers = dict(headers or {})
        self._secret = secret
        self.timeout_s = timeout_s
        self.max_retries = max(0, max_retries)
        self.backoff_s = backoff_s
        self._sleep = sleep
        self.retries = 0  # total retries made, for reports and tests

    def __repr__(self) -> str:
        return f"HttpClient(provider={self.provider!r}, base_url={self.base_url!r})"

    def url(self, path: str) -> str:
        """Absolute URL for ``path`` (an absolute URL is returned unchanged)."""
        if path.startswith(("http://", "https://")):
            return path
        return f"{self.base_url}/{path.lstrip('/')}"

    def scrub(self, text: str) -> str:
        """``text`` with the API key replaced by ``***``."""
        return text.replace(self._secret, "***") if len(self._secret) >= 4 else text

    def request_json(self, method: str, path: str, body: Any = None) -> Any:
        """Send ``body`` as JSON (if given) and decode the JSON answer."""
        data = None if body is None else json.dumps(body).encode()
        raw = self.request(method, path, data=data, content_type="application/json")
        return self.decode_json(raw, path)

    def decode_json(self, raw: bytes, path: str) -> Any:
        """Decode a JSON answer, or raise a clear :class:`EmbedderError`."""
        try:
            return json.loads(raw)
        except (UnicodeDecodeError, json.JSONDecodeError):
            snippet = self.scrub(raw[:120].decode("utf-8", "replace"))
            raise EmbedderError(
                f"{self.provider}: {self._where(path)} answered with invalid JSON ({snippet!r}). "
                f"Check {self.section}.base_url points at the provider's API."
            ) from None

    def request(self, method: str, path: str, *, data: bytes | None = None, content_type: str = "") -> bytes:
        """Send one request with retries; return the body of a 2xx answer."""
        headers = {"Accept": "application/json", "User-Agent": "mdrecall", **self._headers}
        if content_type and data is not None:
            headers["Content-Type"] = content_type
        attempt = 0
        while True:
            left = time_left()
            budget = self.timeout_s if left is None else min(self.timeout_s, left)
            if budget <= 0:  # not the provider's fault: no breaker for this one
                raise EmbedderError(
                    f"{self.provider} {self.section} request not sent: this search's time for providers "
                    f"({self.section}.timeout_s) was spent. Retry, or raise {self.section}.timeout_s."
                )
            req = urllib.request.Request(self.url(path), data=data, method=method, headers=headers)
            wait: float | None = None
            watchdog = _Watchdog(budget)
            try:
                with watchdog.opener().open(req, timeout=budget) as resp:
                    body: bytes = resp.read()
                if watchdog.fired:
                    raise TimeoutError
                return body
            except urllib.error.HTTPError as exc:
                body_text = _read_error(exc)
                if exc.code not in RETRY_STATUS or attempt >= self.max_retries:
                    raise self._status_error(path, exc.code, body_text, attempt) from None
                wait = _retry_after(exc.headers.get("Retry-After"))
                reason = f"HTTP {exc.code}"
            except (urllib.error.URLError, http.client.HTTPException, OSError) as exc:
                cause = getattr(exc, "reason", exc)
                timed_out = (
                    watchdog.fired or isinstance(exc, TimeoutError) or isinstance(cause, socket.timeout)
                )
                what = f"timed out after {budget:g} s" if timed_out else f"cannot connect ({cause})"
                if attempt >= self.max_retries:
                    raise self._net_error(path, what, attempt) from None
                reason = "timeout" if timed_out else "connection error"
            finally:
                watchdog.cancel()
            if wait is None:
                base = self.backoff_s * (2**attempt)
                wait = base + random.uniform(0, base)
            wait = min(wait, MAX_RETRY_WAIT_S)
            left = time_left()
            if left is not None and wait >= left:  # no time for another try: fail now, not later
                raise self._net_error(path, f"failed ({reason}) and the search's time ran out", attempt)
            attempt += 1
            self.retries += 1
            log.info("%s: %s, retry %d/%d in %.2fs", self.provider, reason, attempt, self.max_retries, wait)
            self._sleep(wait)

    def _where(self, path: str) -> str:
        """The request's address as a message names it: no query (it may carry a key) and no user or
        password before the host (``http://user:secret@host/v1``)."""
        parts = urllib.parse.urlsplit(self.url(path))
        return f"{parts.scheme}://{parts.netloc.rpartition('@')[2]}{parts.path}"

    def _status_error(self, path: str, status: int, body: str, attempts: int) -> EmbedderError:
        hint = _HINTS.get(status) or (_SERVER_HINT if status >= 500 else _OTHER_HINT)
        tried = f" after {attempts + 1} attempts" if attempts else ""
        detail = f": {self.scrub(body)}" if body else ""
        kind = ProviderUnavailableError if status in RETRY_STATUS else EmbedderError
        return kind(
            f"{self.provider} {self.section} request failed{tried}: HTTP {status} from {self._where(path)}"
            f"{detail}. What to do: {self._hint(hint)}."
        )

    def _net_error(self, path: str, what: str, attempts: int) -> ProviderUnavailableError:
        tried = f" after {attempts + 1} attempts" if attempts else ""
        return ProviderUnavailableError(
            f"{self.provider} {self.section} request {what}{tried} at {self._where(path)}. "
            f"What to do: {self._hint(_NETWORK_HINT)}."
        )

    def _hint(self, template: str) -> str:
        return template.format(
            s=self.section, **_SECTION_REMEDIES.get(self.section, _SECTION_REMEDIES["rerank"])
        )


class _Watchdog:
    """Cuts a request off when its deadline passes, whatever stage it is in.

    A socket timeout bounds each read, not the request: a server sending one byte a second never
    trips it. The watchdog records the sockets its opener connects and shuts them down at the
    deadline, so the blocked read returns at once and the request fails as timed out.
    """

    def __init__(self, seconds: float) -> None:
        self.fired = False
        self._socks: list[socket.socket] = []
        self._lock = threading.Lock()
        self._timer = threading.Timer(max(0.0, seconds), self._fire)
        self._timer.daemon = True
        self._timer.start()

    def _fire(self) -> None:
        with self._lock:
            self.fired = True
            for sock in self._socks:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)

    def track(self, sock: socket.socket | None) -> None:
        if sock is None:
            return
        with self._lock:
            self._socks.append(sock)
            if self.fired:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)

    def cancel(self) -> None:
        self._timer.cancel()

    def opener(self) -> urllib.request.OpenerDirector:
        """An opener (proxies, redirects as usual) whose connections this watchdog can cut."""
        dog = self

        class _HTTP(http.client.HTTPConnection):
            def connect(self) -> None:
                super().connect()
                dog.track(self.sock)

        class _HTTPS(http.client.HTTPSConnection):
            def connect(self) -> None:
                super().connect()
                dog.track(self.sock)

        class _HTTPHandler(urllib.request.HTTPHandler):
            def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
                return self.do_open(_HTTP, req)

        class _HTTPSHandler(urllib.request.HTTPSHandler):
            def https_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
                # HTTPSHandler keeps its TLS context in _context, which typeshed does not declare
                return self.do_open(_HTTPS, req, context=self._context)  # type: ignore[attr-defined]

        return urllib.request.build_opener(_HTTPHandler, _HTTPSHandler)


def _read_error(exc: urllib.error.HTTPError) -> str:
    """The server's error message, short: ``error.message`` of a JSON body, else the text."""
    try:
        raw = exc.read(4096)
    except Exception:  # noqa: BLE001 - a broken error body must not hide the status code
        return ""
    text = raw.decode("utf-8", "replace").strip()
    try:
        doc = json.loads(text)
    except json.JSONDecodeError:
        return " ".join(text.split())[:300]
    err = doc.get("error", doc.get("detail", doc)) if isinstance(doc, dict) else doc
    if isinstance(err, dict):
        err = err.get("message", err)
    return " ".join(str(err).split())[:300]


def _retry_after(value: str | None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header (seconds or an HTTP date)."""
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


def multipart(fields: Mapping[str, str], file_field: str, filename: str, content: bytes) -> tuple[bytes, str]:
    """Encode a ``multipart/form-data`` body; returns ``(body, content_type)``."""
    boundary = f"mdrecall-{random.getrandbits(64):016x}"
    parts: list[bytes] = []
    for name, value in fields.items():
        parts.append(
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
        )
    parts.append(
        f'--{boundary}\r\nContent-Disposition: form-data; name="{file_field}"; filename="{filename}"\r\n'
        "Content-Type: application/jsonl\r\n\r\n".encode()
        + content
        + b"\r\n"
    )
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def is_loopback_host(host: str) -> bool:
    """True for ``localhost`` (and ``*.localhost``) and loopback addresses (``127.0.0.0/8``, ``[::1]``)."""
    host = host.strip().strip("[]").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def is_loopback_url(url: str) -> bool:
    """True when ``url`` points at this machine: texts sent there do not leave it."""
    return is_loopback_host(urllib.parse.urlsplit(url).hostname or "")
