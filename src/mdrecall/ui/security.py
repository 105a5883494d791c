"""The UI's gate, as one ASGI middleware: every request passes it before any page runs.

- **Host** must be the address the server was started for (``127.0.0.1:PORT``, ``localhost:PORT``,
  ``[::1]:PORT``, or the explicit ``--host``): a DNS-rebinding page on another name is refused.
- **One address**: a request to ``localhost:PORT`` is redirected to the address the URL names
  (``127.0.0.1:PORT``) before any cookie is set. Cookies are scoped by host name, not by port, so a
  cookie set for ``localhost`` would go to every server on any port of ``localhost`` (the name dev
  servers print); the token's cookie is set for ``127.0.0.1`` only. Servers on other ports of
  ``127.0.0.1`` that the same browser visits still receive it (see docs/security.md).
- **Token**: a random token is required on every request. The first visit carries it in the URL
  (``/?token=…``); the answer sets it as a cookie (``HttpOnly; SameSite=Strict``) and redirects to the
  same URL without it, so it leaves the address bar and the history.
- **POST** (the only method that changes anything) must come with an ``Origin`` of this server and the
  form's CSRF token; other methods than GET/HEAD/POST are refused.
- Every answer carries a Content-Security-Policy (``default-src 'self'``, no inline script or style,
  ``frame-ancestors 'none'``), ``X-Content-Type-Options: nosniff``,
  no referrer beyond this server, no caching.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode

__all__ = ["CSP", "Guard", "Access", "new_token"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
    (b"cache-control", b"no-store"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
]


def new_token() -> str:
    """A fresh random access token (URL-safe, 256 bits)."""
    return secrets.token_urlsafe(32)


@dataclass(frozen=True)
class Access:
    """What a request must show: the token, the port, and the host names it may be addressed to."""

    token: str
    port: int
    hosts: tuple[str, ...] = ("127.0.0.1", "localhost", "[::1]")
    extra: tuple[str, ...] = field(default=())
    #: The one loopback address the page is used at (the printed URL's): ``localhost`` is sent there.
    canonical: str = "127.0.0.1"

    @property
    def cookie(self) -> str:
        """The cookie's name (per port: cookies do not tell ports apart)."""
        return f"mdrecall_ui_{self.port}"

    @property
    def csrf(self) -> str:
        """The CSRF token forms carry (derived from the access token; not the token itself)."""
        return hmac.new(self.token.encode(), b"mdrecall-ui-csrf", hashlib.sha256).hexdigest()

    def host_ok(self, host: str) -> bool:
        """Whether a ``Host`` header names this server."""
        return host.lower() in {f"{h}:{self.port}" for h in (*self.hosts, *self.extra)}

    def moved(self, host: str) -> bool:
        """Whether a request to ``host`` is redirected to :attr:`canonical` (a ``localhost`` name)."""
        return host.lower() == f"localhost:{self.port}" and self.canonical != "localhost"

    def origin_ok(self, origin: str) -> bool:
        """Whether an ``Origin`` header is this server's own."""
        return origin.lower() in {f"http://{h}:{self.port}" for h in (*self.hosts, *self.extra)}

    def token_ok(self, value: str | None) -> bool:
        """Constant-time comparison with the access token."""
        return bool(value) and hmac.compare_digest(str(value).encode(), self.token.encode())

    def csrf_ok(self, value: str | None) -> bool:
        """Constant-time comparison with the CSRF token."""
        return bool(value) and hmac.compare_digest(str(value).encode(), self.csrf.encode())


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}


def _cookies(raw: str) -> dict[str, str]:
    out = {}
    for part in raw.split(";"):
        name, _, value = part.strip().partition("=")
        if name:
            out[name] = value
    return out


_PAGE = (
    "<!doctype html><html lang=en><head><meta charset=utf-8><title>mdrecall: {title}</title></head>"
    "<body><h1>{title}</h1><p>{text}</p></body></html>"
)


class Guard:
    """ASGI middleware enforcing :class:`Access` and adding the security headers to every answer."""

    def __init__(self, app: ASGIApp, access: Access) -> None:
        self.app = app
        self.access = access

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            if scope["type"] == "lifespan":
                await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        acc = self.access
        if not acc.host_ok(headers.get("host", "")):
            return await _refuse(send, 421, "Wrong address", "This server answers only at its own address.")
        if acc.moved(headers.get("host", "")):  # before any cookie: localhost's would go to all its ports
            raw = scope.get("query_string", b"").decode("latin-1")
            location = f"http://{acc.canonical}:{acc.port}{quote(scope.get('path', '/'))}" + (
                f"?{raw}" if raw else ""
            )
            return await _send(send, 307, b"", [(b"location", location.encode("latin-1"))])
        query = parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
        given = [v for k, v in query if k == "token"]
        if given:
            if not acc.token_ok(given[-1]):
                return await _refuse(send, 403, "Wrong token", "Open the URL printed by mdrecall ui.")
            rest = urlencode([(k, v) for k, v in query if k != "token"])
            location = scope.get("path", "/") + (f"?{rest}" if rest else "")
            cookie = f"{acc.cookie}={acc.token}; HttpOnly; SameSite=Strict; Path=/"
            return await _send(
                send, 303, b"", [(b"location", location.encode()), (b"set-cookie", cookie.encode())]
            )
        if not acc.token_ok(_cookies(headers.get("cookie", "")).get(acc.cookie)):
            return await _refuse(
                send, 401, "Token required", "Open the URL with its token, as printed by mdrecall ui."
            )
        method = scope.get("method", "GET")
        if method not in ("GET", "HEAD", "POST"):
            return await _refuse(send, 405, "Method not allowed", "Only GET and POST are answered.")
        if method == "POST" and not acc.origin_ok(headers.get("origin", "")):
            return await _refuse(send, 403, "Wrong origin", "Changes are accepted only from this page.")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *_HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)


async def _refuse(send: Send, status: int, title: str, text: str) -> None:
    body = _PAGE.format(title=title, text=text).encode()
    await _send(send, status, body, [(b"content-type", b"text/html; charset=utf-8")])


async def _send(send: Send, status: int, body: bytes, headers: list[tuple[bytes, bytes]]) -> None:
    all_headers = [*headers, (b"content-length", str(len(body)).encode()), *_HEADERS]
    await send({"type": "http.response.start", "status": status, "headers": all_headers})
    await send({"type": "http.response.body", "body": body})
