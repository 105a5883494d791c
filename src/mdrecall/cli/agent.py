"""Agent commands: ``mcp``, ``watch``, ``serve``, ``hook``, ``hooks``, ``capture``, ``context``, ``dream``,
``agents``.

Thin adapters: each parses flags, calls the library, prints. Heavy modules (the MCP SDK, watchdog) are
imported inside the handlers, so ``mdrecall`` starts fast for hooks.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict, TypeVar

import click

from mdrecall.cli.app import command, open_memory, state, workspace_path
from mdrecall.cli.errors import cli_message
from mdrecall.cli.output import Listing, emit, warn
from mdrecall.errors import MdrecallError

if TYPE_CHECKING:
    import threading

__all__: list[str] = []

F = TypeVar("F", bound=Callable[..., Any])


def _base_config() -> Any:
    from mdrecall.cli.app import base_config

    return base_config()


def _open(agent: str | None) -> tuple[Any, Any]:
    """The Memory the flags describe (``--agent`` picks an agent's own workspace), and the base config."""
    agent = agent or os.environ.get("MDRECALL_AGENT_ID")
    if not agent:
        mem = open_memory()
        return mem, mem.config
    return open_memory(agent), _base_config()


def _port_free(host: str, port: int) -> None:
    """A clear error now, rather than a server that logs a bind failure and exits."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise MdrecallError(f"cannot serve on {host}: {exc}. Check --host") from None
    family, kind, proto, _, addr = infos[0]
    with socket.socket(family, kind, proto) as sock:
        try:
            sock.bind(addr)
        except OSError as exc:
            raise MdrecallError(
                f"cannot serve on {host}:{port}: {exc.strerror or exc}. Another server may be using the "
                "port: stop it, or choose another with --port"
            ) from None


def agent_option(f: F) -> F:
    """``--agent ID``: use that agent's own workspace and config."""
    return click.option(
        "--agent", metavar="ID", help="Agent id: use that agent's own workspace and config ([agents.<id>])."
    )(f)


@command("mcp")
@click.option("--http", is_flag=True, help="Serve streamable HTTP instead of stdio.")
@click.option("--host", default="127.0.0.1", show_default=True, help="HTTP bind address.")
@click.option("--port", type=click.IntRange(1, 65535), default=8765, show_default=True, help="HTTP port.")
@click.option("--token", help="Bearer token required on HTTP requests (default: $MDRECALL_MCP_TOKEN).")
@click.option("--allow-remote", is_flag=True, help="Allow a non-loopback --host (needs a token).")
@click.option("--no-watch", is_flag=True, help="Do not watch the files while serving.")
@click.option("--chat-type", help="Chat type of the host conversation for scope rules (default direct).")
@click.option("--session-key", help="Session key of the host conversation for scope rules.")
@agent_option
def cmd_mcp(
    http: bool,
    host: str,
    port: int,
    token: str | None,
    allow_remote: bool,
    no_watch: bool,
    chat_type: str | None,
    session_key: str | None,
    agent: str | None,
) -> int:
    """Run the MCP server (stdio; --http for streamable HTTP)."""
    from mdrecall.agent.tools import MemoryTools
    from mdrecall.cli.serving import enable
    from mdrecall.mcp.server import serve
    from mdrecall.services.agents import open_search_agents
    from mdrecall.services.team import open_team

    if http:
        _port_free(host, port)
    enable()  # its server answers one-shot searches too
    mem, base = _open(agent)
    others = open_search_agents(mem, base)
    team = open_team(mem)
    try:
        tools = MemoryTools(mem, chat_type=chat_type, session_key=session_key, others=others, team=team)
        serve(
            mem,
            http=http,
            host=host,
            port=port,
            token=token or os.environ.get("MDRECALL_MCP_TOKEN") or None,
            allow_remote=allow_remote,
            watch=not no_watch,
            tools=tools,
            serve_hooks=not (agent or os.environ.get("MDRECALL_AGENT_ID")),
        )
    finally:
        team.close()
        for m in [mem, *others.values()]:
            m.close()
    return 0


@command("watch")
@click.option("--debounce", type=float, help="Seconds of quiet before re-indexing (default 1.5).")
@click.option("--polling", is_flag=True, help="Poll file stats instead of OS events.")
@click.option(
    "--auto",
    "auto",
    is_flag=True,
    hidden=True,
    help="As started by a one-shot search: exits after serve.idle_exit_minutes idle.",
)
@agent_option
def cmd_watch(debounce: float | None, polling: bool, agent: str | None, auto: bool) -> int:
    """Watch the memory files and re-index on change."""
    import signal
    import threading

    from mdrecall.cli.serving import enable
    from mdrecall.index.backfill import Backfiller
    from mdrecall.services.serve import HookServer, start_background
    from mdrecall.services.watch import Watcher, watch_targets

    as_json = state().json
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())

    def show(report: Any) -> None:
        if as_json:
            sys.stdout.write(json.dumps(report.to_dict(), ensure_ascii=False) + "\n")
        else:
            print(f"re-indexed: {report.summary()}")
        sys.stdout.flush()

    if auto and not _auto_may_start(agent):
        return 0
    enable()  # its server answers one-shot searches too
    mem, _ = _open(agent)
    with mem:
        served: HookServer | None = None
        if auto:  # bound first: of two started at once, one serves and the other leaves at once
            served = HookServer(mem.workspace.root, memory=mem)
            served.auto, served.auto_exit_minutes = True, mem.config.serve.idle_exit_minutes
            try:
                served.bind()
            except (MdrecallError, OSError) as exc:
                _auto_log(f"not started: {exc}")
                return 0
        if not auto:  # auto: the search that started it has just synced; the watcher's first sync checks
            show(mem.index())
        backfill = Backfiller(mem).start()  # fills missing vectors when idle; resumes after an outage
        watcher = Watcher(  # its own first sync, once armed, proves the files unchanged: searches then skip
            mem,  # the walk (a change between the index above and the arming is caught by it too)
            debounce_s=debounce,
            backend="polling" if polling else None,
            on_sync=lambda report: show(report) if report.changed or report.warnings else None,
            initial_sync=True,
            backfill=backfill,
        ).start()
        if served is not None:
            served.start()
        elif not (agent or os.environ.get("MDRECALL_AGENT_ID")):
            served = start_background(mem, lambda line: sys.stderr.write(f"mdrecall: {line}\n"))
        folders = ", ".join(str(p) for p, _ in watch_targets(mem))
        extra = f" ({watcher.state['note']})" if watcher.state["note"] else ""
        idle: Callable[[], bool] | None = None
        if auto and served is not None:
            minutes = mem.config.serve.idle_exit_minutes
            server = served
            _auto_log(
                f"auto-started by a one-shot search (pid {os.getpid()}): serving {server.real} and watching"
                f" {folders} [{watcher.state['backend']}]{extra}; "
                + (
                    f"exits after {minutes:g} min with no request and no file change"
                    if minutes
                    else "stays (serve.idle_exit_minutes = 0)"
                )
                + " (serve.auto_start = false or MDRECALL_SERVE_AUTO=off: not started)"
            )

            def idle() -> bool:
                changed = watcher.state.get("last_event") or 0.0
                if server.yielded.is_set() or not server.owns_socket():  # taken over, or the folder went
                    return True
                return bool(minutes) and min(server.idle_s(), time.time() - changed) >= minutes * 60

        elif not state().quiet:
            sys.stderr.write(
                f"mdrecall: watching {folders} [{watcher.state['backend']}]{extra}; Ctrl-C stops\n"
            )
        interrupted = False
        try:
            interrupted = _until_stopped(stop, idle)
        finally:
            if idle is not None and served is not None and not stop.is_set() and not interrupted:
                if served.yielded.is_set():
                    why = "a server started by the user takes over"
                elif not served.owns_socket():
                    why = f"its socket {served.path} is gone (the workspace or its .mdrecall/ was removed)"
                else:
                    minutes = mem.config.serve.idle_exit_minutes
                    why = f"no request and no file change for {minutes:g} min (auto-started)"
                _auto_log(f"exiting: {why}")
                served.retire()
            elif auto:
                _auto_log("stopped (Ctrl-C)" if interrupted else "stopped (SIGTERM)")
            watcher.stop()
            backfill.stop()
            if served is not None:
                served.stop()
    return 130 if interrupted else 0


