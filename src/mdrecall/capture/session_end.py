"""Session-end capture: save the last messages of a transcript to ``memory/YYYY-MM-DD-<slug>.md``.

The slug comes from the conversation's own keywords (no network, no model); an optional
``summarizer(messages) -> str`` adds a summary section. Only user and assistant text is saved,
redacted (:mod:`mdrecall.index.sessions`), the slug made from redacted words only. Each transcript remembers
the last line it captured (``<workspace>/.mdrecall/capture/``), so a pre-compaction capture followed by a
session-end capture does not save the same messages twice, and turns that per-turn capture already
recorded in ``memory/conversations/`` are not saved again. Files are created exclusively: nothing is
ever overwritten; a capture that cannot be written whole (a full disk) leaves no file and raises.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from mdrecall.files.no_room import no_room_error
from mdrecall.files.safe_files import write_all
from mdrecall.files.workspace import Workspace, now_local
from mdrecall.index.transcripts import Message, read_messages
from mdrecall.text.provenance import escape_structure, render
from mdrecall.text.query import tokenize
from mdrecall.text.redact import redact
from mdrecall.text.stopwords import STOP_WORDS

__all__ = ["CaptureResult", "Summarizer", "capture_session", "format_capture", "slug_for"]

Summarizer = Callable[[Sequence[Message]], str]
_NOISE = {
    "user",
    "assistant",
    "please",
    "thanks",
    "thank",
    "yes",
    "okay",
    "ok",
    "sure",
    "can",
    "could",
    "would",
}


@dataclass
class CaptureResult:
    """What a capture did: the file written (workspace key), or why nothing was."""

    path: str | None
    messages: int
    skipped: str | None = None
    warnings: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {
            "path": self.path,
            "messages": self.messages,
            "skipped": self.skipped,
            "warnings": self.warnings,
        }


def slug_for(messages: Sequence[Message], max_words: int = 4) -> str:
    """A short file-name slug from the conversation's most frequent keywords (user text first)."""
    text = " ".join(m.text for m in messages if m.role == "user") or " ".join(m.text for m in messages)
    words = [
        t
        for t in tokenize(redact(text).replace("[REDACTED]", " "))
        if 3 <= len(t) <= 20
        and t.isalpha()  # a word, never a code, a number or a token-like string
        and t not in STOP_WORDS
        and t not in _NOISE
        and t.isascii()
    ]
    counts = Counter(words)
    first = {w: i for i, w in reversed(list(enumerate(words)))}
    best = sorted(counts, key=lambda w: (-counts[w], first[w]))[:max_words]
    slug = "-".join(sorted(best, key=first.__getitem__))[:48].strip("-")
    return slug or "session"


def _clock(ts: str | None) -> str:
    if not ts:
        return ""
    try:
        return datetime.fromisoformat(ts.replace("Z", "+00:00")).astimezone().strftime("%H:%M")
    except ValueError:
        return ""


def format_capture(
    messages: Sequence[Message], *, transcript: str, when: datetime, slug: str, summary: str | None = None
) -> str:
    """The Markdown of a captured session. What a message or the summary holds cannot open a heading
    (``## …``, ``### User``) or a fence in it (:func:`~mdrecall.text.provenance.escape_structure`), so
    what the assistant wrote is never read back as the user's."""
    out = [
        f"# Session {when.strftime('%Y-%m-%d %H:%M')}: {slug.replace('-', ' ')}",
        "",
        f"- Transcript: `{' '.join(transcript.splitlines())}` (lines {messages[0].line}-{messages[-1].line})",
        f"- Messages: {len(messages)}",
        "",
    ]
    if summary:
        out += ["## Summary", "", escape_structure(summary.strip()), ""]
    out += ["## Conversation", ""]
    for m in messages:
        clock = _clock(m.timestamp)
        text = escape_structure(render(m.role, m.text).strip())  # command output: a labelled quote
        out += [f"### {m.role.capitalize()}" + (f" ({clock})" if clock else ""), "", text, ""]
    return "\n".join(out)


