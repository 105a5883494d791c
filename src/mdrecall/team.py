"""Shared memory: a team workspace searched beside an agent's own, with every hit saying who wrote it.

``team.workspace`` names a workspace several agents share (team decisions, people, conventions). An
agent's searches cover its own workspace and the team's, merged by score; each hit says which workspace
answered (``own`` or ``team``) and which agent wrote it: the agent itself for its own workspace, the
author for team notes. Agents write into the team workspace only when asked (``team=True``) or when
``team.write = "team"``; the default is private. A team note goes to the writing agent's own file in
the team workspace, ``memory/agents/<agent>/YYYY-MM-DD.md``, so its path names its author and agents
never interleave lines; anything else in the team workspace (``MEMORY.md``, notes people keep) has no
agent (``null``).

The team workspace is opened with the agent's own config (store, embedder, search settings), so every
agent indexes it alike. Storage: on SQLite it has its own index file (``<team>/.mdrecall/index.sqlite``),
which every agent's process reads and syncs (SQLite's locking serialises the writers). On PostgreSQL the
team index is one namespace named after ``team.name``, the same for every agent using the database.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .config import Config, TeamConfig
from .errors import ConfigError, MdrecallError
from .workspace import now_local

if TYPE_CHECKING:
    from .memory import Memory, RememberResult
    from .models import Hit

__all__ = ["TeamHit", "TeamMemory", "author_of", "open_team", "team_note_path", "team_root"]

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


@dataclass(frozen=True)
class TeamHit:
    """A hit and where it comes from: ``workspace`` is ``own`` or ``team``; ``agent`` wrote it."""

    hit: Hit
    workspace: str
    agent: str | None

    def to_dict(self) -> dict[str, Any]:
        """The hit's JSON shape plus ``workspace`` and ``agent``."""
        return {**self.hit.to_dict(), "workspace": self.workspace, "agent": self.agent}


class TeamMemory:
    """An agent's own :class:`~mdrecall.Memory` and its team's, searched as one."""

    def __init__(self, own: Memory, team: Memory | None) -> None:
        self.own = own
        self.team = team
        self.agent = own.config.agent_id or "default"

    def search(
        self,
        query: str,
        max_results: int | None = None,
        min_score: float | None = None,
        *,
        sources: Sequence[str] | None = None,
    ) -> list[TeamHit]:
        """Both workspaces' hits for ``query``, best first, at most ``max_results`` in all."""
        n = max(1, int(max_results if max_results is not None else self.own.config.search.max_results))
        return self.merge(self.own.search(query, n, min_score, sources=sources), query, n, min_score, sources)

    def merge(
        self,
        own_hits: Sequence[Hit],
        query: str,
        max_results: int,
        min_score: float | None = None,
        sources: Sequence[str] | None = None,
    ) -> list[TeamHit]:
        """``own_hits`` (already found in the own workspace) merged with the team's hits for ``query``."""
        hits = [TeamHit(h, "own", self.agent) for h in own_hits]
        if self.team is not None:
            found = self.team.search(query, max_results, min_score, sources=sources)
            hits += [TeamHit(h, "team", author_of(h.path)) for h in found]
        hits.sort(key=lambda t: -t.hit.score)
        return hits[:max_results]

    def remember(self, text: str, *, team: bool | None = None, now: datetime | None = None) -> RememberResult:
        """Append a note to the agent's own log, or (``team``) to its file in the team workspace.

        ``team=None`` follows ``team.write`` (``private`` unless configured otherwise).
        """
        to_team = self.own.config.team.write == "team" if team is None else team
        if not to_team:
            return self.own.remember(text, now=now)
        if self.team is None:
            raise ConfigError("no team workspace is configured: set team.workspace to share notes")
        from .memory import RememberResult
        from .redact import redact

        body = redact((text or "").strip())
        if not body:
            raise MdrecallError("nothing to remember: the text is empty")
        when = now or now_local()
        ws = self.team.workspace
        target = team_note_path(ws.root, self.agent, when.date().isoformat())

        def compose(_heading: str | None, is_new: bool) -> tuple[str, str]:
            head = f"# {when.date().isoformat()} · {self.agent}\n" if is_new else ""
            return head, f"\n## {when.strftime('%H:%M')}\n\n{body}\n"

        line = ws.append(target, compose)
        return RememberResult(ws.key_for(target), line)

    def get(self, path: str, from_line: int = 1, lines: int | None = None, *, team: bool = False) -> Any:
        """Read lines of a file of the own workspace, or of the team workspace with ``team``."""
        if team:
            if self.team is None:
                raise ConfigError("no team workspace is configured (team.workspace)")
            return self.team.get(path, from_line, lines)
        return self.own.get(path, from_line, lines)

    def close(self) -> None:
        """Close the team's Memory (the agent's own stays open: it belongs to the caller)."""
        if self.team is not None:
            self.team.close()


def team_config(own: Config) -> Config:
    """The config the team workspace is opened with: the agent's own (store, embedder, search), so every
    agent indexes the team alike, with the team's namespace and no extra paths, agents or team of its own."""
    cfg = replace(own, agent_id=f"team.{own.team.name}", agents={}, extra_paths=(), team=TeamConfig())
    path = cfg.store.path
    if path and Path(path).expanduser().is_absolute():  # a shared index path: the team gets its own file
        p = Path(path).expanduser()
        team_file = p.with_name(f"{p.stem}-team.{own.team.name}{p.suffix}")
        cfg = replace(cfg, store=replace(cfg.store, path=str(team_file)))
    return cfg


def open_team(own: Memory) -> TeamMemory:
    """``own`` with its team workspace (``team.workspace``) opened beside it (none configured: alone)."""
    raw = own.config.team.workspace
    if own.config.team.write not in ("private", "team"):
        raise ConfigError(f"team.write must be 'private' or 'team', not {own.config.team.write!r}")
    if not raw:
        return TeamMemory(own, None)
    from .memory import Memory

    root = team_root(own.config, own.workspace.root)
    if root.resolve() == own.workspace.root:
        raise ConfigError("team.workspace is this agent's own workspace: name the shared folder instead")
    return TeamMemory(own, Memory.open(root, team_config(own.config)))