def _auto_log(line: str) -> None:
    """One line of an auto-started watch's log (its stderr: ``.mdrecall/serve-auto.log``), dated."""
    stamp = time.strftime("%Y-%m-%d %H:%M:%S")
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.write(f"{stamp} mdrecall watch --auto: {line}\n")
        sys.stderr.flush()


def _auto_may_start(agent: str | None) -> bool:
    """Whether ``watch --auto`` (started by a one-shot search, :mod:`mdrecall.cli.served`) should serve:
    not when auto-start or serving is off, for an agent, or where its server would send the command that
    started it back (a ``--config`` that is not the config the server reads); it says why in its log.
    When auto-start is off, no command tries again for
    :data:`~mdrecall.cli.served.AUTO_OFF_WAIT_S`."""
    from mdrecall.cli.app import load_cli_config
    from mdrecall.cli.served import AUTO_OFF_WAIT_S, set_start_stamp
    from mdrecall.config.settings import load_config
    from mdrecall.files.workspace import require_workspace

    root = workspace_path()
    why, off = None, False
    try:
        cfg = load_cli_config(root)
        if os.environ.get("MDRECALL_SERVE_AUTO", "").strip().lower() in {"0", "false", "no", "off"}:
            why, off = "MDRECALL_SERVE_AUTO is off", True
        elif not cfg.serve.auto_start:
            why, off = "serve.auto_start is off", True
        elif not cfg.serve.enabled:
            why, off = "serve.enabled is off", True
        elif agent or os.environ.get("MDRECALL_AGENT_ID"):
            why = "an agent's workspace is not served"
        elif state().config and load_config(root) != cfg:
            why = "--config names another config than the one the server reads (the user file)"
        else:
            require_workspace(root, cfg.extra_paths)
    except Exception as exc:  # noqa: BLE001 - whatever it is, the command that started it has answered
        why = f"{type(exc).__name__}: {cli_message(exc) if isinstance(exc, MdrecallError) else exc}"
    if why is None:
        return True
    _auto_log(f"not started: {why}")
    if off:
        later = time.time() + AUTO_OFF_WAIT_S
        with contextlib.suppress(OSError):  # never through a symlink swapped in for the stamp
            set_start_stamp(os.path.join(os.path.realpath(root), ".mdrecall"), later)
    return False


