"""The hook's side of the local search server (:mod:`mdrecall.services.serve`): standard library only.

A per-turn hook (:mod:`mdrecall.agent.turn_hook`) asks the server of its workspace first, over a Unix
domain socket, one JSON line each way; it imports nothing else of mdrecall on that path, so it answers in
the time Python takes to start. :func:`served_turn` returns the hook's output, or ``None`` when nobody
serves the workspace (no socket, nobody listening, another workspace, other settings): the hook then runs
in-process as before. Once the server has taken the request, the server captures the turn; if it does not
answer by the recall deadline, the hook injects nothing and says so in ``.mdrecall/hooks.log`` (it never
captures the turn a second time).
"""

from __future__ import annotations

import json
import os
import socket
import stat
import time
from collections.abc import Callable
from typing import Any

__all__ = [
    "DEFAULT_DEADLINE_MS",
    "MAX_LINE",
    "PROTOCOL",
    "SOCKET_NAME",
    "call",
    "config_env",
    "hook_root",
    "private_dir",
    "served_turn",
    "socket_path",
]

#: The version of the one-line protocol; a server answers only its own.
PROTOCOL = 1
SOCKET_NAME = "serve.sock"
#: ``recall.deadline_ms``'s default, which the client waits for (``MDRECALL_RECALL_DEADLINE_MS`` changes it;
#: a server whose configured deadline is longer sends the hook back to its in-process path).
DEFAULT_DEADLINE_MS = 300
#: What the answer may take past the deadline to cross the socket.
REPLY_SLACK_S = 0.05
#: Longest request or answer line, in bytes.
MAX_LINE = 4 << 20
#: The longest socket path used as it is (``sun_path`` holds 104 bytes on macOS, 108 on Linux).
MAX_PATH = 100
#: The variables that make a hook's config (compared by the server with its own).
_ENV_NAMES = ("HOME", "XDG_CONFIG_HOME")


def socket_path(root: str) -> str:
    """Where the server of the workspace ``root`` listens: ``<root>/.mdrecall/serve.sock``, or, when that
    path is too long for a Unix socket, ``<runtime dir>/mdrecall-<uid>/<hash of the real path>.sock``."""
    real = os.path.realpath(os.path.expanduser(root))
    path = os.path.join(real, ".mdrecall", SOCKET_NAME)
    if len(os.fsencode(path)) <= MAX_PATH:
        return path
    import hashlib  # only here: most workspaces never need it

    digest = hashlib.sha256(os.fsencode(real)).hexdigest()[:32]
    for base in (os.environ.get("XDG_RUNTIME_DIR"), os.environ.get("TMPDIR"), "/tmp"):  # noqa: S108
        if base:
            path = os.path.join(base, f"mdrecall-{os.getuid()}", f"{digest}.sock")
            if len(os.fsencode(path)) <= MAX_PATH:
                return path
    return path


def private_dir(path: str) -> bool:
    """Whether the folder ``path`` is this user's own and closed to others (no symlink, mode ``0700``)."""
    import stat

    try:
        st = os.lstat(path)
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode) and st.st_uid == os.getuid() and not st.st_mode & 0o077


def hook_root(workspace: str | None) -> str:
    """The workspace a plain hook uses: ``-w``, else ``$MDRECALL_WORKSPACE``, else the current folder."""
    return os.path.expanduser(workspace or os.environ.get("MDRECALL_WORKSPACE") or os.getcwd())


def config_env() -> dict[str, str]:
    """The environment a hook's config is made of (``MDRECALL_*``, the user file's location)."""
    return {k: v for k, v in os.environ.items() if k.startswith("MDRECALL_") or k in _ENV_NAMES}


def _deadline_ms() -> int:
    raw = os.environ.get("MDRECALL_RECALL_DEADLINE_MS", "")
    try:
        value = int(raw)
    except ValueError:
        return DEFAULT_DEADLINE_MS
    return value if 1 <= value <= 600_000 else DEFAULT_DEADLINE_MS


