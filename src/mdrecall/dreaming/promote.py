"""Dreaming: notes the agent keeps recalling are promoted from short-term recall into ``MEMORY.md``.

Every search hit served from the workspace (to the CLI, Python, the MCP tools or the web page, while
``dreaming.record_recalls`` is on) is recorded in ``memory/.dreams/short-term-recall.json`` (score, query,
recall count, distinct queries, last recalled) under the *lines it recalled*: the snippet lines that share
a word with the query (else its first line), each anchored to its file and its own content, not to the
chunk's line range, so a fact recalled again after its daily log grew is the same entry. A
``memory_get`` of a hit soon after the search (``dreaming.confirm_window_s``) counts as confirmed use,
and so does each use of a line recall injected (a read, a later search, the reply citing it:
:mod:`mdrecall.search.recall_use`), which also counts as one more recall.
:func:`dream` scores each candidate on relevance, frequency, query diversity, recency and confirmed use,
keeps those that pass every gate (``dreaming.*``), and with ``apply`` appends the recalled lines
themselves to ``MEMORY.md`` (one bullet each, deduplicated, cited where the line is now) and writes a
dated entry to ``DREAMS.md`` at the workspace root saying what was promoted and why. A line edited away
since it was recalled is not promoted, nor is a line the user did not say (an assistant's record, a
command's output, a quotation: :func:`mdrecall.text.provenance.line_origin`). Nor is a line a later note
superseded (the same fact changed since: :mod:`mdrecall.knowledge.fact_lines.facts`, paired over the memory
files), nor a line marked local-only (:mod:`mdrecall.text.privacy`): MEMORY.md is shared, injected and
embedded, so the mark would be lost there.
"""

from __future__ import annotations

import math
import os
import re
from datetime import datetime
from typing import Any

from mdrecall.config.settings import DreamingConfig
from mdrecall.dreaming.recall_log import RECALL_FILE, RecallLog, anchor, plain_words, recalled_lines
from mdrecall.dreaming.rejections import rejected
from mdrecall.dreaming.report import PROMOTED_HEADING, Candidate, DreamReport, write_promotions
from mdrecall.errors import MdrecallError
from mdrecall.files.workspace import MEMORY_FILE_NAMES, Workspace, date_from_name, now_local
from mdrecall.index.used_log import Used
from mdrecall.index.used_log import read as read_used
from mdrecall.knowledge.changes.fact_pairs import supersessions
from mdrecall.knowledge.fact_lines.facts import Supersession, line_facts
from mdrecall.text.privacy import has_marker, is_local_only, scan
from mdrecall.text.provenance import line_origin, segments

#: The recall log, the report types and the promotion heading live in their own modules
#: (:mod:`~mdrecall.dreaming.recall_log`, :mod:`~mdrecall.dreaming.report`); named here too.
__all__ = [
    "PROMOTED_HEADING",
    "RECALL_FILE",
    "Candidate",
    "DreamReport",
    "RecallLog",
    "anchor",
    "dream",
    "recalled_lines",
    "score_entry",
    "used_counts",
]

_WEIGHTS = {"relevance": 0.30, "frequency": 0.20, "diversity": 0.20, "recency": 0.15, "confirmed": 0.15}
_MARKER = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?")


def _locate(
    workspace: Workspace, e: dict[str, Any], files: dict[str, list[str] | None]
) -> tuple[str, int] | None:
    """The recalled line as it is now and its 1-based line, or ``None`` when it is no longer there.

    Found by content (the stored words within a line of the file), so lines added or removed above it
    do not matter. A transcript hit (not Markdown) keeps its stored text and line.
    """
    text = e.get("text", "")
    if not e["path"].endswith(".md"):
        return (text, e["startLine"]) if plain_words(text) else None
    if e["path"] not in files:
        try:
            raw = workspace.read_text(e["path"])  # no symlink followed, no FIFO waited on
            files[e["path"]] = raw.splitlines()
        except (OSError, MdrecallError):
            files[e["path"]] = None
    lines = files[e["path"]]
    want = plain_words(text)
    if not lines or not want:
        return None
    hint = max(0, e.get("startLine", 1) - 1)
    order = [*range(hint, len(lines)), *range(0, min(hint, len(lines)))]
    for i in order:
        if want in plain_words(lines[i]):
            return lines[i].strip(), i + 1
    return None


def _origin(e: dict[str, Any], files: dict[str, list[str] | None], line_no: int) -> str:
    """Who said a recalled line (:mod:`mdrecall.text.provenance`): only ``user`` lines are promoted."""
    if not e["path"].endswith(".md"):  # a transcript line, rendered "User: …" / "Assistant: …"
        text = e.get("text", "")
        if not text.startswith("User:"):
            return "assistant"
        return "user" if all(o == "user" for o, _ in segments("user", text[5:])) else "command"
    lines = files.get(e["path"]) or []
    return line_origin(lines, line_no - 1) if 0 < line_no <= len(lines) else "user"


def _local(
    e: dict[str, Any],
    files: dict[str, list[str] | None],
    line_no: int,
    ranges: dict[str, list[tuple[int, int]]],
) -> bool:
    """Whether a recalled line is local-only: in a marked section or file, or (a transcript's) marked
    (``ranges``: each file's local-only lines, filled as files are met)."""
    if has_marker(e.get("text", "")):
        return True
    lines = files.get(e["path"])
    if not e["path"].endswith(".md") or lines is None:
        return False
    if e["path"] not in ranges:
        ranges[e["path"]] = scan("\n".join(lines)).ranges
    return is_local_only(line_no, line_no, ranges[e["path"]])


def _bullet_text(line: str) -> str:
    """A line as one bullet's text: its own list marker (and checkbox) removed, so no double bullet."""
    one = " ".join(_MARKER.sub("", line).split())
    return one if len(one) <= 500 else one[:499] + "…"


