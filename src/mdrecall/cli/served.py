"""A one-shot ``mdrecall search`` or ``get`` answered by the workspace's local server: standard library only.

When ``mdrecall serve``, ``watch`` or the MCP server runs for a workspace (:mod:`mdrecall.services.serve`),
it has the index open, the config read and, under ``watch``, a watcher that vouches for the files. A
one-shot command spends most of its time getting there (imports, the config, the check that no file
changed), so :func:`served_main` asks that server first, before click or anything else of the search is
imported: the server runs the same command (:mod:`mdrecall.cli.serving`) and sends back its stdout, stderr
and exit code, which are written here as they are. The output is the one the command prints in-process.

It runs in-process, as always, when no server answers, and when the command line holds anything this
module does not read with certainty: another command, an option it does not know, ``--``, ``--help``,
``--store``, ``--index-path``, ``--agent``, ``--with``, ``MDRECALL_SERVE_ENABLED`` off. Relative paths
(``-w``, ``--config``) are made absolute here, where the user typed them; the workspace is always named
(``-w``), so the server never reads its own current folder or environment for it. The server sends the
request back (``fallback``) when its config, workspace, version or ``MDRECALL_*`` settings are not this
command's; a server that takes the request and does not answer within :data:`WAIT_S` is left, and the
command runs in-process (with a note).

The server starts itself: when no server listens for the workspace, the command runs in-process and,
once it has answered, :func:`maybe_start_server` starts ``mdrecall watch --auto`` for it in the background
(detached; at most one try a minute per workspace; ``MDRECALL_SERVE_AUTO=off`` or ``serve.auto_start =
false`` turn it off), which serves the next commands and exits after ``serve.idle_exit_minutes`` idle.
"""

from __future__ import annotations

import contextvars
import os
import sys
import time

TYPE_CHECKING = False  # no typing import on the hot path
if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping, Sequence
    from contextlib import AbstractContextManager
    from typing import Any

__all__ = [
    "SERVED_COMMANDS",
    "START_EVERY_S",
    "WAIT_S",
    "NotServed",
    "Served",
    "maybe_start_server",
    "served",
    "served_main",
    "served_request",
    "serving_as",
]

#: The commands answered by a server (read-only, and printed the same wherever they run).
SERVED_COMMANDS = ("search", "get")
#: How long a command waits for a server that took it (a first search may build views for a while).
WAIT_S = 120.0
#: When a command still waiting says so (once) on stderr, after a ping to the server.
NOTE_AFTER_S = 2.0
#: How long that ping may take: a server that does not answer it is left (the command runs in-process).
PING_S = 2.0
_GLOBAL_VALUES = {
    "-w": "workspace",
    "--workspace": "workspace",
    "--config": "config",
    "-f": "",
    "--format": "",
}
_GLOBAL_FLAGS = {"--json", "-q", "--quiet", "-v", "--verbose"}
#: The options of each served command that take a value (any other option: in-process).
_VALUES = {
    "search": {
        "-n",
        "--max-results",
        "--min-score",
        "--mode",
        "--source",
        "--path",
        "--since",
        "--until",
        "--entity",
        "--as-of",
        "--during",
    },
    "get": {"--from", "--lines"},
}
_FLAGS = {"search": {"--explain"}, "get": set()}
_OFF = {"0", "false", "no", "off"}
_ON = {"", "1", "true", "yes", "on"}


class Served:
    """What a command run by a server may use: the server's workspace (real path), config and
    :class:`~mdrecall.Memory`, and whether the client's ``NO_COLOR`` is set."""

    __slots__ = ("config", "memory", "no_color", "root")

    def __init__(self, root: str, config: Any, memory: Any, no_color: bool = False) -> None:
        self.root, self.config, self.memory, self.no_color = root, config, memory, no_color


class NotServed(BaseException):  # noqa: N818 - a signal past the CLI's error handling, never shown
    """The command needs another config than the server's: the client runs it in-process."""


_SERVED: contextvars.ContextVar[Served | None] = contextvars.ContextVar("mdrecall_served", default=None)


def served() -> Served | None:
    """The server's state while it runs a command in this thread (``None`` in a one-shot process)."""
    return _SERVED.get()


def serving_as(state: Served) -> AbstractContextManager[None]:
    """While the block runs, commands in this thread use the server's ``state``."""
    import contextlib

    @contextlib.contextmanager
    def block() -> Iterator[None]:
        token = _SERVED.set(state)
        try:
            yield
        finally:
            _SERVED.reset(token)

    return block()