def call(
    root: str,
    request: dict[str, Any],
    until: float,
    waiting: tuple[float, Callable[[], object]] | None = None,
) -> tuple[str, dict[str, Any] | None]:
    """Send ``request`` to the server of ``root`` and read its answer by ``until`` (``time.monotonic()``);
    ``waiting``: ``(when, say)``, ``say()`` is called once if the server took the request and has not
    answered by ``when`` (when it returns ``False``, the wait ends there: ``("late", None)``).

    Returns ``("none", None)`` when nobody took the request (no server, refused, another user's, or it
    sent it back: ``{"fallback": true}``), ``("late", None)`` when the server took it and did not answer in
    time, else ``("answer", answer)``.
    """
    import stat

    line = json.dumps(request).encode("ascii") + b"\n"  # escaped: a lone surrogate (bad bytes) travels too
    if len(line) > MAX_LINE:  # more than a server reads: this one runs in-process
        return "none", None
    path = socket_path(root)
    try:
        st = os.stat(path)
    except OSError:
        return "none", None
    if not stat.S_ISSOCK(st.st_mode) or st.st_uid != os.getuid():
        return "none", None
    if not path.startswith(os.path.join(os.path.realpath(os.path.expanduser(root)), "")) and not private_dir(
        os.path.dirname(path)
    ):
        return "none", None
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        try:
            sock.settimeout(max(0.001, min(0.2, until - time.monotonic())))
            sock.connect(path)
            if _peer_uid(sock) not in (None, os.getuid()):
                return "none", None
            sock.settimeout(max(0.001, until - time.monotonic()))
            sock.sendall(line)
        except OSError:  # nobody listens, or it would not take the request: nothing was done
            return "none", None
        data = b""
        try:
            while not data.endswith(b"\n") and len(data) <= MAX_LINE:
                end = until if waiting is None else min(until, waiting[0])
                sock.settimeout(max(0.001, end - time.monotonic()))
                try:
                    block = sock.recv(1 << 16)
                except TimeoutError:
                    if waiting is None or time.monotonic() >= until:
                        raise
                    if waiting[1]() is False:  # the caller found the server unresponsive: left now
                        return "late", None
                    waiting = None
                    continue
                if not block:
                    break
                data += block
        except OSError:
            return "late", None
    finally:
        sock.close()
    try:
        answer = json.loads(data) if data.endswith(b"\n") else None
    except ValueError:
        answer = None
    if not isinstance(answer, dict):
        return "late", None
    if answer.get("fallback"):
        return "none", None
    return "answer", answer


def _peer_uid(sock: socket.socket) -> int | None:
    """The uid of the process at the other end (``None`` where the OS does not say: not Linux)."""
    opt = getattr(socket, "SO_PEERCRED", None)
    if opt is None:
        return None
    import struct

    pid_uid_gid = sock.getsockopt(socket.SOL_SOCKET, opt, struct.calcsize("3i"))
    return int(struct.unpack("3i", pid_uid_gid)[1])


def served_turn(
    workspace: str | None, event: str, payload: dict[str, Any], started: float
) -> tuple[str, list[str]] | None:
    """The per-turn hook answered by the workspace's server: what to print on stdout and notes for
    stderr, exactly as :func:`mdrecall.agent.turn_hook.run_turn_hook_output` gives them; ``None`` when
    no server took it (run in-process). Waits until ``started`` (the hook's start, ``time.monotonic()``)
    plus the recall deadline."""
    if os.environ.get("MDRECALL_SERVE_ENABLED", "").strip().lower() in {"0", "false", "no", "off"}:
        return None  # serve.enabled off in this hook's environment: it runs in-process
    root = hook_root(workspace)
    deadline_ms = _deadline_ms()
    request = {
        "op": "turn",
        "v": PROTOCOL,
        "version": _version(),
        "workspace": os.path.realpath(root),
        "event": event,
        "payload": payload,
        "elapsed_ms": (time.monotonic() - started) * 1000,
        "wait_ms": deadline_ms,
        "env": config_env(),
    }
    until = started + deadline_ms / 1000 + REPLY_SLACK_S
    how, answer = call(root, request, until)
    if how == "none":
        return None
    if how == "late" or answer is None:
        note = (
            f"{event}: recall injected nothing: the mdrecall server did not answer within "
            f"{deadline_ms} ms (it captures the turn)"
        )
        _log(root, note)
        return "", [note]
    notes = answer.get("notes")
    return str(answer.get("stdout") or ""), [str(n) for n in notes] if isinstance(notes, list) else []


def _version() -> str:
    from mdrecall import __version__  # the package itself: already imported to run this module

    return __version__


def _log(root: str, line: str) -> None:
    """Append ``line`` to ``<root>/.mdrecall/hooks.log`` (best effort; the line quotes no user text)."""
    folder = os.path.join(root, ".mdrecall")
    if not os.path.isdir(folder):
        return
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    flags = (
        os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    )
    try:  # never through a symlink, never waiting on a FIFO put in the log's place
        fd = os.open(os.path.join(folder, "hooks.log"), flags, 0o644)
    except OSError:  # the note still goes to stderr
        return
    try:
        if stat.S_ISREG(os.fstat(fd).st_mode):
            os.write(fd, f"{stamp} {line}\n".encode())  # one short line: one write (a full disk loses it)
    except OSError:
        pass
    finally:
        os.close(fd)