def _superseded(workspace: Workspace) -> dict[tuple[str, int], Supersession]:
    """Each line of the memory files a later line supersedes (the same pairing as the index's view)."""
    facts = []
    for f in workspace.discover():
        try:
            text = workspace.read_text(f.key)
        except (OSError, MdrecallError):
            continue
        facts += line_facts(f.key, text, date_from_name(os.path.basename(f.key)))
    return supersessions(facts)


def score_entry(e: dict[str, Any], cfg: DreamingConfig, now: float) -> tuple[dict[str, float], list[str]]:
    """The five components of a candidate, and the gates it fails (empty: it passes).

    ``e["used"]`` (:func:`used_counts`): each time the agent used the line after recall injected it
    counts as one more recall (at the line's average score) and one confirmed use.
    """
    used = max(0, int(e.get("used", 0)))
    avg = e["scoreSum"] / max(1, int(e["recallCount"]))
    count = max(1, int(e["recallCount"]) + used)
    age_days = (now - e.get("lastRecalled", 0)) / 86400
    comps = {
        "relevance": min(1.0, avg),
        "frequency": min(1.0, math.log1p(count) / math.log1p(10)),
        "diversity": min(1.0, e["uniqueQueries"] / 5),
        "recency": 0.5 ** (max(0.0, age_days) / 14),
        "confirmed": min(1.0, (e["confirmed"] + used) / 2),
    }
    fails = []
    if avg < cfg.min_score:
        fails.append(f"average recall score {_below(avg, cfg.min_score)} < {cfg.min_score}")
    if count < cfg.min_recalls:
        fails.append(f"recalled {count}× < {cfg.min_recalls}")
    if e["uniqueQueries"] < cfg.min_unique_queries:
        fails.append(f"{e['uniqueQueries']} distinct queries < {cfg.min_unique_queries}")
    if age_days > cfg.max_age_days:
        fails.append(f"last recalled {age_days:.0f} days ago > {cfg.max_age_days}")
    return comps, fails


def used_counts(entries: dict[str, dict[str, Any]], signals: list[Used]) -> dict[str, int]:
    """Anchor → how many injected memories (per session) the agent used that overlap the entry's lines
    (:mod:`mdrecall.index.used_log`); entries none overlaps are left out."""
    by_path: dict[str, set[tuple[str, int, int]]] = {}
    for u in signals:
        span = u.span()
        if span is not None:
            by_path.setdefault(span[0], set()).add((u.session, span[1], span[2]))
    out: dict[str, int] = {}
    for key, e in entries.items():
        first, last = int(e.get("startLine", 0)), int(e.get("endLine", 0))
        n = sum(1 for _s, a, b in by_path.get(e["path"], ()) if a <= last and first <= b)
        if n:
            out[key] = n
    return out


def _below(value: float, limit: float) -> str:
    """``value`` with enough decimals that it reads as below ``limit`` (0.7996 vs 0.8: ``0.7996``)."""
    for digits in range(2, 7):
        text = f"{value:.{digits}f}"
        if float(text) < limit:
            return text
    return repr(value)


def dream(
    workspace: Workspace, config: DreamingConfig, *, apply: bool = False, now: datetime | None = None
) -> DreamReport:
    """Score the recalled notes; with ``apply``, promote the survivors and write ``DREAMS.md``."""
    when = now or now_local()
    ts = when.timestamp()
    log = RecallLog(workspace, config)
    entries = log.load()["entries"]
    used = used_counts(entries, read_used(workspace.root))  # what the agent used after recall injected it
    memory_key = next((n for n in MEMORY_FILE_NAMES if os.path.lexists(workspace.root / n)), "MEMORY.md")
    try:
        existing = plain_words(workspace.read_text(memory_key))
    except (OSError, MdrecallError):
        existing = ""
    report = DreamReport(applied=apply)
    seen: set[str] = set()
    ranked = []
    files: dict[str, list[str] | None] = {}
    local: dict[str, list[tuple[int, int]]] = {}
    refused = rejected(workspace)  # a person rejected these (dreaming/review.py): never again
    gone: dict[tuple[str, int], Supersession] | None = None  # read once, when there is a candidate
    for key, e in entries.items():
        if e.get("promotedAt") or e["path"] in MEMORY_FILE_NAMES or key in refused:
            continue
        if key in used:
            e = {**e, "used": used[key]}
        comps, fails = score_entry(e, config, ts)
        total = sum(_WEIGHTS[k] * v for k, v in comps.items())
        found = _locate(workspace, e, files)
        if found is None:
            fails.append(f"the recalled line is no longer in {e['path']}")
            found = (e.get("text", ""), e.get("startLine", 0))
        line_text, line_no = found
        if gone is None:
            gone = _superseded(workspace)
        newer = gone.get((e["path"], line_no))
        if newer is not None:
            day = f" ({newer.day[:10]})" if newer.day else ""
            fails.append(f"superseded by {newer.path}#L{newer.line}{day}: the fact changed since")
        if _local(e, files, line_no, local):
            fails.append("marked local-only: it never leaves its file")
        origin = _origin(e, files, line_no)
        if origin != "user":  # a relayed page or a command's output is never the user's memory
            fails.append(f"said by the {origin}, not the user")
        c = Candidate(f"{e['path']}#L{line_no}", e, comps, total, not fails, fails, _bullet_text(line_text))
        c.anchor = key
        norm = plain_words(c.text)
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
    if apply and report.promoted:  # MEMORY.md, DREAMS.md and the recall log together, or none
        anchors = [c.anchor for c in report.promoted]
        write_promotions(workspace, memory_key, report, config, when, lambda: log.mark_promoted(anchors, ts))
    return report
