"""Dreaming: notes the agent keeps recalling are promoted from short-term recall into ``MEMORY.md``.

Every search hit served to an agent is recorded in ``memory/.dreams/short-term-recall.json`` (score,
query, recall count, distinct queries, last recalled); a ``memory_get`` of a hit soon after the search
(``dreaming.confirm_window_s``) counts as confirmed use. :func:`dream` scores each candidate on
relevance, frequency, query diversity, recency and confirmed use, keeps those that pass every gate
(``dreaming.*``), and with ``apply`` appends them to ``MEMORY.md`` (deduplicated, with a citation) and
writes a dated entry to ``DREAMS.md`` at the workspace root saying what was promoted and why.
"""

from __future__ import annotations

import json
import math
import os
import re
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from ..config import DreamingConfig
from ..errors import MdrecallError
from ..models import Hit
from ..workspace import MEMORY_FILE_NAMES, Workspace, _lock, _unlock, now_local

__all__ = ["Candidate", "DreamReport", "RecallLog", "dream"]

RECALL_FILE = "memory/.dreams/short-term-recall.json"
PROMOTED_HEADING = "## Promoted from recall"
_WEIGHTS = {"relevance": 0.30, "frequency": 0.20, "diversity": 0.20, "recency": 0.15, "confirmed": 0.15}
_MAX_ENTRIES = 2000
_MAX_QUERIES = 50


class RecallLog:
    """The short-term recall file of a workspace (locked, atomically rewritten)."""

    def __init__(self, workspace: Workspace, config: DreamingConfig | None = None) -> None:
        self.workspace = workspace
        self.config = config or DreamingConfig()
        self.path = workspace.root / RECALL_FILE

    @contextmanager
    def _locked(self) -> Iterator[dict[str, Any]]:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path.with_suffix(".lock"), os.O_RDWR | os.O_CREAT, 0o644)
        try:
            _lock(fd)
            data = self.load()
            yield data
            self._prune(data)
            tmp_fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".recall-")
            with os.fdopen(tmp_fd, "w", encoding="utf-8") as fh:
                json.dump(data, fh, ensure_ascii=False, indent=1)
            os.replace(tmp, self.path)
        finally:
            _unlock(fd)
            os.close(fd)

    def load(self) -> dict[str, Any]:
        """The file's content (``{"version": 1, "entries": {citation: entry}}``)."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if isinstance(data, dict) and isinstance(data.get("entries"), dict):
                return data
        except (OSError, ValueError):
            pass
        return {"version": 1, "entries": {}}

    def record(self, query: str, hits: Sequence[Hit], now: float | None = None) -> None:
        """Record one search: each hit's score and the query that found it."""
        if not hits or not self.config.record_recalls:
            return
        now = time.time() if now is None else now
        q = " ".join(query.lower().split())[:200]
        with self._locked() as data:
            for h in hits:
                e = data["entries"].setdefault(
                    h.citation,
                    {"path": h.path, "startLine": h.start_line, "endLine": h.end_line, "source": h.source,
                     "recallCount": 0, "scoreSum": 0.0, "maxScore": 0.0, "queries": [], "uniqueQueries": 0,
                     "firstRecalled": now, "confirmed": 0, "lastConfirmed": None, "promotedAt": None},
                )  # fmt: skip
                e.update(
                    snippet=h.snippet,
                    snippetStartLine=h.snippet_start_line,
                    snippetEndLine=h.snippet_end_line,
                )
                e["recallCount"] += 1
                e["scoreSum"] += float(h.score)
                e["maxScore"] = max(e["maxScore"], float(h.score))
                e["lastRecalled"] = now
                if q and q not in e["queries"]:
                    e["uniqueQueries"] += 1
                    e["queries"] = (e["queries"] + [q])[-_MAX_QUERIES:]

    def confirm(self, path: str, from_line: int, to_line: int, now: float | None = None) -> int:
        """Count a read of ``path`` lines as confirmed use of recent hits; returns how many."""
        now = time.time() if now is None else now
        if not self.path.exists():
            return 0
        n = 0
        with self._locked() as data:
            for e in data["entries"].values():
                recent = now - e.get("lastRecalled", 0) <= self.config.confirm_window_s
                overlap = e["startLine"] <= to_line and from_line <= e["endLine"]
                fresh = e.get("lastConfirmed") is None or e["lastConfirmed"] < e.get("lastRecalled", 0)
                if e["path"] == path and recent and overlap and fresh:
                    e["confirmed"] += 1
                    e["lastConfirmed"] = now
                    n += 1
        return n

    def mark_promoted(self, citations: Sequence[str], now: float) -> None:
        """Remember which entries were promoted (they are not candidates again)."""
        with self._locked() as data:
            for c in citations:
                if c in data["entries"]:
                    data["entries"][c]["promotedAt"] = now

    def _prune(self, data: dict[str, Any]) -> None:
        entries = data["entries"]
        if len(entries) > _MAX_ENTRIES:
            keep = sorted(entries, key=lambda c: entries[c].get("lastRecalled", 0))[-_MAX_ENTRIES:]
            data["entries"] = {c: entries[c] for c in keep}


