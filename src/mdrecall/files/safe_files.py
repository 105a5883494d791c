"""Open and append to user files without following symlinks, and write every byte or nothing.

:func:`open_beneath` walks from a trusted folder one component at a time (``openat`` with
``O_NOFOLLOW``), so a folder or file swapped for a symlink between a check and the open is refused
instead of followed; FIFOs, sockets and devices are refused without blocking (looked at before the
open, and checked again on the open descriptor). :func:`read_beneath` is the one way to read such a
file whole or in part. :func:`append_all` appends
bytes and, on a short write or an error (a full disk), cuts the file back to its old size.
:func:`replace_whole` writes a file's new content beside it and renames it into place, so a process
killed meanwhile leaves the old file (see :meth:`mdrecall.files.workspace.Workspace.append`).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Sequence

from mdrecall.errors import PathError
from mdrecall.files.no_room import no_room_error

__all__ = [
    "FilesBeneath",
    "append_all",
    "copy_name",
    "open_beneath",
    "open_folder_beneath",
    "read_beneath",
    "read_fd",
    "replace_whole",
    "write_all",
]

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_LINK_ERRNOS = {errno.ELOOP, errno.ENOTDIR, getattr(errno, "EMLINK", -1)}


def open_beneath(
    base: str | os.PathLike[str],
    parts: Sequence[str],
    flags: int = os.O_RDONLY,
    *,
    create: bool = False,
    mode: int = 0o644,
) -> int:
    """A file descriptor of the regular file ``base/parts...``, no symlink followed below ``base``.

    ``create`` makes missing folders and the file. Raises :class:`PathError` for a symlink, a FIFO,
    a device or a folder on the way, and lets ``FileNotFoundError``/``PermissionError`` through.
    """
    if not parts or any(p in ("", ".", "..") or "/" in p or "\x00" in p for p in parts):
        raise PathError(f"invalid path {'/'.join(parts)!r}")
    where = os.path.join(os.fspath(base), *parts)
    if os.open not in os.supports_dir_fd:  # pragma: no cover - Windows: check, then open
        return _open_checked(base, parts, flags, create, mode)
    fd = os.open(base, os.O_RDONLY | _DIRECTORY | _CLOEXEC)
    try:
        for name in parts[:-1]:
            try:
                nxt = os.open(name, os.O_RDONLY | _DIRECTORY | _NOFOLLOW | _CLOEXEC, dir_fd=fd)
            except FileNotFoundError:
                if not create:
                    raise
                with contextlib.suppress(FileExistsError):
                    os.mkdir(name, 0o755, dir_fd=fd)
                nxt = os.open(name, os.O_RDONLY | _DIRECTORY | _NOFOLLOW | _CLOEXEC, dir_fd=fd)
            except OSError as exc:
                if exc.errno in _LINK_ERRNOS:
                    raise PathError(f"{where}: a folder on the way is a symlink or not a folder") from None
                raise
            os.close(fd)
            fd = nxt
        return _open_in(fd, parts[-1], where, flags, create, mode)
    finally:
        os.close(fd)


def _open_in(folder: int, name: str, where: str, flags: int, create: bool, mode: int) -> int:
    """The last step of :func:`open_beneath`: the regular file ``name`` in the open ``folder``."""
    _refuse_special(folder, name, where)
    extra = (os.O_CREAT if create else 0) | _NOFOLLOW | _CLOEXEC | _NONBLOCK
    try:
        out = os.open(name, flags | extra, mode, dir_fd=folder)
    except OSError as exc:
        if exc.errno in _LINK_ERRNOS:
            raise PathError(f"{where}: is a symlink; symlinks are not followed") from None
        if exc.errno == errno.ENXIO:  # a FIFO with no writer opened for writing, or a socket
            raise PathError(f"{where}: not a regular file") from None
        raise
    st = os.fstat(out)
    if not stat.S_ISREG(st.st_mode):
        os.close(out)
        kind = "a folder" if stat.S_ISDIR(st.st_mode) else "not a regular file (a FIFO, device or socket)"
        raise PathError(f"{where}: {kind}")
    if _NONBLOCK:
        os.set_blocking(out, True)
    return out


def _refuse_special(dir_fd: int, name: str, where: str) -> None:
    """Refuse a FIFO, socket or device before it is opened at all (opening one can block or act)."""
    try:
        st = os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
    except FileNotFoundError:
        return
    if not (stat.S_ISREG(st.st_mode) or stat.S_ISDIR(st.st_mode) or stat.S_ISLNK(st.st_mode)):
        raise PathError(f"{where}: not a regular file (a FIFO, device or socket)")


class FilesBeneath:
    """Opens many files below ``base`` for reading as :func:`open_beneath` does, keeping the descriptor of
    the last folder: a sync reads thousands of files folder by folder, and walking each one's path
    from ``base`` again cost an ``open`` and a ``close`` per folder on the way.

    The folder is opened once, no symlink followed (as :func:`open_folder_beneath`); a folder swapped
    for a symlink afterwards does not redirect the opens, which go on in the folder that was opened.
    Use as a context manager (the folder's descriptor is closed at the end).
    """

    def __init__(self, base: str | os.PathLike[str]) -> None:
        self._base = os.fspath(base)
        self._folder: tuple[str, ...] | None = None
        self._fd = -1

    def open(self, parts: Sequence[str]) -> int:
        """A read-only descriptor of the regular file ``base/parts...`` (errors as :func:`open_beneath`)."""
        if os.open not in os.supports_dir_fd:  # pragma: no cover - Windows
            return open_beneath(self._base, parts)
        if not parts or any(p in ("", ".", "..") or "/" in p or "\x00" in p for p in parts):
            raise PathError(f"invalid path {'/'.join(parts)!r}")
        folder = tuple(parts[:-1])
        where = os.path.join(self._base, *parts)
        if folder != self._folder:
            self.close()
            try:
                self._fd = open_folder_beneath(self._base, folder)
            except PathError:
                raise PathError(f"{where}: a folder on the way is a symlink or not a folder") from None
            self._folder = folder
        return _open_in(self._fd, parts[-1], where, os.O_RDONLY, False, 0o644)

    def close(self) -> None:
        """Close the folder kept open."""
        if self._fd >= 0:
            os.close(self._fd)
        self._fd, self._folder = -1, None

    def __enter__(self) -> FilesBeneath:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def read_beneath(
    base: str | os.PathLike[str], parts: Sequence[str], *, limit: int = 0, tail: bool = False
) -> bytes:
    """The bytes of the regular file ``base/parts...``, opened as :func:`open_beneath` does.

    With ``limit`` > 0 at most ``limit`` bytes come back: the first ones, or with ``tail`` the last ones
    (so a huge file costs no more than its share). Never blocks on a FIFO nor follows a symlink.
    """
    fd = open_beneath(base, parts)
    try:
        if limit > 0 and tail:
            size = os.fstat(fd).st_size
            if size > limit:
                os.lseek(fd, size - limit, os.SEEK_SET)
        return read_fd(fd, limit)[:limit] if limit > 0 else read_fd(fd)
    finally:
        os.close(fd)


def _open_checked(
    base: str | os.PathLike[str], parts: Sequence[str], flags: int, create: bool, mode: int
) -> int:  # pragma: no cover - platforms without openat
    """Without ``openat``: refuse links on the way, open, then compare the opened file with the path."""
    path = os.fspath(base)
    for name in parts[:-1]:
        path = os.path.join(path, name)
        if create and not os.path.lexists(path):
            os.makedirs(path, exist_ok=True)
        if os.path.islink(path) or not os.path.isdir(path):
            raise PathError(f"{path}: a folder on the way is a symlink or not a folder")
    path = os.path.join(path, parts[-1])
    if os.path.islink(path):
        raise PathError(f"{path}: is a symlink; symlinks are not followed")
    fd = os.open(path, flags | (os.O_CREAT if create else 0), mode)
    st, lst = os.fstat(fd), os.lstat(path)
    if not stat.S_ISREG(st.st_mode) or (st.st_dev, st.st_ino) != (lst.st_dev, lst.st_ino):
        os.close(fd)
        raise PathError(f"{path}: changed while opening, or not a regular file")
    return fd


def read_fd(fd: int, limit: int = 0) -> bytes:
    """Everything from ``fd``'s current offset (at most ``limit`` + 1 bytes when ``limit`` > 0)."""
    parts: list[bytes] = []
    size = 0
    while True:
        block = os.read(fd, 1 << 20)
        if not block:
            return b"".join(parts)
        parts.append(block)
        size += len(block)
        if limit and size > limit:
            return b"".join(parts)


def append_all(fd: int, data: bytes, original_size: int, name: str) -> None:
    """Append every byte of ``data`` and fsync, or cut the file back to ``original_size`` and raise.

    ``fd`` is open with ``O_APPEND``. A short write, a full disk or a failed fsync leaves the file as
    it was and raises :class:`WriteError`: nothing is reported saved that was not.
    """
    view = memoryview(data)
    try:
        while view:
            n = os.write(fd, view)
            if n <= 0:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            view = view[n:]
        os.fsync(fd)
    except OSError as exc:
        restored = True
        try:
            os.ftruncate(fd, original_size)
            os.fsync(fd)
        except OSError:
            restored = False
        state = "the file was left as it was" if restored else "the file could not be restored: check it"
        raise no_room_error(exc, f"{name}: could not save", f"nothing was saved, {state}") from None


def open_folder_beneath(base: str | os.PathLike[str], parts: Sequence[str]) -> int:
    """A descriptor of the existing folder ``base/parts...``, no symlink followed below ``base``.

    Raises :class:`PathError` for a symlink or a non-folder on the way, ``OSError`` otherwise.
    """
    if any(p in ("", ".", "..") or "/" in p or "\x00" in p for p in parts):
        raise PathError(f"invalid path {'/'.join(parts)!r}")
    fd = os.open(base, os.O_RDONLY | _DIRECTORY | _CLOEXEC)
    try:
        for name in parts:
            try:
                nxt = os.open(name, os.O_RDONLY | _DIRECTORY | _NOFOLLOW | _CLOEXEC, dir_fd=fd)
            except OSError as exc:
                if exc.errno in _LINK_ERRNOS:
                    where = os.path.join(os.fspath(base), *parts)
                    raise PathError(f"{where}: a folder on the way is a symlink or not a folder") from None
                raise
            os.close(fd)
            fd = nxt
    except BaseException:
        os.close(fd)
        raise
    return fd


def copy_name(name: str) -> str:
    """The hidden name :func:`replace_whole` writes ``name``'s new content under, beside it."""
    return f".{name}.mdrecall-new"


def replace_whole(folder_fd: int, name: str, chunks: Sequence[bytes], like: os.stat_result) -> None:
    """Make ``name`` in the folder ``folder_fd`` hold ``chunks``, joined, in one atomic step.

    The bytes go to a hidden ``.<name>.mdrecall-new`` beside it (mode and, where allowed, owner copied
    from ``like``), are fsynced, and the file is renamed over ``name``: a reader, a crash or a kill -9 sees
    the old file or the new one whole, never part. On any error the new file is removed and the
    ``OSError`` raised; ``name`` is untouched. The caller holds ``name``'s lock, so one writer at a time
    uses the hidden name (a copy left by a killed process is overwritten by the next).
    """
    tmp = copy_name(name)
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _NOFOLLOW | _CLOEXEC | _NONBLOCK
    fd = os.open(tmp, flags, 0o600, dir_fd=folder_fd)
    try:
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError(errno.EINVAL, f"{tmp} is not a regular file")
            os.fchmod(fd, stat.S_IMODE(like.st_mode))
            if hasattr(os, "fchown") and os.fstat(fd).st_uid != like.st_uid:
                with contextlib.suppress(OSError):
                    os.fchown(fd, like.st_uid, like.st_gid)
            for chunk in chunks:
                write_all(fd, chunk, sync=False)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.rename(tmp, name, src_dir_fd=folder_fd, dst_dir_fd=folder_fd)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp, dir_fd=folder_fd)
        raise
    with contextlib.suppress(OSError):  # the rename itself survives a power cut too
        os.fsync(folder_fd)


def write_all(fd: int, data: bytes, *, sync: bool = True) -> None:
    """Write every byte of ``data`` to ``fd`` (a write making no progress is ``ENOSPC``), then fsync it."""
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        if n <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        view = view[n:]
    if sync:
        os.fsync(fd)
