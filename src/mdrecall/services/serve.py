"""The local search server: the per-turn hooks of one workspace answered by a process that stays up.

A hook that starts Python, imports the search and opens the index spends most of its time before it
searches; a process that has all of that loaded answers the same request in a few milliseconds.
:class:`HookServer` listens on a Unix domain socket (:func:`mdrecall.agent.serve_client.socket_path`:
``<workspace>/.mdrecall/serve.sock``) and answers one JSON line with one JSON line:

* ``{"op": "ping"}`` → ``{"ok": true, "workspace": …, "pid": …, "version": …}``;
* ``{"op": "turn", "event": "user-prompt-submit"|"stop", "payload": {…}, …}`` → ``{"ok": true,
  "stdout": …, "notes": […]}``: the hook's recall, the same output as
  :func:`mdrecall.agent.turn_hook.run_turn_hook_output` gives in-process; the turn is captured right
  after the answer is sent (:func:`~mdrecall.agent.turn_hook.capture_turn`), so the prompt never waits
  for the capture (the notes say so instead of the capture's counts).

* ``{"op": <a registered kind>, …}``: what a host process added with :func:`register_op` (the CLI's
  ``cli``: a one-shot ``search`` or ``get``, :mod:`mdrecall.cli.serving`), after the same checks.

A request it would not answer as the hook would in-process (another workspace, another mdrecall version,
other ``MDRECALL_*`` settings, a config that does not load, a recall deadline longer than the hook waits,
``serve.enabled`` off) gets ``{"fallback": true, "why": …}`` before anything is done, and the hook runs
in-process. Who may talk to it: the socket is created ``0600`` (in a ``0700`` folder of this user when it
lives under the runtime folder), and each connection's peer uid is checked (``SO_PEERCRED`` on Linux);
nothing listens on the network. Requests are at most :data:`~mdrecall.agent.serve_client.MAX_LINE`
bytes and must arrive within :data:`REQUEST_TIMEOUT_S`; each connection has its own thread.

The config is read again when its files change (their mtimes are checked per request), so ranking and
recall knobs apply without a restart; the :class:`~mdrecall.Memory` is reopened when the config changed.
Once the turns pause (:data:`REFRESH_QUIET_S` without a request), the index is brought up to date the way a
one-shot search does first (``index.sync_on_search``; the snapshot of :mod:`mdrecall.index.snapshot` makes
that a few ``stat`` calls when nothing changed), so the next prompt finds it fresh and no sync competes
with a hook's answer.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from mdrecall import __version__
from mdrecall.agent.serve_client import PROTOCOL, private_dir, socket_path
from mdrecall.agent.turn_hook import capture_turn, turn_output
from mdrecall.config.settings import WORKSPACE_CONFIG_NAME, Config, env_data, load_config, user_config_path
from mdrecall.errors import MdrecallError
from mdrecall.files.workspace import Workspace, require_workspace
from mdrecall.memory import Memory
from mdrecall.services.serve_socket import (
    REQUEST_TIMEOUT_S,
    peer_allowed,
    peer_uid,
    read_line,
    refuse_unless_socket,
    send_answer,
    sent_back,
    socket_alive,
    take_over,
)

__all__ = [
    "REQUEST_TIMEOUT_S",
    "HookServer",
    "OpHandler",
    "config_key",
    "peer_allowed",
    "peer_uid",
    "register_op",
    "start_background",
]

#: How long stopping waits for a connection still at work (a turn's capture runs after its answer).
STOP_WAIT_S = 10.0
#: Most connections handled at once; one more is sent back to its in-process path.
MAX_CLIENTS = 16
#: Seconds without a turn before the index is synced with the files (turns come in bursts: prompt, stop).
REFRESH_QUIET_S = 1.5
_TURN_EVENTS = ("user-prompt-submit", "stop")

#: A request kind a host process adds: ``handler(request, current)`` → the answer, where ``current()``
#: gives the server's config and :class:`~mdrecall.Memory` (the one-shot CLI's ``search``: see
#: :mod:`mdrecall.cli.served`). It runs after the checks every request passes (protocol, version,
#: workspace, ``MDRECALL_*`` settings, ``serve.enabled``).
OpHandler = Callable[[dict[str, Any], Callable[[], "tuple[Config, Memory]"]], dict[str, Any]]
_OPS: dict[str, OpHandler] = {}


def register_op(op: str, handler: OpHandler) -> None:
    """Answer requests ``{"op": op, …}`` with ``handler`` in this process's servers (:data:`OpHandler`)."""
    if op in ("ping", "turn"):
        raise ValueError(f"op {op!r} is the server's own")
    _OPS[op] = handler