@dataclass
class Candidate:
    """One recalled note: its scores, whether it passed the gates, and why (not)."""

    citation: str
    entry: dict[str, Any]
    components: dict[str, float]
    score: float
    passed: bool
    reasons: list[str]
    text: str = ""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        e = self.entry
        return {
            "citation": self.citation,
            "score": round(self.score, 4),
            "components": {k: round(v, 4) for k, v in self.components.items()},
            "recalls": e["recallCount"],
            "uniqueQueries": e["uniqueQueries"],
            "confirmed": e["confirmed"],
            "passed": self.passed,
            "reasons": self.reasons,
            "text": self.text,
        }


@dataclass
class DreamReport:
    """What one dreaming run found and (with ``applied``) did."""

    applied: bool
    promoted: list[Candidate] = field(default_factory=list)
    rejected: list[Candidate] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "applied": self.applied,
            "promoted": [c.to_dict() for c in self.promoted],
            "rejected": [c.to_dict() for c in self.rejected],
        }


def _norm(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.lower()))


def _note_text(workspace: Workspace, e: dict[str, Any]) -> str:
    """The recalled lines as they are now (the stored snippet if the file changed or is gone)."""
    text = e.get("snippet", "")
    if e["path"].endswith(".md"):
        try:
            lines = workspace.resolve_readable(e["path"]).read_text(encoding="utf-8").splitlines()
            a, b = e.get("snippetStartLine") or e["startLine"], e.get("snippetEndLine") or e["endLine"]
            text = "\n".join(lines[a - 1 : b]) or text
        except (OSError, MdrecallError):
            pass  # the file moved or went away: the stored snippet stands
    kept = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    one = " ".join(" ".join(kept).split())
    return one if len(one) <= 500 else one[:499] + "…"


def score_entry(e: dict[str, Any], cfg: DreamingConfig, now: float) -> tuple[dict[str, float], list[str]]:
    """The five components of a candidate, and the gates it fails (empty: it passes)."""
    count = max(1, int(e["recallCount"]))
    avg = e["scoreSum"] / count
    age_days = (now - e.get("lastRecalled", 0)) / 86400
    comps = {
        "relevance": min(1.0, avg),
        "frequency": min(1.0, math.log1p(count) / math.log1p(10)),
        "diversity": min(1.0, e["uniqueQueries"] / 5),
        "recency": 0.5 ** (max(0.0, age_days) / 14),
        "confirmed": min(1.0, e["confirmed"] / 2),
    }
    fails = []
    if avg < cfg.min_score:
        fails.append(f"average recall score {avg:.2f} < {cfg.min_score}")
    if count < cfg.min_recalls:
        fails.append(f"recalled {count}× < {cfg.min_recalls}")
    if e["uniqueQueries"] < cfg.min_unique_queries:
        fails.append(f"{e['uniqueQueries']} distinct queries < {cfg.min_unique_queries}")
    if age_days > cfg.max_age_days:
        fails.append(f"last recalled {age_days:.0f} days ago > {cfg.max_age_days}")
    return comps, fails


