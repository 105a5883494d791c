"""Docs are checked: every config key and every CLI command and option is documented."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import click

from mdrecall.cli import COMMANDS, cli, load_commands
from mdrecall.config.settings import Config

DOCS = Path(__file__).resolve().parent.parent / "docs"
README = Path(__file__).resolve().parent.parent / "README.md"


def config_keys(obj: object, prefix: str = "") -> list[str]:
    keys = []
    for f in dataclasses.fields(obj):  # type: ignore[arg-type]
        value = getattr(obj, f.name)
        if dataclasses.is_dataclass(value):
            keys += config_keys(value, f"{prefix}{f.name}.")
        else:
            keys.append(prefix + f.name)
    return keys


def test_every_config_key_is_documented() -> None:
    text = (DOCS / "config.md").read_text()
    missing = [k for k in config_keys(Config()) if f"`{k}`" not in text]
    assert not missing, f"undocumented config keys: {missing}"


def cli_commands(group: click.Group, prefix: str = "") -> list[tuple[str, click.Command]]:
    """Every command, nested groups' commands included, by its full name (``config show``)."""
    found = []
    for name, cmd in group.commands.items():
        found.append((prefix + name, cmd))
        if isinstance(cmd, click.Group):
            found += cli_commands(cmd, f"{prefix}{name} ")
    return found


def long_options(cmd: click.Command) -> list[str]:
    return [o for p in cmd.params for o in [*p.opts, *p.secondary_opts] if o.startswith("--")]


def test_every_cli_command_and_option_is_documented() -> None:
    load_commands()
    assert set(cli.commands) == set(COMMANDS), "every command is listed in mdrecall.cli.app.COMMANDS"
    text = (DOCS / "cli.md").read_text()
    missing = [o for o in long_options(cli) if o not in ("--help", "--version") and o not in text]
    for name, cmd in cli_commands(cli):
        if f"`{name}" not in text:
            missing.append(name)
        missing += [f"{name} {o}" for o in long_options(cmd) if o != "--help" and o not in text]
    assert not missing, f"undocumented CLI commands/options: {missing}"


def test_readme_has_exactly_the_two_setup_commands() -> None:
    text = README.read_text()
    ci = (README.parent / ".ci" / "run").read_text()
    setup = text.split("## Set-up", 1)[1].split("\n## ", 1)[0]
    commands = [line for line in setup.splitlines() if line.startswith(("pip install", "python3 -m venv"))]
    assert len(commands) == 2
    assert commands[1] in ci, ".ci/run must run the README's test command verbatim"


def test_generated_references_match_the_code() -> None:
    """docs/reference/ is generated from the click commands and the MCP tools; it cannot drift."""
    import importlib.util

    path = Path(__file__).resolve().parent.parent / "scripts" / "gen_reference.py"
    spec = importlib.util.spec_from_file_location("gen_reference", path)
    assert spec is not None and spec.loader is not None
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    stale = [p.relative_to(DOCS.parent).as_posix() for p in gen.stale()]
    assert not stale, f"{stale} differ from the code: run `{gen.COMMAND}` and commit the result"
