"""Why a write found no room, and what to do about it: a full disk, a file-size limit, a used-up quota.

A full disk (``ENOSPC``), a file that may not grow past the process's file-size limit (``EFBIG``:
``RLIMIT_FSIZE``, ``ulimit -f``) and a used-up quota (``EDQUOT``) each stop a write part-way. An
``OSError`` carries its errno; SQLite reports them only as ``SQLITE_FULL`` or ``SQLITE_IOERR_WRITE``
(Python's ``sqlite3`` does not expose the errno), so there the limit and the free space are looked at.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from mdrecall.errors import WriteError

__all__ = ["disk_full", "no_room", "no_room_error", "remedy", "size_limit"]

_ENOSPC = errno.ENOSPC
_EFBIG = errno.EFBIG
_EDQUOT = getattr(errno, "EDQUOT", -1)


def size_limit() -> int | None:
    """The largest a file this process writes may grow, in bytes (``RLIMIT_FSIZE``), or None: no limit."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not on Windows
        return None
    try:
        soft = resource.getrlimit(resource.RLIMIT_FSIZE)[0]
    except (OSError, ValueError):  # pragma: no cover - a platform without the limit
        return None
    return None if soft == resource.RLIM_INFINITY or soft < 0 else int(soft)


def disk_full(folder: Path) -> bool:
    """True when the file system holding ``folder`` has no free block left for us."""
    try:
        st = os.statvfs(folder)
    except (OSError, AttributeError):
        return False
    return st.f_bavail * st.f_frsize < 64 * 1024


def _cause(err: int | None, folder: Path | None) -> int | None:
    """The errno the write failed with: ``err``, or (None: not known) the one the limit or the free
    space points at, or None when neither does."""
    if err is not None:
        return err if err in (_ENOSPC, _EFBIG, _EDQUOT) else None
    if folder is not None and disk_full(folder):
        return _ENOSPC
    if size_limit() is not None:
        return _EFBIG
    return None


def no_room(err: int | None, folder: Path | None = None) -> str | None:
    """Why a write found no room, in words, or None when it failed for another reason.

    ``err`` is the write's errno, or None when it is not known (a SQLite write error): then a full
    file system under ``folder`` or a file-size limit on this process is taken for the cause.
    """
    cause = _cause(err, folder)
    if cause == _ENOSPC:
        return "the disk is full"
    if cause == _EDQUOT:
        return "the disk quota is used up"
    if cause == _EFBIG:
        limit = size_limit()
        past = f" past {limit:,} bytes" if limit is not None else ""
        return f"files may not grow{past} (this process's file-size limit, `ulimit -f`)"
    return None


def remedy(err: int | None, folder: Path | None = None) -> str:
    """What to do before retrying a write that failed with ``err`` (None: not known, as for
    :func:`no_room`): a sentence without its full stop, to which ", then retry" may be added."""
    cause = _cause(err, folder)
    if cause == _ENOSPC:
        return "Free disk space"
    if cause == _EDQUOT:
        return "Free space within the disk quota (or raise it)"
    if cause == _EFBIG:
        return "Raise the file-size limit (`ulimit -f unlimited` in the shell that runs mdrecall)"
    return "Free disk space or fix the permissions"


def no_room_error(exc: OSError, what: str, kept: str) -> WriteError:
    """The :class:`WriteError` for a Markdown write that failed with ``exc``: ``what`` (``"<file>: could
    not save"``), the error and why there was no room, ``kept`` (what was left as it was), and what to do
    (also its :attr:`~mdrecall.errors.MdrecallError.action`)."""
    why = no_room(exc.errno)
    action = f"{remedy(exc.errno)}, then retry."
    err = WriteError(f"{what} ({exc.strerror or exc}{': ' + why if why else ''}); {kept}. {action}")
    err.action = action
    return err
