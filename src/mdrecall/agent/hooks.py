"""Claude Code integration: install/uninstall hooks and the MCP server entry, and run the hooks.

``install`` merges into the existing settings and never clobbers them:

* hooks in ``.claude/settings.json`` (``--project``) or ``~/.claude/settings.json`` (``--user``):
  ``SessionStart`` → ``mdrecall hook session-start`` (today's, yesterday's logs and ``MEMORY.md`` as
  context), ``UserPromptSubmit`` → ``hook user-prompt-submit`` and ``Stop`` → ``hook stop`` (per-turn
  capture, :mod:`mdrecall.capture.turns`), ``PreCompact`` → ``hook pre-compact`` (capture + index the
  transcript), ``SessionEnd`` → ``hook session-end`` (capture);
* the MCP server in ``.mcp.json`` (project) or ``~/.claude.json`` (user) under ``mcpServers.mdrecall``.

Entries are recognised as ours by their command (``… mdrecall … hook <event>`` / ``… mcp``), so
``uninstall`` removes only what ``install`` added and a re-install replaces them in place.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mdrecall.errors import ConfigError, WriteError

if TYPE_CHECKING:
    from mdrecall.config.settings import Config
    from mdrecall.files.workspace import Workspace
    from mdrecall.memory import Memory

__all__ = [
    "EVENTS",
    "HOOK_DEADLINE_S",
    "TURN_EVENTS",
    "HookPlan",
    "handle_hook",
    "handle_turn_hook",
    "hook_deadline",
    "install",
    "mdrecall_command",
    "prompt_recall",
    "record_session_start",
    "uninstall",
]

EVENTS = {
    "SessionStart": "session-start",
    "UserPromptSubmit": "user-prompt-submit",
    "Stop": "stop",
    "PreCompact": "pre-compact",
    "SessionEnd": "session-end",
}
#: Events run on every turn: they never sync the index (a hook must stay cheap) and never fail;
#: ``user-prompt-submit`` searches it, as it is, for per-prompt recall (:func:`prompt_recall`).
TURN_EVENTS = ("user-prompt-submit", "stop")
_OURS = re.compile(
    r"mdrecall(?:.*\bhook|\.agent\.turn_hook\b.*) "
    r"(session-start|user-prompt-submit|stop|pre-compact|session-end)\b"
)
#: How long each hook may run, whatever the file system holds (below the ``timeout`` :func:`install`
#: writes for it: 10 s per turn, 60 s otherwise): past it, :func:`hook_deadline` ends the process.
HOOK_DEADLINE_S = {
    "session-start": 20.0,
    "user-prompt-submit": 8.0,
    "stop": 8.0,
    "pre-compact": 55.0,
    "session-end": 55.0,
}
#: What runs the per-turn hooks by default: a small entry point that skips the CLI parser (fast start).
TURN_HOOK_MODULE = "mdrecall.agent.turn_hook"


def mdrecall_command() -> list[str]:
    """How to run mdrecall from a hook: the installed script, else ``python -m mdrecall``."""
    import shutil

    exe = shutil.which("mdrecall")
    return [exe] if exe else [sys.executable, "-m", "mdrecall"]


@dataclass
class HookPlan:
    """The files an install/uninstall writes (new content) and what it does, line by line."""

    files: dict[Path, dict[str, Any]] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)

    def write(self) -> None:
        """Write every planned file atomically."""
        import tempfile

        for path, data in self.files.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(data, fh, indent=2, ensure_ascii=False)
                fh.write("\n")
            os.replace(tmp, path)


def _paths(scope: str, project_dir: Path, home: Path) -> tuple[Path, Path]:
    if scope == "project":
        return project_dir / ".claude" / "settings.json", project_dir / ".mcp.json"
    if scope == "user":
        return home / ".claude" / "settings.json", home / ".claude.json"
    raise ConfigError(f"unknown scope {scope!r}: use 'project' or 'user'")


def _load(path: Path) -> dict[str, Any]:
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8") or "{}")
    except (OSError, ValueError) as exc:
        raise ConfigError(
            f"cannot read {path} ({exc}); fix it first, mdrecall will not overwrite it"
        ) from exc
    if not isinstance(data, dict):
        raise ConfigError(f"{path} is not a JSON object; fix it first, mdrecall will not overwrite it")
    return data


def _is_our_server(entry: Any) -> bool:
    if not isinstance(entry, dict):
        return False
    parts = [str(entry.get("command", "")), *map(str, entry.get("args") or [])]
    return any("mdrecall" in p for p in parts) and "mcp" in parts[1:]


def _strip_hooks(settings: dict[str, Any]) -> int:
    """Remove our hook commands from ``settings``; returns how many were removed."""
    hooks = settings.get("hooks")
    if not isinstance(hooks, dict):
        return 0
    removed = 0
    for event in list(hooks):
        groups = hooks[event]
        if not isinstance(groups, list):
            continue
        kept_groups = []
        for g in groups:
            inner = g.get("hooks") if isinstance(g, dict) else None
            if not isinstance(inner, list):
                kept_groups.append(g)
                continue
            kept = [h for h in inner if not (isinstance(h, dict) and _OURS.search(str(h.get("command", ""))))]
            removed += len(inner) - len(kept)
            if kept:
                kept_groups.append({**g, "hooks": kept})
        if kept_groups:
            hooks[event] = kept_groups
        else:
            del hooks[event]
    if not hooks:
        del settings["hooks"]
    return removed


def install(
    scope: str,
    workspace: Path,
    *,
    project_dir: Path,
    home: Path | None = None,
    command: list[str] | None = None,
    agent: str | None = None,
) -> HookPlan:
    """Plan the Claude Code hooks and MCP entry for ``workspace`` (call ``plan.write()`` to apply)."""
    import shlex  # here, not at the top: the per-turn hooks import this module and must start fast

    settings_path, mcp_path = _paths(scope, project_dir, home or Path.home())
    base = (command or mdrecall_command()) + ["-w", str(workspace)]
    tail = ["--agent", agent] if agent else []
    plan = HookPlan()
    settings = _load(settings_path)
    replaced = _strip_hooks(settings)
    hooks = settings.setdefault("hooks", {})
    fast = [sys.executable, "-m", TURN_HOOK_MODULE, "-w", str(workspace)] if command is None else None
    for event, name in EVENTS.items():
        argv = [*fast, name] if fast and name in TURN_EVENTS else [*base, "hook", name]
        cmd = shlex.join([*argv, *tail])
        timeout = 10 if name in TURN_EVENTS else 60
        hooks.setdefault(event, []).append(
            {"hooks": [{"type": "command", "command": cmd, "timeout": timeout}]}
        )
        plan.actions.append(f"{settings_path}: hooks.{event} → {cmd}")
    if replaced:
        plan.actions.append(f"{settings_path}: replaced {replaced} earlier mdrecall hook(s)")
    plan.files[settings_path] = settings
    mcp = _load(mcp_path)
    servers = mcp.setdefault("mcpServers", {})
    if not isinstance(servers, dict):
        raise ConfigError(f"{mcp_path}: mcpServers is not an object; fix it first")
    existing = servers.get("mdrecall")
    if existing is not None and not _is_our_server(existing):
        plan.actions.append(f"{mcp_path}: mcpServers.mdrecall exists and is not mdrecall's; left as it is")
    else:
        argv = [*base, "mcp", *tail]
        servers["mdrecall"] = {"type": "stdio", "command": argv[0], "args": argv[1:]}
        plan.actions.append(f"{mcp_path}: mcpServers.mdrecall → {shlex.join(argv)}")
        plan.files[mcp_path] = mcp
    return plan


def uninstall(scope: str, *, project_dir: Path, home: Path | None = None) -> HookPlan:
    """Plan the removal of exactly what :func:`install` added."""
    settings_path, mcp_path = _paths(scope, project_dir, home or Path.home())
    plan = HookPlan()
    if settings_path.exists():
        settings = _load(settings_path)
        n = _strip_hooks(settings)
        if n:
            plan.files[settings_path] = settings
            plan.actions.append(f"{settings_path}: removed {n} mdrecall hook(s)")
    if mcp_path.exists():
        mcp = _load(mcp_path)
        servers = mcp.get("mcpServers")
        if isinstance(servers, dict) and _is_our_server(servers.get("mdrecall")):
            del servers["mdrecall"]
            if not servers:
                del mcp["mcpServers"]
            plan.files[mcp_path] = mcp
            plan.actions.append(f"{mcp_path}: removed mcpServers.mdrecall")
    if not plan.actions:
        plan.actions.append("nothing of mdrecall's was installed here")
    return plan


@contextlib.contextmanager
def hook_deadline(event: str, seconds: float | None = None) -> Iterator[None]:
    """End the process (exit 0, a note on stderr) if the block runs past ``seconds``.

    The last guard of a hook: a file that never answers (a FIFO, a hung network mount, a lock held
    for ever) can block a read where no timeout reaches, and an agent must never wait on its memory.
    ``seconds`` defaults to the event's :data:`HOOK_DEADLINE_S`.
    """
    limit = HOOK_DEADLINE_S.get(event, 20.0) if seconds is None else seconds

    def expire() -> None:
        try:
            sys.stderr.write(
                f"mdrecall: {event}: stopped after {limit:g}s (something in the workspace did not answer: "
                "run mdrecall doctor); the agent goes on without it\n"
            )
            sys.stderr.flush()
        finally:
            os._exit(0)

    timer = threading.Timer(limit, expire)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()


def handle_hook(
    memory: Memory, event: str, payload: dict[str, Any], *, budget_chars: int = 8000
) -> tuple[str, list[str]]:
    """Run one hook; returns what to print on stdout (Claude Code's hook JSON, or nothing) and notes."""
    from mdrecall.agent.context import session_start_context
    from mdrecall.capture.session_end import capture_session

    if event == "session-start":
        notes: list[str] = []
        text = session_start_context(memory, budget_chars=budget_chars, chat_type="direct", warnings=notes)
        if text:
            record_session_start(memory, payload, text)
        out = {"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": text}}
        return json.dumps(out, ensure_ascii=False), notes
    if event in TURN_EVENTS:
        return "", handle_turn_hook(memory.workspace, memory.config, event, payload)
    if event not in ("pre-compact", "session-end"):
        raise ConfigError(f"unknown hook event {event!r}: use {', '.join(EVENTS.values())}")
    transcript = payload.get("transcript_path")
    if not transcript or not Path(str(transcript)).expanduser().is_file():
        raise ConfigError("the hook input has no readable transcript_path; nothing to capture")
    path = Path(str(transcript)).expanduser()
    turn_notes = handle_turn_hook(memory.workspace, memory.config, "stop", payload)
    try:
        result = capture_session(memory.workspace, path, last_n=memory.config.flush.capture_messages)
    except WriteError as exc:  # a full disk: nothing was saved, and a hook never fails the agent for it
        return "", [*turn_notes, f"{event}: nothing captured: {exc}"]
    if memory.config.sessions.enabled:  # index the whole transcript now, whatever its delta
        from mdrecall.index.sessions import sync_sessions
        from mdrecall.models import IndexReport

        sync_sessions(memory.workspace, memory.store, memory.config, IndexReport(), only=[path])
    report = memory.index()
    notes = [f"captured {result.messages} messages to {result.path}" if result.path else str(result.skipped)]
    return "", turn_notes + notes + result.warnings + report.warnings


