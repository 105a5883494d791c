"""Commands about mdrecall itself: ``doctor``, ``config show``, ``completion``."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from mdrecall.cli.app import cli, command, global_options, load_cli_config, overrides, state, workspace_path
from mdrecall.cli.output import Listing, emit

__all__: list[str] = []

_MARKS = {"ok": "ok", "warn": "warn", "fail": "FAIL", "skip": "skip"}
_COLOURS = {"ok": "green", "warn": "yellow", "fail": "red", "skip": None}


@command("doctor")
@click.option("--no-model", is_flag=True, help="Do not load the embedding model or call the provider.")
def cmd_doctor(no_model: bool) -> int:
    """Check the workspace, index, embedder, watcher and Claude Code set-up; exit 1 if a check fails."""
    from mdrecall.services.doctor import run_checks

    st = state()
    ws = workspace_path()
    cfg = load_cli_config(ws if ws.is_dir() else None)
    checks = []
    # each line is printed as its check ends (loading a model takes a while)
    for check in run_checks(ws, cfg, overrides=overrides(), model=not no_model, user_file=st.config):
        checks.append(check)
        if st.format in (None, "table"):
            mark = click.style(f"{_MARKS[check.status]:>4}", fg=_COLOURS[check.status], bold=True)
            click.echo(f"{mark}  {check.name:<10} {check.detail}")
            if check.hint and check.status in ("warn", "fail"):
                click.echo(f"{'':16}→ {check.hint}")
    rows = [c.to_dict() for c in checks]
    failed = sum(c.status == "fail" for c in checks)
    payload = {"ok": not failed, "checks": rows}
    if st.format not in (None, "table"):
        emit(Listing(payload, rows, columns=["name", "status", "detail", "hint"], path_key=None), st.format)
    return 1 if failed else 0


@cli.group("config", cls=click.Group)
@global_options
def config_group() -> None:
    """Show the effective configuration."""


@config_group.command("show")
@click.option("--origin", is_flag=True, help="Say where each value comes from (default, file, variable).")
@global_options
def cmd_config_show(origin: bool) -> int:
    """Print every config key with its effective value (TOML keys; --origin adds their source)."""
    from mdrecall.config.sources import config_report

    ws = workspace_path()
    where = ws if ws.is_dir() else None
    cfg = load_cli_config(where)
    report = config_report(cfg, where, overrides(), user_file=state().config)
    rows = [
        {"key": k, "value": v, **({"origin": report.origins.get(k, "default")} if origin else {})}
        for k, v in report.values.items()
    ]

    def human() -> None:
        width = max(len(k) for k in report.values)
        for row in rows:
            line = f"{row['key']:<{width}} = {_toml(row['value'])}"
            click.echo(line + (f"  # {row['origin']}" if origin else ""))
        if state().verbose or origin:
            for f in report.files:
                sys.stderr.write(f"mdrecall: {f.role} config {f.path}{'' if f.found else ' (not present)'}\n")

    payload = report.to_dict() if origin else {"values": report.values}
    emit(Listing(payload, rows, columns=list(rows[0]), human=human, path_key=None), state().format)
    return 0


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    return json.dumps(value, ensure_ascii=False)


@command("completion")
@click.argument("shell", type=click.Choice(["bash", "zsh", "fish"]))
def cmd_completion(shell: str) -> int:
    """Print the shell completion script (eval it, or save it where your shell loads completions)."""
    from click.shell_completion import get_completion_class

    cls = get_completion_class(shell)
    assert cls is not None  # the choice above lists only shells click supports
    comp = cls(cli, {}, "mdrecall", "_MDRECALL_COMPLETE")
    sys.stdout.write(comp.source())
    return 0
