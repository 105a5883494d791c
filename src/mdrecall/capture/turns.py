"""Per-turn capture: every message of a conversation, appended to ``memory/conversations/``.

One Markdown file per session and day (``memory/conversations/YYYY-MM-DD-<session>.md``), one record
per message::

    ### 14:02 · user · t:3fa9c01b2e

    We decided to use PostgreSQL for the team store.

The ``t:`` id is stable (a transcript record's ``uuid``, else a hash of its line, or of the prompt a
hook was given), so a replayed hook or a re-read transcript adds nothing: ids already in the session's
files are skipped. Text is redacted (:mod:`mdrecall.text.redact`) and cut to ``capture.max_chars``.
The first record of a file adds a line to that day's log, and sentences the salience rules pick
(:mod:`mdrecall.text.salience`) are listed there under ``## Noted`` with a citation ``path#Lline``;
with ``capture.share_notes`` they are also listed in the agent's file of the team workspace
(:mod:`mdrecall.services.team`), so the other agents find them.

Transcripts are read incrementally: the byte offset reached is kept in
``<workspace>/.mdrecall/turns/<hash>.json``; only complete lines are read, so a transcript being
written is picked up where it was left. This module imports no numerical library: hooks run it cold.
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from collections.abc import Callable, Iterable, Sequence
from datetime import date, datetime
from pathlib import Path

from mdrecall.capture.budget import BudgetExceeded, run_within
from mdrecall.capture.turn_records import (
    TurnMessage,
    TurnResult,
    digest,
    end_offset,
    load_state,
    read_transcript,
    save_state,
    session_lock,
    session_slug,
    transcript_files,
)
from mdrecall.config.settings import Config
from mdrecall.errors import ConfigError, PathError
from mdrecall.files.safe_files import read_beneath
from mdrecall.files.workspace import Workspace, now_local, read_all
from mdrecall.index.conversations import CONVERSATIONS_DIR
from mdrecall.text.provenance import escape_structure, render, user_text
from mdrecall.text.redact import redact
from mdrecall.text.salience import compile_rules, find_notes

__all__ = [
    "TURN_BUDGET_S",
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
_RECORD = re.compile(r"^### .* · (user|assistant) · t:[0-9a-f]+\s*$", re.MULTILINE)
_CITATION = re.compile(r" \((?:from [^()]*'s )?[^()\s]+#L\d+\)$")
NOTED = "## Noted"
_TAIL_BYTES = 256 * 1024  # how much of a transcript's end is read to see whether it holds the prompt
#: Seconds a hook gives each capture (Claude Code stops a hook after 10 s; Python starts in well under 1).
TURN_BUDGET_S = 4.0
#: Seconds within which a prompt equal to the session's last record is taken for a replay (no transcript).
REPLAY_WINDOW_S = 120.0
#: Most characters of one message capture reads, however large ``capture.max_chars`` is: a longer message
#: is cut there and marked, so a huge paste is recorded within the hook's budget, never dropped.
MAX_MESSAGE_CHARS = 256 * 1024


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
        try:  # no symlink followed, no FIFO waited on
            ids.update(_ID_LINE.findall(read_beneath(folder, [name]).decode("utf-8", errors="replace")))
        except (OSError, PathError):
            continue
    return ids


def _one_line(value: str) -> str:
    """A header value on one line: a session id or a path cannot add a line (a forged record) to the file."""
    return " ".join(value.splitlines())


def _read_limit(limit: int) -> int:
    """How much of a message capture reads: enough for a record of ``limit`` characters (rendering
    only adds characters) and its notes, so the time a turn takes does not grow with its size."""
    return min(MAX_MESSAGE_CHARS, max(4 * limit, 16_384)) if limit > 0 else MAX_MESSAGE_CHARS


def _body(role: str, text: str, limit: int) -> str:
    """A message as its record holds it: rendered, redacted, cut to ``limit`` characters (marked
    with the size it had), and unable to open a heading or a fence in the file it is written into."""
    read = text[: _read_limit(limit)]
    body = redact(render(role, read).strip())
    if not (limit > 0 and len(body) > limit) and len(read) == len(text):
        return escape_structure(body)
    if limit > 0:
        body = body[: limit - 1].rstrip()
    return escape_structure(body + "…") + f"\n\n[cut: the message had {len(text):,} characters]"


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
    when = now or now_local()
    with session_lock(workspace, slug):  # a replayed or concurrent hook sees what the other wrote
        seen = _captured_ids(folder, slug)
        by_day: dict[str, list[tuple[datetime, TurnMessage]]] = {}
        for i, m in enumerate(messages):
            mid = m.id or digest(session, m.role, m.text, m.timestamp or "", str(i))
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
        text = _body(m.role, m.text, cap.max_chars)
        block = f"### {at.strftime('%H:%M')} · {m.role} · t:{m.id}\n\n{text}\n\n"
        offsets.append(lines)
        lines += block.count("\n")
        blocks.append(block)
    body = "".join(blocks).rstrip("\n") + "\n"
    created = []

    def compose(_heading: str | None, is_new: bool) -> tuple[str, str]:
        created.append(is_new)
        if not is_new:
            return "\n", body
        head = [f"# Conversation {day} · session {slug}", "", f"- Session: `{_one_line(session)}`"]
        if agent:
            head.append(f"- Agent: `{_one_line(agent)}`")
        if transcript:
            head.append(f"- Transcript: `{_one_line(transcript)}`")
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
        try:
            rules = compile_rules(cap.rules)
        except ConfigError as exc:  # a bad user rule must not stop the capture itself
            result.warnings.append(f"{exc}; noting with the built-in rules only")
            rules = compile_rules()
        for (_at, m), cite in zip(items, result.citations, strict=True):
            if m.role not in cap.salience_roles:
                continue
            # Only what the speaker said: command output and quotations in a user's message are not theirs.
            text = redact(m.text[: _read_limit(cap.max_chars)])
            said = user_text(m.role, text) if m.role == "user" else text
            label = "" if m.role == "user" else f" [{m.role}]"
            for note in find_notes(said, rules, limit=cap.max_notes_per_turn):
                notes.append(f"- {note.kind}{label}: {note.text} ({cite})")
                shared.append(f"- {note.kind}{label}: {note.text} (from {agent or 'default'}'s {cite})")
                result.notes.append(f"{note.kind}{label}: {note.text}")
    if notes:
        _append_noted(workspace, workspace.daily_path(date.fromisoformat(day)), f"# {day}", notes)
    if shared and cap.share_notes and config.team.workspace:
        from mdrecall.files.team_paths import team_note_path, team_root

        team = Workspace(team_root(config, workspace.root))
        target = team_note_path(team.root, agent or "default", day)
        _append_noted(team, target, f"# {day} · {agent or 'default'}", shared)
    return result


def _read(workspace: Workspace, path: Path) -> str:
    """The text of a workspace file (opened without following links); empty when it cannot be read."""
    try:
        fd = workspace.open_file(path)
    except (OSError, PathError):
        return ""
    try:
        return read_all(fd).decode("utf-8", errors="replace")
    except OSError:
        return ""
    finally:
        os.close(fd)


def _noted_keys(text: str) -> set[str]:
    """The lines already under any ``## Noted`` heading of ``text``, without their citation."""
    keys: set[str] = set()
    heading = None
    for line in text.splitlines():
        if line.startswith("#"):
            heading = line.strip()
        elif heading == NOTED and line.startswith("- "):
            keys.add(_CITATION.sub("", line.rstrip()))
    return keys


