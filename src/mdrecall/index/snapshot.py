"""Proves cheaply that the memory files are as the last sync left them, so a one-shot search need not
walk and list every folder again.

A full sync records a *snapshot* (meta key ``sync_snapshot``): the modification time of every memory
folder and the ``(mtime, size)`` of every memory file it saw. A later search checks it:

* a file added, removed or renamed changes its folder's mtime (a new folder changes its parent's), so
  every recorded folder is stat'ed;
* an edit in place changes only the file's own mtime, so every recorded file is stat'ed too (one
  ``lstat`` each, against the workspace's descriptor: no listing, no store read, no objects);
* an entry written within :data:`RACY_NS` of the sync that recorded it may change again within the
  same clock tick without its mtime moving: such a snapshot is never written (the next sync is a
  full one, as is every sync while files are being written).

Any difference, any error, any other chunking / views / retention setting: the caller walks the files
as before. A conversation file that passes its retention with time (no change on disk) also forces a
full walk. The answer is therefore never staler than the full walk's; :func:`check` says which path a
search takes and why (``mdrecall status`` prints it as ``sync_check``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from datetime import date
from typing import Any

from mdrecall.files.workspace import MEMORY_FILE_NAMES, MemoryFile, Workspace
from mdrecall.index.conversations import expired
from mdrecall.stores.base import Store

__all__ = ["META_KEY", "RACY_NS", "check", "record"]

META_KEY = "sync_snapshot"
#: Entries modified this close to the sync are "racy": a later write in the same tick keeps the mtime.
RACY_NS = 2_000_000_000
_VERSION = 1


def record(
    workspace: Workspace,
    store: Store,
    head: str,
    on_disk: Mapping[str, MemoryFile],
    started_ns: int,
    retention_days: int,
) -> bool:
    """Record the snapshot of a full sync that started at ``started_ns`` (``time.time_ns()``) and saw
    ``on_disk``; returns whether one was written (an old one is dropped when this one cannot be)."""
    dirs = _folders(workspace)
    limit = started_ns - RACY_NS
    ok = dirs is not None and all(m < limit for m in dirs.values())
    ok = ok and all(f.mtime_ns < limit for f in on_disk.values())
    if not ok or dirs is None:
        if store.get_meta(META_KEY):
            store.set_meta(META_KEY, "")
        return False
    stamps: list[int] = []
    for f in on_disk.values():
        stamps += (f.mtime_ns, f.size)
    payload: dict[str, Any] = {
        "v": _VERSION,
        "head": head,
        "root": str(workspace.root),
        "dirs": dirs,
        "files": list(on_disk),
        "stamps": stamps,
        "expiring": [k for k in on_disk if retention_days > 0 and expired(k, 1, date.max)],
    }
    store.set_meta(META_KEY, json.dumps(payload, separators=(",", ":")))
    return True


def check(workspace: Workspace, store: Store, head: str, retention_days: int) -> tuple[bool, str]:
    """``(True, how)`` when the snapshot proves that nothing changed since the last sync, else
    ``(False, why a full walk is needed)``."""
    raw = store.get_meta(META_KEY)
    if not raw:
        return False, "full walk: no snapshot (files changed within 2 s of the last sync, or none yet)"
    try:
        snap = json.loads(raw)
        if snap.get("v") != _VERSION or snap.get("head") != head or snap.get("root") != str(workspace.root):
            return False, "full walk: the snapshot was taken with other settings"
        dirs: dict[str, int] = snap["dirs"]
        files: list[str] = snap["files"]
        stamps: list[int] = snap["stamps"]
        expiring: list[str] = snap["expiring"]
    except (ValueError, KeyError, TypeError, AttributeError):
        return False, "full walk: unreadable snapshot"
    if any(expired(k, retention_days) for k in expiring):
        return False, "full walk: a conversation file passed its retention"
    try:
        fd = os.open(workspace.root, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return False, "full walk: cannot open the workspace"
    try:
        stat = os.stat
        for path, mtime in dirs.items():
            if stat(path, dir_fd=fd, follow_symlinks=False).st_mtime_ns != mtime:
                return False, f"full walk: {path} changed (a file added, removed or renamed)"
        it = iter(stamps)
        for key, mtime, size in zip(files, it, it, strict=True):
            st = stat(key, dir_fd=fd, follow_symlinks=False)
            if st.st_mtime_ns != mtime or st.st_size != size:
                return False, f"full walk: {key} changed"
    except (OSError, ValueError):
        return False, "full walk: a memory file or folder is gone or unreadable"
    finally:
        os.close(fd)
    return True, f"snapshot: {len(files):,} files and {len(dirs):,} folders unchanged, no walk"


def _folders(workspace: Workspace) -> dict[str, int] | None:
    """Every folder the walk lists (hidden names and symlinks skipped, as the walk skips them), with its
    mtime; the workspace root too (the ``MEMORY.md`` files). ``None`` when a root cannot be vouched for
    by a folder's mtime (a symlink, a folder that cannot be listed)."""
    root_s = str(workspace.root)
    out: dict[str, int] = {}
    try:
        out[root_s] = os.stat(root_s).st_mtime_ns
        for name in MEMORY_FILE_NAMES:
            if os.path.islink(os.path.join(root_s, name)):
                return None
        for top in (workspace.memory_dir, *workspace.extra_roots):
            top_s = str(top)
            if os.path.islink(top_s):
                return None
            if not os.path.isdir(top_s):  # a file root, or one not there yet: its folder vouches for it
                parent = os.path.dirname(top_s)
                out[parent] = os.stat(parent).st_mtime_ns
                continue
            _walk_folders(top_s, out)
    except OSError:
        return None
    return out


def _walk_folders(top: str, out: dict[str, int]) -> None:
    stack = [top]
    while stack:
        folder = stack.pop()
        out[folder] = os.stat(folder).st_mtime_ns  # before listing: a change after it is seen next time
        with os.scandir(folder) as it:
            stack.extend(e.path for e in it if not e.name.startswith(".") and e.is_dir(follow_symlinks=False))
