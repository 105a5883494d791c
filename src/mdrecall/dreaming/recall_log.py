"""The short-term recall log: every search hit served from the workspace (CLI, Python, MCP, the page),
by the lines it recalled (while ``dreaming.record_recalls`` is on).

``memory/.dreams/short-term-recall.json`` keeps, per recalled line (anchored to its file and its own words,
:func:`anchor`), the scores, queries, recall count, distinct queries, last recall and confirmed reads that
:func:`mdrecall.dreaming.promote.dream` scores. The file is locked and atomically rewritten.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from mdrecall.config.settings import DreamingConfig
from mdrecall.errors import PathError
from mdrecall.files.safe_files import read_beneath
from mdrecall.files.workspace import Workspace, lock_fd, unlock_fd
from mdrecall.models import Hit
from mdrecall.text.query import tokenize
from mdrecall.text.redact import redact
from mdrecall.text.stopwords import STOP_WORDS

__all__ = ["RECALL_FILE", "RecallLog", "anchor", "plain_words", "recalled_lines"]

RECALL_FILE = "memory/.dreams/short-term-recall.json"
_MAX_ENTRIES = 2000
_MAX_QUERIES = 50
_MAX_RECALLED_LINES = 3


def plain_words(text: str) -> str:
    """The words of ``text``, lower-cased, one space apart (what anchors and duplicate checks compare)."""
    return " ".join(re.findall(r"\w+", text.lower()))


def anchor(path: str, line_text: str) -> str:
    """The key of a recalled line: its file and a hash of its words (stable as the file grows)."""
    return f"{path}#{hashlib.sha256(plain_words(line_text).encode()).hexdigest()[:12]}"


def recalled_lines(snippet: str, query: str) -> list[str]:
    """The lines of a snippet that a query recalled: those sharing a word with it, else the first one.

    Headings, blank lines and the ``…`` gaps of a pieced snippet are never recalled lines.
    """
    lines = [ln.strip().strip("…").strip() for ln in snippet.splitlines()]
    lines = [ln for ln in lines if plain_words(ln) and not ln.startswith("#")]
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
            lock_fd(fd)
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
            unlock_fd(fd)
            os.close(fd)

    def load(self) -> dict[str, Any]:
        """The file's content (``{"version": 2, "entries": {anchor: entry}}``).

        A version 1 file (entries keyed by chunk citation) is read as one entry per line of each stored
        snippet, with the snippet's counts. A file that cannot be parsed is never overwritten: it is moved
        aside (``short-term-recall.corrupt-<time>.json``, named in :attr:`moved_aside`); a new log starts.
        A file that cannot be read raises :class:`OSError` (nothing is written then either).
        """
        try:  # no symlink followed, no FIFO waited on: either is moved aside as a corrupt file is
            raw: bytes | None = read_beneath(self.path.parent, [self.path.name])
        except FileNotFoundError:
            return {"version": 2, "entries": {}}
        except PathError:
            raw = None
        try:
            if raw is None:
                raise ValueError("not a regular file")
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
        q = " ".join(redact(query).split()).lower()[:200]  # a query can carry a secret: never stored as is
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
            if plain_words(ln) and not ln.lstrip().startswith("#")
        ]
        for text in lines[:_MAX_RECALLED_LINES]:
            key = anchor(e["path"], text.strip())
            if key not in entries or entries[key]["recallCount"] < e.get("recallCount", 0):
                entries[key] = {**_new_entry(e["path"], e.get("source", "memory"), e.get("firstRecalled", 0)),
                                **{k: v for k, v in e.items() if k not in ("snippet", "snippetStartLine",
                                                                          "snippetEndLine")},
                                "text": text.strip()}  # fmt: skip
    return {"version": 2, "entries": entries}
