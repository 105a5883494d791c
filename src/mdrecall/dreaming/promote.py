"""Dreaming: notes the agent keeps recalling are promoted from short-term recall into ``MEMORY.md``.

Every search hit served from the workspace (to the CLI, Python, the MCP tools or the web page, while
``dreaming.record_recalls`` is on) is recorded in ``memory/.dreams/short-term-recall.json`` (score, query,
recall count, distinct queries, last recalled) under the *lines it recalled*: the snippet lines that share
a word with the query (else its first line), each anchored to its file and its own content, not to the
chunk's line range, so a fact recalled again after its daily log grew is the same entry. A
``memory_get`` of a hit soon after the search (``dreaming.confirm_window_s``) counts as confirmed use.
:func:`dream` scores each candidate on relevance, frequency, query diversity, recency and confirmed use,
keeps those that pass every gate (``dreaming.*``), and with ``apply`` appends the recalled lines
themselves to ``MEMORY.md`` (one bullet each, deduplicated, cited where the line is now) and writes a
dated entry to ``DREAMS.md`` at the workspace root saying what was promoted and why. A line edited away
since it was recalled is not promoted, nor is a line the user did not say (an assistant's record, a
command's output, a quotation: :func:`mdrecall.text.provenance.line_origin`).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import re
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from mdrecall.config.settings import DreamingConfig
from mdrecall.dreaming.review import rejected
from mdrecall.errors import MdrecallError
from mdrecall.files.all_or_none import append_all_or_none
from mdrecall.files.workspace import MEMORY_FILE_NAMES, Workspace, _lock, _unlock, now_local
from mdrecall.models import Hit
from mdrecall.text.provenance import line_origin, segments
from mdrecall.text.query import tokenize
from mdrecall.text.redact import redact
from mdrecall.text.stopwords import STOP_WORDS

__all__ = ["Candidate", "DreamReport", "RecallLog", "anchor", "dream", "recalled_lines"]

RECALL_FILE = "memory/.dreams/short-term-recall.json"
PROMOTED_HEADING = "## Promoted from recall"
_WEIGHTS = {"relevance": 0.30, "frequency": 0.20, "diversity": 0.20, "recency": 0.15, "confirmed": 0.15}
_MAX_ENTRIES = 2000
_MAX_QUERIES = 50
_MAX_RECALLED_LINES = 3
_MARKER = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?")


def _norm(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.lower()))


def anchor(path: str, line_text: str) -> str:
    """The key of a recalled line: its file and a hash of its words (stable as the file grows)."""
    return f"{path}#{hashlib.sha256(_norm(line_text).encode()).hexdigest()[:12]}"


def recalled_lines(snippet: str, query: str) -> list[str]:
    """The lines of a snippet that a query recalled: those sharing a word with it, else the first one.

    Headings, blank lines and the ``…`` gaps of a pieced snippet are never recalled lines.
    """
    lines = [ln.strip().strip("…").strip() for ln in snippet.splitlines()]
    lines = [ln for ln in lines if _norm(ln) and not ln.startswith("#")]
    terms = {t for t in tokenize(query) if len(t) >= 3 and t not in STOP_WORDS}

    def shares_a_word(line: str) -> bool:
        return any(
            t == q or (len(t) >= 5 and len(q) >= 5 and t[:5] == q[:5]) for t in tokenize(line) for q in terms
        )

    matched = [ln for ln in lines if shares_a_word(ln)]
    return (matched or lines[:1])[:_MAX_RECALLED_LINES]


class RecallLog:
    """The short-term recall file of a workspace (locked, atomically rewritten)."""

    def __init__(self, workspace: Workspace, config: DreamingConfig | None = None) -> None:
        self.workspace = workspace
        self.config = config or DreamingConfig()
        self.path = workspace.root / RECALL_FILE
        #: Where an unreadable (corrupt) recall file was moved, if one was.
        self.moved_aside: str | None = None

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
            try:  # the old file stays whole until the new one is complete on disk
                with os.fdopen(tmp_fd, "w", encoding="utf-8") as fh:
                    fh.write(json.dumps(data, ensure_ascii=False, separators=(",", ":")))  # C encoder: fast
                    fh.flush()
                    os.fsync(fh.fileno())
                os.replace(tmp, self.path)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
                raise
        finally:
            _unlock(fd)
            os.close(fd)

    def load(self) -> dict[str, Any]:
        """The file's content (``{"version": 2, "entries": {anchor: entry}}``).

        A version 1 file (entries keyed by chunk citation) is read as one entry per line of each stored
        snippet, with the snippet's counts. A file that cannot be parsed is never overwritten: it is moved
        aside (``short-term-recall.corrupt-<time>.json``, named in :attr:`moved_aside`); a new log starts.
        A file that cannot be read raises :class:`OSError` (nothing is written then either).
        """
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return {"version": 2, "entries": {}}
        try:
            data = json.loads(raw.decode("utf-8"))
            if isinstance(data, dict) and isinstance(data.get("entries"), dict):
                return data if data.get("version") == 2 else _upgrade(data)
        except ValueError:  # bad JSON or bad UTF-8
            pass
        aside = self.path.with_name(f"{self.path.stem}.corrupt-{time.strftime('%Y%m%dT%H%M%S')}.json")
        os.replace(self.path, aside)
        self.moved_aside = str(aside)
        return {"version": 2, "entries": {}}

    def record(self, query: str, hits: Sequence[Hit], now: float | None = None) -> None:
        """Record one search: each hit's score and the query that found it."""
        if not hits or not self.config.record_recalls:
            return
        now = time.time() if now is None else now
        q = redact(" ".join(query.split())).lower()[:200]  # a query can carry a secret: never stored as is
        with self._locked() as data:
            for h in hits:
                first = h.snippet_start_line or h.start_line
                last = h.snippet_end_line or h.end_line
                for text in recalled_lines(h.snippet, query):
                    e = data["entries"].setdefault(anchor(h.path, text), _new_entry(h.path, h.source, now))
                    e.update(text=text, startLine=first, endLine=last)
                    _count(e, float(h.score), q, now)

    def record_search(self, query: str, hits: Sequence[Hit]) -> str | None:
        """Record a search's hits from this workspace (another memory's, merged in, are not its
        recalls); never fails the search: what went wrong comes back as a warning to show."""
        own = [h for h in hits if h.workspace == "own" or (h.workspace is None and h.agent is None)]
        try:
            self.record(query, own)
        except OSError as exc:
            return f"search hits were not recorded for dreaming ({exc.strerror or exc})"
        aside, self.moved_aside = self.moved_aside, None
        if aside:
            return f"the recall log could not be read and was moved aside to {aside}; a new one was started"
        return None

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

    def mark_promoted(self, anchors: Sequence[str], now: float) -> None:
        """Remember which entries were promoted (they are not candidates again)."""
        with self._locked() as data:
            for key in anchors:
                if key in data["entries"]:
                    data["entries"][key]["promotedAt"] = now

    def _prune(self, data: dict[str, Any]) -> None:
        entries = data["entries"]
        if len(entries) > _MAX_ENTRIES:
            keep = sorted(entries, key=lambda c: entries[c].get("lastRecalled", 0))[-_MAX_ENTRIES:]
            data["entries"] = {c: entries[c] for c in keep}


