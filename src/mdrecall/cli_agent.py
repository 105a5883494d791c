"""Agent commands of the ``mdrecall`` CLI: ``mcp``, ``watch``, ``hook``, ``hooks``, ``capture``, ``context``,
``dream`` and ``agents``. Thin adapters: each parses flags, calls the library, prints. Heavy modules
(the MCP SDK, watchdog) are imported inside the handlers, so ``mdrecall`` starts fast for hooks.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

__all__ = ["register"]


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def _base_config(args: argparse.Namespace) -> Any:
    from .config import load_config

    if args.config:
        os.environ["MDRECALL_CONFIG"] = args.config
    over: dict[str, Any] = {}
    if args.store:
        over.setdefault("store", {})["backend"] = args.store
    if args.index_path:
        over.setdefault("store", {})["path"] = args.index_path
    ws = args.workspace or os.environ.get("MDRECALL_WORKSPACE")
    return load_config(Path(ws).expanduser() if ws else None, overrides=over)


def _open(args: argparse.Namespace) -> tuple[Any, Any]:
    """The Memory the flags describe (``--agent`` picks an agent's own workspace), and the base config."""
    from .cli import open_memory

    agent = getattr(args, "agent", None) or os.environ.get("MDRECALL_AGENT_ID")
    if not agent:
        mem = open_memory(args)
        return mem, mem.config
    from .agents import open_agent

    base = _base_config(args)
    return open_agent(agent, base), base


def _add_agent(s: argparse.ArgumentParser) -> None:
    s.add_argument("--agent", help="agent id: use that agent's own workspace and config ([agents.<id>])")


# ---- handlers -----------------------------------------------------------------------------------------


def cmd_mcp(args: argparse.Namespace) -> int:
    from .agent.tools import MemoryTools
    from .agents import open_search_agents
    from .mcp_server import serve

    mem, base = _open(args)
    others = open_search_agents(mem, base)
    try:
        tools = MemoryTools(mem, chat_type=args.chat_type, session_key=args.session_key, others=others)
        token = args.token or os.environ.get("MDRECALL_MCP_TOKEN") or None
        serve(
            mem,
            http=args.http,
            host=args.host,
            port=args.port,
            token=token,
            allow_remote=args.allow_remote,
            watch=not args.no_watch,
            tools=tools,
        )
    finally:
        for m in [mem, *others.values()]:
            m.close()
    return 0


def cmd_watch(args: argparse.Namespace) -> int:
    import signal
    import threading

    from .backfill import Backfiller
    from .watch import Watcher, watch_targets

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())

    def show(report: Any) -> None:
        if args.json:
            sys.stdout.write(json.dumps(report.to_dict(), ensure_ascii=False) + "\n")
        else:
            print(f"re-indexed: {report.summary()}")
        sys.stdout.flush()

    mem, _ = _open(args)
    with mem:
        show(mem.index())
        backend = "polling" if args.polling else None
        backfill = Backfiller(mem).start()  # resumes an embedding run a provider outage stopped
        watcher = Watcher(
            mem,
            debounce_s=args.debounce,
            backend=backend,
            on_sync=show,
            initial_sync=False,
            backfill=backfill,
        ).start()
        folders = ", ".join(str(p) for p, _ in watch_targets(mem))
        note = f" ({watcher.state['note']})" if watcher.state["note"] else ""
        sys.stderr.write(f"mdrecall: watching {folders} [{watcher.state['backend']}]{note}; Ctrl-C stops\n")
        try:
            while not stop.wait(0.5):
                pass
        except KeyboardInterrupt:
            pass
        finally:
            watcher.stop()
            backfill.stop()
    return 0


def cmd_hook(args: argparse.Namespace) -> int:
    from .agent.hooks import handle_hook

    raw = "" if sys.stdin is None or sys.stdin.isatty() else sys.stdin.read()
    try:
        payload = json.loads(raw) if raw.strip() else {}
    except ValueError:
        payload = {}
    mem, _ = _open(args)
    with mem:
        out, notes = handle_hook(
            mem, args.event, payload if isinstance(payload, dict) else {}, budget_chars=args.budget
        )
    if out:
        sys.stdout.write(out + "\n")
    for line in notes:
        sys.stderr.write(f"mdrecall: {line}\n")
    return 0


