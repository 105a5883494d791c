"""Agent commands: ``hook``, ``hooks``, ``capture``, ``context``, ``dream``, ``agents`` (the servers,
``mcp``, ``watch`` and ``serve``, are in :mod:`mdrecall.cli.servers`).

Thin adapters: each parses flags, calls the library, prints. Heavy modules (the MCP SDK, watchdog) are
imported inside the handlers, so ``mdrecall`` starts fast for hooks.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict

import click

from mdrecall.cli.agent_flags import agent_option, cli_base_config, open_agent_memory
from mdrecall.cli.app import command, state, workspace_path
from mdrecall.cli.errors import cli_message
from mdrecall.cli.output import Listing, emit, shown, warn
from mdrecall.errors import MdrecallError
from mdrecall.text.textclean import one_line

if TYPE_CHECKING:
    pass

__all__: list[str] = []


@command("hook")
@click.argument(
    "event",
    type=click.Choice(["session-start", "user-prompt-submit", "stop", "pre-compact", "session-end"]),
)
@click.option("--budget", type=int, default=8000, show_default=True, help="Session-start context size.")
@agent_option
def cmd_hook(event: str, budget: int, agent: str | None) -> int:
    """Run a Claude Code hook (reads the hook JSON on stdin)."""
    from mdrecall.agent.hooks import hook_deadline

    with hook_deadline(event):  # whatever the file system holds, the agent is not kept waiting
        return _run_hook(event, budget, agent)


def _run_hook(event: str, budget: int, agent: str | None) -> int:
    """The hook itself (within its deadline)."""
    from mdrecall.agent.hooks import TURN_EVENTS, handle_hook
    from mdrecall.agent.turn_hook import read_payload, run_turn_hook_output

    payload = read_payload(sys.stdin)
    if event in TURN_EVENTS:  # per turn: no sync, no model load for capture; whatever happens, exit 0
        out, notes = run_turn_hook_output(
            event, payload, workspace=state().workspace, config_file=state().config, agent=agent
        )
        if out:
            sys.stdout.write(out + "\n")
        for line in notes:
            sys.stderr.write(f"mdrecall: {line}\n")
        return 0
    try:
        mem, _ = open_agent_memory(agent)
    except (MdrecallError, click.UsageError) as exc:  # not a workspace, an unknown agent: never block
        message = exc.format_message() if isinstance(exc, click.UsageError) else cli_message(exc)
        sys.stderr.write(f"mdrecall: {event}: nothing done: {message}\n")
        return 0
    with mem:
        out, notes = handle_hook(mem, event, payload, budget_chars=budget)
    if out:
        sys.stdout.write(out + "\n")
    for line in notes:
        sys.stderr.write(f"mdrecall: {line}\n")
    return 0


@command("hooks")
@click.argument("action", type=click.Choice(["install", "uninstall"]))
@click.argument("target", type=click.Choice(["claude-code"]))
@click.option(
    "--project", "scope", flag_value="project", default=True, help=".claude/settings.json and .mcp.json."
)
@click.option("--user", "scope", flag_value="user", help="~/.claude/settings.json and ~/.claude.json.")
@click.option("--dir", "project_dir", help="Project folder for --project (default: current folder).")
@click.option("--dry-run", is_flag=True, help="Print what would change, write nothing.")
@agent_option
def cmd_hooks(
    action: str, target: str, scope: str, project_dir: str | None, dry_run: bool, agent: str | None
) -> int:
    """Install or remove the Claude Code hooks and MCP entry."""
    from mdrecall.agent.hooks import install, uninstall

    project = Path(project_dir).expanduser().resolve() if project_dir else Path.cwd()
    if action == "install":
        from mdrecall.files.workspace import require_workspace

        raw = workspace_path()
        if not agent:
            require_workspace(raw)
        else:  # hooks for an agent that does not exist would only ever say so: refuse now
            from mdrecall.services.agents import UnknownAgentError, resolve_agent

            try:
                resolve_agent(cli_base_config(), agent)
            except UnknownAgentError as exc:
                raise click.BadParameter(str(exc), param_hint="'--agent'") from None
        plan = install(scope, raw.resolve(), project_dir=project, agent=agent)
    else:
        plan = uninstall(scope, project_dir=project)
    for line in plan.actions:
        print(("would: " if dry_run else "") + line)
    if dry_run:
        for path, data in plan.files.items():
            print(f"\n--- {path} (after)\n{json.dumps(data, indent=2, ensure_ascii=False)}")
    else:
        plan.write()
    return 0


@command("capture")
@click.argument("transcript")
@click.option("--last", type=int, help="How many messages (default flush.capture_messages).")
@click.option("--no-index", is_flag=True, help="Do not index after writing.")
@click.option(
    "--turns", is_flag=True, help="Record every new message in memory/conversations/ and note what matters."
)
@agent_option
def cmd_capture(transcript: str, last: int | None, no_index: bool, turns: bool, agent: str | None) -> int:
    """Save the last messages of a transcript to memory/ (--turns: every message, turn by turn)."""
    from mdrecall.capture.session_end import capture_session
    from mdrecall.errors import NotFoundError, PathError

    source = Path(transcript).expanduser()
    if not source.exists():
        raise NotFoundError(f"{transcript}: no such transcript file")
    if not source.is_file():
        raise PathError(f"{transcript}: is not a file (give the path of a .jsonl transcript)")
    mem, _ = open_agent_memory(agent)
    if turns:
        from mdrecall.capture.turns import read_transcript

        with mem:
            got = mem.capture_transcript(transcript)
            if got.written and not no_index:
                mem.index()
        # Counted over the whole transcript: a second run reads nothing new, yet every message is there.
        said = [m for m in read_transcript(source)[0] if m.role in ("user", "assistant") and m.text.strip()]
        already = max(0, len(said) - got.written)

        def human_turns() -> None:
            print(f"captured {got.written} message(s) ({already} already there), noted {len(got.notes)}")
            for w in got.warnings:
                warn(w, quiet=state().quiet)

        data = {**got.to_dict(), "alreadyThere": already}
        emit(Listing(data, human=human_turns, path_key=None), state().format)
        return 0
    with mem:
        res = capture_session(mem.workspace, transcript, last_n=last or mem.config.flush.capture_messages)
        if res.path and not no_index:
            mem.index()

    def human() -> None:
        done = f"captured {res.messages} messages to {res.path}"
        print(done if res.path else f"nothing captured: {res.skipped}")
        for w in res.warnings:
            warn(w, quiet=state().quiet)

    emit(Listing(res.to_dict(), human=human), state().format)
    return 0


@command("context")
@click.option("--message", help="A user message: print the memory digest for it.")
@click.option("--budget", type=int, default=8000, show_default=True, help="Most characters to print.")
@click.option("--chat-type", help="direct (default), group, ...: MEMORY.md only in private chats.")
@click.option("--session-key", help="Session key for scope rules.")
@agent_option
def cmd_context(
    message: str | None, budget: int, chat_type: str | None, session_key: str | None, agent: str | None
) -> int:
    """Print session-start context, or a memory digest for --message."""
    from mdrecall.agent.context import memory_context, session_start_context
    from mdrecall.capture.scope import check_scope

    mem, _ = open_agent_memory(agent)
    with mem:
        if message is None:
            text = session_start_context(mem, budget_chars=budget, chat_type=chat_type)
            data: dict[str, Any] = {"context": text}
        else:
            decision = check_scope(mem.config.scope, chat_type, session_key)
            if not decision:
                raise MdrecallError(f"memory is not available here: {decision.reason}")
            digest = memory_context(mem, message, budget_chars=budget)
            text, data = digest.text, digest.to_dict()

    def human() -> None:
        if text:
            print(text.rstrip("\n"))

    emit(Listing(data, human=human, path_key=None), state().format)
    return 0


@command("dream")
@click.option("--apply", is_flag=True, help="Write MEMORY.md and DREAMS.md.")
@agent_option
def cmd_dream(apply: bool, agent: str | None) -> int:
    """Promote often-recalled notes into MEMORY.md (report only without --apply)."""
    from mdrecall.dreaming.promote import dream

    mem, _ = open_agent_memory(agent)
    with mem:
        report = dream(mem.workspace, mem.config.dreaming, apply=apply)
        if apply and report.promoted:
            mem.index()

    def human() -> None:
        verb = "promoted" if apply else "would promote"
        total = len(report.promoted) + len(report.rejected)
        print(f"{verb} {len(report.promoted)} of {total} recalled notes")
        for c in report.promoted:
            print(
                f"  + {one_line(c.citation)}  promotion score {c.score:.2f}: {one_line(shown(c.text[:100]))}"
            )
        for c in report.rejected[:10]:
            print(f"  - {one_line(c.citation)}  promotion score {c.score:.2f}: {'; '.join(c.reasons)}")
        if not apply and report.promoted:
            print("run `mdrecall dream --apply` to write them to MEMORY.md and DREAMS.md")

    emit(Listing(report.to_dict(), human=human, path_key=None), state().format)
    return 0


class _AgentRow(TypedDict):
    """One row of ``mdrecall agents``."""

    agent: str
    workspace: str
    exists: bool
    searches: list[str]


@command("agents")
def cmd_agents() -> int:
    """List configured agents and their workspaces."""
    from mdrecall.services.agents import known_agents, resolve_agent

    base = cli_base_config()
    rows: list[_AgentRow] = []
    for agent in known_agents(base):
        ws, cfg = resolve_agent(base, agent)
        rows.append(
            {
                "agent": agent,
                "workspace": str(ws),
                "exists": ws.is_dir(),
                "searches": list(cfg.scope.search_agents),
            }
        )

    def human() -> None:
        if not rows:
            print("no agents configured (add [agents.<id>] tables to the config)")
        for r in rows:
            extra = f"  also searches: {', '.join(r['searches'])}" if r["searches"] else ""
            print(f"{r['agent']:<16} {r['workspace']}{'' if r['exists'] else ' (not created yet)'}{extra}")

    columns = ["agent", "workspace", "exists", "searches"]
    emit(Listing({"agents": rows}, rows, columns=columns, human=human, path_key="workspace"), state().format)
    return 0
