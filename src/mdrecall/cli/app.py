"""The root ``mdrecall`` group, its global flags (accepted before or after the command), and the run state.

Global flags are added to the group *and* to every command, so ``mdrecall search foo -w ~/agent`` works
like ``mdrecall -w ~/agent search foo``; the value given last wins. They land in one :class:`State`.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import click

from mdrecall.cli.served import NotServed, served
from mdrecall.records import plain_methods

__all__ = [
    "COMMANDS",
    "FORMATS",
    "State",
    "cli",
    "command",
    "global_options",
    "load_cli_config",
    "load_commands",
    "open_memory",
    "overrides",
    "state",
    "verbose",
    "workspace_path",
]

F = TypeVar("F", bound=Callable[..., Any])

#: Output formats every listing accepts (a command may accept fewer; see docs/cli.md).
FORMATS = ("table", "json", "jsonl", "csv", "md", "files", "files0")


@plain_methods
@dataclass(repr=False, eq=False)
class State:
    """What the global flags said, for the command that runs."""

    workspace: str | None = None
    config: str | None = None
    store: str | None = None
    index_path: str | None = None
    format: str | None = None
    quiet: bool = False
    verbose: int = 0

    @property
    def json(self) -> bool:
        """Whether the output (and errors) are JSON."""
        return self.format in ("json", "jsonl")


def state() -> State:
    """The global flags of the running command (one :class:`State` per invocation, on the root context)."""
    ctx = click.get_current_context(silent=True)
    return ctx.find_root().ensure_object(State) if ctx is not None else State()


def _setter(name: str, value_of: Callable[[State, Any], Any] | None = None) -> Callable[..., None]:
    def store(ctx: click.Context, param: click.Parameter, value: Any) -> None:
        if value in (None, False, 0, ()):
            return
        st = ctx.find_root().ensure_object(State)
        setattr(st, name, value_of(st, value) if value_of else value)

    return store


_GLOBAL: list[Callable[[F], F]] = [
    click.option(
        "-w",
        "--workspace",
        metavar="DIR",
        expose_value=False,
        callback=_setter("workspace"),
        help="Workspace folder (default: $MDRECALL_WORKSPACE, else the current folder).",
    ),
    click.option(
        "--config",
        metavar="FILE",
        expose_value=False,
        callback=_setter("config"),
        help="User config file (default: ~/.config/mdrecall/config.toml).",
    ),
    click.option(
        "--store", metavar="NAME", expose_value=False, callback=_setter("store"), help="Store backend."
    ),
    click.option(
        "--index-path",
        metavar="FILE",
        expose_value=False,
        callback=_setter("index_path"),
        help="Index file (default: <workspace>/.mdrecall/index.sqlite).",
    ),
    click.option(
        "--format",
        "-f",
        "output_format",
        type=click.Choice(FORMATS),
        expose_value=False,
        callback=_setter("format"),
        help="Output format (default table).",
    ),
    click.option(
        "--json",
        "as_json",
        is_flag=True,
        expose_value=False,
        callback=_setter("format", lambda _st, _v: "json"),
        help="Same as --format json; errors become JSON on stderr too.",
    ),
    click.option(
        "-q",
        "--quiet",
        is_flag=True,
        expose_value=False,
        callback=_setter("quiet"),
        help="Print only results: no notes, warnings or progress.",
    ),
    click.option(
        "-v",
        "--verbose",
        count=True,
        expose_value=False,
        callback=_setter("verbose", lambda st, v: st.verbose + v),
        help="Say more on stderr (repeat for more).",
    ),
]


def global_options(f: F) -> F:
    """Add the global flags to a command (they are also accepted before the command name).

    They are listed after the command's own options in its ``--help``.
    """
    own = getattr(f, "__click_params__", [])
    f.__click_params__ = []  # type: ignore[attr-defined]
    for opt in reversed(_GLOBAL):
        f = opt(f)
    f.__click_params__ = f.__click_params__ + own  # type: ignore[attr-defined]
    return f


#: Every command, in ``mdrecall --help`` order, and the module (under ``mdrecall.cli``) that defines it.
#: A module is imported only when one of its commands runs (or for help and completion), so a one-shot
#: ``mdrecall search`` never builds the other commands' options. A new command is added here.
COMMANDS: dict[str, str] = {
    "init": "core",
    "index": "core",
    "search": "core",
    "get": "core",
    "ls": "core",
    "remember": "core",
    "forget": "forget",
    "redact": "forget",
    "status": "core",
    "probe": "core",
    "entities": "entities",
    "entity": "entities",
    "history": "entities",
    "doctor": "tools",
    "config": "tools",
    "completion": "tools",
    "mcp": "servers",
    "watch": "servers",
    "serve": "servers",
    "hook": "agent",
    "hooks": "agent",
    "capture": "agent",
    "context": "agent",
    "dream": "agent",
    "agents": "agent",
    "ui": "ui",
}


def load_commands() -> None:
    """Import every command module (what ``--help``, completion and the docs test need)."""
    from importlib import import_module

    for module in dict.fromkeys(COMMANDS.values()):
        import_module(f"mdrecall.cli.{module}")


class _Group(click.Group):
    """The root group: commands loaded lazily (:data:`COMMANDS`), and one error policy for all.

    ``main`` never lets a traceback out: exit codes are those of :mod:`mdrecall.cli.errors`.
    """

    def list_commands(self, ctx: click.Context) -> list[str]:
        load_commands()
        return [*COMMANDS, *(name for name in self.commands if name not in COMMANDS)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            from importlib import import_module

            import_module(f"mdrecall.cli.{COMMANDS[cmd_name]}")
        return self.commands.get(cmd_name)

    def invoke(self, ctx: click.Context) -> Any:
        started = time.perf_counter()
        try:
            result = super().invoke(ctx)
            verbose(f"done in {(time.perf_counter() - started) * 1000:.0f} ms")
            return result
        except BrokenPipeError:  # `mdrecall ls | head`: the reader has what it wanted; not an error
            from mdrecall.cli.errors import quiet_stdout

            quiet_stdout()
            ctx.exit(0)

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        from mdrecall.cli.errors import run_guarded

        st = extra.pop("obj", None) or State()
        argv = list(sys.argv[1:] if args is None else args)
        code = run_guarded(
            lambda: super(_Group, self).main(
                argv, prog_name or "mdrecall", complete_var, standalone_mode=False, obj=st, **extra
            ),
            st,
            argv,
        )
        if standalone_mode:
            sys.exit(code)
        return code


def _version() -> str:
    from mdrecall import __version__

    return __version__


@click.group(
    cls=_Group,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 110},
    no_args_is_help=True,
)
@click.version_option(_version(), "--version", prog_name="mdrecall", message="%(prog)s %(version)s")
@global_options
def cli() -> None:
    """Markdown-first memory for AI agents: MEMORY.md and daily logs, indexed for hybrid search."""


def command(name: str | None = None, **kwargs: Any) -> Callable[[F], click.Command]:
    """Declare a subcommand of ``mdrecall`` that also takes the global flags."""

    def wrap(f: F) -> click.Command:
        return cli.command(name, **kwargs)(global_options(f))

    return wrap


# ---- opening the workspace ---------------------------------------------------------------------------


def workspace_path() -> Path:
    """The workspace the flags name: ``-w``, else ``$MDRECALL_WORKSPACE``, else the current folder."""
    from mdrecall.config.sources import env_workspace

    raw = state().workspace or env_workspace() or os.getcwd()
    return Path(raw).expanduser()


def overrides(provider: str | None = None) -> dict[str, Any]:
    """Config overrides from the global flags (and ``--provider`` where a command has it)."""
    st = state()
    over: dict[str, Any] = {}
    if st.store:
        over.setdefault("store", {})["backend"] = st.store
    if st.index_path:
        over.setdefault("store", {})["path"] = st.index_path
    if provider:
        over.setdefault("embedding", {})["provider"] = provider
    return over


def load_cli_config(workspace: Path | None, provider: str | None = None) -> Any:
    """The config for ``workspace`` with the flags applied (``--config`` names the user file)."""
    from mdrecall.config.settings import load_config

    user_file = state().config
    if user_file and not Path(user_file).expanduser().is_file():  # a typo: bad usage, never the defaults
        raise click.BadParameter(f"config file {user_file} does not exist", param_hint="'--config'")
    return load_config(workspace, overrides=overrides(provider), user_file=user_file)


def open_memory(agent: str | None = None, *, require: bool = True) -> Any:
    """Open the :class:`~mdrecall.Memory` the global flags describe, or agent ``agent``'s own.

    With ``require`` (the default) a folder that is not a workspace is refused with a hint, never
    turned into one.
    """
    from mdrecall.files.workspace import require_workspace
    from mdrecall.memory import Memory

    if agent:
        from mdrecall.config.sources import env_workspace
        from mdrecall.services.agents import UnknownAgentError, open_agent

        raw = state().workspace or env_workspace()
        try:
            return open_agent(agent, load_cli_config(Path(raw).expanduser() if raw else None))
        except UnknownAgentError as exc:  # a typo is bad usage (exit 2), and nothing was created
            raise click.BadParameter(str(exc), param_hint="'--agent'") from None
    ws = workspace_path()
    cfg = load_cli_config(ws)
    held = served()
    if held is not None:  # run by the workspace's server (mdrecall.cli.serving): its own memory, or none
        st = state()
        if st.store or st.index_path or os.path.realpath(ws) != held.root or cfg != held.config:
            raise NotServed("the command's config is not the server's")
        mem = held.memory
        verbose(f"workspace {mem.workspace.root}; store {mem.store.description}; served (pid {os.getpid()})")
        return contextlib.nullcontext(mem)
    if require and cfg.backend == "builtin":
        require_workspace(ws, cfg.extra_paths)
    mem = Memory.open(ws, cfg, create=not require or cfg.backend != "builtin")
    verbose(f"workspace {mem.workspace.root}; store {mem.store.description}")
    return mem


def base_config() -> Any:
    """The config the global flags describe before any agent's overrides (``[agents.<id>]``)."""
    from mdrecall.config.sources import env_workspace

    raw = state().workspace or env_workspace()
    return load_cli_config(Path(raw).expanduser() if raw else None)


def verbose(message: str, level: int = 1) -> None:
    """A line on stderr when ``-v`` was given (``level`` times)."""
    st = state()
    if st.verbose >= level and not st.quiet:
        sys.stderr.write(f"mdrecall: {message}\n")