def _append_noted(workspace: Workspace, path: Path, title: str, notes: Iterable[str]) -> None:
    """Append notes under ``## Noted`` (the heading is added unless it is the file's last one).

    A note already listed under a ``## Noted`` heading of the file (same line but its citation) is not
    listed again. The file is append-only, so a ``## Noted`` section that is not the file's last one
    cannot be extended: a new one is opened after it.
    """
    seen = _noted_keys(_read(workspace, path))
    fresh = []
    for note in notes:
        key = _CITATION.sub("", note.rstrip())
        if key not in seen:
            seen.add(key)
            fresh.append(note)
    if not fresh:
        return
    entry = "\n".join(fresh) + "\n"

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
    budget_s: float | None = None,
) -> TurnResult:
    """Capture a prompt handed to a hook (``UserPromptSubmit``), before it reaches the transcript.

    Its id comes from the session, the text and the transcript's size then, so a replayed hook adds
    nothing; the prompt is remembered as pending, so the transcript's copy is not captured again. When
    the transcript already ends with this prompt (the host wrote it before running the hook), it was
    captured from there and nothing is added. With ``budget_s``, a capture that runs longer is stopped
    and noted as skipped (:mod:`mdrecall.capture.budget`).
    """

    def run() -> TurnResult:
        with session_lock(workspace, session_slug(session)):
            return _capture_prompt(workspace, config, session, prompt, transcript=transcript, now=now)

    return _bounded(workspace, budget_s, run, f"prompt of session {session}", None)


def _bounded(
    workspace: Workspace,
    budget_s: float | None,
    run: Callable[[], TurnResult],
    what: str,
    skip_to: Callable[[], None] | None,
) -> TurnResult:
    """``run()`` within ``budget_s``; past it, ``skip_to()`` advances the transcript and a note is written."""
    if budget_s is None:
        return run()
    try:
        return TurnResult(**run_within(budget_s, lambda: run().to_dict()))
    except BudgetExceeded as exc:
        result = TurnResult(skipped=1)
        if skip_to is not None:
            skip_to()
        note = f"capture skipped: the {what} could not be processed in time ({exc})"
        result.warnings.append(note)
        _note(workspace, note)
        return result


