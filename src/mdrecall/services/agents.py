"""Many agents: each agent id has its own workspace and index, with per-agent config overrides.

``[agents.<id>]`` tables in the config override any key for that agent; ``workspace`` names its
folder (default: ``$XDG_DATA_HOME/mdrecall/agents/<id>``, created on first use). An index path given
as an absolute ``store.path`` is shared config, so each agent gets its own file next to it
(``index-<id>.sqlite``). One agent never searches another's memory unless its
``scope.search_agents`` lists that agent.

An agent exists only by an explicit act: a ``[agents.<id>]`` table in the config (an empty one will do),
or ``mdrecall init`` of its default folder. Any other id is an :class:`UnknownAgentError` naming the known
ones, raised before anything is created, so a misspelled ``--agent`` never searches (or creates) empty
memory without a word.
"""

from __future__ import annotations

import os
import re
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from mdrecall.config.settings import Config, load_config
from mdrecall.errors import ConfigError

if TYPE_CHECKING:
    from mdrecall.memory import Memory

__all__ = [
    "UnknownAgentError",
    "default_agent_workspace",
    "known_agents",
    "open_agent",
    "open_search_agents",
    "resolve_agent",
]

_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


class UnknownAgentError(ConfigError):
    """An agent id that has no ``[agents.<id>]`` table and no workspace in its default folder."""


def default_agent_workspace(agent_id: str) -> Path:
    """``$XDG_DATA_HOME/mdrecall/agents/<id>`` (``~/.local/share/...``)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base).expanduser() / "mdrecall" / "agents" / agent_id


def known_agents(config: Config) -> list[str]:
    """Configured agents, and those whose default folder was made a workspace (``mdrecall init``)."""
    from mdrecall.files.workspace import WORKSPACE_MARKERS

    found = set(config.agents)
    root = default_agent_workspace("x").parent
    try:
        for d in root.iterdir() if root.is_dir() else ():
            if _ID.match(d.name) and any(os.path.lexists(d / m) for m in WORKSPACE_MARKERS):
                found.add(d.name)
    except OSError:
        pass
    return sorted(found)


def resolve_agent(config: Config, agent_id: str) -> tuple[Path, Config]:
    """The workspace folder and the merged config of one agent.

    Raises :class:`UnknownAgentError` for an id that is not one of :func:`known_agents`.
    """
    if not _ID.match(agent_id or ""):
        raise ConfigError(f"invalid agent id {agent_id!r}: use letters, digits, '.', '_' or '-'")
    if agent_id != config.agent_id and agent_id not in (known := known_agents(config)):
        names = ", ".join(known) if known else "none"
        raise UnknownAgentError(
            f"unknown agent {agent_id!r} (known: {names}). Create it with an [agents.{agent_id}] table in "
            f"the config, or with: mdrecall init {default_agent_workspace(agent_id)}"
        )
    overrides = dict(config.agents.get(agent_id, {}))
    raw_ws = overrides.pop("workspace", None)
    workspace = Path(str(raw_ws)).expanduser() if raw_ws else default_agent_workspace(agent_id)
    merged = replace(config, agents={}).merged(overrides, f"[agents.{agent_id}]")
    merged = replace(merged, agent_id=agent_id, agents=config.agents)
    store_path = merged.store.path
    own_path = isinstance(overrides.get("store"), dict) and "path" in overrides["store"]
    if store_path and Path(store_path).expanduser().is_absolute() and not own_path:
        p = Path(store_path).expanduser()
        merged = replace(
            merged, store=replace(merged.store, path=str(p.with_name(f"{p.stem}-{agent_id}{p.suffix}")))
        )
    return workspace, merged


def open_agent(agent_id: str, config: Config | None = None) -> Memory:
    """Open one agent's :class:`~mdrecall.Memory` (its workspace folder is created if missing)."""
    from mdrecall.memory import Memory

    base = config if config is not None else load_config()
    workspace, cfg = resolve_agent(base, agent_id)
    return Memory.open(workspace, cfg, create=True)


def open_search_agents(memory: Memory, base: Config | None = None) -> dict[str, Memory]:
    """The other agents this agent may search (its ``scope.search_agents``), opened.

    ``base`` is the config before this agent's overrides (default: ``memory.config``).
    """
    out: dict[str, Memory] = {}
    for other in memory.config.scope.search_agents:
        if other and other != memory.config.agent_id and other not in out:
            out[other] = open_agent(other, base or memory.config)
    return out
