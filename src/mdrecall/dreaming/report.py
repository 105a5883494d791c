"""What a dreaming run found, and writing its promotions: ``MEMORY.md``, ``DREAMS.md`` and the recall log.

:func:`write_promotions` is the one write of ``mdrecall dream --apply`` and of a person's approval
(:func:`mdrecall.dreaming.review.approve`): all three files, or on any failure none of them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from mdrecall.config.settings import DreamingConfig
from mdrecall.files.all_or_none import append_all_or_none
from mdrecall.files.workspace import Workspace

__all__ = ["PROMOTED_HEADING", "Candidate", "DreamReport", "write_promotions"]

PROMOTED_HEADING = "## Promoted from recall"


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
    anchor: str = ""

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
            **({"used": e["used"]} if e.get("used") else {}),
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


def _why(c: Candidate) -> str:
    e = c.entry
    parts = ", ".join(f"{k} {v:.2f}" for k, v in c.components.items())
    last = datetime.fromtimestamp(e["lastRecalled"]).date().isoformat()
    return (
        f"promotion score {c.score:.2f} ({parts}): recalled {e['recallCount']}× by {e['uniqueQueries']} "
        f"distinct queries, average recall score {e['scoreSum'] / e['recallCount']:.2f}, last {last}, "
        f"confirmed {e['confirmed']}×"
    )


def write_promotions(
    workspace: Workspace,
    memory_key: str,
    report: DreamReport,
    cfg: DreamingConfig,
    when: datetime,
    commit: Callable[[], None],
) -> None:
    """Append the promoted lines to MEMORY.md and the run's entry to DREAMS.md, then ``commit`` (mark
    them promoted in the recall log): all of it, or on any failure none of it
    (:mod:`mdrecall.files.all_or_none`)."""
    day = when.date().isoformat()
    bullets = "".join(
        f"- {c.text} _(from {c.citation}; recalled {c.entry['recallCount']}×; promoted {day})_\n"
        for c in report.promoted
    )

    def memory_compose(heading: str | None, is_new: bool) -> tuple[str, str]:
        head = "# Long-term memory\n" if is_new else ""
        return head + ("" if heading == PROMOTED_HEADING else f"\n{PROMOTED_HEADING}\n\n"), bullets

    gates = (
        f"average recall score ≥ {cfg.min_score}, recalled ≥ {cfg.min_recalls}×, "
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

    def dreams_compose(_heading: str | None, is_new: bool) -> tuple[str, str]:
        return "# Dreams\n" if is_new else "", entry

    # DREAMS.md first: a run that cannot be recorded there never reaches MEMORY.md
    appends = [(workspace.root / "DREAMS.md", dreams_compose), (workspace.root / memory_key, memory_compose)]
    append_all_or_none(workspace, appends, commit)
