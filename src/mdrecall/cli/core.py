"""The core commands: ``init``, ``index``, ``search``, ``get``, ``ls``, ``remember``, ``status``, ``probe``.

Each parses its flags, makes one library call and formats the result (:mod:`mdrecall.cli.output`).
"""

from __future__ import annotations

import contextlib
import re
import sys
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from mdrecall.cli.app import base_config, command, load_cli_config, open_memory, state, workspace_path
from mdrecall.cli.output import Listing, emit, highlight, note, shown, text_table, warn
from mdrecall.cli.params import as_of_value, during_value
from mdrecall.models import SOURCES
from mdrecall.text.textclean import one_line

if TYPE_CHECKING:
    from mdrecall.memory import Memory

__all__ = ["parse_ref"]


def _warn_report(report: Any, limit: int = 10) -> None:
    items = [*report.warnings, *report.skipped]
    quiet = state().quiet
    for line in items[:limit]:
        warn(line, quiet=quiet)
    if len(items) > limit:
        warn(f"… and {len(items) - limit} more", quiet=quiet)


def _local_time(epoch: float | None) -> str | None:
    return datetime.fromtimestamp(epoch).isoformat(sep=" ", timespec="seconds") if epoch else None


@command("init")
@click.argument("dir", required=False)
@click.option("--dry-run", is_flag=True, help="Print what would be created, create nothing.")
def cmd_init(dir: str | None, dry_run: bool) -> int:
    """Create a workspace: MEMORY.md, today's log, templates, AGENTS.md."""
    from mdrecall.files.scaffold import init_workspace

    target = Path(dir).expanduser() if dir else workspace_path()
    actions = init_workspace(target, today=date.today(), dry_run=dry_run)
    made = sum(a.action == "create" for a in actions)
    rows = [{"path": str(a.path), "action": a.action} for a in actions]
    payload = {"workspace": str(target), "dryRun": dry_run, "files": rows}

    def human() -> None:
        verb = "would create" if dry_run else "created"
        for a in actions:
            shown_as = {"create": verb, "append": "would add to" if dry_run else "added to"}
            print(f"{shown_as.get(a.action, 'exists, kept'):>14}  {a.path}")
        kept = sum(a.action == "exists" for a in actions)
        if dry_run:
            print(f"dry run: would create {made} files and keep {kept} in {target}")
        else:
            print(f"created {made} files, kept {kept} in {target}")

    emit(Listing(payload, rows, human=human), state().format)
    return 0


@command("index")
@click.option("--force", is_flag=True, help="Re-read and re-chunk every file.")
@click.option("--estimate", is_flag=True, help="Print files, chunks, tokens, time and cost; index nothing.")
def cmd_index(force: bool, estimate: bool) -> int:
    """Index the memory files (incremental); progress on stderr (JSON lines off a terminal)."""
    st = state()
    if estimate:
        from mdrecall.services.estimate import estimate_index

        with open_memory() as mem:
            est = estimate_index(mem, force=force)
        emit(Listing(est.to_dict(), human=lambda: print(est.summary()), path_key=None), st.format)
        return 0
    with open_memory() as mem:
        bar = None
        if not st.quiet:
            from mdrecall.plugins.progress import progress_for

            bar = progress_for(sys.stderr, json_lines=st.format not in (None, "table"))
        try:
            report = mem.index(force=force, progress=bar)
        finally:
            if bar is not None:
                bar.finish()
        pending = _views_pending(mem)

    def human() -> None:
        _warn_report(report)
        print(report.summary())
        if pending:
            note(
                f"the entity and fact views of {pending:,} file(s) are built on first use (an entity query,"
                " --as-of, the first search's supersession marks) or by a running watcher or MCP server",
                quiet=st.quiet,
            )

    emit(Listing(report.to_dict(), human=human, path_key=None), st.format)
    return 0


def _plain(value: Any, nested: bool = False) -> str:
    """A status value as a person reads it: ``-`` for none, a mapping as ``key=value`` pairs (a nested
    one in parentheses)."""
    if value is None:
        return "-"
    if isinstance(value, dict):
        pairs = ", ".join(f"{k}={_plain(v, True)}" for k, v in value.items())
        return f"({pairs})" if nested else pairs or "-"
    return str(value)


