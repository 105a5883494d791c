"""A person's review of the dreaming candidates: approve one (promote it now) or reject it for good.

Approving promotes exactly one candidate through the code path of ``mdrecall dream --apply``: the same
scoring (:func:`~mdrecall.dreaming.promote.dream`, report only), the same bullet appended to ``MEMORY.md``
under ``## Promoted from recall``, the same dated entry in ``DREAMS.md``, the same mark in the recall
log. A person may approve a candidate that has not yet passed the gates (it is their memory), but never
one whose line is gone from its file or is already in ``MEMORY.md``.

Rejecting records the candidate's anchor in ``memory/.dreams/rejected.json``
(:mod:`mdrecall.dreaming.rejections`): :func:`~mdrecall.dreaming.promote.dream` skips
rejected anchors, so the note is never proposed again, even after the recall log forgets it and the
agent recalls it anew (the anchor is the file and a hash of the line's words).
"""

from __future__ import annotations

import time
from datetime import datetime
from typing import Any

from mdrecall.config.settings import DreamingConfig
from mdrecall.dreaming.promote import dream
from mdrecall.dreaming.recall_log import RecallLog
from mdrecall.dreaming.rejections import REJECTED_FILE, editing_rejections, rejected
from mdrecall.dreaming.report import Candidate, DreamReport, write_promotions
from mdrecall.errors import MdrecallError, NotFoundError
from mdrecall.files.workspace import MEMORY_FILE_NAMES, Workspace, now_local

__all__ = ["REJECTED_FILE", "approve", "rejected", "reject"]

_REFUSED = ("already in MEMORY.md", "duplicate or empty", "is no longer in", "superseded by")


def _candidate(workspace: Workspace, config: DreamingConfig, anchor: str, now: datetime) -> Candidate:
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
    with editing_rejections(workspace) as entries:
        entries[anchor] = record
    return record


def approve(
    workspace: Workspace, config: DreamingConfig, anchor: str, *, now: datetime | None = None
) -> Candidate:
    """Promote the one candidate ``anchor`` into ``MEMORY.md`` (and ``DREAMS.md``); returns it.

    The same write as ``dream --apply`` (:func:`mdrecall.dreaming.report.write_promotions`:
    ``DREAMS.md``, ``MEMORY.md`` and the recall log, all or none), for this candidate only.
    """
    when = now or now_local()
    c = _candidate(workspace, config, anchor, when)
    refused = [r for r in c.reasons if any(k in r for k in _REFUSED)]
    if refused:
        raise MdrecallError(f"{c.citation} cannot be promoted: {'; '.join(refused)}")
    memory_key = next((n for n in MEMORY_FILE_NAMES if (workspace.root / n).is_file()), "MEMORY.md")
    c.passed, c.reasons = True, []
    log = RecallLog(workspace, config)
    report = DreamReport(applied=True, promoted=[c])
    write_promotions(
        workspace, memory_key, report, config, when, lambda: log.mark_promoted([anchor], when.timestamp())
    )
    return c