def _new_entry(path: str, source: str, now: float) -> dict[str, Any]:
    return {"path": path, "source": source, "text": "", "startLine": 0, "endLine": 0,
            "recallCount": 0, "scoreSum": 0.0, "maxScore": 0.0, "queries": [], "uniqueQueries": 0,
            "firstRecalled": now, "lastRecalled": now, "confirmed": 0, "lastConfirmed": None,
            "promotedAt": None}  # fmt: skip


def _count(e: dict[str, Any], score: float, query: str, now: float) -> None:
    e["recallCount"] += 1
    e["scoreSum"] += score
    e["maxScore"] = max(e["maxScore"], score)
    e["lastRecalled"] = now
    if query and query not in e["queries"]:
        e["uniqueQueries"] += 1
        e["queries"] = (e["queries"] + [query])[-_MAX_QUERIES:]


def _upgrade(old: dict[str, Any]) -> dict[str, Any]:
    """Version 1 (keyed by chunk citation, counts per chunk) → version 2 (one entry per recalled line)."""
    entries: dict[str, Any] = {}
    for e in old["entries"].values():
        if not isinstance(e, dict) or "path" not in e:
            continue
        lines = [
            ln
            for ln in (e.get("snippet") or "").splitlines()
            if _norm(ln) and not ln.lstrip().startswith("#")
        ]
        for text in lines[:_MAX_RECALLED_LINES]:
            key = anchor(e["path"], text.strip())
            if key not in entries or entries[key]["recallCount"] < e.get("recallCount", 0):
                entries[key] = {**_new_entry(e["path"], e.get("source", "memory"), e.get("firstRecalled", 0)),
                                **{k: v for k, v in e.items() if k not in ("snippet", "snippetStartLine",
                                                                          "snippetEndLine")},
                                "text": text.strip()}  # fmt: skip
    return {"version": 2, "entries": entries}


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


