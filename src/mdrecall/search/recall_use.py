"""The recall loop closes: which memories recall injected the agent then used (a *used* signal).

Three uses count, each recorded once per session, citation and kind in ``.mdrecall/recall/used.jsonl``
(:mod:`mdrecall.index.used_log`):

* ``get``: a read (``Memory.get``: the CLI's ``get``, MCP ``memory_get``, Python) of lines that overlap an
  injected citation's;
* ``search``: a later search (one that is recorded for dreaming: not recall's own, not ``memory_context``)
  whose top :data:`TOP` hits overlap an injected citation's lines;
* ``reply``: the assistant's reply, seen by the ``Stop`` hook, cites an injected citation
  (``path#L5-L7``, ``path#L5``, ``path:5-7``, a shorter or longer path; lines that overlap).

A read or a search carries no session id (the CLI, Python and ``memory_get`` have none): it counts for
every session that was injected those lines within ``dreaming.confirm_window_s`` (what makes a read of a
search hit a confirmed use, too). The ``Stop`` hook names its session: a reply counts for its own
session's injections, whenever they were. A read or a reply also counts the injected lines as one recall
in the recall log (:class:`~mdrecall.dreaming.recall_log.RecallLog`, by the prompt words they matched,
never the prompt), so a memory that was injected and used is a dreaming candidate even if no search
ever returned it; a search's hits are recorded there by the search itself.
"""

from __future__ import annotations

import json
import os
import re
import stat
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mdrecall.config.settings import Config
from mdrecall.dreaming.recall_log import RecallLog
from mdrecall.files.safe_files import read_fd
from mdrecall.files.workspace import Workspace
from mdrecall.index.transcripts import parse_message
from mdrecall.index.used_log import Used, citation_span, record
from mdrecall.models import Hit
from mdrecall.search.recall_seen import SeenLog

__all__ = ["TOP", "Injection", "cited_spans", "last_reply", "note_get", "note_reply", "note_search"]