def config_key(env: Mapping[str, str]) -> str:
    """What of an environment makes a hook's config: the ``MDRECALL_<section>_<key>`` values and the
    user file's location (two environments with one key load the same config)."""
    layer = env_data(Config(), env)
    return json.dumps([layer, str(user_config_path(None, env)), env.get("HOME", "")], sort_keys=True)


class HookServer:
    """Serve the per-turn hooks of the workspace ``root`` over its Unix socket (see the module).

    :meth:`start` binds and serves from a background thread; :meth:`serve_forever` serves in the
    calling one; :meth:`stop` ends either and removes the socket (if it is still this server's).
    """

    def __init__(
        self,
        root: str | os.PathLike[str],
        *,
        env: Mapping[str, str] | None = None,
        memory: Memory | None = None,
    ) -> None:
        """``memory``: the host process's own (the MCP server's, ``watch``'s), used while the config the
        hooks load is its config (one index connection, one embedder); else the server opens its own."""
        self._shared = memory
        self.root = Path(root).expanduser()
        self.real = os.path.realpath(self.root)
        self.path = socket_path(str(self.root))
        self._env = dict(os.environ if env is None else env)
        self._key = config_key(self._env)
        self._sock: socket.socket | None = None
        self._ino = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._state: tuple[Any, Config, Memory] | None = None
        self._retired: list[Memory] = []
        self._clients = threading.BoundedSemaphore(MAX_CLIENTS)
        self._workers: list[threading.Thread] = []
        self._pending: Memory | None = None  # to sync with the files once the turns pause
        self._last = 0.0
        self.reloads = 0  # how often the config was read
        self.last_request = time.time()  # when a request (not a ping) was last taken or answered
        self.active = 0  # connections at work now
        self._count = threading.Lock()
        self.auto = False  # started by a one-shot search (``watch --auto``): it leaves when idle or asked
        self.auto_exit_minutes = 0.0  # when auto: after how long without a request (0: never)
        self.yielded = threading.Event()  # auto-started, and a server the user started asked for the socket
        self.turns = 0  # how many turns it answered
        self.syncs = 0  # how often it synced the index with the files

    # ---- the socket -------------------------------------------------------------------------------

    def bind(self) -> HookServer:
        """Create the socket (``0600``), replacing a stale one; a live one is never taken over
        (:class:`~mdrecall.errors.MdrecallError`: another process serves the workspace)."""
        import fcntl

        folder = os.path.dirname(self.path)
        if folder != os.path.join(self.real, ".mdrecall"):  # under the runtime folder: ours alone
            os.makedirs(folder, mode=0o700, exist_ok=True)
            if not private_dir(folder):
                raise MdrecallError(f"cannot serve: {folder} is not this user's private folder (mode 0700)")
        else:
            os.makedirs(folder, exist_ok=True)
        lock = os.open(
            self.path + ".lock",
            os.O_CREAT | os.O_RDWR | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0),
            0o600,
        )
        try:
            fcntl.flock(lock, fcntl.LOCK_EX)  # two servers starting at once: one binds, one finds it live
            if socket_alive(self.path) and not (not self.auto and take_over(self.real, self.path)):
                raise MdrecallError(f"another process already serves {self.real} on {self.path}")
            refuse_unless_socket(self.path)
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self.path)  # stale: nobody listens on it
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            old = os.umask(0o177)
            try:
                sock.bind(self.path)
            except OSError:
                sock.close()
                raise
            finally:
                os.umask(old)
            os.chmod(self.path, 0o600)
            sock.listen(MAX_CLIENTS)
            sock.settimeout(0.2)  # the accept loop looks at the stop flag this often
            self._ino = os.stat(self.path).st_ino
            self._sock = sock
        finally:
            os.close(lock)
        return self

    def warm(self) -> None:
        """Read the config, open the index and load what a search loads (the embedder), so that the
        first hook is answered as fast as the next ones; best effort."""
        with contextlib.suppress(Exception):
            _config, memory = self._current()
            memory.recall("mdrecall server warm-up", session="mdrecall-serve-warm-up", record=False)

    def start(self, say: Callable[[str], object] | None = None) -> HookServer:
        """Serve from a daemon thread; returns at once. Bound already (:meth:`bind`): serves at once;
        else the thread warms up (:meth:`warm`), then binds (a failure goes to ``say``), then serves:
        until then, hooks run in-process."""

        def run() -> None:
            if self._sock is None:
                self.warm()
                try:
                    self.bind()
                except (MdrecallError, OSError) as exc:
                    if say is not None:
                        say(f"hooks not served here: {exc}")
                    return
            self.serve_forever()

        self._thread = threading.Thread(target=run, name="mdrecall-serve", daemon=True)
        self._thread.start()
        return self

    def serve_forever(self) -> None:
        """Accept connections until :meth:`stop`."""
        if self._sock is None:
            self.bind()
        sock = self._sock
        assert sock is not None
        refresher = threading.Thread(target=self._refresh_when_quiet, name="mdrecall-serve-sync", daemon=True)
        refresher.start()
        while not self._stop.is_set():
            try:
                conn, _ = sock.accept()
            except TimeoutError:
                continue
            except OSError:
                if self._stop.is_set():
                    break
                time.sleep(0.05)
                continue
            worker = threading.Thread(target=self._connection, args=(conn,), name="mdrecall-serve-conn")
            worker.daemon = True
            self._workers = [w for w in self._workers if w.is_alive()] + [worker]
            worker.start()

    def stop(self) -> None:
        """Stop serving, remove the socket if it is still ours, close the memories."""
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)
        for worker in list(self._workers):  # a capture after its answer is finished, not cut off
            if worker is not threading.current_thread():
                worker.join(timeout=STOP_WAIT_S)
        if self._sock is not None:
            self._sock.close()
            self._sock = None
            with contextlib.suppress(OSError):
                if os.stat(self.path).st_ino == self._ino:
                    os.unlink(self.path)
        with self._lock:
            memories = [s[2] for s in [self._state] if s is not None] + self._retired
            self._state, self._retired = None, []
        for memory in memories:
            if memory is self._shared:  # the host's: it closes it
                continue
            with contextlib.suppress(Exception):
                memory.close()

    def __enter__(self) -> HookServer:
        return self.start()

    @property
    def serving(self) -> bool:
        """Whether the socket is bound (and served, once :meth:`start` ran)."""
        return self._sock is not None

    def __exit__(self, *_exc: object) -> None:
        self.stop()

    # ---- one connection ---------------------------------------------------------------------------

    def idle_s(self) -> float:
        """Seconds since a request (a ping does not count) was last taken or answered; 0 while one is."""
        return 0.0 if self.active else max(0.0, time.time() - self.last_request)

    def owns_socket(self) -> bool:
        """Whether the socket file is still the one this server bound (not removed nor replaced)."""
        try:
            return self._sock is not None and os.stat(self.path).st_ino == self._ino
        except OSError:
            return False

    def retire(self, grace_s: float = 0.5) -> None:
        """Stop as a server that leaves of its own accord: the socket goes first (new commands run
        in-process), the connections made before that are still answered, then :meth:`stop`."""
        with contextlib.suppress(OSError):
            if self.owns_socket():
                os.unlink(self.path)
        time.sleep(grace_s)  # the accept loop takes what was queued before the unlink
        self.stop()

    def _connection(self, conn: socket.socket) -> None:
        began = time.time()
        with self._count:
            self.active += 1
        try:
            self._serve_one(conn)
        finally:
            with self._count:
                self.active -= 1
            if self.last_request >= began:  # a request, not a ping: idle from its end
                self.last_request = time.time()

    def _serve_one(self, conn: socket.socket) -> None:
        with conn:
            if not self._clients.acquire(blocking=False):
                send_answer(conn, {"fallback": True, "why": "busy"})
                return
            try:
                if not peer_allowed(peer_uid(conn)):
                    return  # another user: not a word
                line = read_line(conn, time.monotonic() + REQUEST_TIMEOUT_S)
                if line is None:
                    return
                answer, after = self.answer_then(line)
                send_answer(conn, answer)
                if after is not None:
                    after()  # the capture: the hook has its answer (or gave up) already
            finally:
                self._clients.release()

    def answer(self, line: bytes) -> dict[str, Any]:
        """The answer to one request line, with the work that follows it done too."""
        answer, after = self.answer_then(line)
        if after is not None:
            after()
        return answer

    def answer_then(self, line: bytes) -> tuple[dict[str, Any], Callable[[], object] | None]:
        """The answer to one request line, and the work to do once it is sent (a turn's capture)."""
        try:
            req = json.loads(line)
        except ValueError:
            return sent_back("the request is not JSON"), None
        if not isinstance(req, dict):
            return sent_back("the request is not a JSON object"), None
        op = req.get("op")
        if op == "ping":
            pong = {"ok": True, "workspace": self.real, "pid": os.getpid(), "version": __version__}
            if self.auto:
                pong.update(auto=True, auto_exit_minutes=self.auto_exit_minutes)
            return pong, None
        if op == "yield":  # a server the user started takes the socket of one a search started
            if not self.auto:  # one the user started is never asked to leave
                return sent_back("not an auto-started server"), None
            self.yielded.set()
            return {"ok": True, "pid": os.getpid()}, None
        self.last_request = time.time()
        if op == "turn":
            return self._turn(req)
        handler = _OPS.get(op) if isinstance(op, str) else None
        if handler is None:
            return sent_back(f"unknown op {op!r}"), None
        refused = self._refused(req)
        if refused is not None:
            return refused, None
        try:
            return handler(req, self._current), None
        except Exception as exc:  # noqa: BLE001 - the client does it in-process, in its own words
            return sent_back(f"{type(exc).__name__}: {exc}"), None

    def _refused(self, req: dict[str, Any]) -> dict[str, Any] | None:
        """Why a request is sent back before anything is done (``None``: it is answered here)."""
        if req.get("v") != PROTOCOL or req.get("version") != __version__:
            return sent_back("another mdrecall version")
        if req.get("workspace") != self.real:
            return sent_back("another workspace")
        env = req.get("env")
        if not isinstance(env, dict) or config_key({str(k): str(v) for k, v in env.items()}) != self._key:
            return sent_back("other MDRECALL_* settings than the server's")
        try:
            config, _memory = self._current()
            require_workspace(self.root, config.extra_paths)
        except Exception as exc:  # noqa: BLE001 - the client says it in its own words, in-process
            return sent_back(f"{type(exc).__name__}: {exc}")
        if not config.serve.enabled:
            return sent_back("serve.enabled is off")
        return None

    def _turn(self, req: dict[str, Any]) -> tuple[dict[str, Any], Callable[[], object] | None]:
        started = time.monotonic()
        event, payload = req.get("event"), req.get("payload")
        if event not in _TURN_EVENTS or not isinstance(payload, dict):
            return sent_back("not a turn"), None
        refused = self._refused(req)
        if refused is not None:
            return refused, None
        config, memory = self._current()
        try:
            elapsed = float(req.get("elapsed_ms") or 0.0) / 1000
            wait_ms = int(req.get("wait_ms") or 0)
        except (TypeError, ValueError):
            return sent_back("bad timing fields"), None
        if event == "user-prompt-submit" and config.recall.deadline_ms > wait_ms:
            return sent_back("recall.deadline_ms is longer than the hook waits"), None
        ws = Workspace(self.root, config.extra_paths)
        out, notes = turn_output(
            ws, config, event, payload, started=started - elapsed, memory=memory, capture=False
        )

        def capture() -> None:
            capture_turn(ws, config, event, payload)  # a failure is in hooks.log; the counts are not news
            self._last = time.monotonic()
            if config.index.sync_on_search:
                self._pending = memory

        self.turns += 1
        self._last = time.monotonic()
        notes.append(f"{event}: captured by the server (pid {os.getpid()}) once it answered")
        return {"ok": True, "stdout": out, "notes": notes}, capture

    def _current(self) -> tuple[Config, Memory]:
        """The config as its files are now (read again when one changed) and the Memory opened with it."""
        stamp = self._stamp()
        with self._lock:
            if self._state is not None and self._state[0] == stamp:
                return self._state[1], self._state[2]
            config = load_config(self.root, env=self._env)
            self.reloads += 1
            if self._state is not None and self._state[1] == config:
                self._state = (stamp, config, self._state[2])
                return config, self._state[2]
            shared = self._shared
            memory = (
                shared if shared is not None and shared.config == config else Memory.open(self.root, config)
            )
            if self._state is not None and self._state[2] is not shared:  # a request may still use it:
                self._retired.append(self._state[2])  # closed when the server stops
            self._state = (stamp, config, memory)
            return config, memory

    def _stamp(self) -> tuple[Any, ...]:
        """The config files' identity and mtimes (what makes the config read again)."""
        out: list[Any] = []
        for path in (user_config_path(None, self._env), self.root / WORKSPACE_CONFIG_NAME):
            try:
                st = os.stat(path)
                out.append((str(path), st.st_ino, st.st_mtime_ns, st.st_size))
            except OSError:
                out.append((str(path), None))
        return tuple(out)

    def _refresh_when_quiet(self) -> None:
        """Until :meth:`stop`: once :data:`REFRESH_QUIET_S` passed without a turn, sync the index with
        the files (as a search does first)."""
        while not self._stop.wait(0.25):
            memory = self._pending
            if memory is None or time.monotonic() - self._last < REFRESH_QUIET_S:
                continue
            self._pending = None
            with contextlib.suppress(Exception):  # the next search syncs (and recovers) itself
                memory.sync()
            self.syncs += 1


def start_background(memory: Memory, say: Callable[[str], object]) -> HookServer | None:
    """Serve the hooks of ``memory``'s workspace from a background thread of a long-lived process (the
    MCP server, ``watch``) when ``serve.enabled`` (``None`` when off). It warms up, then binds: when
    another process serves the workspace already, ``say`` tells so in one line and this one does not."""
    if not memory.config.serve.enabled:
        return None
    return HookServer(memory.workspace.root, memory=memory).start(say)
