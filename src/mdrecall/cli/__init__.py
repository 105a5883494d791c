"""The ``mdrecall`` command: a thin adapter over the library, built on click.

Each command parses its flags, makes one library call and formats the result. The package's modules:

* :mod:`~mdrecall.cli.app`: the root group, the global flags (accepted anywhere), opening the workspace;
* :mod:`~mdrecall.cli.errors`: exit codes and error reports (one line, or JSON with ``--json``);
* :mod:`~mdrecall.cli.output`: the output formats (table, json, jsonl, csv, md, files);
* :mod:`~mdrecall.cli.core`, :mod:`~mdrecall.cli.agent`, :mod:`~mdrecall.cli.servers` and
  :mod:`~mdrecall.cli.tools`: the commands.

A module that adds commands declares them with :func:`mdrecall.cli.app.command` and lists each in
:data:`mdrecall.cli.app.COMMANDS` (command name → module), which imports it only when one of its commands
runs; keep such modules light to import (handlers import what they need when they run).
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # as in mdrecall/__init__.py: `--version` loads no typing
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

__all__ = ["COMMANDS", "cli", "load_commands", "main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``mdrecall`` command; returns the exit code (see :mod:`mdrecall.cli.errors`)."""
    if list(sys.argv[1:] if argv is None else argv) == ["--version"]:  # answered without loading click
        from mdrecall import __version__

        print(f"mdrecall {__version__}")
        return 0
    _closed_stdio_to_devnull()
    from mdrecall.cli.served import served_main

    code = served_main(sys.argv[1:] if argv is None else argv)  # the workspace's server, if one runs
    if code is not None:
        return code
    from mdrecall.plugins.blas import one_blas_thread

    one_blas_thread()  # before numpy loads: its OpenBLAS threads would spin for nothing
    from mdrecall.plugins.gc_tuning import fewer_collections

    fewer_collections()  # a bulk build collects far less often (~11 % of its CPU on a large page)
    from mdrecall.cli.app import cli

    for stream in (sys.stdout, sys.stderr):  # never print invalid UTF-8 (lone surrogates from bad bytes)
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
    code = int(
        cli.main(args=list(argv) if argv is not None else None, prog_name="mdrecall", standalone_mode=False)
        or 0
    )
    from mdrecall.cli.served import maybe_start_server

    maybe_start_server(code)  # no server answered this search: once it answered, start one for the next
    return code


def _closed_stdio_to_devnull() -> None:
    """A command started with its stdout or stderr closed (``2>&-``) writes that stream to nowhere, as it
    would to a reader gone, instead of failing on the first note (Python leaves ``sys.stderr`` ``None``);
    the descriptor is taken, so no file opened later lands on it."""
    for fd, name in ((1, "stdout"), (2, "stderr")):
        if getattr(sys, name) is not None:
            continue
        try:
            os.fstat(fd)
        except OSError:
            null = os.open(os.devnull, os.O_WRONLY)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
        setattr(sys, name, open(fd, "w", closefd=False))  # noqa: SIM115 - the process's stream, never closed


def __getattr__(name: str) -> Any:
    """``cli``, ``COMMANDS`` and ``load_commands`` load click on first use (``--version`` does not)."""
    if name in ("COMMANDS", "cli", "load_commands"):
        from mdrecall.cli import app

        return getattr(app, name)
    raise AttributeError(f"module 'mdrecall.cli' has no attribute {name!r}")
