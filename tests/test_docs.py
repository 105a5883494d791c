"""Docs are checked: every config key and every CLI command and option is documented."""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path

from mdrecall.cli import build_parser
from mdrecall.config import Config

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


def test_every_cli_command_and_option_is_documented() -> None:
    text = (DOCS / "cli.md").read_text()
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    missing = []
    for name, cmd in sub.choices.items():
        if f"`{name}" not in text:
            missing.append(name)
        for action in cmd._actions:
            for opt in action.option_strings:
                if opt.startswith("--") and opt != "--help" and opt not in text:
                    missing.append(f"{name} {opt}")
    for action in parser._actions:
        for opt in action.option_strings:
            if opt.startswith("--") and opt not in ("--help", "--version") and opt not in text:
                missing.append(opt)
    assert not missing, f"undocumented CLI commands/options: {missing}"


def test_readme_has_exactly_the_two_setup_commands() -> None:
    text = README.read_text()
    ci = (README.parent / ".ci" / "run").read_text()
    setup = text.split("## Set-up", 1)[1].split("\n## ", 1)[0]
    commands = [line for line in setup.splitlines() if line.startswith(("pip install", "python3 -m venv"))]
    assert len(commands) == 2
    assert commands[1] in ci, ".ci/run must run the README's test command verbatim"
