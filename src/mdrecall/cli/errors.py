"""Exit codes and error reports of the ``mdrecall`` command: one line on stderr, or one JSON object.

=====  ==========================================================
code   meaning
=====  ==========================================================
0      success
1      a user error mdrecall explains (bad input, missing file, …)
2      bad usage (unknown flag, bad value, missing argument)
3      an unexpected internal error (``MDRECALL_DEBUG=1`` shows it)
130    interrupted (Ctrl-C)
=====  ==========================================================

With ``--json`` (or ``--format json|jsonl``) an error is ``{"version": 1, "error": {"code", "message",
"exit"}}`` on stderr instead of ``mdrecall: error: …``. The library's messages name no command; an error
whose :attr:`~mdrecall.errors.MdrecallError.next_step` is set gets the command that does it appended
(:data:`CLI_HINTS`).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

import click

from mdrecall.errors import MdrecallError

__all__ = [
    "EXIT_INTERNAL",
    "EXIT_INTERRUPTED",
    "EXIT_USAGE",
    "EXIT_USER",
    "CLI_HINTS",
    "cli_message",
    "error_code",
    "interrupted",
    "quiet_stdout",
    "run_guarded",
]

EXIT_USER = 1
EXIT_USAGE = 2
EXIT_INTERNAL = 3
EXIT_INTERRUPTED = 130


#: How the CLI words each :data:`mdrecall.errors.NEXT_STEPS` (``{subject}``: the error's subject).
CLI_HINTS = {
    "init": (
        "Create one with: mdrecall init {subject}, or name an existing one with -w DIR "
        "or the MDRECALL_WORKSPACE environment variable"
    ),
    "index": "Run `mdrecall index`.",
    "entities": "List them with: mdrecall entities",
}


def cli_message(exc: MdrecallError) -> str:
    """The error's message with the CLI command for its next step, if it names one."""
    return exc.worded(CLI_HINTS)


def error_code(exc: BaseException) -> str:
    """The stable JSON ``code`` of an error mdrecall raised on purpose (its class's ``code``)."""
    return exc.code if isinstance(exc, MdrecallError) else "error"


def _wants_json(state: Any, argv: Sequence[str]) -> bool:
    if getattr(state, "json", False):
        return True
    # A usage error can stop parsing before --json is seen: look at the words themselves.
    words = list(argv)
    if "--json" in words:
        return True
    for i, w in enumerate(words):
        if w in ("--format", "-f") and i + 1 < len(words) and words[i + 1] in ("json", "jsonl"):
            return True
        if w in ("--format=json", "--format=jsonl"):
            return True
    return False


def _report(as_json: bool, code: str, message: str, exit_code: int) -> int:
    if as_json:
        err = {"version": 1, "error": {"code": code, "message": message, "exit": exit_code}}
        sys.stderr.write(json.dumps(err, ensure_ascii=False) + "\n")
    else:
        label = "interrupted" if code == "interrupted" else f"{'internal ' if exit_code == 3 else ''}error"
        sys.stderr.write(f"mdrecall: {label}{': ' + message if message else ''}\n")
    return exit_code


def run_guarded(run: Callable[[], Any], state: Any, argv: Sequence[str]) -> int:
    """Run the command; map every outcome to an exit code and a report (never a traceback)."""
    try:
        rv = run()
        sys.stdout.flush()  # a closed pipe shows here, not as "Exception ignored" at exit
    except MdrecallError as exc:
        return _report(_wants_json(state, argv), error_code(exc), cli_message(exc), EXIT_USER)
    except click.UsageError as exc:
        if _wants_json(state, argv):
            return _report(True, "usage", exc.format_message(), EXIT_USAGE)
        exc.show()
        return EXIT_USAGE
    except click.ClickException as exc:
        return _report(_wants_json(state, argv), "error", exc.format_message(), EXIT_USER)
    except (click.Abort, KeyboardInterrupt):
        return _report(_wants_json(state, argv), "interrupted", "", EXIT_INTERRUPTED)
    except BrokenPipeError:
        quiet_stdout()
        return 0
    except Exception as exc:  # noqa: BLE001 - the last line of defence: one line, never a traceback
        if os.environ.get("MDRECALL_DEBUG"):
            raise
        message = f"{type(exc).__name__}: {exc} (set MDRECALL_DEBUG=1 for details)"
        return _report(_wants_json(state, argv), "internal", message, EXIT_INTERNAL)
    return rv if isinstance(rv, int) else 0


def interrupted(argv: Sequence[str]) -> int:
    """Report Ctrl-C as every command does (one line, or JSON with ``--json``); the exit code."""
    return _report(_wants_json(None, argv), "interrupted", "", EXIT_INTERRUPTED)


def quiet_stdout(stream: Any = None) -> None:
    """After a closed pipe (``mdrecall … | head``), point ``stream``'s descriptor (stdout's by default) at
    /dev/null, so that Python does not complain when it flushes at exit."""
    try:
        fd = (sys.stdout if stream is None else stream).fileno()
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, fd)
        os.close(null)
    except (AttributeError, OSError, ValueError):
        pass
