"""Where team notes live: the team workspace folder and each agent's own file in it; pure path rules
shared by :mod:`mdrecall.services.team` (above :class:`~mdrecall.Memory`) and the capture code (below it)."""

from __future__ import annotations

import re
from pathlib import Path

from mdrecall.config.settings import Config

__all__ = ["AGENTS_DIR", "author_of", "team_note_path", "team_root"]

AGENTS_DIR = "memory/agents"
_AUTHOR = re.compile(r"^memory/agents/([A-Za-z0-9][A-Za-z0-9_.-]{0,63})/")


def team_root(config: Config, own_root: Path) -> Path:
    """The team workspace folder of ``team.workspace`` (relative paths are from the own workspace)."""
    root = Path(config.team.workspace).expanduser()
    return root if root.is_absolute() else own_root / root


def team_note_path(root: Path, agent: str, day: str) -> Path:
    """Where ``agent``'s notes of ``day`` go in the team workspace: ``memory/agents/<agent>/<day>.md``."""
    return root / AGENTS_DIR / agent / f"{day}.md"


def author_of(key: str) -> str | None:
    """The agent that wrote a team file (``memory/agents/<agent>/…``), else ``None``."""
    m = _AUTHOR.match(key)
    return m.group(1) if m else None
