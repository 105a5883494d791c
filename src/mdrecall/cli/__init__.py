"""The ``mdrecall`` command: a thin adapter over the library, built on click.

Each command parses its flags, makes one library call and formats the result. The package's modules:

* :mod:`~mdrecall.cli.app`: the root group, the global flags (accepted anywhere), opening the workspace;
* :mod:`~mdrecall.cli.errors`: exit codes and error reports (one line, or JSON with ``--json``);
* :mod:`~mdrecall.cli.output`: the output formats (table, json, jsonl, csv, md, files);
* :mod:`~mdrecall.cli.core` and :mod:`~mdrecall.cli.agent`: the commands.

A module that adds commands declares them with :func:`mdrecall.cli.app.command` and is listed in
:data:`COMMAND_MODULES`; keep such modules light to import (handlers import what they need when they run).
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import import_module

from .app import cli

__all__ = ["COMMAND_MODULES", "cli", "main"]

#: Modules whose import registers commands on :data:`cli`, in the order ``mdrecall --help`` lists them.
COMMAND_MODULES: tuple[str, ...] = ("mdrecall.cli.core", "mdrecall.cli.agent")

for _name in COMMAND_MODULES:
    import_module(_name)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``mdrecall`` command; returns the exit code (see :mod:`mdrecall.cli.errors`)."""
    code = cli.main(
        args=list(argv) if argv is not None else None, prog_name="mdrecall", standalone_mode=False
    )
    return int(code or 0)