def _note(workspace: Workspace, line: str) -> None:
    """Append one line to ``.mdrecall/hooks.log``, redacted (best effort)."""
    stamp = now_local().strftime("%Y-%m-%dT%H:%M:%S%z")
    with contextlib.suppress(Exception):
        log = workspace.root / ".mdrecall" / "hooks.log"
        log.parent.mkdir(parents=True, exist_ok=True)
        workspace.append(log, lambda _h, _n: ("", f"{stamp} {redact(line)}\n"))


def _capture_prompt(
    workspace: Workspace,
    config: Config,
    session: str,
    prompt: str,
    *,
    transcript: str | None,
    now: datetime | None,
) -> TurnResult:
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
    if _repeats_last(workspace, config, session, prompt, recent_only=not transcript):
        return TurnResult(skipped=1)
    mid = digest(session, "prompt", prompt, size)
    result = capture_messages(
        workspace, config, session, [TurnMessage("user", prompt, mid)], transcript=transcript, now=now
    )
    if transcript and result.written:
        state = load_state(workspace, transcript)
        state.setdefault("pending", []).append(digest(redact(prompt.strip())))
        save_state(workspace, transcript, state, result)
    return result


def _repeats_last(
    workspace: Workspace, config: Config, session: str, prompt: str, *, recent_only: bool
) -> bool:
    """True when the session's last record is a user record of this same text: the hook was replayed.

    Only the very last record counts, so a "yes" said again after an answer is a new turn. With a
    transcript, a real repeat is still captured from it (the skipped prompt is not marked pending);
    without one (``recent_only``), the last record must also have been written in the last
    :data:`REPLAY_WINDOW_S` seconds.
    """
    folder = workspace.root / CONVERSATIONS_DIR
    slug = session_slug(session)
    try:
        names = sorted(n for n in os.listdir(folder) if n[11:] == f"{slug}.md")
    except OSError:
        return False
    if not names:
        return False
    path = folder / names[-1]
    try:
        if recent_only and time.time() - path.lstat().st_mtime > REPLAY_WINDOW_S:
            return False
    except OSError:
        return False
    text = _read(workspace, path)
    heads = list(_RECORD.finditer(text))
    if not heads or heads[-1].group(1) != "user":
        return False
    said = _body("user", prompt, config.capture.max_chars)
    return " ".join(text[heads[-1].end() :].split()) == " ".join(said.split())


# ---- transcripts --------------------------------------------------------------------------------------


def capture_transcript(
    workspace: Workspace,
    config: Config,
    transcript: str | os.PathLike[str],
    *,
    session: str | None = None,
    now: datetime | None = None,
    budget_s: float | None = None,
) -> TurnResult:
    """Capture what a transcript gained since the last call (Claude Code JSONL or an OpenAI-style list).

    With ``budget_s``, a capture that runs longer is stopped: what the transcript held then is recorded
    as skipped (the offset moves past it and a note is written to ``.mdrecall/hooks.log``), so a turn
    that cannot be processed in time is never retried on every later turn.
    """
    path = os.path.abspath(os.path.expanduser(str(transcript)))
    name = session or Path(path).stem
    end = end_offset(path) if budget_s is not None else 0

    def run() -> TurnResult:
        with session_lock(workspace, session_slug(name)):
            return _capture_transcript(workspace, config, path, name, now)

    def skip() -> None:
        state = load_state(workspace, path)
        skipped = [*state.get("skipped", []), [int(state.get("offset", 0) or 0), end]][-20:]
        save_state(workspace, path, {**state, "offset": end, "skipped": skipped}, TurnResult())

    return _bounded(workspace, budget_s, run, f"transcript {path}", skip)


def _capture_transcript(
    workspace: Workspace, config: Config, path: str, session: str, now: datetime | None
) -> TurnResult:
    state = load_state(workspace, path)
    messages, offset = read_transcript(path, int(state.get("offset", 0) or 0))
    pending = list(state.get("pending", []))
    fresh = []
    for m in messages:
        h = digest(m.text.strip())
        if m.role == "user" and h in pending:  # already captured from the hook's prompt
            pending.remove(h)
            continue
        fresh.append(m)
    result = capture_messages(workspace, config, session, fresh, transcript=path, now=now)
    result.skipped += len(messages) - len(fresh)
    if offset != state.get("offset") or pending != state.get("pending", []):
        save_state(workspace, path, {**state, "offset": offset, "pending": pending[-20:]}, result)
    return result


def capture_folders(workspace: Workspace, config: Config) -> TurnResult:
    """Capture what every transcript under ``capture.transcripts`` gained (``watch`` calls this)."""
    result = TurnResult()
    for path in transcript_files(workspace, config):
        try:
            result.merge(capture_transcript(workspace, config, path))
        except (OSError, ValueError) as exc:
            result.warnings.append(f"{path}: not captured ({exc})")
    return result