def cmd_hooks(args: argparse.Namespace) -> int:
    from .agent.hooks import install, uninstall

    scope = "user" if args.user else "project"
    project = Path(args.dir).expanduser().resolve() if args.dir else Path.cwd()
    if args.action == "install":
        ws = (
            Path(args.workspace or os.environ.get("MDRECALL_WORKSPACE") or os.getcwd()).expanduser().resolve()
        )
        plan = install(scope, ws, project_dir=project, agent=args.agent)
    else:
        plan = uninstall(scope, project_dir=project)
    for line in plan.actions:
        print(("would: " if args.dry_run else "") + line)
    if args.dry_run:
        for path, data in plan.files.items():
            print(f"\n--- {path} (after)\n{json.dumps(data, indent=2, ensure_ascii=False)}")
    else:
        plan.write()
    return 0


def cmd_capture(args: argparse.Namespace) -> int:
    from .agent.capture import capture_session

    mem, _ = _open(args)
    with mem:
        n = args.last or mem.config.flush.capture_messages
        res = capture_session(mem.workspace, args.transcript, last_n=n)
        if res.path and not args.no_index:
            mem.index()
    if args.json:
        _print_json(res.to_dict())
    else:
        print(
            f"captured {res.messages} messages to {res.path}"
            if res.path
            else f"nothing captured: {res.skipped}"
        )
        for w in res.warnings:
            sys.stderr.write(f"mdrecall: warning: {w}\n")
    return 0


def cmd_context(args: argparse.Namespace) -> int:
    from .agent.context import memory_context, session_start_context
    from .agent.scope import check_scope
    from .errors import MdrecallError

    mem, _ = _open(args)
    with mem:
        if args.message is None:
            text = session_start_context(mem, budget_chars=args.budget, chat_type=args.chat_type)
            data: dict[str, Any] = {"context": text}
        else:
            decision = check_scope(mem.config.scope, args.chat_type, args.session_key)
            if not decision:
                raise MdrecallError(f"memory is not available here: {decision.reason}")
            digest = memory_context(mem, args.message, budget_chars=args.budget)
            text, data = digest.text, digest.to_dict()
    if args.json:
        _print_json(data)
    elif text:
        print(text.rstrip("\n"))
    return 0


def cmd_dream(args: argparse.Namespace) -> int:
    from .agent.dreaming import dream

    mem, _ = _open(args)
    with mem:
        report = dream(mem.workspace, mem.config.dreaming, apply=args.apply)
        if args.apply and report.promoted:
            mem.index()
    if args.json:
        _print_json(report.to_dict())
        return 0
    verb = "promoted" if args.apply else "would promote"
    print(f"{verb} {len(report.promoted)} of {len(report.promoted) + len(report.rejected)} recalled notes")
    for c in report.promoted:
        print(f"  + {c.citation}  score {c.score:.2f}: {c.text[:100]}")
    for c in report.rejected[:10]:
        print(f"  - {c.citation}  score {c.score:.2f}: {'; '.join(c.reasons)}")
    if not args.apply and report.promoted:
        print("run `mdrecall dream --apply` to write them to MEMORY.md and DREAMS.md")
    return 0


def cmd_agents(args: argparse.Namespace) -> int:
    from .agents import agent_ids, resolve_agent

    base = _base_config(args)
    rows = []
    for agent in agent_ids(base):
        ws, cfg = resolve_agent(base, agent)
        rows.append(
            {
                "agent": agent,
                "workspace": str(ws),
                "exists": ws.is_dir(),
                "searches": list(cfg.scope.search_agents),
            }
        )
    if args.json:
        _print_json(rows)
    elif not rows:
        print("no agents configured (add [agents.<id>] tables to the config)")
    for r in [] if args.json else rows:
        extra = f"  also searches: {', '.join(r['searches'])}" if r["searches"] else ""
        print(f"{r['agent']:<16} {r['workspace']}{'' if r['exists'] else ' (not created yet)'}{extra}")
    return 0