@command("serve")
def cmd_serve() -> int:
    """Serve the workspace's per-turn hooks and one-shot searches over a local socket (foreground).

    The hooks and `mdrecall search`/`get` ask it first and answer in tens of milliseconds; without it
    they run on their own, with the same output. It answers as the installed hooks run: the
    workspace's config and the user file, re-read when they change (--config and the other global
    flags do not apply; a search with another config runs on its own). The MCP server and watch serve
    too. Ctrl-C stops.
    """
    import signal
    import threading

    from mdrecall.cli.serving import enable
    from mdrecall.config.settings import load_config
    from mdrecall.files.workspace import require_workspace
    from mdrecall.services.serve import HookServer

    if state().config:
        raise MdrecallError("serve answers the hooks as they run, with the user file they read: no --config")
    root = workspace_path()
    config = load_config(root)
    require_workspace(root, config.extra_paths)
    if not config.serve.enabled:
        raise MdrecallError("serve.enabled is off in the config: nothing is served")
    enable()
    server = HookServer(root)
    server.warm()
    server.bind()
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    server.start()
    if not state().quiet:
        sys.stderr.write(f"mdrecall: serving the hooks of {server.real} on {server.path}; Ctrl-C stops\n")
        sys.stderr.flush()
    interrupted = False
    try:
        interrupted = _until_stopped(stop)
    finally:
        server.stop()
    return 130 if interrupted else 0


def _until_stopped(stop: threading.Event, idle: Callable[[], bool] | None = None) -> bool:
    """Wait until ``stop`` is set (SIGTERM), Ctrl-C or ``idle()`` holds; True for Ctrl-C (stop cleanly,
    then exit 130 as every interrupted command does)."""
    try:
        while not stop.wait(0.5):
            if idle is not None and idle():
                break
    except KeyboardInterrupt:
        return True
    return False


@command("hook")
@click.argument(
    "event",
    type=click.Choice(["session-start", "user-prompt-submit", "stop", "pre-compact", "session-end"]),
)
@click.option("--budget", type=int, default=8000, show_default=True, help="Session-start context size.")
@agent_option
def cmd_hook(event: str, budget: int, agent: str | None) -> int:
    """Run a Claude Code hook (reads the hook JSON on stdin)."""
    from mdrecall.agent.hooks import hook_deadline

    with hook_deadline(event):  # whatever the file system holds, the agent is not kept waiting
        return _run_hook(event, budget, agent)


