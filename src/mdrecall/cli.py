"""The ``mdrecall`` command: a thin adapter that parses flags, calls one library method, prints.

Exit codes: 0 success, 1 an error mdrecall explains (one line on stderr), 2 bad usage,
3 an unexpected internal error, 130 interrupted.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from datetime import date
from pathlib import Path
from typing import Any

from .errors import MdrecallError

__all__ = ["main", "build_parser"]

Handler = Callable[[argparse.Namespace], int]


def _workspace(args: argparse.Namespace) -> Path:
    raw = args.workspace or os.environ.get("MDRECALL_WORKSPACE") or os.getcwd()
    return Path(raw).expanduser()


def _overrides(args: argparse.Namespace) -> dict[str, Any]:
    over: dict[str, Any] = {}
    if getattr(args, "store", None):
        over.setdefault("store", {})["backend"] = args.store
    if getattr(args, "index_path", None):
        over.setdefault("store", {})["path"] = args.index_path
    if getattr(args, "provider", None):
        over.setdefault("embedding", {})["provider"] = args.provider
    return over


def _open(args: argparse.Namespace) -> Any:
    from .config import load_config
    from .memory import Memory

    if args.config:
        os.environ["MDRECALL_CONFIG"] = args.config
    ws = _workspace(args)
    cfg = load_config(ws, overrides=_overrides(args))
    return Memory.open(ws, cfg)


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def _warn_report(report: Any, limit: int = 10) -> None:
    items = [*report.warnings, *report.skipped]
    for line in items[:limit]:
        sys.stderr.write(f"mdrecall: warning: {line}\n")
    if len(items) > limit:
        sys.stderr.write(f"mdrecall: warning: … and {len(items) - limit} more\n")


# ---- commands -----------------------------------------------------------------------------------------


def cmd_init(args: argparse.Namespace) -> int:
    from .scaffold import init_workspace

    target = Path(args.dir).expanduser() if args.dir else _workspace(args)
    actions = init_workspace(target, today=date.today(), dry_run=args.dry_run)
    verb = "would create" if args.dry_run else "created"
    for a in actions:
        shown = verb if a.action == "create" else "exists, kept"
        print(f"{shown:>14}  {a.path}")
    made = sum(a.action == "create" for a in actions)
    print(f"{'dry run: ' if args.dry_run else ''}{made} files {verb}, {len(actions) - made} kept in {target}")
    return 0


def cmd_index(args: argparse.Namespace) -> int:
    from .progress import progress_for

    if args.estimate:
        from .estimate import estimate_index

        with _open(args) as mem:
            est = estimate_index(mem)
        if args.json:
            _print_json(est.to_dict())
        else:
            print(est.summary())
        return 0
    with _open(args) as mem:
        bar = progress_for(sys.stderr, json_lines=args.json)  # JSON lines off a terminal too
        try:
            report = mem.index(force=args.force, progress=bar)
        finally:
            bar.finish()
    if args.json:
        _print_json(report.to_dict())
    else:
        _warn_report(report)
        print(report.summary())
    return 0


def cmd_search(args: argparse.Namespace) -> int:
    with _open(args) as mem:
        result = mem.search_result(
            args.query,
            max_results=args.n,
            min_score=args.min_score,
            mode=args.mode,
            sources=[args.source] if args.source else None,
            explain=args.explain,
        )
    if args.json:
        _print_json({"query": args.query, **result.to_dict()})
        return 0
    if result.fallback:
        sys.stderr.write(f"mdrecall: note: {result.fallback}\n")
    if not result.hits:
        print("no results")
        return 0
    for i, h in enumerate(result.hits, 1):
        meta = " · ".join(x for x in (h.date or "", h.heading) if x)
        print(f"{i}. {h.citation}  score {h.score:.2f}" + (f"  ({meta})" if meta else ""))
        if h.explain:
            print("   " + "  ".join(f"{k}={v:.3f}" for k, v in h.explain.items()))
        for line in h.snippet.splitlines():
            print(f"   {line}")
        print()
    return 0


def cmd_get(args: argparse.Namespace) -> int:
    with _open(args) as mem:
        res = mem.get(args.path, from_line=args.from_line, lines=args.lines)
    if args.json:
        _print_json(res.to_dict())
        return 0
    print(res.text)
    if res.next_from:
        sys.stderr.write(f"mdrecall: more lines follow: mdrecall get {res.path} --from {res.next_from}\n")
    return 0


def cmd_remember(args: argparse.Namespace) -> int:
    text = args.text if args.text != "-" else sys.stdin.read()
    with _open(args) as mem:
        res = mem.remember(text, long_term=args.long_term)
    if args.json:
        _print_json(res.to_dict())
    else:
        print(f"remembered in {res.path}#L{res.line}")
    return 0


def cmd_status(args: argparse.Namespace) -> int:
    with _open(args) as mem:
        st = mem.status()
    if args.json:
        _print_json(st.to_dict())
        return 0
    for key, value in st.to_dict().items():
        if isinstance(value, dict):
            value = ", ".join(f"{k}={v}" for k, v in value.items()) or "-"
        elif key in ("last_sync", "checked_at") and isinstance(value, (int, float)):
            from datetime import datetime

            value = datetime.fromtimestamp(value).strftime("%Y-%m-%d %H:%M:%S")
        print(f"{key:>16}: {value}")
    return 0


def cmd_probe(args: argparse.Namespace) -> int:
    from .config import load_config
    from .embedders.probe import probe

    if args.config:
        os.environ["MDRECALL_CONFIG"] = args.config
    cfg = load_config(_workspace(args) if _workspace(args).is_dir() else None, overrides=_overrides(args))
    if args.rerank:
        from .rerankers import probe_reranker

        found = probe_reranker(cfg.rerank)
        if args.json:
            _print_json(found)
            return 0
        where = "remote" if found["is_remote"] else "local"
        verdict = "ranks the answer first" if found["sane"] else "did NOT rank the answer first"
        print(
            f"{found['reranker']} · {where} · first call {found['cold_ms']:.0f} ms, then "
            f"{found['latency_ms']:.0f} ms · {verdict} (scores {found['scores']})"
        )
        return 0
    info = probe(cfg.embedding)
    if args.json:
        _print_json(info)
        return 0
    remote = "remote" if info.get("is_remote") else "local"
    print(
        f"{info['provider']} {info['model']} · {info['dims']} dims · {remote} · "
        f"first call {info.get('cold_ms', 0):.0f} ms, then {info.get('latency_ms', 0):.0f} ms"
    )
    if info.get("fallback_used"):
        print(f"served by the fallback: {info.get('fallback_error')}")
    return 0


# ---- parser -------------------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (also used by the docs test)."""
    p = argparse.ArgumentParser(prog="mdrecall", description="Markdown-first memory for AI agents.")
    p.add_argument("--workspace", "-w", help="workspace folder (default: $MDRECALL_WORKSPACE, else cwd)")
    p.add_argument("--config", help="user config file (default: ~/.config/mdrecall/config.toml)")
    p.add_argument("--store", help="store backend (default: sqlite)")
    p.add_argument("--index-path", help="index file location (default: <workspace>/.mdrecall/index.sqlite)")
    p.add_argument("--version", action="version", version=f"mdrecall {_version()}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    s = sub.add_parser("init", help="create a workspace: MEMORY.md, today's log, templates, AGENTS.md")
    s.add_argument("dir", nargs="?", help="folder to initialise (default: the workspace)")
    s.add_argument("--dry-run", action="store_true", help="print what would be created, create nothing")
    s.set_defaults(func=cmd_init)

    s = sub.add_parser("index", help="index the memory files (incremental)")
    s.add_argument("--force", action="store_true", help="re-read and re-chunk every file")
    s.add_argument(
        "--estimate", action="store_true", help="print files, chunks, tokens, time and cost; index nothing"
    )
    s.add_argument("--json", action="store_true", help="print the report as JSON (progress: JSON lines)")
    s.set_defaults(func=cmd_index)

    s = sub.add_parser("search", help="search memory")
    s.add_argument("query")
    s.add_argument("-n", "--max-results", dest="n", type=int, help="number of results (default 6)")
    s.add_argument("--min-score", type=float, help="minimum score 0..1 (default 0.35)")
    s.add_argument("--mode", choices=["hybrid", "bm25", "vector"], help="run one leg alone, or both")
    s.add_argument("--source", choices=["memory", "sessions"], help="only this source")
    s.add_argument("--explain", action="store_true", help="show each stage's score")
    s.add_argument("--json", action="store_true", help="print results as JSON")
    s.set_defaults(func=cmd_search)

    s = sub.add_parser("get", help="print lines of a memory file")
    s.add_argument("path")
    s.add_argument("--from", dest="from_line", type=int, default=1, help="first line (1-based)")
    s.add_argument("--lines", type=int, help="how many lines (default 120)")
    s.add_argument("--json", action="store_true", help="print as JSON")
    s.set_defaults(func=cmd_get)

    s = sub.add_parser("remember", help="append a note to today's log (or MEMORY.md)")
    s.add_argument("text", help="the note ('-' reads standard input)")
    s.add_argument("--long-term", action="store_true", help="write to MEMORY.md instead of today's log")
    s.add_argument("--json", action="store_true", help="print where it was written as JSON")
    s.set_defaults(func=cmd_remember)

    s = sub.add_parser("status", help="show the index state")
    s.add_argument("--json", action="store_true", help="print as JSON")
    s.set_defaults(func=cmd_status)

    s = sub.add_parser("probe", help="check the configured embedder end to end (model, dims, latency)")
    s.add_argument("--provider", help="embedding provider to probe instead of the configured one")
    s.add_argument("--rerank", action="store_true", help="probe the configured reranker instead")
    s.add_argument("--json", action="store_true", help="print as JSON")
    s.set_defaults(func=cmd_probe)

    from importlib import import_module

    for name in EXTENSION_MODULES:
        import_module(name).register(sub)
    return p


#: Modules that add subcommands: each has ``register(subparsers)``; keep them light to import
#: (handlers import what they need when they run). Handlers may use :func:`open_memory`.
EXTENSION_MODULES: tuple[str, ...] = ("mdrecall.cli_agent",)


def open_memory(args: argparse.Namespace) -> Any:
    """Open the :class:`~mdrecall.Memory` the global flags describe (for extension commands)."""
    return _open(args)


def _version() -> str:
    from . import __version__

    return __version__


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``mdrecall`` command."""
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Handler = args.func
    try:
        return handler(args)
    except MdrecallError as exc:
        sys.stderr.write(f"mdrecall: error: {exc}\n")
        return 1
    except KeyboardInterrupt:
        sys.stderr.write("mdrecall: interrupted\n")
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # noqa: BLE001 - the last line of defence: one line, never a traceback
        if os.environ.get("MDRECALL_DEBUG"):
            raise
        sys.stderr.write(
            f"mdrecall: internal error: {type(exc).__name__}: {exc} (set MDRECALL_DEBUG=1 for details)\n"
        )
        return 3


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
