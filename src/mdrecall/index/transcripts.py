"""Transcript records → user/assistant messages → chunks whose lines are transcript lines. Pure.

Understood shapes, one JSON object per line:

* Claude Code: ``{"type": "user"|"assistant", "message": {"role", "content"}, "timestamp"}``;
* OpenClaw-style: ``{"type": "message", "message": {"role", "content"}, "timestamp"}``;
* plain chat records: ``{"role", "content"}``.

Only user and assistant *text* is kept (tool calls, tool results, thinking and meta lines are dropped)
and secrets are redacted (:mod:`mdrecall.text.redact`). A chunk's text has one line per transcript line
(blank for dropped lines), so a hit's line numbers and its snippet lines are transcript lines. A message
too long for one chunk is cut into pieces; when it carries the local-only marker, so does each piece
(:mod:`mdrecall.text.privacy`).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mdrecall.models import Chunk

__all__ = [
    "SOURCE",
    "Message",
    "chunk_transcript",
    "message_date",
    "parse_message",
    "read_messages",
    "render_lines",
]

SOURCE = "sessions"
_MAX_GAP = 20  # transcript lines without a message that end a chunk
_REMINDER = re.compile(r"<system-reminder>.*?</system-reminder>", re.DOTALL)


@dataclass(frozen=True)
class Message:
    """One user or assistant message: its 1-based transcript line, role, redacted text and time."""

    line: int
    role: str
    text: str
    timestamp: str | None = None

    @property
    def rendered(self) -> str:
        """One line: ``User: …`` / ``Assistant: …`` (newlines folded)."""
        body = " ".join(self.text.split())
        return f"{self.role.capitalize()}: {body}"


def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [
            b["text"]
            for b in content
            if isinstance(b, dict)
            and b.get("type") in ("text", "input_text", "output_text")
            and isinstance(b.get("text"), str)
        ]
        return "\n".join(parts)
    return ""


def parse_message(obj: Any, line: int) -> Message | None:
    """A :class:`Message` from one transcript record, or ``None`` when it is not user/assistant text."""
    if not isinstance(obj, dict) or obj.get("isMeta"):
        return None
    msg = obj.get("message") if isinstance(obj.get("message"), dict) else obj
    kind = obj.get("type")
    if kind not in (None, "user", "assistant", "message") or not isinstance(msg, dict):
        return None
    role = msg.get("role") or (kind if kind in ("user", "assistant") else None)
    if role not in ("user", "assistant"):
        return None
    text = _REMINDER.sub("", _text_of(msg.get("content"))).strip()
    if not text:
        return None
    ts = obj.get("timestamp") or msg.get("timestamp")
    from mdrecall.text.redact import redact  # here: a sync that reads no transcript loads no redaction rules

    return Message(line, role, redact(text), ts if isinstance(ts, str) else None)


def _lines(path: Path) -> Iterator[tuple[int, bytes]]:
    with path.open("rb") as fh:
        yield from enumerate(fh, 1)


def read_messages(path: str | os.PathLike[str]) -> tuple[list[Message], int]:
    """Every message of a transcript file, and its number of lines (bad JSON lines are skipped)."""
    out: list[Message] = []
    total = 0
    for number, raw in _lines(Path(path)):
        total = number
        try:
            obj = json.loads(raw)
        except ValueError:
            continue
        m = parse_message(obj, number)
        if m is not None:
            out.append(m)
    return out, total


def message_date(ts: str | None) -> str | None:
    """``YYYY-MM-DD`` of an ISO timestamp."""
    if ts and re.match(r"\d{4}-\d{2}-\d{2}", ts):
        return ts[:10]
    return None


def chunk_transcript(
    messages: Sequence[Message], *, path: str, tokens: int = 400, file_date: str | None = None
) -> list[Chunk]:
    """Pack consecutive messages into chunks of about ``tokens``; line i of a chunk is transcript line i."""
    # here, not at the top: per-turn hooks parse messages only
    from mdrecall.models import Chunk
    from mdrecall.text.chunking import CHARS_PER_TOKEN, chunk_hash
    from mdrecall.text.privacy import LOCAL_ONLY_MARKER, has_marker

    max_chars = max(tokens * CHARS_PER_TOKEN, 64)
    chunks: list[Chunk] = []
    group: list[Message] = []

    def emit(items: list[Message], text: str | None = None) -> None:
        if text is None:
            by_line = {m.line: m.rendered for m in items}
            text = "\n".join(by_line.get(n, "") for n in range(items[0].line, items[-1].line + 1))
        chunks.append(
            Chunk(
                path=path,
                source=SOURCE,
                start_line=items[0].line,
                end_line=items[-1].line,
                text=text,
                hash=chunk_hash("", text),
                date=message_date(items[0].timestamp) or file_date,
            )
        )

    size = 0
    for m in messages:
        r = m.rendered
        gap = m.line - group[-1].line if group else 0
        if group and (size + len(r) + gap > max_chars or gap > _MAX_GAP):
            emit(group)
            group, size = [], 0
        if len(r) > max_chars:
            # a local-only message stays local-only in every piece (the marker may sit in one, or across two)
            mark = has_marker(r)
            for off in range(0, len(r), max_chars):
                piece = r[off : off + max_chars]
                emit([m], piece if not mark or has_marker(piece) else f"{LOCAL_ONLY_MARKER} {piece}")
            continue
        group.append(m)
        size += len(r) + gap
    if group:
        emit(group)
    return chunks


def render_lines(path: str | os.PathLike[str]) -> list[str]:
    """The transcript as text, one line per transcript line (blank where no message is)."""
    messages, total = read_messages(path)
    out = [""] * total
    for m in messages:
        out[m.line - 1] = m.rendered
    return out
