"""Proves cheaply that the memory files are as the last sync left them, so a one-shot search need not
walk and list every folder again.

A full sync records a *snapshot* (meta key ``sync_snapshot``): the modification time of every memory
folder and the ``(mtime, size)`` of every memory file it saw. A later search checks it:

* a file added, removed or renamed changes its folder's mtime (a new folder changes its parent's), so
  every recorded folder is stat'ed;
* an edit in place changes only the file's own mtime, so every recorded file is stat'ed too (one
  ``lstat`` of its bare name against its folder's descriptor: no listing, no store read, no path
  walked again per file; the files are recorded folder by folder, their stamps compared as one list);
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
_VERSION = 2  # 2: files grouped by folder (1: one list of workspace keys)


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
    folders: dict[str, tuple[list[str], list[int]]] = {}
    for key, f in on_disk.items():
        folder, _, name = key.rpartition("/")
        names, stamps = folders.setdefault(folder, ([], []))
        names.append(name)
        stamps += (f.mtime_ns, f.size)
    payload: dict[str, Any] = {
        "v": _VERSION,
        "head": head,
        "root": str(workspace.root),
        "dirs": dirs,
        "files": [[folder, names, stamps] for folder, (names, stamps) in folders.items()],
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
        files: list[list[Any]] = snap["files"]  # [folder, [name, ...], [mtime_ns, size, ...]] each
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
        count = 0
        for folder, names, stamps in files:
            changed = _changed_in(fd, folder, names, stamps)
            if changed is not None:
                return False, f"full walk: {changed} changed"
            count += len(names)
    except (OSError, ValueError, TypeError):
        return False, "full walk: a memory file or folder is gone or unreadable"
    finally:
        os.close(fd)
    return True, f"snapshot: {count:,} files and {len(dirs):,} folders unchanged, no walk"


def _changed_in(root_fd: int, folder: str, names: list[str], stamps: list[int]) -> str | None:
    """The key of a file of ``folder`` (workspace-relative, or absolute) whose ``(mtime, size)`` is not in
    ``stamps`` (``None``: all as recorded). Each name is stat'ed against the folder's descriptor (opened
    without following a symlink), so the path to it is not walked again for every file."""
    if len(stamps) != 2 * len(names):
        raise ValueError("unreadable snapshot")
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0)
    dir_fd = os.open(folder, flags, dir_fd=root_fd) if folder else root_fd
    try:
        stat = os.stat
        seen: list[int] = []
        for name in names:
            st = stat(name, dir_fd=dir_fd, follow_symlinks=False)
            seen += (st.st_mtime_ns, st.st_size)
    finally:
        if dir_fd != root_fd:
            os.close(dir_fd)
    if seen == stamps:
        return None
    i = next(i for i in range(0, len(seen), 2) if seen[i : i + 2] != stamps[i : i + 2])
    return f"{folder}/{names[i // 2]}" if folder else names[i // 2]


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
