"""Several appends to memory files and one closing step that land together, or none of them.

``dream --apply`` records a promotion in three places: ``DREAMS.md``, ``MEMORY.md`` and the recall log.
Each append is already whole or nothing (:func:`mdrecall.files.safe_files.append_all`); this module makes the
set of them so: when a later one fails (a full disk, a file-size limit, a read-only folder), the earlier
ones are cut back to their old bytes, and the error says so, or says which file could not be restored.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NamedTuple

from mdrecall.errors import MdrecallError, WriteError
from mdrecall.files.file_lock import lock_fd, unlock_fd
from mdrecall.files.no_room import no_room, remedy
from mdrecall.files.safe_files import read_fd
from mdrecall.files.workspace import Workspace

__all__ = ["append_all_or_none"]

#: ``compose(last_heading, is_new) -> (preamble, entry)``, as :meth:`Workspace.append` takes it.
Compose = Callable[[str | None, bool], tuple[str, str]]


class _Appended(NamedTuple):
    path: Path
    size: int  # the file's size before the append (read under the append's lock)
    data: bytes  # preamble + entry as written (a newline may precede it)
    created: bool


def append_all_or_none(
    workspace: Workspace,
    appends: Sequence[tuple[Path, Compose]],
    commit: Callable[[], None],
    what: str = "the recall log",
) -> None:
    """Append each ``(path, compose)`` in order, then run ``commit`` (which writes ``what``); on any
    failure undo what landed.

    Raises :class:`WriteError` saying that nothing was recorded (or naming a file that could not be
    restored, which keeps this run's entry).
    """
    done: list[_Appended] = []
    step = what
    try:
        for path, compose in appends:
            step = path.name
            done.append(_append(workspace, path, compose))
        step = what
        commit()
    except (OSError, MdrecallError) as exc:
        kept = [a.path.name for a in reversed(done) if not _undo(workspace, a)]
        if isinstance(exc, OSError):
            cause = f"{step}: could not save ({exc.strerror or exc}{_why(exc.errno)})"
            action = f"{remedy(exc.errno)}, then retry."
        else:  # "<file>: could not save (<why>); nothing was saved, ..." from the append itself
            cause = str(exc).split("; ")[0]
            action = vars(exc).get("action") or "Free disk space or fix the permissions, then retry."
        names = ", ".join(p.name for p, _ in appends) + f" and {what}"
        if kept:
            state = f"{', '.join(kept)} could not be restored and keeps this run's entry: remove it by hand"
        else:
            state = f"nothing was recorded: {names} are as they were"
        err = WriteError(f"{cause}; {state}. {action}")
        err.action = action
        raise err from None


def _why(err: int | None) -> str:
    """``": <why there was no room>"`` for a write that failed with ``err``, or ``""``."""
    why = no_room(err)
    return f": {why}" if why else ""


def _append(workspace: Workspace, path: Path, compose: Compose) -> _Appended:
    created = not path.exists()
    sizes: list[int] = []
    data: list[bytes] = []

    def wrapped(heading: str | None, is_new: bool) -> tuple[str, str]:
        sizes.append(path.stat().st_size)  # compose runs under the append's lock
        preamble, entry = compose(heading, is_new)
        data.append((preamble + entry).encode("utf-8"))
        return preamble, entry

    workspace.append(path, wrapped)
    return _Appended(path, sizes[-1], data[-1], created)


def _undo(workspace: Workspace, a: _Appended) -> bool:
    """Cut ``a``'s entry out of its file again (keeping anything appended after it); ``False`` when the
    file cannot be written or no longer holds the entry where it was put."""
    try:
        fd = workspace.open_file(a.path, os.O_RDWR)
    except (OSError, MdrecallError):
        return False
    rest = b""
    try:
        lock_fd(fd)
        try:
            os.lseek(fd, a.size, os.SEEK_SET)
            tail = read_fd(fd)
            ours = next((c for c in (a.data, b"\n" + a.data) if tail.startswith(c)), None)
            if ours is None:
                return False
            rest = tail[len(ours) :]
            os.ftruncate(fd, a.size)
            view, at = memoryview(rest), a.size
            while view:  # another writer's lines after ours move up into its place
                n = os.pwrite(fd, view, at)
                view, at = view[n:], at + n
            os.fsync(fd)
        finally:
            unlock_fd(fd)
    except OSError:
        return False
    finally:
        os.close(fd)
    if a.created and a.size == 0 and not rest:
        with contextlib.suppress(OSError):
            a.path.unlink()
    return True