def served_request(
    argv: Sequence[str], env: dict[str, str] | None = None, cwd: str | None = None
) -> tuple[str, list[str]] | None:
    """The workspace root and the command line to send a server for ``argv`` (paths made absolute, the
    workspace named last), or ``None`` when this command runs in-process."""
    parsed = _parse(argv, env, cwd)
    return None if parsed is None else (parsed[0], parsed[1])


def _parse(
    argv: Sequence[str], env: dict[str, str] | None, cwd: str | None
) -> tuple[str, list[str], str | None] | None:
    """:func:`served_request`'s answer and the absolute ``--config`` (``None``: none given)."""
    env = dict(os.environ) if env is None else env
    cwd = os.getcwd() if cwd is None else cwd
    if env.get("MDRECALL_SERVE_ENABLED", "").strip().lower() in _OFF:
        return None
    out: list[str] = []
    named: dict[str, str] = {}
    command: str | None = None
    args = list(argv)
    i = 0
    while i < len(args):
        arg = args[i]
        flag, eq, inline = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        if arg.startswith("-w") and len(arg) > 2 and not arg.startswith("--"):  # -wDIR
            flag, eq, inline = "-w", "=", arg[2:]
        if flag in _GLOBAL_VALUES:
            if eq:
                value = inline
            elif i + 1 < len(args):
                i += 1
                value = args[i]
            else:
                return None
            key = _GLOBAL_VALUES[flag]
            if key:
                named[key] = value
            else:
                out += [flag, value]
        elif arg in _GLOBAL_FLAGS or (len(arg) > 2 and arg[0] == "-" and set(arg[1:]) == {"v"}):
            out.append(arg)
        elif command is None:
            if arg not in SERVED_COMMANDS:
                return None
            command = arg
            out.append(arg)
        elif arg == "-" or not arg.startswith("-"):
            out.append(arg)  # a word of the query, or a path
        elif flag in _VALUES[command]:
            if eq:
                out.append(arg)
            elif i + 1 < len(args):
                out += [arg, args[i + 1]]
                i += 1
            else:
                return None
        elif arg in _FLAGS[command]:
            out.append(arg)
        else:  # --help, --, --agent, --with, --store, a typo: the command's own parser says what it is
            return None
        i += 1
    if command is None:
        return None
    raw = named.get("workspace") or env.get("MDRECALL_WORKSPACE") or cwd
    root = os.path.join(cwd, os.path.expanduser(raw))
    config = os.path.join(cwd, os.path.expanduser(named["config"])) if "config" in named else None
    if config is not None:
        out += ["--config", config]
    return root, [*out, "-w", root], config


def served_main(argv: Sequence[str]) -> int | None:
    """Run ``mdrecall ARGV`` on the workspace's server: the exit code, or ``None`` to run in-process."""
    asked = _parse(argv, None, None)
    if asked is None:
        return None
    from mdrecall import __version__
    from mdrecall.agent.serve_client import PROTOCOL, call, config_env

    root, line, config = asked
    started = time.monotonic()
    request = {
        "op": "cli",
        "v": PROTOCOL,
        "version": __version__,
        "workspace": os.path.realpath(root),
        "argv": line,
        "env": config_env(),
        "tty": [_isatty(sys.stdout), _isatty(sys.stderr)],
        "no_color": bool(os.environ.get("NO_COLOR")),
    }

    stuck: list[bool] = []

    def say() -> bool:
        """Still waiting: a server at work answers a ping at once; one that does not (stopped, wedged, or a
        socket that is no mdrecall server's) is left now (``False``), not after :data:`WAIT_S`."""
        alive = call(root, {"op": "ping"}, time.monotonic() + PING_S)[0] == "answer"
        if alive:
            note = "is still at work on this command"
        else:
            stuck.append(True)
            note = f"does not answer a ping within {PING_S:.0f} s (stopped, or not an mdrecall server)"
            note += "; running here"
        sys.stderr.write(f"mdrecall: note: the mdrecall server of {root} {note}\n")
        sys.stderr.flush()
        return alive

    try:
        how, answer = call(root, request, started + WAIT_S, waiting=(started + NOTE_AFTER_S, say))
    except KeyboardInterrupt:  # Ctrl-C while the server works: as any command reports it
        from mdrecall.cli.errors import interrupted

        return interrupted(argv)
    if how == "none" or answer is None:
        if how == "none":  # once it has answered in-process: maybe_start_server (or its -v note)
            verbose = any(a in ("-v", "--verbose") or a.startswith("-vv") for a in line)
            refusal = _auto_refusal(os.environ)
            if refusal is None or (refusal and verbose):
                _PENDING[:] = [(root, config, verbose, refusal)]
        if how == "late" and not stuck:
            sys.stderr.write(
                f"mdrecall: note: the mdrecall server of {root} did not answer within {WAIT_S:.0f} s;"
                " running here\n"
            )
        return None
    out, err, code = answer.get("stdout"), answer.get("stderr"), answer.get("code")
    if not isinstance(out, str) or not isinstance(err, str) or not isinstance(code, int):
        return None
    for stream, text in ((sys.stdout, out), (sys.stderr, err)):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
        try:
            stream.write(text)
            stream.flush()
        except BrokenPipeError:  # `mdrecall search x | head`: the reader has what it wanted
            from mdrecall.cli.errors import quiet_stdout

            quiet_stdout(stream)
    return code


