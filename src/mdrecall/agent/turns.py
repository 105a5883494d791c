"""Per-turn capture: every message of a conversation, appended to ``memory/conversations/``.

One Markdown file per session and day (``memory/conversations/YYYY-MM-DD-<session>.md``), one record
per message::

    ### 14:02 · user · t:3fa9c01b2e

    We decided to use PostgreSQL for the team store.

The ``t:`` id is stable (a transcript record's ``uuid``, else a hash of its line, or of the prompt a
hook was given), so a replayed hook or a re-read transcript adds nothing: ids already in the session's
files are skipped. Text is redacted (:mod:`mdrecall.redact`) and cut to ``capture.max_chars``.
The first record of a file adds a line to that day's log, and sentences the salience rules pick
(:mod:`mdrecall.agent.salience`) are listed there under ``## Noted`` with a citation ``path#Lline``;
with ``capture.share_notes`` they are also listed in the agent's file of the team workspace
(:mod:`mdrecall.team`), so the other agents find them.

Transcripts are read incrementally: the byte offset reached is kept in
``<workspace>/.mdrecall/turns/<hash>.json``; only complete lines are read, so a transcript being
written is picked up where it was left. This module imports no numerical library: hooks run it cold.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any

from ..config import Config
from ..conversations import CONVERSATIONS_DIR
from ..errors import PathError
from ..redact import redact
from ..transcripts import parse_message
from ..workspace import Workspace, now_local
from .salience import compile_rules, find_notes

__all__ = [
    "TurnMessage",
    "TurnResult",
    "capture_folders",
    "capture_messages",
    "capture_prompt",
    "capture_transcript",
    "read_transcript",
    "session_slug",
    "transcript_files",
]

_ID_LINE = re.compile(r"^### .* · t:([0-9a-f]+)\s*$", re.MULTILINE)
_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")
NOTED = "## Noted"
_TAIL_BYTES = 256 * 1024  # how much of a transcript's end is read to see whether it holds the prompt


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


def _digest(*parts: str) -> str:
    return hashlib.sha256("\x00".join(parts).encode("utf-8", "surrogatepass")).hexdigest()[:12]


def session_slug(session: str) -> str:
    """A file-name-safe form of a session id (its first 12 safe characters, else a hash)."""
    safe = _UNSAFE.sub("", session or "")[:12]
    return safe or _digest(session or "default")[:8]


def _local(ts: str | None, now: datetime) -> datetime:
    if ts:
        try:
            return datetime.fromisoformat(ts.replace("Z", "+00:00")).astimezone()
        except ValueError:
            pass
    return now


def _captured_ids(folder: Path, slug: str) -> set[str]:
    """Record ids already in this session's conversation files (every day)."""
    ids: set[str] = set()
    try:
        names = [n for n in os.listdir(folder) if n.endswith(f"-{slug}.md")]
    except FileNotFoundError:
        return ids
    for name in names:
        path = folder / name
        if path.is_symlink():
            continue
        try:
            ids.update(_ID_LINE.findall(path.read_text(encoding="utf-8", errors="replace")))
        except OSError:
            continue
    return ids


def _body(text: str, limit: int) -> str:
    body = redact(text.strip())
    if limit > 0 and len(body) > limit:
        body = body[: limit - 1].rstrip() + "…"
    # A line starting with '#' would open a heading inside the record: escape it.
    return "\n".join("\\" + ln if ln.startswith("#") else ln for ln in body.splitlines())


def capture_messages(
    workspace: Workspace,
    config: Config,
    session: str,
    messages: Sequence[TurnMessage],
    *,
    transcript: str | None = None,
    now: datetime | None = None,
) -> TurnResult:
    """Append the messages not captured yet to their day's conversation file; note what is salient."""
    result = TurnResult()
    folder = workspace.root / CONVERSATIONS_DIR
    if folder.is_symlink() or folder.parent.is_symlink():  # the file itself is opened O_NOFOLLOW
        raise PathError(f"{CONVERSATIONS_DIR} is a symlink: refusing to write conversations through it")
    slug = session_slug(session)
    seen = _captured_ids(folder, slug)
    when = now or now_local()
    by_day: dict[str, list[tuple[datetime, TurnMessage]]] = {}
    for i, m in enumerate(messages):
        mid = m.id or _digest(session, m.role, m.text, m.timestamp or "", str(i))
        if mid in seen or not m.text.strip() or m.role not in ("user", "assistant"):
            result.skipped += 1
            continue
        seen.add(mid)
        at = _local(m.timestamp, when)
        by_day.setdefault(at.date().isoformat(), []).append((at, TurnMessage(m.role, m.text, mid)))
    for day, items in by_day.items():
        result.merge(_write_day(workspace, config, session, slug, day, items, transcript))
    return result


