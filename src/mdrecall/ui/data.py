"""What the pages show, read through the library's own calls (the same ones the CLI and MCP make).

:func:`search` is the one place the UI searches: it builds the call from the page's fields.
Files are read only with :meth:`Memory.get` (the workspace allow-list, no symlinks): never ``open()``.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from mdrecall.errors import MdrecallError
from mdrecall.memory import Memory

__all__ = [
    "SearchForm",
    "captured",
    "day_counts",
    "file_text",
    "file_versions",
    "index_stamp",
    "grouped_files",
    "recall_sessions",
    "search",
]

SOURCES = ("memory", "sessions", "conversations")
_NOTED = re.compile(r"^- (?P<kind>[\w -]{1,40}): (?P<text>.*?)(?: \((?P<cite>[^()\s]+#L\d+)\))?\s*$")
_RECORD = re.compile(r"^### (?P<at>[^·]*?) · (?P<role>[^·]+?) · t:[0-9a-f]+")
_DAILY = re.compile(r"memory/(?:[^/]+/)*\d{4}-\d{2}-\d{2}\.md")  # a daily log (also memory/2026/…)
_MAX_PAGES = 50  # Memory.get pages read for one file (each up to read.max_chars)


@dataclass(frozen=True)
class SearchForm:
    """The search page's fields, as given (strings; empty means not set)."""

    q: str = ""
    source: str = ""
    path: str = ""
    since: str = ""
    until: str = ""
    entity: str = ""
    as_of: str = ""
    explain: bool = False
    n: int = 10

    @classmethod
    def from_query(cls, params: Any) -> SearchForm:
        """From a request's query parameters (unknown or malformed ones are ignored)."""
        get = lambda k: (params.get(k) or "").strip()[:500]  # noqa: E731
        try:
            n = max(1, min(100, int(params.get("n") or 10)))
        except ValueError:
            n = 10
        source = get("source") if get("source") in SOURCES else ""
        return cls(get("q"), source, get("path"), get("since"), get("until"), get("entity"),
                   get("as_of"), params.get("explain") in ("1", "on", "true"), n)  # fmt: skip


def search(mem: Memory, form: SearchForm) -> Any:
    """Run the search a page asked for; returns the library's ``SearchResult``.

    The only search call of the UI: one :class:`~mdrecall.request.SearchRequest`, as the CLI and MCP build.
    """
    from mdrecall.request import SearchFilter, SearchRequest
    from mdrecall.text.filters import parse_day

    req = SearchRequest(
        query=form.q,
        max_results=form.n,
        filters=SearchFilter(
            sources=(form.source,) if form.source else (),
            paths=tuple(p.strip() for p in form.path.split(",") if p.strip()),
            since=parse_day(form.since, date.today()) if form.since else None,
            until=parse_day(form.until, date.today()) if form.until else None,
        ),
        explain=form.explain,
        entity=form.entity or None,
        as_of=form.as_of or None,
        sync=False,
    )
    return mem.search_result(req)


def file_text(mem: Memory, path: str) -> tuple[str, str, bool]:
    """A memory file's key and whole text through :meth:`Memory.get`, and whether it was cut short."""
    first = mem.get(path, 1, 10_000, record_use=False)  # a person's view is not the agent's use
    parts, nxt, pages = [first.text], first.next_from, 1
    while nxt is not None and pages < _MAX_PAGES:
        more = mem.get(path, nxt, 10_000, record_use=False)
        parts.append(more.text)
        nxt, pages = more.next_from, pages + 1
    return first.path, "\n".join(parts), nxt is not None


@dataclass
class FileGroups:
    """The indexed files of a workspace, as the Browse page lists them."""

    memory: list[Any] = field(default_factory=list)
    daily: list[Any] = field(default_factory=list)
    conversations: list[Any] = field(default_factory=list)
    other: list[Any] = field(default_factory=list)
    sessions: list[Any] = field(default_factory=list)


def grouped_files(files: list[Any], day: str = "") -> FileGroups:
    """``MEMORY.md``; daily logs (newest first); conversations; other notes and extra paths; sessions.

    With ``day`` (``YYYY-MM-DD``), only the files dated that day.
    """
    groups = FileGroups()
    for f in files:
        if day and not (f.date or "").startswith(day):
            continue
        if f.path in ("MEMORY.md", "memory.md"):
            groups.memory.append(f)
        elif f.source == "sessions":
            groups.sessions.append(f)
        elif f.source == "conversations":
            groups.conversations.append(f)
        elif f.date and _DAILY.fullmatch(f.path):
            groups.daily.append(f)
        else:
            groups.other.append(f)
    for name in ("daily", "conversations", "sessions"):
        getattr(groups, name).sort(key=lambda f: (f.date or "", f.path), reverse=True)
    return groups


