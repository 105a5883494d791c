"""The server's side of a one-shot ``search`` or ``get`` (:mod:`mdrecall.cli.served` is the client's).

:func:`enable` registers the ``cli`` request with :mod:`mdrecall.services.serve` in a process that serves a
workspace (``mdrecall serve``, ``watch``, ``mcp``). A request runs the command line it carries through the
root group, as the command would run in-process, in the connection's thread, with that thread's stdout and
stderr written to buffers (:class:`ThreadStreams`: other threads, such as the MCP server's protocol on
stdout, write where they did) and the terminal the client has (whether it is one, ``NO_COLOR``). The
command opens the server's own :class:`~mdrecall.Memory` when its config is exactly the server's (same
workspace, same config); any other config sends the request back, and the client runs in-process.
"""

from __future__ import annotations

import io
import os
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TextIO

from mdrecall.cli.served import NotServed, Served, served_request, serving_as
from mdrecall.config.settings import Config
from mdrecall.memory import Memory

__all__ = ["ThreadStreams", "answer_cli", "enable"]


class _Buffer(io.StringIO):
    """A captured stream that answers ``isatty`` as the client's stream would."""

    def __init__(self, tty: bool) -> None:
        super().__init__()
        self._tty = tty

    def isatty(self) -> bool:
        return self._tty


class ThreadStreams:
    """A stand-in for ``sys.stdout`` or ``sys.stderr``: writes of a thread that captures go to its buffer,
    every other thread's to the stream it replaced."""

    def __init__(self, real: TextIO) -> None:
        self.real = real
        self._local = threading.local()

    def _target(self) -> Any:
        return getattr(self._local, "buffer", None) or self.real

    @contextmanager
    def capture(self, buffer: io.StringIO) -> Iterator[io.StringIO]:
        """Send this thread's writes to ``buffer`` while the block runs."""
        self._local.buffer = buffer
        try:
            yield buffer
        finally:
            self._local.buffer = None

    def write(self, text: str) -> int:
        return int(self._target().write(text))

    def flush(self) -> None:
        self._target().flush()

    def isatty(self) -> bool:
        return bool(self._target().isatty())

    def __getattr__(self, name: str) -> Any:
        return getattr(self._target(), name)


_install = threading.Lock()


def _streams() -> tuple[ThreadStreams, ThreadStreams]:
    """``sys.stdout`` and ``sys.stderr`` as :class:`ThreadStreams` (installed once per process)."""
    with _install:
        if not isinstance(sys.stdout, ThreadStreams):
            sys.stdout = ThreadStreams(sys.stdout)
        if not isinstance(sys.stderr, ThreadStreams):
            sys.stderr = ThreadStreams(sys.stderr)
        return sys.stdout, sys.stderr


def answer_cli(req: dict[str, Any], current: Callable[[], tuple[Config, Memory]]) -> dict[str, Any]:
    """Run the command line of ``req`` (a ``cli`` request) here: ``{"ok", "stdout", "stderr", "code"}``,
    or ``{"fallback": true, "why"}`` when it is not this server's to run."""
    argv = req.get("argv")
    if not isinstance(argv, list) or not all(isinstance(a, str) for a in argv):
        return {"fallback": True, "why": "bad argv"}
    if served_request(argv, env={}, cwd="/") is None:  # as the client reads it: search or get, known options
        return {"fallback": True, "why": "not a command line the server runs"}
    tty = req.get("tty")
    tty_out, tty_err = (
        (bool(tty[0]), bool(tty[1])) if isinstance(tty, list) and len(tty) == 2 else (False, False)
    )
    config, memory = current()
    state = Served(os.path.realpath(memory.workspace.root), config, memory, bool(req.get("no_color")))
    out, err = _streams()
    try:
        with (
            serving_as(state),
            out.capture(_Buffer(tty_out)) as got_out,
            err.capture(_Buffer(tty_err)) as got_err,
        ):
            code = _run(argv)
    except NotServed as exc:
        return {"fallback": True, "why": str(exc)}
    return {"ok": True, "stdout": got_out.getvalue(), "stderr": got_err.getvalue(), "code": code}


def _run(argv: list[str]) -> int:
    from mdrecall.cli.app import cli

    try:
        return int(cli.main(args=argv, prog_name="mdrecall", standalone_mode=False) or 0)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 1


def enable() -> None:
    """Let this process's servers answer one-shot ``search`` and ``get`` (see the module)."""
    from mdrecall.services.serve import register_op

    register_op("cli", answer_cli)