def _write_day(
    workspace: Workspace,
    config: Config,
    session: str,
    slug: str,
    day: str,
    items: list[tuple[datetime, TurnMessage]],
    transcript: str | None,
) -> TurnResult:
    cap, agent = config.capture, config.agent_id
    path = workspace.root / CONVERSATIONS_DIR / f"{day}-{slug}.md"
    blocks: list[str] = []
    offsets: list[int] = []
    lines = 0
    for at, m in items:
        block = f"### {at.strftime('%H:%M')} · {m.role} · t:{m.id}\n\n{_body(m.text, cap.max_chars)}\n\n"
        offsets.append(lines)
        lines += block.count("\n")
        blocks.append(block)
    body = "".join(blocks).rstrip("\n") + "\n"
    created = []

    def compose(_heading: str | None, is_new: bool) -> tuple[str, str]:
        created.append(is_new)
        if not is_new:
            return "\n", body
        head = [f"# Conversation {day} · session {slug}", "", f"- Session: `{session}`"]
        if agent:
            head.append(f"- Agent: `{agent}`")
        if transcript:
            head.append(f"- Transcript: `{transcript}`")
        return "\n".join(head) + "\n\n", body

    start = workspace.append(path, compose)
    key = workspace.key_for(path)
    result = TurnResult(written=len(items), paths=[key])
    result.citations = [f"{key}#L{start + off}" for off in offsets]
    notes: list[str] = []
    if created and created[0]:
        notes.append(f"- conversation: session `{slug}` → {key}")
    shared: list[str] = []
    if cap.salience:
        rules = compile_rules(cap.rules)
        for (_at, m), cite in zip(items, result.citations, strict=True):
            if m.role not in cap.salience_roles:
                continue
            for note in find_notes(redact(m.text), rules, limit=cap.max_notes_per_turn):
                notes.append(f"- {note.kind}: {note.text} ({cite})")
                shared.append(f"- {note.kind}: {note.text} (from {agent or 'default'}'s {cite})")
                result.notes.append(f"{note.kind}: {note.text}")
    if notes:
        _append_noted(workspace, workspace.daily_path(date.fromisoformat(day)), f"# {day}", notes)
    if shared and cap.share_notes and config.team.workspace:
        from ..team_paths import team_note_path, team_root

        team = Workspace(team_root(config, workspace.root))
        target = team_note_path(team.root, agent or "default", day)
        _append_noted(team, target, f"# {day} · {agent or 'default'}", shared)
    return result


def _append_noted(workspace: Workspace, path: Path, title: str, notes: Iterable[str]) -> None:
    """Append notes under ``## Noted`` (the heading is added unless it is the file's last one)."""
    entry = "\n".join(notes) + "\n"

    def compose(heading: str | None, is_new: bool) -> tuple[str, str]:
        head = f"{title}\n" if is_new else ""
        return head + ("" if heading == NOTED else f"\n{NOTED}\n\n"), entry

    workspace.append(path, compose)


def capture_prompt(
    workspace: Workspace,
    config: Config,
    session: str,
    prompt: str,
    *,
    transcript: str | None = None,
    now: datetime | None = None,
) -> TurnResult:
    """Capture a prompt handed to a hook (``UserPromptSubmit``), before it reaches the transcript.

    Its id comes from the session, the text and the transcript's size then, so a replayed hook adds
    nothing; the prompt is remembered as pending, so the transcript's copy is not captured again. When
    the transcript already ends with this prompt (the host wrote it before running the hook), it was
    captured from there and nothing is added.
    """
    size = ""
    if transcript:
        try:
            size = str(os.stat(transcript).st_size)
            tail, _ = read_transcript(
                transcript, max(0, int(size) - _TAIL_BYTES)
            )  # a cut first line is skipped
        except (OSError, ValueError):
            size, tail = "", []
        users = [m for m in tail if m.role == "user"]
        if users and users[-1].text.strip() == redact(prompt.strip()):
            return TurnResult(skipped=1)
    mid = _digest(session, "prompt", prompt, size)
    result = capture_messages(
        workspace, config, session, [TurnMessage("user", prompt, mid)], transcript=transcript, now=now
    )
    if transcript and result.written:
        state = _load_state(workspace, transcript)
        state.setdefault("pending", []).append(_digest(redact(prompt.strip())))
        _save_state(workspace, transcript, state, result)
    return result


# ---- transcripts --------------------------------------------------------------------------------------


def _state_path(workspace: Workspace, transcript: str) -> Path:
    ident = _digest(os.path.abspath(os.path.expanduser(transcript)))
    return workspace.root / ".mdrecall" / "turns" / f"{ident}.json"


def _load_state(workspace: Workspace, transcript: str) -> dict[str, Any]:
    try:
        data = json.loads(_state_path(workspace, transcript).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _save_state(workspace: Workspace, transcript: str, state: dict[str, Any], result: TurnResult) -> None:
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
                raw = json.dumps(obj, sort_keys=True, ensure_ascii=False)
                out.append(TurnMessage(m.role, m.text, _digest(str(i), raw), m.timestamp))
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
            out.append(TurnMessage(m.role, m.text, _digest(ident), m.timestamp))
    return out, offset


def capture_transcript(
    workspace: Workspace,
    config: Config,
    transcript: str | os.PathLike[str],
    *,
    session: str | None = None,
    now: datetime | None = None,
) -> TurnResult:
    """Capture what a transcript gained since the last call (Claude Code JSONL or an OpenAI-style list)."""
    path = os.path.abspath(os.path.expanduser(str(transcript)))
    state = _load_state(workspace, path)
    messages, offset = read_transcript(path, int(state.get("offset", 0) or 0))
    pending = list(state.get("pending", []))
    fresh = []
    for m in messages:
        h = _digest(m.text.strip())
        if m.role == "user" and h in pending:  # already captured from the hook's prompt
            pending.remove(h)
            continue
        fresh.append(m)
    result = capture_messages(workspace, config, session or Path(path).stem, fresh, transcript=path, now=now)
    result.skipped += len(messages) - len(fresh)
    if offset != state.get("offset") or pending != state.get("pending", []):
        _save_state(workspace, path, {"offset": offset, "pending": pending[-20:]}, result)
    return result


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


def capture_folders(workspace: Workspace, config: Config) -> TurnResult:
    """Capture what every transcript under ``capture.transcripts`` gained (``watch`` calls this)."""
    result = TurnResult()
    for path in transcript_files(workspace, config):
        try:
            result.merge(capture_transcript(workspace, config, path))
        except (OSError, ValueError) as exc:
            result.warnings.append(f"{path}: not captured ({exc})")
    return result
