"""Exclusive locks on open files (``flock``; ``msvcrt.locking`` on Windows), and a lock file held for a
block: how writers of one file in several processes take turns."""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from collections.abc import Iterator

from mdrecall.plugins.deadline import poll_until

__all__ = [
    "LOCK_FLAGS",
    "LOCK_WAIT_S",
    "LockBusyError",
    "held_lock",
    "held_lock_of_current",
    "is_at",
    "lock_fd",
    "unlock_fd",
]

#: How long a writer waits for a lock another process holds before it gives up (a writer stopped with
#: Ctrl-Z, a sync tool that never lets go): a refusal that says so, never a wait without end.
LOCK_WAIT_S = 30.0


class LockBusyError(OSError):
    """Another process held the lock for longer than the wait."""

    def __init__(self, waited: float) -> None:
        super().__init__(
            errno.EWOULDBLOCK,
            f"another process has held the file's lock for {waited:.0f} s (a stopped or stuck writer: "
            "end it, or retry later)",
        )


if sys.platform == "win32":  # pragma: no cover
    import msvcrt

    def lock_fd(fd: int, wait_s: float | None = None) -> None:
        """Hold an exclusive lock on the open file ``fd`` (``LK_LOCK`` waits about 10 s, then raises)."""
        msvcrt.locking(fd, msvcrt.LK_LOCK, 1)

    def unlock_fd(fd: int) -> None:
        """Release the lock :func:`lock_fd` took."""
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def lock_fd(fd: int, wait_s: float | None = None) -> None:
        """Hold an exclusive lock on the open file ``fd``: waits for it up to ``wait_s`` seconds
        (:data:`LOCK_WAIT_S`), then raises :class:`LockBusyError`."""
        wait = LOCK_WAIT_S if wait_s is None else wait_s

        def take() -> bool:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                return False
            return True

        if not poll_until(take, wait):
            raise LockBusyError(wait)

    def unlock_fd(fd: int) -> None:
        """Release the lock :func:`lock_fd` took."""
        fcntl.flock(fd, fcntl.LOCK_UN)


#: Flags of a lock file's open: created if missing, never through a symlink, never waiting on a FIFO.
LOCK_FLAGS = (
    os.O_RDWR
    | os.O_CREAT
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_CLOEXEC", 0)
)


@contextlib.contextmanager
def held_lock(path: str | os.PathLike[str], flags: int = LOCK_FLAGS, mode: int = 0o644) -> Iterator[None]:
    """Hold :func:`lock_fd`'s exclusive lock on the file ``path`` (opened with ``flags``) for the block."""
    fd = os.open(path, flags, mode)
    try:
        lock_fd(fd)
        try:
            yield
        finally:
            unlock_fd(fd)
    finally:
        os.close(fd)


def is_at(fd: int, path: str | os.PathLike[str]) -> bool:
    """Whether ``fd`` is still the file at ``path`` (not renamed over by another writer's copy)."""
    try:
        st, now = os.fstat(fd), os.lstat(path)
    except OSError:
        return False
    return (st.st_dev, st.st_ino) == (now.st_dev, now.st_ino)


#: How often a lock is taken again when the file was renamed over while it was awaited.
REOPENS = 1000


@contextlib.contextmanager
def held_lock_of_current(path: str | os.PathLike[str], flags: int) -> Iterator[None]:
    """Hold :func:`lock_fd`'s lock on the file that is at ``path`` once the lock is held.

    A writer that renames a new copy over ``path`` (an append past a page, a rewrite) does so holding
    the old file's lock: a lock awaited on the old file meanwhile is a lock on nothing anyone still
    writes, so it is taken again on the file now there (``OSError`` when it keeps being replaced)."""
    for _ in range(REOPENS):
        fd = os.open(path, flags)
        try:
            lock_fd(fd)
            try:
                if not is_at(fd, path):
                    continue
                yield
                return
            finally:
                unlock_fd(fd)
        finally:
            os.close(fd)
    raise OSError(f"{path}: replaced over and over while waiting to rewrite it")