#: Pending views past which a search says it builds them first (a few files build in no time).
FIRST_USE_NOTE = 200


def _views_built_elsewhere(mem: Memory) -> str | None:
    """Who builds the pending views when another thread or process does, so a search need not wait for
    them (``None``: nobody, the search builds them): a server running this command (its background build,
    started here if none runs), or the server an in-process command starts once it has answered (whose
    start may yet fail: the note says "will be", and the next search builds them if it did)."""
    from mdrecall.cli.served import served, server_to_start

    if served() is not None:
        from mdrecall.knowledge.refresh import build_in_background

        build_in_background(mem.store)
        return "are being built in the background"
    if server_to_start() and mem.config.serve.auto_start:
        return "will be built in the background by the server this search starts"
    return None


def _views_awaited(elsewhere: bool) -> contextlib.AbstractContextManager[list[int]]:
    """The block in which a search runs: one that does not wait for views built elsewhere, or as usual."""
    if not elsewhere:
        return contextlib.nullcontext([])
    from mdrecall.knowledge.refresh import views_in_background

    return views_in_background()


def _views_pending(mem: Memory) -> int:
    """How many files' entity and fact views a sync left to build on first use (0 when the index is
    damaged where they are counted: the command meets the damage next, and rebuilds the index)."""
    from mdrecall.errors import IndexCorruptError
    from mdrecall.knowledge.refresh import pending_count

    try:
        return pending_count(mem.store)
    except IndexCorruptError:
        return 0


@command("search")
@click.argument("words", nargs=-1, required=True, metavar="QUERY...")
@click.option("-n", "--max-results", type=int, help="Number of results, 1 to 1000 (default 6).")
@click.option("--min-score", type=float, help="Minimum score 0..1 (default 0.35).")
@click.option("--mode", help="hybrid (both legs, default), bm25 (keywords) or vector (meaning).")
@click.option(
    "--source",
    "sources",
    multiple=True,
    metavar="SOURCE",
    help="Only this source: memory, sessions, conversations or all (repeatable).",
)
@click.option("--path", "paths", multiple=True, metavar="GLOB", help="Only files matching (repeatable).")
@click.option("--since", metavar="DATE", help="Only dated files from this day on.")
@click.option("--until", metavar="DATE", help="Only dated files up to this day.")
@click.option("--agent", metavar="ID", help="Search this agent's own workspace ([agents.<id>]).")
@click.option(
    "--with",
    "agents",
    multiple=True,
    metavar="NAME",
    help="Merge in another memory: team, an agent of scope.search_agents, or all (repeatable).",
)
@click.option("--explain", is_flag=True, help="Show each stage's score.")
@click.option("--entity", help="Only passages mentioning this entity (or its aliases).")
@click.option(
    "--as-of", "as_of", callback=as_of_value, metavar="DATE", help="Search the files as they were on DATE."
)
@click.option(
    "--during", callback=during_value, metavar="FROM..TO", help="Only passages about days in this range."
)
def cmd_search(words: tuple[str, ...], agent: str | None, **fields: Any) -> int:
    """Search memory (the words are joined: quoting the query is optional).

    Every option but ``--agent`` is a field of :class:`mdrecall.SearchRequest` (same name), which
    checks it: a value it refuses is bad usage (exit 2) naming the option.
    """
    from mdrecall.request import RequestValueError, SearchRequest

    st = state()
    query = " ".join(words)
    try:
        req = SearchRequest.from_cli(query, **fields)
    except RequestValueError as exc:
        ctx = click.get_current_context()
        param = next((p for p in ctx.command.params if p.name == exc.field), None)
        raise click.BadParameter(str(exc), ctx=ctx, param=param) from None
    with open_memory(agent) as mem:
        pending = _views_pending(mem)
        elsewhere = _views_built_elsewhere(mem) if pending > FIRST_USE_NOTE else None
        if pending > FIRST_USE_NOTE and not elsewhere and st.format in (None, "table"):
            note(f"building the entity and fact views of {pending:,} file(s) first (once)", quiet=st.quiet)
        companions = None
        if req.agents:
            from mdrecall.services.team import close_companions, open_companions

            companions = open_companions(mem, base_config() if agent else None)
        try:
            with _views_awaited(elsewhere is not None) as skipped:
                result = mem.search_result(req, companions=companions)
        finally:
            if companions is not None:
                close_companions(companions)
    if skipped and st.format in (None, "table"):
        note(
            f"the entity and fact views of {skipped[0]:,} file(s) {elsewhere}"
            " (mdrecall status counts them): until then, older facts are not marked superseded",
            quiet=st.quiet,
        )
    if result.fallback and st.format in (None, "table"):
        note(result.fallback, quiet=st.quiet)
    if result.warning and st.format in (None, "table"):
        warn(result.warning, quiet=st.quiet)
    hits = [h.to_dict() for h in result.hits]

    def human() -> None:
        if not result.hits:
            print("no results")
            if req.filters.active or req.filters.sources:
                note("filters are on: try without --path, --source, --since or --until", quiet=st.quiet)
            return
        terms = result.keyword_query.terms
        for i, h in enumerate(result.hits, 1):
            meta = " · ".join(x for x in (h.workspace or "", h.agent or "", h.date or "", h.heading) if x)
            extra = f"  ({shown(meta)})" if meta else ""
            click.echo(f"{i}. {click.style(one_line(h.citation), fg='cyan')}  score {h.score:.2f}{extra}")
            if h.superseded:
                click.echo(f"   superseded {one_line(h.superseded)}")
            if h.also:
                click.echo(f"   also in {one_line(', '.join(h.also))}")
            if h.explain:
                click.echo("   " + "  ".join(f"{k}={v:.3f}" for k, v in h.explain.items()))
            for line in h.snippet.splitlines():
                click.echo("   " + highlight(line, terms))
            click.echo()

    payload = {"query": query, **result.to_dict()}
    columns = ["path", "startLine", "endLine", "score", "citation", "source", "date", "heading", "snippet"]
    columns += ["superseded"] if any(h.superseded for h in result.hits) else []
    columns += ["workspace", "agent"] if any(h.agent or h.workspace for h in result.hits) else []
    columns += ["explain"] if req.explain else []
    emit(Listing(payload, hits, columns=columns, human=human), st.format)
    return 0


