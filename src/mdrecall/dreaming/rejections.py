"""The candidates a person rejected: ``memory/.dreams/rejected.json``, never proposed again.

Kept by anchor (:func:`mdrecall.dreaming.recall_log.anchor`); changed under a lock, written to a temporary
file, fsynced and renamed, then read back (:func:`editing_rejections`).
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from mdrecall.errors import MdrecallError, PathError, WriteError
from mdrecall.files.file_lock import lock_fd, unlock_fd
from mdrecall.files.safe_files import read_beneath
from mdrecall.files.workspace import Workspace

__all__ = ["REJECTED_FILE", "editing_rejections", "rejected"]

REJECTED_FILE = "memory/.dreams/rejected.json"


def rejected(workspace: Workspace) -> dict[str, dict[str, Any]]:
    """The rejected candidates, by anchor (``{}`` when none; an unreadable file is an error, not ``{}``).

    A file that cannot be parsed raises :class:`MdrecallError` rather than letting rejected notes come
    back as candidates.
    """
    path = workspace.root / REJECTED_FILE
    try:  # no symlink followed, no FIFO waited on
        raw = read_beneath(path.parent, [path.name])
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise MdrecallError(f"{REJECTED_FILE}: cannot read ({exc.strerror or exc})") from None
    except PathError as exc:
        raise MdrecallError(f"{REJECTED_FILE}: cannot read ({exc}); fix or remove it") from None
    try:
        data = json.loads(raw.decode("utf-8"))
        entries = data["rejected"]
        if not isinstance(entries, dict):
            raise TypeError
    except (ValueError, KeyError, TypeError):
        raise MdrecallError(f"{REJECTED_FILE} is not a rejection record; fix or remove it") from None
    return entries


@contextmanager
def editing_rejections(workspace: Workspace) -> Iterator[dict[str, dict[str, Any]]]:
    """The rejections, locked, to change in place; written back (checked) when the block ends."""
    path = workspace.root / REJECTED_FILE
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path.with_suffix(".lock"), os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise WriteError(
            f"{REJECTED_FILE}: cannot write ({exc.strerror or exc}); nothing was saved"
        ) from None
    try:
        lock_fd(fd)
        entries = rejected(workspace)
        yield entries
        body = json.dumps({"version": 1, "rejected": entries}, ensure_ascii=False, indent=1).encode()
        tmp_fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".rejected-")
        try:
            with os.fdopen(tmp_fd, "wb") as fh:
                fh.write(body)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
        except OSError as exc:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise WriteError(
                f"{REJECTED_FILE}: cannot write ({exc.strerror or exc}); nothing was saved"
            ) from None
        if path.read_bytes() != body:  # checked: what is on disk is what we meant to write
            raise WriteError(f"{REJECTED_FILE}: the file on disk is not what was written")
    finally:
        unlock_fd(fd)
        os.close(fd)