def _run_hook(event: str, budget: int, agent: str | None) -> int:
    """The hook itself (within its deadline)."""
    from mdrecall.agent.hooks import TURN_EVENTS, handle_hook
    from mdrecall.agent.turn_hook import read_payload, run_turn_hook_output

    payload = read_payload(sys.stdin)
    if event in TURN_EVENTS:  # per turn: no sync, no model load for capture; whatever happens, exit 0
        out, notes = run_turn_hook_output(
            event, payload, workspace=state().workspace, config_file=state().config, agent=agent
        )
        if out:
            sys.stdout.write(out + "\n")
        for line in notes:
            sys.stderr.write(f"mdrecall: {line}\n")
        return 0
    try:
        mem, _ = _open(agent)
    except (MdrecallError, click.UsageError) as exc:  # not a workspace, an unknown agent: never block
        message = exc.format_message() if isinstance(exc, click.UsageError) else cli_message(exc)
        sys.stderr.write(f"mdrecall: {event}: nothing done: {message}\n")
        return 0
    with mem:
        out, notes = handle_hook(mem, event, payload, budget_chars=budget)
    if out:
        sys.stdout.write(out + "\n")
    for line in notes:
        sys.stderr.write(f"mdrecall: {line}\n")
    return 0


@command("hooks")
@click.argument("action", type=click.Choice(["install", "uninstall"]))
@click.argument("target", type=click.Choice(["claude-code"]))
@click.option(
    "--project", "scope", flag_value="project", default=True, help=".claude/settings.json and .mcp.json."
)
@click.option("--user", "scope", flag_value="user", help="~/.claude/settings.json and ~/.claude.json.")
@click.option("--dir", "project_dir", help="Project folder for --project (default: current folder).")
@click.option("--dry-run", is_flag=True, help="Print what would change, write nothing.")
@agent_option
def cmd_hooks(
    action: str, target: str, scope: str, project_dir: str | None, dry_run: bool, agent: str | None
) -> int:
    """Install or remove the Claude Code hooks and MCP entry."""
    from mdrecall.agent.hooks import install, uninstall

    project = Path(project_dir).expanduser().resolve() if project_dir else Path.cwd()
    if action == "install":
        from mdrecall.files.workspace import require_workspace

        raw = workspace_path()
        if not agent:
            require_workspace(raw)
        else:  # hooks for an agent that does not exist would only ever say so: refuse now
            from mdrecall.services.agents import UnknownAgentError, resolve_agent

            try:
                resolve_agent(_base_config(), agent)
            except UnknownAgentError as exc:
                raise click.BadParameter(str(exc), param_hint="'--agent'") from None
        plan = install(scope, raw.resolve(), project_dir=project, agent=agent)
    else:
        plan = uninstall(scope, project_dir=project)
    for line in plan.actions:
        print(("would: " if dry_run else "") + line)
    if dry_run:
        for path, data in plan.files.items():
            print(f"\n--- {path} (after)\n{json.dumps(data, indent=2, ensure_ascii=False)}")
    else:
        plan.write()
    return 0


@command("capture")
@click.argument("transcript")
@click.option("--last", type=int, help="How many messages (default flush.capture_messages).")
@click.option("--no-index", is_flag=True, help="Do not index after writing.")
@click.option(
    "--turns", is_flag=True, help="Record every new message in memory/conversations/ and note what matters."
)
@agent_option
def cmd_capture(transcript: str, last: int | None, no_index: bool, turns: bool, agent: str | None) -> int:
    """Save the last messages of a transcript to memory/ (--turns: every message, turn by turn)."""
    from mdrecall.capture.session_end import capture_session
    from mdrecall.errors import NotFoundError, PathError

    source = Path(transcript).expanduser()
    if not source.exists():
        raise NotFoundError(f"{transcript}: no such transcript file")
    if not source.is_file():
        raise PathError(f"{transcript}: is not a file (give the path of a .jsonl transcript)")
    mem, _ = _open(agent)
    if turns:
        from mdrecall.capture.turns import read_transcript

        with mem:
            got = mem.capture_transcript(transcript)
            if got.written and not no_index:
                mem.index()
        # Counted over the whole transcript: a second run reads nothing new, yet every message is there.
        said = [m for m in read_transcript(source)[0] if m.role in ("user", "assistant") and m.text.strip()]
        already = max(0, len(said) - got.written)

        def human_turns() -> None:
            print(f"captured {got.written} message(s) ({already} already there), noted {len(got.notes)}")
            for w in got.warnings:
                warn(w, quiet=state().quiet)

        data = {**got.to_dict(), "alreadyThere": already}
        emit(Listing(data, human=human_turns, path_key=None), state().format)
        return 0
    with mem:
        res = capture_session(mem.workspace, transcript, last_n=last or mem.config.flush.capture_messages)
        if res.path and not no_index:
            mem.index()

    def human() -> None:
        done = f"captured {res.messages} messages to {res.path}"
        print(done if res.path else f"nothing captured: {res.skipped}")
        for w in res.warnings:
            warn(w, quiet=state().quiet)

    emit(Listing(res.to_dict(), human=human), state().format)
    return 0


