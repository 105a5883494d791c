"""Where captured conversations live and the search source they form (``conversations``).

Per-turn capture (:mod:`mdrecall.agent.turns`) writes one Markdown file per session and day under
``memory/conversations/``; those files are indexed like other memory files but tagged with their own
source, so a search can ask for them alone (``--source conversations``) or leave them out.
"""

from __future__ import annotations

__all__ = ["CONVERSATIONS_DIR", "SOURCE", "source_of"]

SOURCE = "conversations"
CONVERSATIONS_DIR = "memory/conversations"
_PREFIX = CONVERSATIONS_DIR + "/"


def source_of(key: str, default: str = "memory") -> str:
    """``conversations`` for a file under ``memory/conversations/``, else ``default``."""
    return SOURCE if key.startswith(_PREFIX) else default