def prompt_recall(
    workspace: Workspace,
    config: Config,
    payload: dict[str, Any],
    *,
    started: float | None = None,
    memory: Memory | None = None,
) -> tuple[str, list[str]]:
    """Per-prompt recall for ``UserPromptSubmit``: Claude Code's hook JSON with the memories the prompt
    gets (``""``: none) and notes. Never raises; past ``recall.deadline_ms`` or on any failure it injects
    nothing and says why in ``.mdrecall/hooks.log``. A workspace with no index yet gets nothing (the
    hook never builds one). ``memory``: an open one to search (a server's), else one is opened."""
    prompt = payload.get("prompt")
    if not isinstance(prompt, str) or not prompt.strip():
        return "", []
    if not config.recall.enabled:
        _count(workspace, "disabled", 0.0)
        return "", []
    default_store = config.store.backend == "sqlite" and not config.store.path
    if default_store and not (workspace.root / ".mdrecall" / "index.sqlite").is_file():
        return "", []
    started = time.monotonic() if started is None else started
    session = str(payload.get("session_id") or "default")
    box: dict[str, Any] = {}

    def work() -> None:  # in its own thread, so the deadline holds however slow the search is
        try:
            if memory is not None:
                box["result"] = memory.recall(prompt, session=session, started=started)
                return
            from mdrecall.memory import Memory

            with Memory.open(workspace.root, config) as opened:
                box["result"] = opened.recall(prompt, session=session, started=started)
        except Exception as exc:  # noqa: BLE001 - a hook must never block the agent
            box["error"] = exc

    worker = threading.Thread(target=work, name="mdrecall-recall", daemon=True)
    worker.start()
    worker.join(max(0.0, config.recall.deadline_ms / 1000 - (time.monotonic() - started)))
    if worker.is_alive():  # left behind: a daemon thread, ended with the hook's process
        note = (
            f"user-prompt-submit: recall injected nothing: still searching at recall.deadline_ms = "
            f"{config.recall.deadline_ms}"
        )
        _log(workspace, note)
        _count(workspace, "deadline", (time.monotonic() - started) * 1000)
        return "", [note]
    if "error" in box:
        exc = box["error"]
        note = f"user-prompt-submit: recall injected nothing ({type(exc).__name__}: {exc})"
        _log(workspace, note)
        _count(workspace, "error", (time.monotonic() - started) * 1000)
        return "", [note]
    result = box["result"]
    _count(workspace, result.stage, result.elapsed_ms, len(result.hits))
    if result.stage in ("deadline", "error"):
        note = f"user-prompt-submit: recall injected nothing after {result.elapsed_ms:.0f} ms: {result.note}"
        _log(workspace, note)
        return "", [note]
    if not result.text:
        return "", []
    out = {"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": result.text}}
    note = f"user-prompt-submit: recalled {len(result.hits)} memory(ies)"
    return json.dumps(out, ensure_ascii=False), [note]