#: How many of a search's hits count as what it "clicked".
TOP = 3
#: How much of a transcript's end the ``Stop`` hook reads for the reply.
TAIL_BYTES = 256 * 1024
#: A citation in prose: a file path, then ``#L5``, ``#L5-L7``, ``#L5-7``, ``:5``, ``:L5-L7`` …
_CITED = re.compile(
    r"(?P<path>[\w./~\\-]*[\w-]\.(?:md|markdown|jsonl|txt))(?:#L|:L?)(?P<a>\d+)(?:\s*[-–]\s*L?(?P<b>\d+))?",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Injection:
    """One memory recall injected: its ``citation``, the ``session``, when (``at``), its ``score`` and the
    prompt words it matched."""

    citation: str
    session: str
    at: float
    score: float = 0.0
    matched: tuple[str, ...] = ()

    def span(self) -> tuple[str, int, int] | None:
        """``(path, first line, last line)``."""
        return citation_span(self.citation)


def _injections(log: SeenLog, since: float = 0.0) -> Iterator[Injection]:
    session = log.session or log.path.stem
    for e in log.shown:
        if e.get("stage", "injected") == "injected" and e["at"] >= since:
            words = e.get("matched")
            matched = tuple(w for w in words if isinstance(w, str)) if isinstance(words, list) else ()
            yield Injection(e["citation"], session, float(e["at"]), float(e["score"]), matched)


def recent_injections(root: Path, window_s: float, now: float | None = None) -> list[Injection]:
    """What recall injected into any session of workspace ``root`` in the last ``window_s`` seconds.

    Cheap when nothing was: one ``stat`` of the records' folder (a record is replaced by a rename, which
    touches it), then only the records written since are read.
    """
    now = time.time() if now is None else now
    since = now - window_s
    folder = root / ".mdrecall" / "recall"
    try:
        if folder.stat().st_mtime < since:
            return []
        entries = list(os.scandir(folder))
    except OSError:
        return []
    out: list[Injection] = []
    for entry in entries:
        if not entry.name.endswith(".json") or entry.name.startswith("."):
            continue
        try:
            if entry.stat().st_mtime < since:
                continue
        except OSError:
            continue
        out += _injections(SeenLog.read(Path(entry.path)), since)
    return out


def _overlaps(inj: Injection, path: str, first: int, last: int) -> bool:
    span = inj.span()
    return span is not None and span[0] == path and span[1] <= last and first <= span[2]


def note_get(
    workspace: Workspace, config: Config, path: str, first: int, last: int, now: float | None = None
) -> list[Used]:
    """Record a read of ``path`` lines ``first``..``last`` as a use of the recent injections it overlaps;
    returns the signals recorded. Raises :class:`OSError` when they cannot be written."""
    now = time.time() if now is None else now
    found = [
        i
        for i in recent_injections(workspace.root, config.dreaming.confirm_window_s, now)
        if _overlaps(i, path, first, last)
    ]
    return _record(workspace, config, found, "get", now)


def note_search(
    workspace: Workspace, config: Config, hits: Sequence[Hit], now: float | None = None
) -> list[Used]:
    """Record a search whose top :data:`TOP` hits (of this workspace) overlap recent injections."""
    own = [h for h in hits if h.workspace == "own" or (h.workspace is None and h.agent is None)]
    top = own[:TOP]
    if not top:
        return []
    now = time.time() if now is None else now
    recent = recent_injections(workspace.root, config.dreaming.confirm_window_s, now)
    found = [i for i in recent if any(_overlaps(i, h.path, h.start_line, h.end_line) for h in top)]
    return _record(workspace, config, found, "search", now)


def note_reply(
    workspace: Workspace, config: Config, session: str, reply: str, now: float | None = None
) -> list[Used]:
    """Record the citations of ``session``'s injections that the assistant's ``reply`` repeats."""
    cited = cited_spans(reply)
    if not cited:
        return []
    log = SeenLog.load(workspace.root, session)
    log.session = session
    found = [i for i in _injections(log) if any(_cites(i, path, a, b) for path, a, b in cited)]
    return _record(workspace, config, found, "reply", time.time() if now is None else now)


def _cites(inj: Injection, path: str, first: int, last: int) -> bool:
    """Whether a citation in a reply names the injected lines: the same file (a shorter or longer form
    of its path counts) and lines that overlap."""
    span = inj.span()
    if span is None or not (span[1] <= last and first <= span[2]):
        return False
    have, want = span[0].replace("\\", "/"), path.replace("\\", "/").removeprefix("./")
    return have == want or have.endswith("/" + want) or want.endswith("/" + have)


def cited_spans(text: str) -> list[tuple[str, int, int]]:
    """The ``(path, first, last)`` line citations written in ``text`` (at most 200)."""
    out = []
    for m in _CITED.finditer(text[:200_000]):
        a = int(m["a"])
        b = int(m["b"]) if m["b"] else a
        out.append((m["path"], min(a, b), max(a, b)))
        if len(out) >= 200:
            break
    return out


def _record(
    workspace: Workspace, config: Config, found: list[Injection], kind: str, now: float
) -> list[Used]:
    if not found:
        return []
    new = record(workspace.root, [Used(i.citation, kind, i.session, now) for i in found])
    if kind != "search" and new:  # a search's hits are in the recall log already
        fresh = {(u.session, u.citation) for u in new}
        _to_recall_log(workspace, config, [i for i in found if (i.session, i.citation) in fresh], now)
    return new


def _to_recall_log(workspace: Workspace, config: Config, found: list[Injection], now: float) -> None:
    """Count each used injection as one recall of its lines (by the prompt words it matched)."""
    log = RecallLog(workspace, config.dreaming)
    for inj in found:
        span = inj.span()
        if span is None or not span[0].lower().endswith((".md", ".markdown")):
            continue
        path, a, b = span
        try:
            lines = workspace.read_text(path).splitlines()[a - 1 : b]
        except Exception:  # noqa: BLE001, S112 - gone or unreadable now: nothing to count
            continue
        hit = Hit(path, a, b, inj.score, "\n".join(lines), "memory", inj.citation)
        log.record(" ".join(inj.matched), [hit], now)


def last_reply(payload: dict[str, Any]) -> str:
    """The assistant's reply a ``Stop`` hook sees: the payload's ``last_assistant_message`` when it has
    one, else the assistant messages after the last user message at the end of its transcript."""
    text = payload.get("last_assistant_message")
    if isinstance(text, str) and text.strip():
        return text
    raw = payload.get("transcript_path")
    if not raw:
        return ""
    try:  # the host's transcript, outside the workspace; a FIFO or device in its place is never waited on
        fd = os.open(os.path.expanduser(str(raw)), os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return ""
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return ""
        size = st.st_size
        os.lseek(fd, max(0, size - TAIL_BYTES), os.SEEK_SET)
        tail = read_fd(fd, TAIL_BYTES)[:TAIL_BYTES]
    except OSError:
        return ""
    finally:
        os.close(fd)
    lines = tail.split(b"\n")
    if size > TAIL_BYTES:
        lines = lines[1:]  # the first one is cut
    reply: list[str] = []
    for n, line in enumerate(lines):
        try:
            msg = parse_message(json.loads(line), n)
        except ValueError:
            continue
        if msg is None:
            continue
        if msg.role == "user":
            reply = []
        else:
            reply.append(msg.text)
    return "\n".join(reply)
