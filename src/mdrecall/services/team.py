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

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mdrecall.config.settings import Config, TeamConfig
from mdrecall.errors import ConfigError
from mdrecall.files.notes import append_note
from mdrecall.files.team_paths import AGENTS_DIR, author_of, team_note_path, team_root
from mdrecall.files.workspace import now_local
from mdrecall.models import Hit, RememberResult
from mdrecall.request import SearchRequest
from mdrecall.search.runner import Companions

if TYPE_CHECKING:
    from mdrecall.memory import Memory

__all__ = [
    "AGENTS_DIR",
    "Companions",
    "TeamHit",
    "TeamMemory",
    "author_of",
    "close_companions",
    "open_companions",
    "open_team",
    "team_note_path",
    "team_root",
]


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
        """Both workspaces' hits for ``query``, best first, at most ``max_results`` in all (the one
        merge of :func:`mdrecall.search.runner.search`)."""
        req = SearchRequest.of(query, max_results, min_score, sources=sources, agents=("all",))
        hits = self.own.search_result(req, companions=Companions(self.team)).hits
        return [TeamHit(h, h.workspace or "own", h.agent if h.workspace else self.agent) for h in hits]

    def remember(self, text: str, *, team: bool | None = None, now: datetime | None = None) -> RememberResult:
        """Append a note to the agent's own log, or (``team``) to its file in the team workspace.

        ``team=None`` follows ``team.write`` (``private`` unless configured otherwise).
        """
        to_team = self.own.config.team.write == "team" if team is None else team
        if not to_team:
            return self.own.remember(text, now=now)
        if self.team is None:
            raise ConfigError("no team workspace is configured: set team.workspace to share notes")
        when = now or now_local()
        folder = f"{AGENTS_DIR}/{self.agent}"  # team_note_path(): the path names its author
        return append_note(self.team.workspace, text, when, title=f" · {self.agent}", folder=folder)

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
    from mdrecall.memory import Memory

    root = team_root(own.config, own.workspace.root)
    if root.resolve() == own.workspace.root:
        raise ConfigError("team.workspace is this agent's own workspace: name the shared folder instead")
    return TeamMemory(own, Memory.open(root, team_config(own.config)))


def open_companions(own: Memory, base: Config | None = None) -> Companions:
    """The other memories ``own`` may search, opened: its team workspace (``team.workspace``) and the
    agents of its ``scope.search_agents`` (``base``: the config before its agent's overrides).
    Close them with :func:`close_companions`."""
    from mdrecall.services.agents import open_search_agents

    return Companions(open_team(own).team, open_search_agents(own, base))


def close_companions(companions: Companions) -> None:
    """Close the memories :func:`open_companions` opened."""
    for mem in [companions.team, *companions.others.values()]:
        if mem is not None:
            mem.close()