#: How long the hook waits for its recall record to be written (on a file system that does not
#: answer, it goes on without it; the write, a daemon thread, ends with the process at the latest).
STATS_WAIT_S = 0.1


def _count(workspace: Workspace, stage: str, elapsed_ms: float, memories: int = 0) -> None:
    """Add one prompt to ``.mdrecall/recall-stats.json`` (:mod:`mdrecall.index.recall_stats`) for
    ``status`` and ``doctor``; best effort, and never keeps the hook more than :data:`STATS_WAIT_S`."""

    def write() -> None:
        try:
            from mdrecall.index.recall_stats import record

            record(workspace.root, stage, elapsed_ms, memories)
        except Exception:  # noqa: BLE001, S110 - the record is a report: a hook never fails for it
            pass

    writer = threading.Thread(target=write, name="mdrecall-recall-stats", daemon=True)
    writer.start()
    writer.join(STATS_WAIT_S)


def record_session_start(memory: Memory, payload: dict[str, Any], text: str) -> None:
    """Remember the lines of the ``SessionStart`` context as shown to the session (per-prompt recall
    does not repeat them); best effort."""
    from mdrecall.search.recall_seen import SeenLog

    try:
        seen = SeenLog.load(memory.workspace.root, str(payload.get("session_id") or "default"))
        seen.add(lines=text.splitlines())
        seen.save()
    except OSError:
        pass


