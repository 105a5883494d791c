"""Health checks of a workspace and its set-up, each one a small function returning a :class:`Check`.

``run_checks`` runs them in order: workspace, config files, index (schema, files in sync), full-text
index, vector coverage, watcher, per-prompt recall, embedding model / provider, and the MCP entry in
Claude Code. A check that cannot run because an earlier one failed is ``skip``; nothing here raises
for a failed check.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from mdrecall.config.settings import Config
from mdrecall.errors import IndexCorruptError, MdrecallError

__all__ = ["Check", "run_checks"]


@dataclass(frozen=True)
class Check:
    """One check: ``status`` is ``ok``, ``warn``, ``fail`` or ``skip``; ``hint`` says what to do."""

    name: str
    status: str
    detail: str
    hint: str = ""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


def run_checks(
    workspace: Path,
    config: Config,
    *,
    overrides: Mapping[str, Any] | None = None,
    project_dir: Path | None = None,
    home: Path | None = None,
    model: bool = True,
    user_file: str | None = None,
) -> Iterator[Check]:
    """Yield every check for ``workspace`` (``model=False`` skips loading the embedding model)."""
    from mdrecall.files.workspace import require_workspace

    try:
        require_workspace(workspace, config.extra_paths)
        yield _workspace(workspace, config)
        found = True
    except MdrecallError as exc:
        hint = f"mdrecall init {workspace}" if exc.next_step == "init" else ""
        yield Check("workspace", "fail", str(exc), hint)
        found = False
    yield from _config_files(workspace if found else None, config, overrides, user_file)
    if found:
        yield from _git_ignores(workspace)
    mem = None
    if found:
        try:
            from mdrecall.memory import Memory

            mem = Memory.open(workspace, config)
        except MdrecallError as exc:
            yield Check("index", "fail", str(exc), _open_hint(exc))
    if mem is None:
        for name in ("index", "full-text", "vectors", "watcher"):
            if found and name == "index":
                continue
            yield Check(name, "skip", "no index to check")
    else:
        with mem:
            yield from _index_checks(mem)
            yield _watcher(mem)
    if found:
        yield _recall(workspace, config)
    yield _embedder(config, model)
    yield _mcp_entry(project_dir or Path.cwd(), home or Path.home())


def _git_ignores(workspace: Path) -> Iterator[Check]:
    """In a git workspace: ``.mdrecall/`` and ``memory/.dreams/`` tracked or not ignored is a warning (a
    ``git add -A`` would commit the index, and with it every string a forget removed, for good)."""
    import shutil
    import subprocess

    from mdrecall.files.scaffold import DERIVED_PATHS

    git = shutil.which("git")
    if git is None:
        return

    def run(*args: str) -> subprocess.CompletedProcess[str] | None:
        try:
            return subprocess.run(
                [git, "-C", str(workspace), *args], capture_output=True, text=True, timeout=30
            )
        except (OSError, subprocess.SubprocessError):
            return None

    top = run("rev-parse", "--show-toplevel")
    if top is None or top.returncode != 0:
        return
    problems: list[str] = []
    for rel in DERIVED_PATHS:
        tracked = run("ls-files", "--", rel)
        if tracked is not None and tracked.stdout.strip():
            problems.append(f"{rel} is tracked")
            continue
        ignored = run("check-ignore", "-q", "--no-index", rel.rstrip("/") + "/x")
        if ignored is not None and ignored.returncode == 1:
            problems.append(f"{rel} is not ignored")
    if not problems:
        yield Check("git", "ok", "the index and the recall log are kept out of git")
        return
    hint = "add them to .gitignore (`mdrecall init` does); then `git rm -r --cached .mdrecall memory/.dreams`"
    yield Check(
        "git", "warn", "; ".join(problems) + " (a commit would keep the index and what it held)", hint
    )


def _workspace(workspace: Path, config: Config) -> Check:
    from mdrecall.files.workspace import Workspace

    links = Workspace(workspace, config.extra_paths).skipped_links()
    if links:
        hint = "mdrecall never follows symlinks: move the file or folder itself into the workspace"
        return Check("workspace", "warn", f"{workspace.resolve()}: " + "; ".join(links), hint)
    return Check("workspace", "ok", f"{workspace.resolve()}")


def _config_files(
    workspace: Path | None, config: Config, overrides: Mapping[str, Any] | None, user_file: str | None
) -> Iterator[Check]:
    from mdrecall.config.sources import config_report

    try:
        report = config_report(config, workspace, overrides, user_file=user_file)
    except MdrecallError as exc:
        yield Check("config", "fail", str(exc), "fix or remove the file")
        return
    found = [f"{f.role} {f.path}" for f in report.files if f.found]
    missing = [f"{f.role} {f.path}" for f in report.files if not f.found]
    changed = sorted(k for k, o in report.origins.items() if o != "default")
    detail = "found: " + (", ".join(found) or "none (defaults)")
    if missing:
        detail += "; not present: " + ", ".join(missing)
    if changed:
        detail += "; set: " + ", ".join(f"{k} ({report.origins[k]})" for k in changed)
    yield Check("config", "ok", detail)


def _open_hint(exc: Exception) -> str:
    """What to do when the index cannot be opened: the store's own advice, or check the folder."""
    if "not an mdrecall index" in str(exc) or "a file is in its place" in str(exc):
        return "move that file out of the way, or set store.path to another file"
    return "check store.path and its folder's permissions"