def _isatty(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if isatty is not None else False
    except (OSError, ValueError):
        return False


# ---- the server starts itself ---------------------------------------------------------------------------
#: The most one workspace's one-shot commands start a server: one try per this many seconds (a stamp file).
START_EVERY_S = 60.0
#: The stamp (its mtime: when a start was last tried; a time ahead: no try before then) and the log of the
#: servers started, both in ``<workspace>/.mdrecall/``.
START_STAMP = "serve-auto.stamp"
START_LOG = "serve-auto.log"
#: When the started server finds auto-start off, no command tries again for this long (the stamp's mtime is
#: set this far ahead); a stamp further ahead than this (and a minute) is not believed (a clock set wrong).
AUTO_OFF_WAIT_S = 600.0
#: A log past this size is started afresh.
LOG_MAX_BYTES = 256 << 10
#: What ``maybe_start_server`` has to do once the command answered: (workspace, --config, -v, why not).
_PENDING: list[tuple[str, str | None, bool, str | None]] = []


def server_to_start() -> bool:
    """True when this in-process command will try to start the workspace's server once it has answered
    (:func:`maybe_start_server`: auto-start is not refused by the environment, no start was tried in the
    last :data:`START_EVERY_S`) and the last one tried did not fail (its log's last line says so): a
    command that counts on that server to build something must not count on one that cannot start."""
    if not _PENDING or _PENDING[0][3] is not None:
        return False
    folder = os.path.join(os.path.realpath(_PENDING[0][0]), ".mdrecall")
    return _last_try(folder, time.time()) is None and not _last_start_failed(folder)


def _last_try(folder: str, now: float) -> float | None:
    """When a start was last tried for the state ``folder``, if that holds a new try back (within
    :data:`START_EVERY_S`, or a time ahead set by a server that found auto-start off); else ``None``."""
    try:
        last = os.stat(os.path.join(folder, START_STAMP)).st_mtime
    except OSError:
        return None
    if now < last + START_EVERY_S and last <= now + AUTO_OFF_WAIT_S + START_EVERY_S:  # further: a bad clock
        return last
    return None


def _last_start_failed(folder: str) -> bool:
    """Whether the last line of the start log in ``folder`` says a server was not started (read without
    following a symlink, nor blocking on anything but a file)."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(os.path.join(folder, START_LOG), flags)
    except OSError:
        return False
    try:
        import stat

        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return False
        tail = os.pread(fd, 2048, max(0, st.st_size - 2048))
    except OSError:
        return False
    finally:
        os.close(fd)
    lines = tail.decode(errors="replace").strip().splitlines()
    return bool(lines) and "mdrecall watch --auto: not started:" in lines[-1]


def _auto_refusal(env: Mapping[str, str]) -> str | None:
    """Why this command may not start a server: ``None`` (it may), ``""`` (``MDRECALL_SERVE_AUTO=off``,
    nor ``MDRECALL_SERVE_AUTO_START``; an agent's workspace, ``MDRECALL_AGENT_ID``: never served), or a
    note for ``-v`` (a value that is neither on nor off: nothing is started on a guess)."""
    for name in ("MDRECALL_SERVE_AUTO", "MDRECALL_SERVE_AUTO_START"):
        value = env.get(name, "").strip().lower()
        if value in _OFF:
            return ""
        if value not in _ON:
            what = f"{name}={env.get(name)!r}"
            return f"no server started: {what} is neither on nor off (1/true/yes/on, 0/false/no/off)"
    return "" if env.get("MDRECALL_AGENT_ID") else None


def set_start_stamp(folder: str, when: float) -> None:
    """Set the start stamp in the workspace state ``folder`` to ``when`` (created ``0600``); never through a
    symlink, nor onto anything but a file (``OSError``)."""
    flags = os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    fd = os.open(os.path.join(folder, START_STAMP), flags, 0o600)
    try:
        os.utime(fd, (when, when))
    finally:
        os.close(fd)


def maybe_start_server(code: int) -> None:
    """After a ``search`` or ``get`` that no server answered and that ran in-process with exit ``code``:
    start ``mdrecall watch --auto`` for its workspace in the background (its own session, no terminal,
    its stderr to ``.mdrecall/serve-auto.log``), so the next one-shot commands are served. It reads the
    config itself and exits at once when ``serve.auto_start`` is off (or it would not answer this
    command's config, or another process serves); it exits by itself after ``serve.idle_exit_minutes``
    without a request. Tried at most once per :data:`START_EVERY_S` per workspace; never fails the
    command nor adds to its output (``-v``: one note)."""
    if not _PENDING:
        return
    root, config, verbose, refusal = _PENDING.pop()
    if code != 0:
        return
    import contextlib

    for stream in (sys.stdout, sys.stderr):  # the command's answer is out before anything starts
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    try:
        note = refusal or _start_server(root, config, verbose)
    except Exception as exc:  # noqa: BLE001 - a server that does not start is never the command's failure
        note = f"could not start a server for {root} in the background: {type(exc).__name__}: {exc}"
    if note and verbose:
        with contextlib.suppress(OSError, ValueError):  # a closed stderr: the note is not the command's
            sys.stderr.write(f"mdrecall: {note}\n")
            sys.stderr.flush()


def _start_server(root: str, config: str | None, verbose: bool = False) -> str | None:
    """Start the server (see :func:`maybe_start_server`): a note for ``-v``, or ``None`` (nothing to do)."""
    from mdrecall.agent.serve_client import socket_path

    real = os.path.realpath(root)
    folder = os.path.join(real, ".mdrecall")
    if not os.path.isdir(folder) or _listening(socket_path(real)):
        return None  # not an indexed workspace here, or a server runs (it sent this command back)
    now = time.time()
    last = _last_try(folder, now)
    if last is not None:
        if not verbose:
            return None
        at = time.strftime("%H:%M:%S", time.localtime(last))
        if last > now:
            return f"no server started: the last one found auto-start off; no try before {at} (see {folder})"
        return f"no server started: one was tried at {at}, less than {START_EVERY_S:.0f} s ago (see {folder})"
    set_start_stamp(folder, now)
    nofollow = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    log_path = os.path.join(folder, START_LOG)
    log = os.open(log_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | nofollow, 0o600)
    try:
        import stat
        import subprocess

        st = os.fstat(log)
        if not stat.S_ISREG(st.st_mode):
            raise OSError(f"{log_path} is not a file")
        if st.st_size > LOG_MAX_BYTES:
            os.ftruncate(log, 0)
        argv = [sys.executable, "-m", "mdrecall", "-w", real, *(["--config", config] if config else [])]
        proc = subprocess.Popen(
            [*argv, "watch", "--auto"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=log,
            cwd="/",
            close_fds=True,
            start_new_session=True,  # no terminal: Ctrl-C and closing the terminal leave it be
        )
        proc.returncode = 0  # never waited for: it outlives this command (no "still running" warning)
    finally:
        os.close(log)
    return (
        f"started a server for {real} in the background (pid {proc.pid}; log {log_path}): it answers the"
        " next searches and exits after serve.idle_exit_minutes idle (MDRECALL_SERVE_AUTO=off: never started)"
    )


def _listening(path: str) -> bool:
    """Whether a process listens on the socket ``path``."""
    import socket

    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
            probe.settimeout(0.2)
            probe.connect(path)
    except (FileNotFoundError, ConnectionRefusedError, NotADirectoryError):
        return False
    except OSError:  # it did not answer in time, or is not ours to talk to: not ours to replace
        return True
    return True