def handle_turn_hook(workspace: Workspace, config: Config, event: str, payload: dict[str, Any]) -> list[str]:
    """Capture one turn (``user-prompt-submit``: the prompt; ``stop``: what the transcript gained).

    Never raises: a failure is returned as a note and appended to ``<workspace>/.mdrecall/hooks.log``,
    so the agent is never blocked by its memory. At ``stop``, the reply's citations of memories recall
    injected into the session are recorded as their use (:func:`note_reply_use`).
    """
    used = note_reply_use(workspace, config, payload) if event == "stop" else []
    if not config.capture.turns:
        return used
    try:
        from mdrecall.capture.turns import TURN_BUDGET_S, TurnResult, capture_prompt, capture_transcript

        raw = payload.get("transcript_path")
        transcript = str(Path(str(raw)).expanduser()) if raw else None
        session = str(payload.get("session_id") or (Path(transcript).stem if transcript else "default"))
        result = TurnResult()
        if transcript and Path(transcript).is_file():
            result = capture_transcript(
                workspace, config, transcript, session=session, budget_s=TURN_BUDGET_S
            )
        prompt = payload.get("prompt")
        if event == "user-prompt-submit" and isinstance(prompt, str) and prompt.strip():
            result.merge(
                capture_prompt(
                    workspace, config, session, prompt, transcript=transcript, budget_s=TURN_BUDGET_S
                )
            )
        captured = f"{event}: captured {result.written} message(s), noted {len(result.notes)}"
        return [*used, captured, *result.warnings]
    except Exception as exc:  # noqa: BLE001 - a hook must never block the agent
        note = f"{event}: capture failed ({type(exc).__name__}: {exc})"
        _log(workspace, note)
        return [*used, note]


def note_reply_use(workspace: Workspace, config: Config, payload: dict[str, Any]) -> list[str]:
    """Record the memories injected into the session that the assistant's reply cites
    (:func:`mdrecall.search.recall_use.note_reply`); a note saying how many, or none. Never raises."""
    session = str(payload.get("session_id") or "default")  # as the prompt's recall names it
    try:
        from mdrecall.search.recall_seen import SeenLog
        from mdrecall.search.recall_use import last_reply, note_reply

        if not SeenLog.load(workspace.root, session).shown:
            return []  # recall injected nothing into this session: its reply is not read
        used = note_reply(workspace, config, session, last_reply(payload))
    except Exception as exc:  # noqa: BLE001 - a hook must never block the agent
        return [f"stop: the reply's use of recalled memories was not recorded ({type(exc).__name__}: {exc})"]
    return [f"stop: the reply used {len(used)} recalled memory(ies)"] if used else []


def _log(workspace: Workspace, line: str) -> None:
    """Append one line to ``.mdrecall/hooks.log``, redacted (an error's text may quote what failed; best
    effort: a hook has nowhere else to say it)."""
    from datetime import datetime, timezone

    from mdrecall.text.redact import redact

    try:
        line = redact(line)
        log = workspace.root / ".mdrecall" / "hooks.log"
        log.parent.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        workspace.append(log, lambda _h, _n: ("", f"{stamp} {line}\n"))
    except Exception:  # noqa: BLE001, S110 - logging the failure failed too; stderr still has it
        pass
