"""The ``--agent`` flag the agent and server commands share, and the memory it opens."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, TypeVar

import click

from mdrecall.cli.app import open_memory

__all__ = ["agent_option", "cli_base_config", "open_agent_memory"]

F = TypeVar("F", bound=Callable[..., Any])


def cli_base_config() -> Any:
    """The base config (the user's and the workspace's files, without an agent's own)."""
    from mdrecall.cli.app import base_config

    return base_config()


def open_agent_memory(agent: str | None) -> tuple[Any, Any]:
    """The Memory the flags describe (``--agent`` picks an agent's own workspace), and the base config."""
    agent = agent or os.environ.get("MDRECALL_AGENT_ID")
    if not agent:
        mem = open_memory()
        return mem, mem.config
    return open_memory(agent), cli_base_config()


def agent_option(f: F) -> F:
    """``--agent ID``: use that agent's own workspace and config."""
    return click.option(
        "--agent", metavar="ID", help="Agent id: use that agent's own workspace and config ([agents.<id>])."
    )(f)
