"""The per-turn Claude Code hooks as their own small entry point, for a fast cold start.

``python -m mdrecall.agent.turn_hook [-w WS] [--config FILE] [--agent ID] user-prompt-submit|stop`` reads
the hook JSON on stdin and captures the turn (:func:`mdrecall.agent.hooks.handle_turn_hook`); for
``user-prompt-submit`` it first recalls what the prompt needs and prints Claude Code's hook JSON with it
as ``additionalContext`` (:func:`mdrecall.agent.hooks.prompt_recall`; nothing when the gate says so).
It is what ``mdrecall hooks install`` writes for ``UserPromptSubmit`` and ``Stop``: it skips the full
command-line parser and imports only the config, the workspace and the capture code (and, to recall,
the search). ``mdrecall hook stop`` does the
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
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mdrecall.config.settings import Config
    from mdrecall.files.workspace import Workspace
    from mdrecall.memory import Memory

__all__ = ["capture_turn", "main", "read_payload", "run_turn_hook", "run_turn_hook_output", "turn_output"]

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
    return run_turn_hook_output(event, payload, workspace=workspace, config_file=config_file, agent=agent)[1]


def run_turn_hook_output(
    event: str,
    payload: dict[str, Any],
    *,
    workspace: str | None = None,
    config_file: str | None = None,
    agent: str | None = None,
    started: float | None = None,
) -> tuple[str, list[str]]:
    """Recall (``user-prompt-submit``) and capture one turn: what to print on stdout (the hook JSON, or
    ``""``) and notes for stderr; never raises. ``started``: when the hook began (``time.monotonic()``),
    from which ``recall.deadline_ms`` runs."""
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
        return "", [f"{event}: nothing captured: {exc.worded(_HINTS)}"]
    except Exception as exc:  # noqa: BLE001 - a hook must never block the agent
        return "", [f"{event}: capture failed ({type(exc).__name__}: {exc})"]
    return turn_output(Workspace(root, cfg.extra_paths), cfg, event, payload, started=started)


def turn_output(
    workspace: Workspace,
    config: Config,
    event: str,
    payload: dict[str, Any],
    *,
    started: float | None = None,
    memory: Memory | None = None,
    capture: bool = True,
) -> tuple[str, list[str]]:
    """The hook's work once the workspace and its config are known: recall (``user-prompt-submit``),
    then capture (:func:`capture_turn`; ``capture=False``: the caller captures, as the server does once it
    has answered); what to print on stdout and notes for stderr; never raises. ``memory``: an open one to
    search (the server's; default: one opened for the prompt)."""
    from mdrecall.agent.hooks import prompt_recall

    out, notes = "", list[str]()
    if event == "user-prompt-submit":
        out, notes = prompt_recall(workspace, config, payload, started=started, memory=memory)
    return out, notes + (capture_turn(workspace, config, event, payload) if capture else [])


def capture_turn(workspace: Workspace, config: Config, event: str, payload: dict[str, Any]) -> list[str]:
    """Capture one turn (:func:`mdrecall.agent.hooks.handle_turn_hook`); notes for stderr, never raises."""
    from mdrecall.agent.hooks import handle_turn_hook

    try:
        return handle_turn_hook(workspace, config, event, payload)
    except Exception as exc:  # noqa: BLE001 - a hook must never block the agent
        return [f"{event}: capture failed ({type(exc).__name__}: {exc})"]


#: How long a hook waits for its JSON on stdin (a host writes it at once; one that never closes stdin
#: must not hold the hook).
PAYLOAD_WAIT_S = 5.0


def read_payload(stream: Any, wait_s: float = PAYLOAD_WAIT_S) -> dict[str, Any]:
    """The hook JSON from ``stream`` (``{}`` when absent or not a JSON object).

    From a pipe it reads until the end, or until what came is a whole JSON object, or for ``wait_s``
    seconds at most: a host that keeps stdin open never makes the hook wait for ever.
    """
    if stream is None or stream.isatty():
        return {}
    fd = _pipe_fd(stream)
    raw = stream.read() if fd is None else _read_bounded(fd, wait_s)
    try:
        data = json.loads(raw) if raw.strip() else {}
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def _pipe_fd(stream: Any) -> int | None:
    """The descriptor of ``stream`` when it is a pipe, FIFO or socket (what can keep a reader waiting)."""
    import stat

    if sys.platform == "win32":  # pragma: no cover - select() takes sockets only there
        return None
    try:
        fd = int(stream.fileno())
        mode = os.fstat(fd).st_mode
    except (AttributeError, OSError, ValueError):
        return None
    return fd if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode) else None


def _read_bounded(fd: int, wait_s: float) -> str:
    """What the pipe ``fd`` holds: to its end, to a whole JSON object, or until ``wait_s`` passes."""
    import select
    import time

    deadline = time.monotonic() + wait_s
    data = b""
    while True:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            break
        block = os.read(fd, 1 << 16)
        if not block:
            break
        data += block
        if data.rstrip().endswith(b"}"):
            try:
                json.loads(data)
                break
            except ValueError:
                pass
    return data.decode("utf-8", errors="replace")


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the few flags by hand (no parser to build), run the hook, exit 0."""
    import time

    from mdrecall.plugins.blas import one_blas_thread

    started = time.monotonic()
    one_blas_thread()  # before numpy loads: its OpenBLAS threads would spin for nothing
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
    payload = read_payload(sys.stdin)
    got = None
    if not (flags.get("agent") or flags.get("config") or os.environ.get("MDRECALL_AGENT_ID")):
        from mdrecall.agent.serve_client import served_turn  # standard library only: a fast answer

        got = served_turn(flags.get("workspace"), event, payload, started)
    if got is None:  # nobody serves this workspace (or not as this hook would run): in-process
        from mdrecall.agent.hooks import HOOK_DEADLINE_S, hook_deadline

        left = max(1.0, HOOK_DEADLINE_S[event] - (time.monotonic() - started))
        with hook_deadline(event, left):  # whatever the file system holds, the agent is not kept waiting
            got = run_turn_hook_output(
                event,
                payload,
                workspace=flags.get("workspace"),
                config_file=flags.get("config"),
                agent=flags.get("agent"),
                started=started,
            )
    out, notes = got
    if out:
        sys.stdout.write(out + "\n")
        sys.stdout.flush()
    for line in notes:
        sys.stderr.write(f"mdrecall: {line}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
