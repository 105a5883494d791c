"""Serving the page: listen on loopback (or a given host), print the URL with its token, serve until Ctrl-C.

The ``mdrecall ui`` command (:mod:`mdrecall.cli.ui`) opens the workspace and calls :func:`serve`.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import sys
import threading
import webbrowser
from collections.abc import Callable
from typing import TYPE_CHECKING

from mdrecall.errors import MdrecallError

if TYPE_CHECKING:
    from mdrecall.memory import Memory

__all__ = ["listen", "serve"]

LOOPBACK = "127.0.0.1"


def _literal(host: str) -> str:
    """A host as it appears in a URL or a Host header (IPv6 literals in brackets)."""
    with contextlib.suppress(ValueError):
        if ipaddress.ip_address(host).version == 6:
            return f"[{host}]"
    return host


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: any free port), or a clear error."""
    try:
        family, kind, proto, _, addr = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except OSError as exc:
        raise MdrecallError(f"cannot serve on {host}: {exc}. Check --host") from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(addr)
        sock.listen(64)
    except OSError as exc:
        sock.close()
        raise MdrecallError(
            f"cannot serve on {host}:{port}: {exc.strerror or exc}. Choose another port with --port"
        ) from None
    return sock


def _extra_hosts(host: str | None) -> tuple[str, ...]:
    """Host names a request may use besides loopback, when ``--host`` was given."""
    if not host or host in (LOOPBACK, "localhost", "::1"):
        return ()
    names = {_literal(host)}
    if host in ("0.0.0.0", "::"):  # every interface: this machine's name and addresses
        name = socket.gethostname()
        names.add(name)
        with contextlib.suppress(OSError):
            names.update(_literal(a) for a in socket.gethostbyname_ex(name)[2])
    return tuple(sorted(names))


def serve(open_memory: Callable[[], Memory], host: str | None, port: int, *, open_browser: bool,
          say: Callable[[str], None] = print) -> None:  # fmt: skip
    """Listen, open the workspace with ``open_memory``, say the URL, serve until Ctrl-C; closes both."""
    from mdrecall.ui import require_ui

    require_ui()
    import uvicorn

    from mdrecall.services.request_deadline import http_protocol
    from mdrecall.ui.app import create_app, warm_up
    from mdrecall.ui.security import Access, new_token

    sock = listen(host or LOOPBACK, port)
    bound, actual = sock.getsockname()[:2]
    token = new_token()
    if not host or host == "localhost":  # an address, never the name: a cookie for it reaches all its ports
        shown = _literal(bound)
    else:
        shown = _literal(host) if host not in ("0.0.0.0", "::") else LOOPBACK
    access = Access(token, actual, extra=_extra_hosts(host), canonical=shown)
    url = f"http://{shown}:{actual}/?token={token}"
    try:
        mem = open_memory()
    except BaseException:
        sock.close()
        raise
    try:
        app = create_app(mem, access)
        warm_up(app)
        server = uvicorn.Server(
            uvicorn.Config(
                app,
                log_level="warning",
                access_log=False,
                lifespan="off",
                server_header=False,
                timeout_graceful_shutdown=2,
                http=http_protocol(),  # a whole request within its deadline: no client holds a socket
            )
        )
        say(f"mdrecall ui: {url}  (Ctrl-C stops it)")
        sys.stdout.flush()
        if open_browser:
            threading.Timer(0.5, webbrowser.open, args=(url,)).start()
        with contextlib.suppress(KeyboardInterrupt):
            server.run(sockets=[sock])
    finally:
        sock.close()
        mem.close()
