"""How the per-prompt recall hook has been doing: ``.mdrecall/recall-stats.json``, small and crash-safe.

The ``UserPromptSubmit`` hook adds one prompt to it (:func:`record`): a count per stage (``injected``,
``gate``, ``empty``, ``deadline``, ``error``, ``disabled``), how many memories it injected in all and, for
the last :data:`RECENT` prompts, the hook's recall time (from the process's start) and stage; with the
used signals (:mod:`mdrecall.index.used_log`) that gives the share of injected memories the agent used.
``status`` and ``doctor`` read it (:func:`summary`). The file is replaced atomically; a damaged or
missing one reads as empty. Two hooks writing at the same instant may lose one prompt's count (no
lock: the hook must stay fast).
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from mdrecall.index.used_log import summary as used_summary

__all__ = ["RECENT", "STAGES", "load", "record", "stats_path", "summary"]

#: The stages a prompt's recall can end in (:attr:`mdrecall.search.recall.RecallResult.stage`).
STAGES = ("injected", "gate", "empty", "deadline", "error", "disabled")
#: How many recent prompts' times the record keeps (the percentiles are over them).
RECENT = 200


def stats_path(root: Path) -> Path:
    """Where workspace ``root`` keeps the record (beside, not in, the per-session ``recall/`` folder)."""
    return root / ".mdrecall" / "recall-stats.json"


def load(root: Path) -> dict[str, Any]:
    """The record of workspace ``root``: ``counts`` per stage and ``recent`` ``[ms, stage]`` pairs."""
    counts = dict.fromkeys(STAGES, 0)
    out: dict[str, Any] = {"counts": counts, "memories": 0, "recent": [], "updated": None}
    try:
        data = json.loads(stats_path(root).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return out
    if not isinstance(data, dict):
        return out
    raw = data.get("counts")
    if isinstance(raw, dict):
        for stage in STAGES:
            n = raw.get(stage)
            if isinstance(n, int) and n >= 0:
                counts[stage] = n
    recent = data.get("recent")
    if isinstance(recent, list):
        out["recent"] = [
            [float(r[0]), r[1]]
            for r in recent
            if isinstance(r, list) and len(r) == 2 and isinstance(r[0], (int, float)) and r[1] in STAGES
        ][-RECENT:]
    if isinstance(data.get("memories"), int) and data["memories"] >= 0:
        out["memories"] = data["memories"]
    if isinstance(data.get("updated"), (int, float)):
        out["updated"] = data["updated"]
    return out


def record(root: Path, stage: str, elapsed_ms: float, memories: int = 0) -> None:
    """Add one prompt that ended in ``stage`` after ``elapsed_ms``, having injected ``memories``
    (raises ``OSError`` if it cannot)."""
    if stage not in STAGES:
        stage = "error"
    data = load(root)
    data["counts"][stage] += 1
    data["memories"] += max(0, memories)
    data["recent"] = [*data["recent"], [round(elapsed_ms, 1), stage]][-RECENT:]
    data["updated"] = time.time()
    path = stats_path(root)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def summary(root: Path) -> dict[str, Any]:
    """What ``status`` shows: all-time ``prompts`` and ``counts``, and over the ``recent`` prompts their
    number, how many were ``injected`` and hit the ``deadline``, and ``p50_ms`` / ``p95_ms``; the
    ``memories`` injected in all and ``used``: how many of them the agent used
    (:func:`mdrecall.index.used_log.summary`)."""
    data = load(root)
    recent = data["recent"]
    times = [r[0] for r in recent]
    return {
        "prompts": sum(data["counts"].values()),
        "counts": data["counts"],
        "recent": len(recent),
        "recent_injected": sum(1 for r in recent if r[1] == "injected"),
        "recent_deadline": sum(1 for r in recent if r[1] == "deadline"),
        "p50_ms": round(_percentile(times, 0.5), 1) if times else None,
        "p95_ms": round(_percentile(times, 0.95), 1) if times else None,
        "updated": data["updated"],
        "memories": data["memories"],
        "used": used_summary(root, data["memories"]),
    }