_CITED = re.compile(r"(?P<path>.+)#L(?P<a>\d+)(?:-L?(?P<b>\d+))?")


def parse_ref(ref: str, from_line: int, lines: int | None) -> tuple[str, int, int | None]:
    """``PATH``, ``PATH:FROM``, ``PATH:FROM:COUNT`` or a citation ``PATH#L10-L20`` → (path, from, count).
    The citation's lines are read from its end, so a file named with ``#L`` in it (``2026-01-01#L2.md``,
    as search cites it: ``2026-01-01#L2.md#L4``) is read as the path it is; anything else is a path."""
    cited = _CITED.fullmatch(ref)
    if cited:
        start = int(cited["a"])
        end = int(cited["b"]) if cited["b"] else start
        return cited["path"], start, max(1, end - start + 1)
    parts = ref.split(":")
    nums: list[int] = []
    while len(parts) > 1 and len(nums) < 2 and parts[-1].isdigit():
        nums.insert(0, int(parts.pop()))
    path = ":".join(parts)
    if not nums:
        return path, from_line, lines
    return path, nums[0], nums[1] if len(nums) > 1 else lines


def _expand(mem: Any, wanted: list[tuple[str, int, int | None]]) -> list[tuple[str, int, int | None]]:
    """Paths with wildcards (``memory/2026-01-*.md``) become the indexed files they match, in order."""
    from mdrecall.errors import NotFoundError
    from mdrecall.request import SearchFilter
    from mdrecall.text.filters import has_wildcard

    out: list[tuple[str, int, int | None]] = []
    indexed: list[str] | None = None
    for path, start, count in wanted:
        if not has_wildcard(path):
            out.append((path, start, count))
            continue
        if indexed is None:
            indexed = [f.path for f in mem.files()]
        matched = [p for p in indexed if SearchFilter(paths=(path,)).keeps(p, None)]
        if not matched:
            raise NotFoundError(f"{path}: no indexed file matches (mdrecall ls lists them)")
        out += [(p, start, count) for p in matched]
    return out