# ---- parser -------------------------------------------------------------------------------------------


def register(sub: Any) -> None:
    """Add the agent commands to the ``mdrecall`` parser."""
    s = sub.add_parser("mcp", help="run the MCP server (stdio; --http for streamable HTTP)")
    s.add_argument("--http", action="store_true", help="serve streamable HTTP instead of stdio")
    s.add_argument("--host", default="127.0.0.1", help="HTTP bind address (default 127.0.0.1)")
    s.add_argument("--port", type=int, default=8765, help="HTTP port (default 8765)")
    s.add_argument("--token", help="bearer token required on HTTP requests (default: $MDRECALL_MCP_TOKEN)")
    s.add_argument("--allow-remote", action="store_true", help="allow a non-loopback --host (needs a token)")
    s.add_argument("--no-watch", action="store_true", help="do not watch the files while serving")
    s.add_argument("--chat-type", help="chat type of the host conversation for scope rules (default direct)")
    s.add_argument("--session-key", help="session key of the host conversation for scope rules")
    _add_agent(s)
    s.set_defaults(func=cmd_mcp)

    s = sub.add_parser("watch", help="watch the memory files and re-index on change")
    s.add_argument("--debounce", type=float, help="seconds of quiet before re-indexing (default 1.5)")
    s.add_argument("--polling", action="store_true", help="poll file stats instead of OS events")
    s.add_argument("--json", action="store_true", help="print one JSON report per re-index")
    _add_agent(s)
    s.set_defaults(func=cmd_watch)

    s = sub.add_parser("hook", help="run a Claude Code hook (reads the hook JSON on stdin)")
    s.add_argument("event", choices=["session-start", "pre-compact", "session-end"])
    s.add_argument("--budget", type=int, default=8000, help="session-start context size in characters")
    _add_agent(s)
    s.set_defaults(func=cmd_hook)

    s = sub.add_parser("hooks", help="install or remove the Claude Code hooks and MCP entry")
    s.add_argument("action", choices=["install", "uninstall"])
    s.add_argument("target", choices=["claude-code"], help="the agent to configure")
    where = s.add_mutually_exclusive_group()
    where.add_argument("--project", action="store_true", help=".claude/settings.json and .mcp.json (default)")
    where.add_argument("--user", action="store_true", help="~/.claude/settings.json and ~/.claude.json")
    s.add_argument("--dir", help="project folder for --project (default: current folder)")
    s.add_argument("--dry-run", action="store_true", help="print what would change, write nothing")
    _add_agent(s)
    s.set_defaults(func=cmd_hooks)

    s = sub.add_parser("capture", help="save the last messages of a transcript to memory/")
    s.add_argument("transcript", help="JSONL transcript file")
    s.add_argument("--last", type=int, help="how many messages (default flush.capture_messages)")
    s.add_argument("--no-index", action="store_true", help="do not index after writing")
    s.add_argument("--json", action="store_true", help="print the result as JSON")
    _add_agent(s)
    s.set_defaults(func=cmd_capture)

    s = sub.add_parser("context", help="print session-start context, or a memory digest for --message")
    s.add_argument("--message", help="a user message: print the memory digest for it")
    s.add_argument("--budget", type=int, default=8000, help="most characters to print (default 8000)")
    s.add_argument("--chat-type", help="direct (default), group, ...: MEMORY.md only in private chats")
    s.add_argument("--session-key", help="session key for scope rules")
    s.add_argument("--json", action="store_true", help="print as JSON")
    _add_agent(s)
    s.set_defaults(func=cmd_context)

    s = sub.add_parser(
        "dream", help="promote often-recalled notes into MEMORY.md (report only without --apply)"
    )
    s.add_argument("--apply", action="store_true", help="write MEMORY.md and DREAMS.md")
    s.add_argument("--json", action="store_true", help="print the report as JSON")
    _add_agent(s)
    s.set_defaults(func=cmd_dream)

    s = sub.add_parser("agents", help="list configured agents and their workspaces")
    s.add_argument("--json", action="store_true", help="print as JSON")
    s.set_defaults(func=cmd_agents)
