"""The core commands: ``init``, ``index``, ``search``, ``get``, ``remember``, ``status``, ``probe``.

Each parses its flags, makes one library call and formats the result (:mod:`mdrecall.cli.output`).
"""

from __future__ import annotations

import sys
from datetime import date
from pathlib import Path
from typing import Any

import click

from .app import command, load_cli_config, open_memory, state, workspace_path
from .output import note, print_json, warn

__all__: list[str] = []


class _Progress:
    """A one-line progress bar on stderr, shown only on a terminal."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.shown = False

    def __call__(self, done: int, total: int, label: str) -> None:
        if not self.enabled or total <= 0:
            return
        width = 28
        filled = int(width * done / total)
        name = label if len(label) <= 40 else "…" + label[-39:]
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {name:<40}")
        sys.stderr.flush()
        self.shown = True

    def finish(self) -> None:
        if self.shown:
            sys.stderr.write("\r" + " " * 80 + "\r")
            sys.stderr.flush()


def _warn_report(report: Any, limit: int = 10) -> None:
    items = [*report.warnings, *report.skipped]
    quiet = state().quiet
    for line in items[:limit]:
        warn(line, quiet=quiet)
    if len(items) > limit:
        warn(f"… and {len(items) - limit} more", quiet=quiet)


@command("init")
@click.argument("dir", required=False)
@click.option("--dry-run", is_flag=True, help="Print what would be created, create nothing.")
def cmd_init(dir: str | None, dry_run: bool) -> int:
    """Create a workspace: MEMORY.md, today's log, templates, AGENTS.md."""
    from ..scaffold import init_workspace

    target = Path(dir).expanduser() if dir else workspace_path()
    actions = init_workspace(target, today=date.today(), dry_run=dry_run)
    verb = "would create" if dry_run else "created"
    for a in actions:
        shown = verb if a.action == "create" else "exists, kept"
        print(f"{shown:>14}  {a.path}")
    made = sum(a.action == "create" for a in actions)
    print(f"{'dry run: ' if dry_run else ''}{made} files {verb}, {len(actions) - made} kept in {target}")
    return 0


@command("index")
@click.option("--force", is_flag=True, help="Re-read and re-chunk every file.")
def cmd_index(force: bool) -> int:
    """Index the memory files (incremental)."""
    st = state()
    with open_memory() as mem:
        bar = _Progress(sys.stderr.isatty() and not st.json and not st.quiet)
        report = mem.index(force=force, progress=bar)
        bar.finish()
    if st.json:
        print_json(report.to_dict())
    else:
        _warn_report(report)
        print(report.summary())
    return 0


@command("search")
@click.argument("query")
@click.option("-n", "--max-results", "n", type=int, help="Number of results (default 6).")
@click.option("--min-score", type=float, help="Minimum score 0..1 (default 0.35).")
@click.option("--mode", type=click.Choice(["hybrid", "bm25", "vector"]), help="Run one leg alone, or both.")
@click.option(
    "--source", type=click.Choice(["memory", "sessions", "conversations"]), help="Only this source."
)
@click.option("--explain", is_flag=True, help="Show each stage's score.")
def cmd_search(
    query: str, n: int | None, min_score: float | None, mode: str | None, source: str | None, explain: bool
) -> int:
    """Search memory."""
    st = state()
    with open_memory() as mem:
        result = mem.search_result(
            query,
            max_results=n,
            min_score=min_score,
            mode=mode,
            sources=[source] if source else None,
            explain=explain,
        )
    if st.json:
        print_json({"query": query, **result.to_dict()})
        return 0
    if result.fallback:
        note(result.fallback, quiet=st.quiet)
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


@command("get")
@click.argument("path")
@click.option("--from", "from_line", type=int, default=1, help="First line (1-based).")
@click.option("--lines", type=int, help="How many lines (default 120).")
def cmd_get(path: str, from_line: int, lines: int | None) -> int:
    """Print lines of a memory file."""
    st = state()
    with open_memory() as mem:
        res = mem.get(path, from_line=from_line, lines=lines)
    if st.json:
        print_json(res.to_dict())
        return 0
    print(res.text)
    if res.next_from:
        note(f"more lines follow: mdrecall get {res.path} --from {res.next_from}", quiet=st.quiet)
    return 0


@command("remember")
@click.argument("text")
@click.option("--long-term", is_flag=True, help="Write to MEMORY.md instead of today's log.")
def cmd_remember(text: str, long_term: bool) -> int:
    """Append a note to today's log (or MEMORY.md); '-' reads standard input."""
    body = text if text != "-" else sys.stdin.read()
    with open_memory() as mem:
        res = mem.remember(body, long_term=long_term)
    if state().json:
        print_json(res.to_dict())
    else:
        print(f"remembered in {res.path}#L{res.line}")
    return 0


@command("status")
def cmd_status() -> int:
    """Show the index state."""
    with open_memory() as mem:
        st = mem.status()
    if state().json:
        print_json(st.to_dict())
        return 0
    for key, value in st.to_dict().items():
        if isinstance(value, dict):
            value = ", ".join(f"{k}={v}" for k, v in value.items()) or "-"
        elif key in ("last_sync", "checked_at") and isinstance(value, (int, float)):
            from datetime import datetime

            value = datetime.fromtimestamp(value).strftime("%Y-%m-%d %H:%M:%S")
        print(f"{key:>16}: {value}")
    return 0


@command("probe")
@click.option("--provider", help="Embedding provider to probe instead of the configured one.")
@click.option("--rerank", is_flag=True, help="Probe the configured reranker instead.")
def cmd_probe(provider: str | None, rerank: bool) -> int:
    """Check the configured embedder end to end (model, dims, latency)."""
    ws = workspace_path()
    cfg = load_cli_config(ws if ws.is_dir() else None, provider)
    as_json = state().json
    if rerank:
        from ..rerankers import probe_reranker

        found = probe_reranker(cfg.rerank)
        if as_json:
            print_json(found)
            return 0
        where = "remote" if found["is_remote"] else "local"
        verdict = "ranks the answer first" if found["sane"] else "did NOT rank the answer first"
        print(
            f"{found['reranker']} · {where} · first call {found['cold_ms']:.0f} ms, then "
            f"{found['latency_ms']:.0f} ms · {verdict} (scores {found['scores']})"
        )
        return 0
    from ..embedders.probe import probe

    info = probe(cfg.embedding)
    if as_json:
        print_json(info)
        return 0
    remote = "remote" if info.get("is_remote") else "local"
    print(
        f"{info['provider']} {info['model']} · {info['dims']} dims · {remote} · "
        f"first call {info.get('cold_ms', 0):.0f} ms, then {info.get('latency_ms', 0):.0f} ms"
    )
    if info.get("fallback_used"):
        print(f"served by the fallback: {info.get('fallback_error')}")
    return 0