def _as_printed(mem: Any, path: str) -> str:
    """``path`` as a citation prints it (a newline in a file's name written ``\\n``:
    :func:`mdrecall.text.textclean.one_line`) read back as the name it stands for, when no file has the
    name as written."""
    import json

    from mdrecall.errors import NotFoundError

    if "\\" not in path:
        return path
    try:
        plain = str(json.loads('"' + path.replace('"', '\\"') + '"'))
    except ValueError:
        return path
    if plain == path:
        return path
    try:
        mem.get(path, from_line=1, lines=1)
        return path
    except NotFoundError:
        return plain


@command("get")
@click.argument("refs", nargs=-1, required=True, metavar="PATH[:FROM[:COUNT]]...")
@click.option("--from", "from_line", type=click.IntRange(min=1), default=1, help="First line (1-based).")
@click.option("--lines", type=click.IntRange(min=1), help="How many lines (default 120).")
def cmd_get(refs: tuple[str, ...], from_line: int, lines: int | None) -> int:
    """Print lines of one or more memory files (PATH, PATH:FROM:COUNT, PATH#L10-L20 or a GLOB)."""
    st = state()
    wanted = [parse_ref(r, from_line, lines) for r in refs]
    with open_memory() as mem:
        wanted = _expand(mem, [(_as_printed(mem, path), start, count) for path, start, count in wanted])
        got = [mem.get(path, from_line=start, lines=count) for path, start, count in wanted]
    rows = [g.to_dict() for g in got]
    counted = [count is not None for _, _, count in wanted]

    def human() -> None:
        for i, g in enumerate(got):
            if len(got) > 1:
                print(f"{'' if i == 0 else chr(10)}==> {one_line(g.path)}:{g.from_line}-{g.to_line} <==")
            print(shown(g.text) if sys.stdout.isatty() else g.text)  # piped: the exact lines, like cat
            if g.truncated:
                note(
                    f"{g.path}: line {g.from_line} was cut at {len(g.text):,} characters (read.max_chars)",
                    quiet=st.quiet,
                )
            if g.next_from and not counted[i]:  # cut by the default size, not by the user's count
                note(f"more lines follow: mdrecall get {g.path}:{g.next_from}", quiet=st.quiet)

    if st.format == "md":
        for g in got:
            print(f"### {one_line(g.path)}#L{g.from_line}-L{g.to_line}\n\n{g.text}\n")
        return 0
    from mdrecall.text.filters import has_wildcard

    single = len(refs) == 1 and not has_wildcard(parse_ref(refs[0], 1, None)[0])
    payload = rows[0] if single else {"files": rows}  # one plain path: the file itself
    emit(Listing(payload, rows, human=human), st.format)
    return 0


@command("ls")
@click.option("--source", type=click.Choice(SOURCES), help="Only this source.")
@click.option("--path", "paths", multiple=True, metavar="GLOB", help="Only files matching (repeatable).")
def cmd_ls(source: str | None, paths: tuple[str, ...]) -> int:
    """List the indexed files with their chunks, dates and sizes."""
    from mdrecall.request import SearchFilter

    flt = SearchFilter(paths=tuple(p for p in paths if p.strip()))
    with open_memory() as mem:
        files = [f.to_dict() for f in mem.files(source) if flt.keeps(f.path, f.date)]
    payload = {"files": files, "count": len(files)}
    columns = ["path", "source", "chunks", "size", "modified", "date"]

    def human() -> None:
        if not files and (source or flt.paths):  # the index may hold files: none of them match
            given = [f"--source {source}"] if source else []
            print(f"no indexed files match {' '.join(given + [f'--path {p}' for p in flt.paths])}")
            return
        if not files:
            print("no indexed files (run `mdrecall index`)")
            return
        sys.stdout.write(text_table(columns, files))

    emit(Listing(payload, files, columns=columns, human=human), state().format)
    return 0


