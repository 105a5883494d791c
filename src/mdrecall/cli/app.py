"""The root ``mdrecall`` group, its global flags (accepted before or after the command), and the run state.

Global flags are added to the group *and* to every command, so ``mdrecall search foo -w ~/agent`` works
like ``mdrecall -w ~/agent search foo``; the value given last wins. They land in one :class:`State`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import click

__all__ = ["State", "cli", "command", "global_options", "load_cli_config", "open_memory", "state"]

F = TypeVar("F", bound=Callable[..., Any])

#: Output formats every listing accepts (a command may accept fewer; see docs/cli.md).
FORMATS = ("table", "json", "jsonl", "csv", "md", "files")


@dataclass
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
]


def global_options(f: F) -> F:
    """Add the global flags to a command (they are also accepted before the command name)."""
    for opt in reversed(_GLOBAL):
        f = opt(f)
    return f


class _Group(click.Group):
    """The root group: commands listed in the order they were added, and one error policy for all.

    ``main`` never lets a traceback out: exit codes are those of :mod:`mdrecall.cli.errors`.
    """

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(self.commands)

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        from .errors import run_guarded

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
    from .. import __version__

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
    raw = state().workspace or os.environ.get("MDRECALL_WORKSPACE") or os.getcwd()
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
    from ..config import load_config

    if state().config:
        os.environ["MDRECALL_CONFIG"] = state().config
    return load_config(workspace, overrides=overrides(provider))


def open_memory() -> Any:
    """Open the :class:`~mdrecall.Memory` the global flags describe."""
    from ..memory import Memory

    ws = workspace_path()
    return Memory.open(ws, load_cli_config(ws))