def day_counts(mem: Memory, files: list[Any], days: int = 60) -> list[tuple[str, int, int]]:
    """Each of the ``days`` days up to today: ``(day, notes, captured turns)`` (zeros included).

    Notes are the chunks of that day's memory files; turns are the records of that day's conversations
    (read through :meth:`Memory.get`; the files are one per session and day).
    """
    notes: Counter[str] = Counter()
    turns: Counter[str] = Counter()
    last = date.today()
    first = (last - timedelta(days=days - 1)).isoformat()
    for f in files:
        day = (f.date or "")[:10]
        if not day or not first <= day <= last.isoformat():
            continue
        if f.source == "conversations":
            try:
                turns[day] += sum(1 for ln in file_text(mem, f.path)[1].splitlines() if _RECORD.match(ln))
            except MdrecallError:
                continue
        elif f.source == "memory":
            notes[day] += f.chunks
    span = [(last - timedelta(days=i)).isoformat() for i in range(days - 1, -1, -1)]
    return [(d, notes[d], turns[d]) for d in span]


def captured(mem: Memory, files: list[Any], days: int = 14) -> list[dict[str, Any]]:
    """What capture noted (``## Noted`` in the recent daily logs), with who said it where known."""
    logs = sorted(
        (f for f in files if f.source == "memory" and _DAILY.fullmatch(f.path)),
        key=lambda f: (f.date or "", f.path),
        reverse=True,
    )[:days]
    out: list[dict[str, Any]] = []
    records: dict[str, list[str]] = {}
    for f in logs:
        try:
            _, text, _ = file_text(mem, f.path)
        except MdrecallError:
            continue
        inside = False
        for no, line in enumerate(text.splitlines(), 1):
            if line.startswith("#"):
                inside = line.strip() == "## Noted"
                continue
            m = _NOTED.match(line) if inside else None
            if not m or m.group("kind") == "conversation":
                continue
            cite = m.group("cite")
            out.append({
                "day": f.date, "kind": m.group("kind"), "text": m.group("text"),
                "citation": f"{f.path}#L{no}", "source": cite, "role": _role(mem, cite, records),
            })  # fmt: skip
    return out


def _role(mem: Memory, cite: str | None, cache: dict[str, list[str]]) -> str | None:
    """Who wrote the cited conversation line: the role of the record it belongs to."""
    if not cite:
        return None
    path, _, line = cite.rpartition("#L")
    if path not in cache:
        try:
            cache[path] = file_text(mem, path)[1].splitlines()
        except MdrecallError:
            cache[path] = []
    lines = cache[path]
    for i in range(min(int(line), len(lines)) - 1, -1, -1):
        m = _RECORD.match(lines[i])
        if m:
            return m.group("role").strip()
    return None


def recall_sessions(mem: Memory, limit: int = 50) -> list[dict[str, Any]]:
    """Per session (the most recent first, at most ``limit``), what per-prompt recall injected and why:
    ``session``, ``updated`` and ``shown`` (newest first: ``at``, ``citation``, ``score``, ``stage``,
    ``matched``, ``note``), from the sessions' records under ``.mdrecall/recall/``. A session that was
    only given its ``SessionStart`` block has nothing to show and is left out."""
    from mdrecall.search.recall_seen import SeenLog

    out = []
    for log in SeenLog.sessions(mem.workspace.root):
        if log.shown:
            shown = list(reversed(log.shown))
            out.append({"session": log.session, "updated": shown[0]["at"], "shown": shown})
    return out[:limit]


def file_versions(mem: Memory, key: str) -> tuple[list[Any], str]:
    """A memory file's versions, oldest first (from git, else the index's record), and their source."""
    from mdrecall.knowledge.history import GitRepo, index_versions, working_text
    from mdrecall.knowledge.refresh import keeps_views

    hist = mem.config.history
    repo = GitRepo.find(mem.workspace.root, hist.git_timeout_s) if hist.git else None
    if repo is not None:
        current, mtime = working_text(mem.workspace, key)
        return repo.versions(key, hist.max_versions, current, mtime), "git"
    if not keeps_views(mem.store):
        return [], "none"
    return index_versions(mem.store, key)[-hist.max_versions :], "index history"


def index_stamp(mem: Memory) -> int:
    """A value that changes when the index's file records do (a file's content, size or time), by this
    process or another (an index run, a forget). Cheap: a store keeps its records while the index is
    unchanged."""
    return hash(frozenset((r.path, r.hash, r.size, r.mtime_ns) for r in mem.store.file_records().values()))


def fingerprint(files: list[Any]) -> int:
    """A value that changes when any indexed file does (path, size, time, chunks)."""
    return hash(tuple((f.path, f.size, f.mtime, f.chunks) for f in files))


class Memo:
    """Values derived from the index, kept while its key (the files' fingerprint) stays the same."""

    def __init__(self, limit: int = 256) -> None:
        self.key: Any = None
        self.values: dict[str, Any] = {}
        self.limit = limit

    def get(self, key: Any, name: str, compute: Any) -> Any:
        """The value ``name`` for ``key``; computed (and kept) when missing."""
        if key != self.key:
            self.key, self.values = key, {}
        if name not in self.values:
            if len(self.values) >= self.limit:
                self.values.clear()
            self.values[name] = compute()
        return self.values[name]


class Cached:
    """A value computed at most once every ``ttl_s`` seconds (the doctor's checks)."""

    def __init__(self, compute: Any, ttl_s: float) -> None:
        self.compute, self.ttl_s = compute, ttl_s
        self.value: Any = None
        self.at = 0.0

    def get(self) -> Any:
        """The value, recomputed when older than ``ttl_s``."""
        if self.value is None or time.monotonic() - self.at > self.ttl_s:
            self.value, self.at = self.compute(), time.monotonic()
        return self.value
