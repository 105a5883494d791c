"""The records of per-turn capture: messages, results, session file names and locks, transcript reading.

Split from :mod:`mdrecall.capture.turns` (which writes the records). A session's files are named by
:func:`session_slug` (a readable part and a hash of the whole id); :func:`_session_lock` makes "was this
message captured?" and its write one step across processes; transcripts are read incrementally from a
byte offset kept in ``<workspace>/.mdrecall/turns/<hash>.json``. Imports nothing heavy: hooks run it cold.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mdrecall.config.settings import Config
from mdrecall.files.file_lock import lock_fd, unlock_fd
from mdrecall.files.workspace import Workspace
from mdrecall.index.transcripts import parse_message

__all__ = [
    "TurnMessage",
    "TurnResult",
    "end_offset",
    "load_state",
    "read_transcript",
    "save_state",
    "session_lock",
    "session_slug",
    "transcript_files",
]

_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")


@dataclass(frozen=True)
class TurnMessage:
    """One message to capture: role (``user``/``assistant``), text, a stable id, and when it was said."""

    role: str
    text: str
    id: str = ""
    timestamp: str | None = None


@dataclass
class TurnResult:
    """What a capture wrote: records added, records already there, notes, and the files touched."""

    written: int = 0
    skipped: int = 0
    paths: list[str] = field(default_factory=list)
    citations: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def merge(self, other: TurnResult) -> TurnResult:
        """Add ``other``'s counts and lists to this result (returns self)."""
        self.written += other.written
        self.skipped += other.skipped
        self.paths += [p for p in other.paths if p not in self.paths]
        self.citations += other.citations
        self.notes += other.notes
        self.warnings += other.warnings
        return self

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "written": self.written,
            "skipped": self.skipped,
            "paths": self.paths,
            "citations": self.citations,
            "notes": self.notes,
            "warnings": self.warnings,
        }


def digest(*parts: str) -> str:
    """A short stable hash of the parts (12 hex digits): message ids, session and transcript keys."""
    return hashlib.sha256("\x00".join(parts).encode("utf-8", "surrogatepass")).hexdigest()[:12]


def session_slug(session: str) -> str:
    """A file-name-safe form of a session id: a readable part and a hash of the whole id.

    ``agent:main:telegram:1001`` → ``agent-main-telegram-1001-3b1f0c2a``: two ids that differ anywhere
    never share a file.
    """
    readable = _UNSAFE.sub("-", session or "").strip("-")[:24].strip("-")
    short = digest(session or "default")[:8]
    return f"{readable}-{short}" if readable else short


_HELD: dict[tuple[int, str], int] = {}  # session locks held, per thread (re-entered by nested captures)


@contextlib.contextmanager
def session_lock(workspace: Workspace, slug: str) -> Iterator[None]:
    """An exclusive lock per session, so "already captured?" and the write happen as one step."""
    path = workspace.root / ".mdrecall" / "turns" / f"{slug}.lock"
    key = (threading.get_ident(), str(path))
    if _HELD.get(key):
        _HELD[key] += 1
        try:
            yield
        finally:
            _HELD[key] -= 1
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
    try:
        lock_fd(fd)
        _HELD[key] = 1
        try:
            yield
        finally:
            _HELD.pop(key, None)
            unlock_fd(fd)
    finally:
        os.close(fd)


def _state_path(workspace: Workspace, transcript: str) -> Path:
    ident = digest(os.path.abspath(os.path.expanduser(transcript)))
    return workspace.root / ".mdrecall" / "turns" / f"{ident}.json"


def load_state(workspace: Workspace, transcript: str) -> dict[str, Any]:
    try:
        data = json.loads(_state_path(workspace, transcript).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def save_state(workspace: Workspace, transcript: str, state: dict[str, Any], result: TurnResult) -> None:
    path = _state_path(workspace, transcript)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")  # no tempfile module: hooks start fast
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        data = json.dumps(state).encode("utf-8")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o644)
        try:
            view = memoryview(data)
            while view:  # os.write may write less than asked
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        result.warnings.append(f"cannot record how far {transcript} was captured ({exc.strerror or exc})")


def read_transcript(path: str | os.PathLike[str], offset: int = 0) -> tuple[list[TurnMessage], int]:
    """Messages after ``offset`` and the new offset.

    JSONL (Claude Code records, OpenClaw-style or plain ``{role, content}`` lines): ``offset`` is in
    bytes and only complete lines are read. JSON (an OpenAI-style message list, or ``{"messages": [...]}``):
    ``offset`` counts messages.
    """
    p = Path(path)
    if p.suffix == ".json":
        data = json.loads(p.read_bytes() or b"[]")
        items = data.get("messages") if isinstance(data, dict) else data
        if not isinstance(items, list):
            raise ValueError(f"{p}: expected a list of messages or {{'messages': [...]}}")
        out = []
        for i, obj in enumerate(items[offset:], offset):
            m = parse_message(obj, i + 1)
            if m is not None:
                dumped = json.dumps(obj, sort_keys=True, ensure_ascii=False)
                out.append(TurnMessage(m.role, m.text, digest(str(i), dumped), m.timestamp))
        return out, len(items)
    out = []
    with p.open("rb") as fh:
        if offset > os.fstat(fh.fileno()).st_size:  # truncated or replaced: read it again (ids hold)
            offset = 0
        fh.seek(offset)
        for raw in fh:  # line by line: a long transcript is never held whole
            if not raw.endswith(b"\n"):
                break  # a line still being written: the next read takes it
            offset += len(raw)
            try:
                obj = json.loads(raw)
            except ValueError:
                continue
            m = parse_message(obj, 0)
            if m is None:
                continue
            uuid = obj.get("uuid") if isinstance(obj, dict) else None
            ident = uuid if isinstance(uuid, str) and uuid else raw.decode("utf-8", "replace").strip()
            out.append(TurnMessage(m.role, m.text, digest(ident), m.timestamp))
    return out, offset


def end_offset(path: str) -> int:
    """Where a read of the transcript would end now: after its last complete line (JSONL) or message."""
    try:
        if path.endswith(".json"):
            data = json.loads(Path(path).read_bytes() or b"[]")
            items = data.get("messages") if isinstance(data, dict) else data
            return len(items) if isinstance(items, list) else 0
        with open(path, "rb") as fh:
            size = os.fstat(fh.fileno()).st_size
            start = max(0, size - (1 << 20))
            fh.seek(start)
            tail = fh.read(size - start)
    except (OSError, ValueError):
        return 0
    cut = tail.rfind(b"\n")
    return start + cut + 1 if cut >= 0 else size


def transcript_files(workspace: Workspace, config: Config) -> list[Path]:
    """``*.jsonl`` and ``*.json`` files under ``capture.transcripts`` (no symlinks, no hidden folders)."""
    found: list[Path] = []
    for raw in config.capture.transcripts:
        root = Path(raw).expanduser()
        root = root if root.is_absolute() else workspace.root / root
        if root.is_symlink():
            continue
        if root.is_file():
            found.append(root)
            continue
        for folder, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if not d.startswith(".") and not os.path.islink(Path(folder, d))]
            for name in sorted(files):
                p = Path(folder, name)
                if name.endswith((".jsonl", ".json")) and not name.startswith(".") and not p.is_symlink():
                    found.append(p)
    return found
