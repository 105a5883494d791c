"""The watcher's health as recorded in the store (meta key ``watcher``): read by ``status`` and
``doctor`` in any process, written by :class:`mdrecall.services.watch.Watcher`.
Below :mod:`mdrecall.memory`."""

from __future__ import annotations

import json
import os
import time
from datetime import date
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mdrecall.stores.base import Store

__all__ = [
    "HEARTBEAT_S",
    "META_KEY",
    "hold_watch_lock",
    "host_name",
    "watch_lock_path",
    "watcher_health",
    "watcher_vouches",
]

META_KEY = "watcher"
HEARTBEAT_S = 10.0
#: The watch lock is never opened through a symlink, nor waited on as a FIFO.
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)


def watcher_health(store: Store, now: float | None = None) -> dict[str, Any]:
    """The last watcher state recorded in the store, with ``stale`` when its heartbeat stopped."""
    raw = store.get_meta(META_KEY)
    if not raw:
        return {"state": "not running", "note": "no watcher: searches sync the files before answering"}
    try:
        state = json.loads(raw)
    except ValueError:
        return {"state": "unknown", "note": "unreadable watcher record"}
    now = time.time() if now is None else now
    beat = state.get("heartbeat") or 0
    live = state.get("state") in ("watching", "polling", "starting")
    gone = state.get("host") == host_name() and not _pid_alive(state.get("pid"))
    if live and (gone or now - beat > HEARTBEAT_S * 3 + 5):
        state["note"] = "the watcher stopped reporting (process gone?): searches still sync lazily"
        state["state"] = "stale"
    return state


def watcher_vouches(store: Store, root: str | os.PathLike[str], now: float | None = None) -> str | None:
    """Why a one-shot search of the workspace ``root`` may skip checking the files (``None``: it may not):
    a watcher of that very workspace on this machine, alive and beating, holding the workspace's watch lock
    (:func:`hold_watch_lock`), armed with native file events, reports that its last re-index began after
    the last change it was told of and nothing changed since (``clean``). It marks itself not clean the
    moment an event arrives, so what it vouches for is at most the OS's event delay old. Only on the day of
    that sync (files pass their retention as days change). A record copied with the index into another
    workspace, or left by a process that is no watcher (a reused pid), vouches for nothing."""
    raw = store.get_meta(META_KEY)
    if not raw:
        return None
    try:
        state = json.loads(raw)
    except ValueError:
        return None
    now = time.time() if now is None else now
    if not (isinstance(state, dict) and state.get("clean") is True and state.get("state") == "watching"):
        return None
    beat = state.get("heartbeat")
    if not isinstance(beat, (int, float)) or now - beat > HEARTBEAT_S * 3 + 5:
        return None
    if state.get("host") != host_name() or not _pid_alive(state.get("pid")):
        return None
    if state.get("root") != os.path.realpath(root) or not _lock_held(root):
        return None
    if state.get("synced_day") != date.today().isoformat():
        return None  # a conversation file passes its retention when the day changes: no event says so
    return f"no walk: the watcher (pid {state['pid']}) saw no change since its last sync"


def watch_lock_path(root: str | os.PathLike[str]) -> str:
    """The file a running watcher of workspace ``root`` holds a lock on (what proves it is alive)."""
    return os.path.join(os.path.realpath(root), ".mdrecall", "watch.lock")


def hold_watch_lock(root: str | os.PathLike[str]) -> int | None:
    """Take a shared lock on the watch lock of ``root`` for as long as the returned descriptor stays open
    (``None``: it could not be taken, e.g. a read-only folder or no ``flock``: then the watcher vouches
    for nothing)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX: searches check the files themselves
        return None
    try:
        fd = os.open(
            watch_lock_path(root), os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0) | _NOFOLLOW, 0o600
        )
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None
    return fd


def _lock_held(root: str | os.PathLike[str]) -> bool:
    """Whether some process (a watcher) holds the watch lock of ``root`` now."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover
        return False
    try:
        fd = os.open(watch_lock_path(root), os.O_RDONLY | getattr(os, "O_CLOEXEC", 0) | _NOFOLLOW)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True  # someone holds it
    else:
        fcntl.flock(fd, fcntl.LOCK_UN)
        return False
    finally:
        os.close(fd)


def host_name() -> str:
    """This machine's name, as the watcher records it."""
    return os.uname().nodename if hasattr(os, "uname") else os.environ.get("COMPUTERNAME", "")


def _pid_alive(pid: Any) -> bool:
    if not isinstance(pid, int) or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True