@command("remember")
@click.argument("text")
@click.option("--long-term", is_flag=True, help="Write to MEMORY.md instead of today's log.")
@click.option("--keep-secrets", is_flag=True, help="Store tokens and passwords as given (not redacted).")
def cmd_remember(text: str, long_term: bool, keep_secrets: bool) -> int:
    """Append a note to today's log (or MEMORY.md); '-' reads standard input. Secrets are redacted."""
    body = text if text != "-" else sys.stdin.read()
    with open_memory() as mem:
        res = mem.remember(body, long_term=long_term, redact=not keep_secrets)
    if res.redacted:  # the library's one redaction says what it replaced
        warn(
            f"redacted {', '.join(res.redacted)} (use --keep-secrets to store as given)", quiet=state().quiet
        )
    listing = Listing(res.to_dict(), human=lambda: print(f"remembered in {res.path}#L{res.line}"))
    emit(listing, state().format)
    return 0


@command("status")
def cmd_status() -> int:
    """Show the index state."""
    with open_memory() as mem:
        raw = mem.status().to_dict()
        root = mem.workspace.root
    data: dict[str, Any] = {}
    for key, value in raw.items():
        data[key] = value
        if key == "last_sync":
            data["last_sync_at"] = _local_time(value)
        if key == "watcher":
            data["server"] = _server(root)
    rows = [{"key": k, "value": v} for k, v in data.items()]

    def human() -> None:
        for key, value in data.items():
            if key == "last_sync":
                continue
            if key == "checked_at":
                value = _local_time(value)
            if key == "last_sync_at" and value is None:
                value = "never"
            print(f"{key:>16}: {_plain(value)}")

    emit(Listing(data, rows, columns=["key", "value"], human=human, path_key=None), state().format)
    return 0


def _server(root: Path) -> dict[str, Any]:
    """Whether a local server (``mdrecall serve``, ``watch``, the MCP server) answers this workspace's
    one-shot searches and hooks."""
    import time

    from mdrecall.agent.serve_client import call, socket_path

    how, answer = call(str(root), {"op": "ping"}, time.monotonic() + 0.5)
    if how == "answer" and answer is not None and answer.get("ok"):
        note = "one-shot search and get, and the per-turn hooks, are answered by it"
        minutes = answer.get("auto_exit_minutes")
        if answer.get("auto") is True and isinstance(minutes, (int, float)):
            idle = f"exits after {minutes:g} min idle" if minutes else "stays (serve.idle_exit_minutes = 0)"
            note = f"auto-started, {idle}; {note}"
        return {"state": "serving", "pid": answer.get("pid"), "socket": socket_path(str(root)), "note": note}
    return {
        "state": "none",
        "note": "one-shot searches run in their own process (mdrecall serve, watch or the MCP server answer"
        " them in tens of milliseconds; a search starts one unless serve.auto_start is off)",
    }


@command("probe")
@click.option("--provider", help="Embedding provider to probe instead of the configured one.")
@click.option("--rerank", is_flag=True, help="Probe the configured reranker instead.")
def cmd_probe(provider: str | None, rerank: bool) -> int:
    """Check the configured embedder end to end (model, dims, latency)."""
    ws = workspace_path()
    cfg = load_cli_config(ws if ws.is_dir() else None, provider)
    if rerank:
        from mdrecall.rerankers import probe_reranker

        found = probe_reranker(cfg.rerank)

        def human() -> None:
            where = "remote" if found["is_remote"] else "local"
            verdict = "ranks the answer first" if found["sane"] else "did NOT rank the answer first"
            print(
                f"{found['reranker']} · {where} · first call {found['cold_ms']:.0f} ms, then "
                f"{found['latency_ms']:.0f} ms · {verdict} (scores {found['scores']})"
            )

        emit(Listing(found, human=human, path_key=None), state().format)
        return 0
    from mdrecall.embedders.probe import probe

    info = probe(cfg.embedding)

    def show() -> None:
        remote = "remote" if info.get("is_remote") else "local"
        print(
            f"{info['provider']} {info['model']} · {info['dims']} dims · {remote} · "
            f"first call {info.get('cold_ms', 0):.0f} ms, then {info.get('latency_ms', 0):.0f} ms"
        )
        if info.get("fallback_used"):
            print(f"served by the fallback: {info.get('fallback_error')}")

    emit(Listing(info, human=show, path_key=None), state().format)
    return 0
