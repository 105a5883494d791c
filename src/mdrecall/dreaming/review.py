"""A person's review of the dreaming candidates: approve one (promote it now) or reject it for good.

Approving promotes exactly one candidate through the code path of ``mdrecall dream --apply``: the same
scoring (:func:`~mdrecall.dreaming.promote.dream`, report only), the same bullet appended to ``MEMORY.md``
under ``## Promoted from recall``, the same dated entry in ``DREAMS.md``, the same mark in the recall
log. A person may approve a candidate that has not yet passed the gates (it is their memory), but never
one whose line is gone from its file or is already in ``MEMORY.md``.

Rejecting records the candidate's anchor in ``memory/.dreams/rejected.json`` (locked, written to a
temporary file, fsynced and renamed, then read back): :func:`~mdrecall.dreaming.promote.dream` skips
rejected anchors, so the note is never proposed again, even after the recall log forgets it and the
agent recalls it anew (the anchor is the file and a hash of the line's words).
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from mdrecall.config.settings import DreamingConfig
from mdrecall.errors import MdrecallError, NotFoundError, WriteError
from mdrecall.files.workspace import MEMORY_FILE_NAMES, Workspace, _lock, _unlock, now_local

__all__ = ["REJECTED_FILE", "approve", "rejected", "reject"]

REJECTED_FILE = "memory/.dreams/rejected.json"
_REFUSED = ("already in MEMORY.md", "duplicate or empty", "is no longer in")


def rejected(workspace: Workspace) -> dict[str, dict[str, Any]]:
    """The rejected candidates, by anchor (``{}`` when none; an unreadable file is an error, not ``{}``).

    A file that cannot be parsed raises :class:`MdrecallError` rather than letting rejected notes come
    back as candidates.
    """
    path = workspace.root / REJECTED_FILE
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise MdrecallError(f"{REJECTED_FILE}: cannot read ({exc.strerror or exc})") from None
    try:
        data = json.loads(raw.decode("utf-8"))
        entries = data["rejected"]
        if not isinstance(entries, dict):
            raise TypeError
    except (ValueError, KeyError, TypeError):
        raise MdrecallError(f"{REJECTED_FILE} is not a rejection record; fix or remove it") from None
    return entries


@contextmanager
def _locked(workspace: Workspace) -> Iterator[dict[str, dict[str, Any]]]:
    path = workspace.root / REJECTED_FILE
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path.with_suffix(".lock"), os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise WriteError(
            f"{REJECTED_FILE}: cannot write ({exc.strerror or exc}); nothing was saved"
        ) from None
    try:
        _lock(fd)
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
        _unlock(fd)
        os.close(fd)


def _candidate(workspace: Workspace, config: DreamingConfig, anchor: str, now: datetime) -> Any:
    from mdrecall.dreaming.promote import dream

    report = dream(workspace, config, apply=False, now=now)
    for c in [*report.promoted, *report.rejected]:
        if c.anchor == anchor:
            return c
    raise NotFoundError(f"no dreaming candidate {anchor!r} (already promoted, rejected or forgotten)")


def reject(
    workspace: Workspace, config: DreamingConfig, anchor: str, *, now: datetime | None = None
) -> dict[str, Any]:
    """Never propose the candidate ``anchor`` again; returns the record written."""
    c = _candidate(workspace, config, anchor, now or now_local())
    record = {"path": c.entry["path"], "text": c.text, "citation": c.citation, "rejectedAt": time.time()}
    with _locked(workspace) as entries:
        entries[anchor] = record
    return record


def approve(workspace: Workspace, config: DreamingConfig, anchor: str, *, now: datetime | None = None) -> Any:
    """Promote the one candidate ``anchor`` into ``MEMORY.md`` (and ``DREAMS.md``); returns it.

    The same write as ``dream --apply`` (:func:`mdrecall.dreaming.promote._write`: ``DREAMS.md``,
    ``MEMORY.md`` and the recall log, all or none), for this candidate only.
    """
    from mdrecall.dreaming.promote import DreamReport, RecallLog, _write

    when = now or now_local()
    c = _candidate(workspace, config, anchor, when)
    refused = [r for r in c.reasons if any(k in r for k in _REFUSED)]
    if refused:
        raise MdrecallError(f"{c.citation} cannot be promoted: {'; '.join(refused)}")
    memory_key = next((n for n in MEMORY_FILE_NAMES if (workspace.root / n).is_file()), "MEMORY.md")
    c.passed, c.reasons = True, []
    log = RecallLog(workspace, config)
    report = DreamReport(applied=True, promoted=[c])
    _write(workspace, memory_key, report, config, when, lambda: log.mark_promoted([anchor], when.timestamp()))
    return c
