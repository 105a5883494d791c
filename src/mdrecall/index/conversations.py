"""Where captured conversations live and the search source they form (``conversations``).

Per-turn capture (:mod:`mdrecall.capture.turns`) writes one Markdown file per session and day under
``memory/conversations/``; those files are indexed like other memory files but tagged with their own
source, so a search can ask for them alone (``--source conversations``) or leave them out. Like session
transcripts, they leave the index after ``sessions.retention_days`` (the files stay: they are the
user's Markdown).
"""

from __future__ import annotations

from datetime import date, timedelta

from mdrecall.files.workspace import date_from_name

__all__ = ["CONVERSATIONS_DIR", "SOURCE", "expired", "source_of"]

SOURCE = "conversations"
CONVERSATIONS_DIR = "memory/conversations"
_PREFIX = CONVERSATIONS_DIR + "/"


def source_of(key: str, default: str = "memory") -> str:
    """``conversations`` for a file under ``memory/conversations/``, else ``default``."""
    return SOURCE if key.startswith(_PREFIX) else default


def expired(key: str, retention_days: int, today: date | None = None) -> bool:
    """A conversation file dated more than ``retention_days`` ago (0 keeps every one)."""
    if retention_days <= 0 or not key.startswith(_PREFIX):
        return False
    day = date_from_name(key.rsplit("/", 1)[-1])
    return day is not None and date.fromisoformat(day) < (today or date.today()) - timedelta(
        days=retention_days
    )