def _index_checks(mem: Any) -> Iterator[Check]:
    try:
        st = mem.status()
    except IndexCorruptError as exc:  # damage that reading the counts already meets: a check, not a crash
        hint = "mdrecall index (moves the damaged file aside and rebuilds the index from the Markdown)"
        yield Check("index", "fail", f"{mem.store.description}: damaged ({exc})", hint)
        return
    detail = f"{mem.store.description}, schema {st.schema_version}, {st.files} files, {st.chunks} chunks"
    rebuilt = getattr(mem.store, "rebuilt_from", None)
    if rebuilt:  # opening it found damage: a new index was started, to be filled from the Markdown
        detail += f"; it was damaged and has been started afresh: {rebuilt}"
    damage = _damage(mem.store)
    skipped = getattr(mem.store, "verify_skipped", None)
    unchecked = (  # said, so that "ok" is not read as "checked for damage"
        f"; not checked for damage now ({skipped}): run `mdrecall doctor` again when it is idle"
        if skipped
        else ""
    )
    if damage:
        hint = "mdrecall index (moves the damaged file aside and rebuilds the index from the Markdown)"
        yield Check("index", "fail", f"{detail}; {damage}", hint)
    elif st.files == 0:
        yield Check("index", "warn", detail + ": nothing indexed yet" + unchecked, "mdrecall index")
    elif st.dirty_files:
        yield Check(
            "index", "warn", f"{detail}; {st.dirty_files} files changed since{unchecked}", "mdrecall index"
        )
    else:
        yield Check("index", "ok", detail + ", in sync with the files" + unchecked)
    yield _fts(mem, st.chunks)
    yield _vectors(mem, st)


def _damage(store: Any) -> str | None:
    """What SQLite's ``quick_check`` and FTS5's own check find wrong with the index file (the check
    ``index`` runs), or None.

    Searches meet damage only where a query reads it, so without this a damaged index passed every
    check here while ``index`` moved it aside on its next run.
    """
    from mdrecall.errors import IndexCorruptError
    from mdrecall.stores.base import SupportsRecovery

    if not isinstance(store, SupportsRecovery):
        return None
    try:
        store.verify()
    except IndexCorruptError as exc:
        return str(exc)
    return None


def _fts(mem: Any, chunks: int) -> Check:
    from mdrecall.text.query import build_keyword_query

    if not chunks:
        return Check("full-text", "skip", "no chunks yet")
    try:
        sample = mem.store.search_text(build_keyword_query("memory note"), 1)
    except Exception as exc:  # noqa: BLE001 - a broken FTS table is what this check looks for
        return Check("full-text", "fail", f"full-text query failed: {exc}", "mdrecall index --force")
    return Check("full-text", "ok", f"{chunks} chunks searchable (sample query: {len(sample)} hit)")


