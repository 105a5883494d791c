"""Server commands: ``mcp`` (the MCP server), ``watch`` (re-index on change; ``--auto``: started by a
one-shot command, see :mod:`mdrecall.cli.served`) and ``serve`` (the hooks' and one-shot commands' local
server).

Thin adapters: each parses flags, calls the library, prints. Heavy modules (the MCP SDK, watchdog) are
imported inside the handlers.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from mdrecall.cli.agent_flags import agent_option, open_agent_memory
from mdrecall.cli.app import command, state, workspace_path
from mdrecall.cli.errors import cli_message
from mdrecall.errors import MdrecallError

if TYPE_CHECKING:
    import threading

__all__: list[str] = []


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
    mem, base = open_agent_memory(agent)
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
    mem, _ = open_agent_memory(agent)
    with mem:
        served: HookServer | None = None
        entry = None  # this auto-started server's entry in the user's registry
        if auto:  # bound first: of two started at once, one serves and the other leaves at once
            served = HookServer(mem.workspace.root, memory=mem)
            served.auto, served.auto_exit_minutes = True, mem.config.serve.idle_exit_minutes
            try:
                served.bind()
            except (MdrecallError, OSError) as exc:
                _auto_log(f"not started: {exc}")
                return 0
            from mdrecall.services.auto_servers import make_room, register

            entry = register(str(served.real))
            cap = mem.config.serve.auto_max
            asked = make_room(cap) if entry is not None else []
            if asked:
                _auto_log(f"asked {len(asked)} older auto-started server(s) to leave (serve.auto_max {cap})")
        if not auto:  # auto: the search that started it has just synced; the watcher's first sync checks
            show(mem.index())
        backfill = Backfiller(mem).start()  # fills missing vectors when idle; resumes after an outage
        # An auto-started server polls nothing: without OS events (watchdog not installed, or polling asked)
        # a polling watcher would stat every file every few seconds for as long as it idles (~0.7 of a core
        # at 10,000 notes); each search it serves checks the files itself instead.
        if served is None and not (agent or os.environ.get("MDRECALL_AGENT_ID")):
            # listening before the watcher can vouch for the files: a search told "clean" finds the server
            served = start_background(mem, lambda line: sys.stderr.write(f"mdrecall: {line}\n"))
        watcher = None
        if not (auto and (polling or not _native_events(mem))):
            watcher = Watcher(  # its own first sync, once armed, proves the files unchanged: searches then
                mem,  # skip the walk (a change between the index above and the arming is caught too)
                debounce_s=debounce,
                backend="polling" if polling else None,
                on_sync=lambda report: show(report) if report.changed or report.warnings else None,
                initial_sync=True,
                backfill=backfill,
            ).start()
        if auto and served is not None:  # bound first (above), serving once the watcher is armed
            served.start()
        folders = ", ".join(str(p) for p, _ in watch_targets(mem))
        backend = watcher.state["backend"] if watcher is not None else "no watcher: searches check the files"
        note = watcher.state["note"] if watcher is not None else _NO_EVENTS
        extra = f" ({note})" if note else ""
        idle: Callable[[], bool] | None = None
        if auto and served is not None:
            minutes = mem.config.serve.idle_exit_minutes
            server = served
            _auto_log(
                f"auto-started by a one-shot search (pid {os.getpid()}): serving {server.real} and watching"
                f" {folders} [{backend}]{extra}; "
                + (
                    f"exits after {minutes:g} min with no request and no file change"
                    if minutes
                    else "stays (serve.idle_exit_minutes = 0)"
                )
                + " (serve.auto_start = false or MDRECALL_SERVE_AUTO=off: not started)"
            )

            def idle() -> bool:
                changed = (watcher.state.get("last_event") or 0.0) if watcher is not None else 0.0
                if server.yielded.is_set() or not server.owns_socket():  # taken over, or the folder went
                    return True
                return bool(minutes) and min(server.idle_s(), time.time() - changed) >= minutes * 60

        elif not state().quiet:
            sys.stderr.write(f"mdrecall: watching {folders} [{backend}]{extra}; Ctrl-C stops\n")
        interrupted = False
        try:
            interrupted = _until_stopped(stop, idle)
        finally:
            if auto:
                from mdrecall.services.auto_servers import unregister

                unregister(entry)
            if idle is not None and served is not None and not stop.is_set() and not interrupted:
                if served.yielded.is_set():
                    why = "another server asked for its place (one the user started, or serve.auto_max)"
                elif not served.owns_socket():
                    why = f"its socket {served.path} is gone (the workspace or its .mdrecall/ was removed)"
                else:
                    minutes = mem.config.serve.idle_exit_minutes
                    why = f"no request and no file change for {minutes:g} min (auto-started)"
                _auto_log(f"exiting: {why}")
                served.retire()
            elif auto:
                _auto_log("stopped (Ctrl-C)" if interrupted else "stopped (SIGTERM)")
            if watcher is not None:
                watcher.stop()
            backfill.stop()
            if served is not None:
                served.stop()
    return 130 if interrupted else 0


#: Why an auto-started server has no file watcher.
_NO_EVENTS = "no OS file events (pip install 'mdrecall[watch]', or watch.backend is polling)"


def _native_events(mem: Any) -> bool:
    """Whether the watcher would get OS file events (``watchdog`` installed, ``watch.backend`` not
    ``polling``)."""
    import importlib.util

    return mem.config.watch.backend != "polling" and importlib.util.find_spec("watchdog") is not None


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