def dream(
    workspace: Workspace, config: DreamingConfig, *, apply: bool = False, now: datetime | None = None
) -> DreamReport:
    """Score the recalled notes; with ``apply``, promote the survivors and write ``DREAMS.md``."""
    when = now or now_local()
    ts = when.timestamp()
    log = RecallLog(workspace, config)
    entries = log.load()["entries"]
    memory_key = next((n for n in MEMORY_FILE_NAMES if (workspace.root / n).is_file()), "MEMORY.md")
    try:
        existing = _norm((workspace.root / memory_key).read_text(encoding="utf-8"))
    except OSError:
        existing = ""
    report = DreamReport(applied=apply)
    seen: set[str] = set()
    ranked = []
    for cit, e in entries.items():
        if e.get("promotedAt") or e["path"] in MEMORY_FILE_NAMES:
            continue
        comps, fails = score_entry(e, config, ts)
        total = sum(_WEIGHTS[k] * v for k, v in comps.items())
        c = Candidate(cit, e, comps, total, not fails, fails, _note_text(workspace, e))
        norm = _norm(c.text)
        if c.passed and (not norm or norm in existing or norm in seen):
            c.passed, c.reasons = (
                False,
                ["already in MEMORY.md" if norm in existing else "duplicate or empty"],
            )
        seen.add(norm)
        ranked.append(c)
    ranked.sort(key=lambda c: -c.score)
    for c in ranked:
        if c.passed and len(report.promoted) < config.max_promotions:
            report.promoted.append(c)
        else:
            if c.passed:
                c.passed, c.reasons = False, [f"over dreaming.max_promotions ({config.max_promotions})"]
            report.rejected.append(c)
    if apply and report.promoted:
        _write(workspace, memory_key, report, config, when)
        log.mark_promoted([c.citation for c in report.promoted], ts)
    return report


def _why(c: Candidate) -> str:
    e = c.entry
    parts = ", ".join(f"{k} {v:.2f}" for k, v in c.components.items())
    last = datetime.fromtimestamp(e["lastRecalled"]).date().isoformat()
    return (
        f"score {c.score:.2f} ({parts}): recalled {e['recallCount']}× by {e['uniqueQueries']} distinct "
        f"queries, average score {e['scoreSum'] / e['recallCount']:.2f}, last {last}, "
        f"confirmed {e['confirmed']}×"
    )


def _write(
    workspace: Workspace, memory_key: str, report: DreamReport, cfg: DreamingConfig, when: datetime
) -> None:
    day = when.date().isoformat()
    bullets = "".join(
        f"- {c.text} _(from {c.citation}; recalled {c.entry['recallCount']}×; promoted {day})_\n"
        for c in report.promoted
    )

    def memory_compose(heading: str | None, is_new: bool) -> tuple[str, str]:
        head = "# Long-term memory\n" if is_new else ""
        return head + ("" if heading == PROMOTED_HEADING else f"\n{PROMOTED_HEADING}\n\n"), bullets

    workspace.append(workspace.root / memory_key, memory_compose)
    gates = (
        f"score ≥ {cfg.min_score}, recalled ≥ {cfg.min_recalls}×, "
        f"≥ {cfg.min_unique_queries} distinct queries, seen within {cfg.max_age_days} days"
    )
    lines = [
        f"\n## {when.strftime('%Y-%m-%d %H:%M')}\n",
        f"Promoted {len(report.promoted)} of {len(report.promoted) + len(report.rejected)} recalled notes "
        f"into {memory_key} (gates: {gates}).\n",
    ]
    lines += [f"- `{c.citation}`: “{c.text[:160]}” — {_why(c)}" for c in report.promoted]
    near = [c for c in report.rejected if c.reasons][:5]
    if near:
        lines += ["", "Not promoted:"] + [f"- `{c.citation}`: {'; '.join(c.reasons)}" for c in near]
    entry = "\n".join(lines) + "\n"
    workspace.append(workspace.root / "DREAMS.md", lambda _h, new: ("# Dreams\n" if new else "", entry))


def recall_path(root: str | os.PathLike[str]) -> Path:
    """Where a workspace's short-term recall file lives."""
    return Path(root) / RECALL_FILE