def _state_path(workspace: Workspace, transcript: Path) -> Path:
    ident = hashlib.sha256(str(transcript.resolve()).encode()).hexdigest()[:16]
    return workspace.root / ".mdrecall" / "capture" / f"{ident}.json"


def _create(workspace: Workspace, stem: str, text: str) -> Path:
    """Create ``memory/<stem>.md`` (``<stem>-2.md``… when taken) holding all of ``text``, or nothing.

    A failed write (a full disk, a file-size limit) removes the file it created and raises
    :class:`WriteError`, so no empty or cut capture is left behind (nor pushes the next one to ``-2``).
    """
    folder = workspace.memory_dir
    data = text.encode("utf-8")
    path = folder / f"{stem}.md"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for n in range(1, 1000):
            path = folder / (f"{stem}.md" if n == 1 else f"{stem}-{n}.md")
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
            except FileExistsError:
                continue
            try:
                write_all(fd, data)
            except OSError:
                os.close(fd)
                with contextlib.suppress(OSError):
                    path.unlink()
                raise
            os.close(fd)
            return path
    except OSError as exc:
        raise no_room_error(
            exc,
            f"{workspace.key_for(path)}: could not save the session capture",
            "nothing was saved (the next capture saves these messages)",
        ) from None
    raise FileExistsError(f"too many captures named {stem} in {folder}")


def _recorded_lines(workspace: Workspace, transcript: Path) -> int:
    """The last transcript line per-turn capture already recorded in ``memory/conversations/`` (0: none)."""
    from mdrecall.capture.turn_records import load_state

    path = os.path.abspath(os.path.expanduser(str(transcript)))
    offset = load_state(workspace, path).get("offset", 0)
    if not isinstance(offset, int) or offset <= 0 or path.endswith(".json"):
        return 0
    try:
        with open(path, "rb") as fh:
            return fh.read(offset).count(b"\n")
    except OSError:
        return 0


def capture_session(
    workspace: Workspace,
    transcript: str | os.PathLike[str],
    *,
    last_n: int = 15,
    summarizer: Summarizer | None = None,
    now: datetime | None = None,
) -> CaptureResult:
    """Save the last ``last_n`` new messages of ``transcript`` into the workspace's ``memory/``.

    Raises :class:`~mdrecall.errors.WriteError` when the file cannot be written whole: nothing is left on
    disk and the messages stay new, so the next capture saves them.
    """
    path = Path(transcript).expanduser()
    messages, _ = read_messages(path)
    state_file = _state_path(workspace, path)
    try:
        done = int(json.loads(state_file.read_text(encoding="utf-8")).get("last_line", 0))
    except (OSError, ValueError, AttributeError):
        done = 0
    recorded = _recorded_lines(workspace, path)
    fresh = [m for m in messages if m.line > max(done, recorded)]
    if not fresh:
        why = "nothing new since the last capture" if messages else "no user or assistant messages"
        if messages and recorded >= messages[-1].line:
            why = "every turn is already recorded in memory/conversations/"
        return CaptureResult(None, 0, why)
    chosen = fresh[-max(1, last_n) :]
    when = now or now_local()
    result = CaptureResult(None, len(chosen))
    summary = None
    if summarizer is not None:
        try:
            summary = summarizer(chosen)
        except Exception as exc:  # noqa: BLE001 - the capture itself must not be lost
            result.warnings.append(
                f"summarizer failed ({type(exc).__name__}: {exc}); saved without a summary"
            )
    slug = slug_for(chosen)
    text = format_capture(chosen, transcript=str(path), when=when, slug=slug, summary=summary)
    written = _create(workspace, f"{when.date().isoformat()}-{slug}", text)
    result.path = workspace.key_for(written)
    try:
        state_file.parent.mkdir(parents=True, exist_ok=True)
        state_file.write_text(json.dumps({"last_line": chosen[-1].line, "transcript": str(path)}), "utf-8")
    except OSError as exc:
        result.warnings.append(f"cannot record the capture state ({exc.strerror or exc})")
    return result