def _vectors(mem: Any, st: Any) -> Check:
    if mem.config.embedding.provider == "none" or mem.config.search.mode == "bm25":
        return Check("vectors", "skip", "embeddings are off: keyword search only")
    if not st.chunks:
        return Check("vectors", "skip", "no chunks yet")
    share = st.vectors / st.chunks if st.chunks else 0.0
    detail = f"{st.vectors} of {st.chunks} chunks have vectors ({share:.0%})"
    if share < 1.0:
        return Check("vectors", "warn", detail, "mdrecall index (embeds what is missing)")
    return Check("vectors", "ok", detail)


def _watcher(mem: Any) -> Check:
    from mdrecall.services.watch import watcher_health

    health = watcher_health(mem.store)
    state = health.get("state", "unknown")
    detail = f"{state}" + (f": {health['note']}" if health.get("note") else "")
    if state in ("watching", "polling", "starting"):
        return Check("watcher", "ok", detail)
    if state in ("stale", "failed", "unknown"):
        return Check("watcher", "warn", detail, "restart `mdrecall watch` or `mdrecall mcp`")
    return Check("watcher", "ok", detail)


def _recall(workspace: Path, config: Config) -> Check:
    """The ``UserPromptSubmit`` hook's recall: its time over the recent prompts and how often it
    injected (``.mdrecall/recall-stats.json``); a warning when it runs into its deadline."""
    from mdrecall.index.recall_stats import summary

    cfg = config.recall
    if not cfg.enabled:
        return Check("recall", "skip", "recall.enabled is off: prompts get no memories unasked")
    st = summary(workspace)
    n = st["recent"]
    if not n:
        return Check("recall", "skip", "no prompt recalled yet (the UserPromptSubmit hook records each one)")
    detail = (
        f"p50 {st['p50_ms']:.0f} ms, p95 {st['p95_ms']:.0f} ms over {n} prompts, "
        f"injected in {st['recent_injected']}"
    )
    late = st["recent_deadline"]
    if late:
        detail += f", {late} ran into recall.deadline_ms = {cfg.deadline_ms}"
    if st["p95_ms"] > cfg.deadline_ms or late * 2 > n:
        hint = "raise recall.deadline_ms, or turn recall off (recall.enabled = false)"
        return Check("recall", "warn", detail, hint)
    return Check("recall", "ok", detail)


def _embedder(config: Config, model: bool) -> Check:
    emb = config.embedding
    if emb.provider == "none":
        return Check("embedder", "skip", "embedding.provider = none")
    if not model:
        return Check("embedder", "skip", f"{emb.provider}: not loaded (--no-model)")
    from mdrecall.embedders.probe import probe

    try:
        info = probe(emb)
    except MdrecallError as exc:
        return Check("embedder", "fail", str(exc), "mdrecall probe shows the details")
    where = "remote, reachable" if info.get("is_remote") else "local, loads"
    detail = f"{info['provider']} {info['model']} ({info['dims']} dims, {where}, {info['latency_ms']:.0f} ms)"
    if info.get("fallback_used"):
        return Check("embedder", "warn", f"{detail}: served by the fallback ({info.get('fallback_error')})")
    return Check("embedder", "ok", detail)


def _mcp_entry(project: Path, home: Path) -> Check:
    places: list[tuple[Path, Callable[[dict[str, Any]], Any]]] = [
        (project / ".mcp.json", lambda d: d.get("mcpServers", {})),
        (home / ".claude.json", lambda d: d.get("mcpServers", {})),
    ]
    for path, servers in places:
        if not path.is_file():
            continue
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            return Check("mcp", "warn", f"{path}: unreadable ({exc})", "fix the JSON file")
        entry = servers(data).get("mdrecall") if isinstance(data, dict) else None
        if entry:
            cmd = " ".join([str(entry.get("command", "")), *map(str, entry.get("args", []))]).strip()
            return Check("mcp", "ok", f"Claude Code runs `{cmd}` ({path})")
    where = f"{project / '.mcp.json'} or {home / '.claude.json'}"
    return Check("mcp", "skip", f"no mdrecall entry in {where}", "mdrecall hooks install claude-code")