@command("context")
@click.option("--message", help="A user message: print the memory digest for it.")
@click.option("--budget", type=int, default=8000, show_default=True, help="Most characters to print.")
@click.option("--chat-type", help="direct (default), group, ...: MEMORY.md only in private chats.")
@click.option("--session-key", help="Session key for scope rules.")
@agent_option
def cmd_context(
    message: str | None, budget: int, chat_type: str | None, session_key: str | None, agent: str | None
) -> int:
    """Print session-start context, or a memory digest for --message."""
    from mdrecall.agent.context import memory_context, session_start_context
    from mdrecall.capture.scope import check_scope

    mem, _ = _open(agent)
    with mem:
        if message is None:
            text = session_start_context(mem, budget_chars=budget, chat_type=chat_type)
            data: dict[str, Any] = {"context": text}
        else:
            decision = check_scope(mem.config.scope, chat_type, session_key)
            if not decision:
                raise MdrecallError(f"memory is not available here: {decision.reason}")
            digest = memory_context(mem, message, budget_chars=budget)
            text, data = digest.text, digest.to_dict()

    def human() -> None:
        if text:
            print(text.rstrip("\n"))

    emit(Listing(data, human=human, path_key=None), state().format)
    return 0


@command("dream")
@click.option("--apply", is_flag=True, help="Write MEMORY.md and DREAMS.md.")
@agent_option
def cmd_dream(apply: bool, agent: str | None) -> int:
    """Promote often-recalled notes into MEMORY.md (report only without --apply)."""
    from mdrecall.dreaming.promote import dream

    mem, _ = _open(agent)
    with mem:
        report = dream(mem.workspace, mem.config.dreaming, apply=apply)
        if apply and report.promoted:
            mem.index()

    def human() -> None:
        verb = "promoted" if apply else "would promote"
        total = len(report.promoted) + len(report.rejected)
        print(f"{verb} {len(report.promoted)} of {total} recalled notes")
        for c in report.promoted:
            print(f"  + {c.citation}  promotion score {c.score:.2f}: {c.text[:100]}")
        for c in report.rejected[:10]:
            print(f"  - {c.citation}  promotion score {c.score:.2f}: {'; '.join(c.reasons)}")
        if not apply and report.promoted:
            print("run `mdrecall dream --apply` to write them to MEMORY.md and DREAMS.md")

    emit(Listing(report.to_dict(), human=human, path_key=None), state().format)
    return 0


class _AgentRow(TypedDict):
    """One row of ``mdrecall agents``."""

    agent: str
    workspace: str
    exists: bool
    searches: list[str]


@command("agents")
def cmd_agents() -> int:
    """List configured agents and their workspaces."""
    from mdrecall.services.agents import known_agents, resolve_agent

    base = _base_config()
    rows: list[_AgentRow] = []
    for agent in known_agents(base):
        ws, cfg = resolve_agent(base, agent)
        rows.append(
            {
                "agent": agent,
                "workspace": str(ws),
                "exists": ws.is_dir(),
                "searches": list(cfg.scope.search_agents),
            }
        )

    def human() -> None:
        if not rows:
            print("no agents configured (add [agents.<id>] tables to the config)")
        for r in rows:
            extra = f"  also searches: {', '.join(r['searches'])}" if r["searches"] else ""
            print(f"{r['agent']:<16} {r['workspace']}{'' if r['exists'] else ' (not created yet)'}{extra}")

    columns = ["agent", "workspace", "exists", "searches"]
    emit(Listing({"agents": rows}, rows, columns=columns, human=human, path_key="workspace"), state().format)
    return 0
