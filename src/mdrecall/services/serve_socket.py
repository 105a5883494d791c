"""The local server's socket plumbing (:mod:`mdrecall.services.serve`): who may talk to it, one JSON line
read and sent, and whether a socket is live, stale or someone else's.
"""

from __future__ import annotations

import json
import os
import socket
import stat
import time
from typing import Any

from mdrecall.agent.serve_client import MAX_LINE, call
from mdrecall.errors import MdrecallError

__all__ = [
    "REQUEST_TIMEOUT_S",
    "peer_allowed",
    "peer_uid",
    "read_line",
    "refuse_unless_socket",
    "send_answer",
    "sent_back",
    "socket_alive",
    "take_over",
]

#: How long a client may take to send its request line (a half-open client never holds a thread longer).
REQUEST_TIMEOUT_S = 2.0


def peer_uid(conn: socket.socket) -> int | None:
    """The uid of the process at the other end of ``conn`` (``None`` where the OS does not say)."""
    opt = getattr(socket, "SO_PEERCRED", None)
    if opt is None:  # pragma: no cover - not Linux: the socket's mode and folder keep others out
        return None
    import struct

    raw = conn.getsockopt(socket.SOL_SOCKET, opt, struct.calcsize("3i"))
    return int(struct.unpack("3i", raw)[1])


def peer_allowed(uid: int | None, own: int | None = None) -> bool:
    """Whether a peer of uid ``uid`` may talk to the server: only this user (``None``: not known, the
    socket's ``0600`` mode already kept others out)."""
    return uid is None or uid == (os.getuid() if own is None else own)


def socket_alive(path: str) -> bool:
    """Whether a process listens on the socket ``path`` (a stale file: nobody does)."""
    try:
        if not stat.S_ISSOCK(os.lstat(path).st_mode):
            return False
    except OSError:
        return False
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    probe.settimeout(0.5)
    try:
        probe.connect(path)
    except (ConnectionRefusedError, FileNotFoundError):
        return False
    except OSError:  # it did not answer in time, or we may not talk to it: not ours to replace
        return True
    finally:
        probe.close()
    return True


def take_over(root: str, path: str, wait_s: float = 5.0) -> bool:
    """Ask the server of ``root`` (on ``path``) to leave if it was auto-started (``watch --auto``);
    whether its socket is free now (a server the user starts takes over; one the user started is never
    asked)."""
    until = time.monotonic() + wait_s
    how, pong = call(root, {"op": "ping"}, time.monotonic() + 1)
    if how != "answer" or pong is None or pong.get("auto") is not True:
        return False
    how, _ = call(root, {"op": "yield"}, time.monotonic() + 1)
    while how == "answer" and time.monotonic() < until:
        if not socket_alive(path):
            return True
        time.sleep(0.05)
    return False


def refuse_unless_socket(path: str) -> None:
    """Refuse (:class:`~mdrecall.errors.MdrecallError`) when ``path`` holds something other than a stale
    socket or a symlink: a file or a folder there is someone's, never deleted to make room."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    if not (stat.S_ISSOCK(mode) or stat.S_ISLNK(mode)):
        kind = "a folder" if stat.S_ISDIR(mode) else "a file"
        raise MdrecallError(f"cannot serve: {path} is {kind}, not a socket; move it away and start again")


def read_line(conn: socket.socket, until: float) -> bytes | None:
    """One line from ``conn`` by ``until``; ``None`` when it ends first or comes too slowly, ``b""`` (no
    request: sent back) when it is too long."""
    data = b""
    try:
        while b"\n" not in data:
            left = until - time.monotonic()
            if len(data) > MAX_LINE:
                return b""
            if left <= 0:
                return None
            conn.settimeout(left)
            block = conn.recv(1 << 16)
            if not block:
                return None
            data += block
    except OSError:
        return None
    return data.split(b"\n", 1)[0]


def send_answer(conn: socket.socket, answer: dict[str, Any]) -> None:
    """Send ``answer`` as one JSON line (ASCII-escaped); a client that gave up is no error."""
    try:
        conn.settimeout(REQUEST_TIMEOUT_S)
        conn.sendall(json.dumps(answer).encode("ascii") + b"\n")  # escaped: lone surrogates travel too
    except OSError:  # the client gave up: the turn is captured all the same
        pass


def sent_back(why: str) -> dict[str, Any]:
    """The answer that sends a hook back to its in-process path (nothing was done)."""
    return {"fallback": True, "why": why}
