"""The per-turn Claude Code hooks as their own small entry point, for a fast cold start.

``python -m mdrecall.agent.turn_hook [-w WS] [--config FILE] [--agent ID] user-prompt-submit|stop`` reads
the hook JSON on stdin and captures the turn (:func:`mdrecall.agent.hooks.handle_turn_hook`). It is what
``mdrecall hooks install`` writes for ``UserPromptSubmit`` and ``Stop``: it skips the full command-line
parser and imports only the config, the workspace and the capture code. ``mdrecall hook stop`` does the
same through the CLI. Whatever happens, the exit status is 0: memory never blocks the agent. A folder
that is not a workspace (see :func:`mdrecall.files.workspace.require_workspace`) is never written to: the hook
says why on stderr and captures nothing, as ``hook session-start`` refuses it.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = ["main", "read_payload", "run_turn_hook"]

_FLAGS = {"-w": "workspace", "--workspace": "workspace", "--config": "config", "--agent": "agent"}
#: What the hook log says to do about a refusal (the CLI's wording: a person reads the log).
_HINTS = {"init": "Create one with: mdrecall init {subject}"}


def run_turn_hook(
    event: str,
    payload: dict[str, Any],
    *,
    workspace: str | None = None,
    config_file: str | None = None,
    agent: str | None = None,
) -> list[str]:
    """Capture one turn for the workspace (or agent) named; returns notes for stderr, never raises."""
    from mdrecall.agent.hooks import handle_turn_hook
    from mdrecall.errors import ConfigError, WorkspaceError

    try:
        from mdrecall.config.settings import load_config
        from mdrecall.config.sources import env_workspace
        from mdrecall.files.workspace import Workspace, require_workspace

        if config_file and not Path(config_file).expanduser().is_file():
            raise ConfigError(f"config file {config_file} does not exist")
        raw = workspace or env_workspace()
        agent = agent or os.environ.get("MDRECALL_AGENT_ID")
        if agent:
            from mdrecall.services.agents import resolve_agent

            base = load_config(Path(raw).expanduser() if raw else None, user_file=config_file)
            root, cfg = resolve_agent(base, agent)
            root.mkdir(parents=True, exist_ok=True)
        else:
            root = Path(raw or os.getcwd()).expanduser()
            cfg = load_config(root, user_file=config_file)
            require_workspace(root, cfg.extra_paths)
    except (WorkspaceError, ConfigError) as exc:  # the log is read by a person: name the command that helps
        return [f"{event}: nothing captured: {exc.worded(_HINTS)}"]
    except Exception as exc:  # noqa: BLE001 - a hook must never block the agent
        return [f"{event}: capture failed ({type(exc).__name__}: {exc})"]
    try:
        return handle_turn_hook(Workspace(root, cfg.extra_paths), cfg, event, payload)
    except Exception as exc:  # noqa: BLE001 - a hook must never block the agent
        return [f"{event}: capture failed ({type(exc).__name__}: {exc})"]


def read_payload(stream: Any) -> dict[str, Any]:
    """The hook JSON from ``stream`` (``{}`` when absent or not a JSON object)."""
    raw = "" if stream is None or stream.isatty() else stream.read()
    try:
        data = json.loads(raw) if raw.strip() else {}
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the few flags by hand (no parser to build), run the hook, exit 0."""
    args = list(sys.argv[1:] if argv is None else argv)
    flags: dict[str, str] = {}
    event = ""
    while args:
        a = args.pop(0)
        name, eq, value = a.partition("=")
        if name in _FLAGS:
            flags[_FLAGS[name]] = value if eq else (args.pop(0) if args else "")
        elif a in ("user-prompt-submit", "stop"):
            event = a
    if not event:
        sys.stderr.write("mdrecall: turn_hook: give the event: user-prompt-submit or stop\n")
        return 0
    notes = run_turn_hook(
        event,
        read_payload(sys.stdin),
        workspace=flags.get("workspace"),
        config_file=flags.get("config"),
        agent=flags.get("agent"),
    )
    for line in notes:
        sys.stderr.write(f"mdrecall: {line}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
