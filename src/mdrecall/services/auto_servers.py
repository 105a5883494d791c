"""The servers one-shot commands started (``watch --auto``) of this user, across workspaces: a registry, so
that no more than ``serve.auto_max`` run at once (a script searching many workspaces would otherwise leave
one server per workspace behind, each for ``serve.idle_exit_minutes``).

Each auto-started server writes ``<pid>.json`` (its workspace and start time) in a private folder of the
user (``$XDG_RUNTIME_DIR/mdrecall-auto``, else ``~/.cache/mdrecall/auto-servers``; ``0700``, never a
symlink) and removes it when it leaves; an entry whose process is gone is dropped by the next reader. A new
server over the cap asks the oldest others to leave (the ``yield`` request a server the user starts sends).
Where no such folder can be had, there is no cap (and nothing fails).
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import time
from pathlib import Path

__all__ = ["make_room", "register", "registry_dir", "running", "unregister"]


def registry_dir() -> Path | None:
    """The user's private registry folder (created ``0700``), or ``None`` when none can be had safely."""
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    home = os.environ.get("HOME")
    if runtime and os.path.isabs(runtime):
        folder = Path(runtime) / "mdrecall-auto"
    elif home and os.path.isabs(home):
        folder = Path(home) / ".cache" / "mdrecall" / "auto-servers"
    else:
        return None
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        st = os.lstat(folder)
    except OSError:
        return None
    if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.getuid() or st.st_mode & 0o077:
        return None  # a symlink, someone else's, or open to others: no registry
    return folder


def register(root: str) -> Path | None:
    """Record this process as the auto-started server of ``root``; the entry (``None``: no registry)."""
    folder = registry_dir()
    if folder is None:
        return None
    entry = folder / f"{os.getpid()}.json"
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(entry, flags, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(json.dumps({"root": root, "started": time.time()}))
    except OSError:
        return None
    return entry


def unregister(entry: Path | None) -> None:
    """Remove this process's entry (once it leaves)."""
    if entry is not None:
        with contextlib.suppress(OSError):
            entry.unlink()


def running(exclude_pid: int | None = None) -> list[tuple[float, int, str]]:
    """The auto-started servers alive now, oldest first: (start time, pid, workspace); entries of
    processes that are gone are removed."""
    folder = registry_dir()
    if folder is None:
        return []
    out: list[tuple[float, int, str]] = []
    for entry in folder.glob("*.json"):
        try:
            pid = int(entry.stem)
        except ValueError:
            continue
        if pid == exclude_pid:
            continue
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            with contextlib.suppress(OSError):
                entry.unlink()
            continue
        except OSError:  # alive, but not ours to signal: not ours to count either
            continue
        try:
            data = json.loads(entry.read_text(encoding="utf-8"))
            out.append((float(data["started"]), pid, str(data["root"])))
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return sorted(out)


def make_room(cap: int) -> list[str]:
    """Ask the oldest other auto-started servers to leave until fewer than ``cap`` others run (``cap`` 0:
    no cap); the workspaces asked."""
    if cap <= 0:
        return []
    from mdrecall.agent.serve_client import socket_path
    from mdrecall.services.serve_socket import take_over

    others = running(exclude_pid=os.getpid())
    asked: list[str] = []
    while len(others) >= cap:
        _, _, root = others.pop(0)
        with contextlib.suppress(OSError):
            take_over(root, socket_path(root), wait_s=2.0)
        asked.append(root)
    return asked