def _locate(
    workspace: Workspace, e: dict[str, Any], files: dict[str, list[str] | None]
) -> tuple[str, int] | None:
    """The recalled line as it is now and its 1-based line, or ``None`` when it is no longer there.

    Found by content (the stored words within a line of the file), so lines added or removed above it
    do not matter. A transcript hit (not Markdown) keeps its stored text and line.
    """
    text = e.get("text", "")
    if not e["path"].endswith(".md"):
        return (text, e["startLine"]) if _norm(text) else None
    if e["path"] not in files:
        try:
            raw = workspace.resolve_readable(e["path"]).read_text(encoding="utf-8", errors="replace")
            files[e["path"]] = raw.splitlines()
        except (OSError, MdrecallError):
            files[e["path"]] = None
    lines = files[e["path"]]
    want = _norm(text)
    if not lines or not want:
        return None
    hint = max(0, e.get("startLine", 1) - 1)
    order = [*range(hint, len(lines)), *range(0, min(hint, len(lines)))]
    for i in order:
        if want in _norm(lines[i]):
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


def _bullet_text(line: str) -> str:
    """A line as one bullet's text: its own list marker (and checkbox) removed, so no double bullet."""
    one = " ".join(_MARKER.sub("", line).split())
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
        fails.append(f"average recall score {_below(avg, cfg.min_score)} < {cfg.min_score}")
    if count < cfg.min_recalls:
        fails.append(f"recalled {count}× < {cfg.min_recalls}")
    if e["uniqueQueries"] < cfg.min_unique_queries:
        fails.append(f"{e['uniqueQueries']} distinct queries < {cfg.min_unique_queries}")
    if age_days > cfg.max_age_days:
        fails.append(f"last recalled {age_days:.0f} days ago > {cfg.max_age_days}")
    return comps, fails


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
    memory_key = next((n for n in MEMORY_FILE_NAMES if (workspace.root / n).is_file()), "MEMORY.md")
    try:
        existing = _norm((workspace.root / memory_key).read_text(encoding="utf-8"))
    except OSError:
        existing = ""
    report = DreamReport(applied=apply)
    seen: set[str] = set()
    ranked = []
    files: dict[str, list[str] | None] = {}
    refused = rejected(workspace)  # a person rejected these (agent/dreaming_review.py): never again
    for key, e in entries.items():
        if e.get("promotedAt") or e["path"] in MEMORY_FILE_NAMES or key in refused:
            continue
        comps, fails = score_entry(e, config, ts)
        total = sum(_WEIGHTS[k] * v for k, v in comps.items())
        found = _locate(workspace, e, files)
        if found is None:
            fails.append(f"the recalled line is no longer in {e['path']}")
            found = (e.get("text", ""), e.get("startLine", 0))
        line_text, line_no = found
        origin = _origin(e, files, line_no)
        if origin != "user":  # a relayed page or a command's output is never the user's memory
            fails.append(f"said by the {origin}, not the user")
        c = Candidate(f"{e['path']}#L{line_no}", e, comps, total, not fails, fails, _bullet_text(line_text))
        c.anchor = key
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
    if apply and report.promoted:  # MEMORY.md, DREAMS.md and the recall log together, or none
        anchors = [c.anchor for c in report.promoted]
        _write(workspace, memory_key, report, config, when, lambda: log.mark_promoted(anchors, ts))
    return report


def _why(c: Candidate) -> str:
    e = c.entry
    parts = ", ".join(f"{k} {v:.2f}" for k, v in c.components.items())
    last = datetime.fromtimestamp(e["lastRecalled"]).date().isoformat()
    return (
        f"promotion score {c.score:.2f} ({parts}): recalled {e['recallCount']}× by {e['uniqueQueries']} "
        f"distinct queries, average recall score {e['scoreSum'] / e['recallCount']:.2f}, last {last}, "
        f"confirmed {e['confirmed']}×"
    )


def _write(
    workspace: Workspace,
    memory_key: str,
    report: DreamReport,
    cfg: DreamingConfig,
    when: datetime,
    commit: Callable[[], None],
) -> None:
    """Append the promoted lines to MEMORY.md and the run's entry to DREAMS.md, then ``commit`` (mark
    them promoted in the recall log): all of it, or on any failure none of it (:mod:`.all_or_none`)."""
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


def recall_path(root: str | os.PathLike[str]) -> Path:
    """Where a workspace's short-term recall file lives."""
    return Path(root) / RECALL_FILE
