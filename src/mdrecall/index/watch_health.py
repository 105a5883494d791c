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

__all__ = ["HEARTBEAT_S", "META_KEY", "host_name", "watcher_health", "watcher_vouches"]

META_KEY = "watcher"
HEARTBEAT_S = 10.0


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


def watcher_vouches(store: Store, now: float | None = None) -> str | None:
    """Why a one-shot search may skip checking the files (``None``: it may not): a watcher on this
    machine, alive and beating, armed with native file events, reports that its last re-index began after
    the last change it was told of and nothing changed since (``clean``). It marks itself not clean the
    moment an event arrives, so what it vouches for is at most the OS's event delay old. Only on the day of
    that sync (files pass their retention as days change)."""
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
    if state.get("synced_day") != date.today().isoformat():
        return None  # a conversation file passes its retention when the day changes: no event says so
    return f"no walk: the watcher (pid {state['pid']}) saw no change since its last sync"


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
