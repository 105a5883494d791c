"""The QMD sidecar backend (``backend = "qmd"``): search through the ``qmd`` CLI (tobi/qmd).

QMD runs in a self-contained home per agent, ``<workspace>/.mdrecall/qmd/<agent>/`` (``HOME`` and the
``XDG_*`` folders point there, so its config, index and models never touch the user's own QMD).
Collections are made from the memory roots: ``memory`` (``memory/**/*.md``), ``root``
(``MEMORY.md``/``memory.md``) and ``extra1``, ``extra2``… for ``extra_paths``. Before the first search,
and then every ``qmd.update_interval_s``, ``qmd update`` runs (and ``qmd embed`` in the background
when ``qmd.embed`` is set). Searches run ``qmd <mode> --format json`` and become hits citing
``qmd/<collection>/<path>``, which :meth:`Memory.get` reads through :meth:`QmdBackend.get`.

A missing binary, a non-zero exit, output that is not the expected JSON, or a command running past
``qmd.timeout_s`` (its whole process group is killed) is logged; the builtin store answers that
search, and for ``update_interval_s`` afterwards QMD is not asked again. ``status`` says which
backend answered last and why QMD did not.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import shlex
import signal
import subprocess
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mdrecall.backends import Reader
from mdrecall.errors import BackendError, PathError
from mdrecall.files.workspace import MEMORY_FILE_NAMES, date_from_name
from mdrecall.models import GetResult, Hit
from mdrecall.search.snippets import citation
from mdrecall.text.query import build_keyword_query, tokenize

if TYPE_CHECKING:
    from mdrecall.config.settings import Config
    from mdrecall.files.workspace import Workspace
    from mdrecall.search.pipeline import PipelineRequest, SearchResult

__all__ = ["QmdBackend", "QmdError", "parse_results"]

log = logging.getLogger("mdrecall.qmd")
MODES = ("search", "vsearch", "query")
_HEADER = re.compile(r"^@@ -(\d+),(\d+) @@")


class QmdError(BackendError):
    """QMD could not answer (the reason is the message)."""


def parse_results(raw: str) -> list[dict[str, Any]]:
    """QMD's ``--format json`` output → its result objects; raises :class:`QmdError` if malformed."""
    try:
        data = json.loads(raw)
    except ValueError as exc:
        raise QmdError(f"unparsable output ({exc}): {raw[:120]!r}") from None
    if not isinstance(data, list) or not all(
        isinstance(r, dict) and isinstance(r.get("file"), str) and r["file"].startswith("qmd://")
        for r in data
    ):
        raise QmdError(f"unexpected output shape: {raw[:120]!r}")
    return data


def snippet_lines(item: dict[str, Any]) -> tuple[str, int, int]:
    """The snippet text and its first/last line, from QMD's ``@@ -start,count @@`` header."""
    text = str(item.get("snippet") or "")
    first, _, rest = text.partition("\n")
    m = _HEADER.match(first)
    if not m:
        line = max(1, int(item.get("line") or 1))
        return text.strip("\n"), line, line + max(0, text.strip("\n").count("\n"))
    body = rest.rstrip("\n")
    start = int(m.group(1))
    return body, start, start + max(0, min(int(m.group(2)), body.count("\n") + 1) - 1)


class QmdBackend:
    """Answers searches with the ``qmd`` CLI; declines (returns ``None``) whenever QMD fails."""

    def __init__(self, config: Config, workspace: Workspace, reader: Reader) -> None:
        self.config = config
        self.cfg = config.qmd
        self.workspace = workspace
        self._read = reader
        agent = re.sub(r"[^A-Za-z0-9_.-]+", "_", config.agent_id) or "default"
        self.home = workspace.root / ".mdrecall" / "qmd" / agent
        self.served = "builtin"
        self.error: str | None = None
        self.embed_error: str | None = None  # the background `qmd embed`'s, kept apart from searches'
        self._retry_at = 0.0
        self._updated_at = 0.0
        self._lock = threading.Lock()
        self._embedding: threading.Thread | None = None

    # ---- running qmd ------------------------------------------------------------------------------

    def _env(self) -> dict[str, str]:
        h = self.home
        return {
            **os.environ,
            "HOME": str(h),
            "XDG_CONFIG_HOME": str(h / "config"),
            "XDG_CACHE_HOME": str(h / "cache"),
            "XDG_DATA_HOME": str(h / "data"),
            "XDG_STATE_HOME": str(h / "state"),
            "NO_COLOR": "1",
        }

    def run(self, *args: str, timeout: float | None = None) -> str:
        """Run ``qmd <args>``; returns stdout or raises :class:`QmdError` with the reason."""
        argv = [*shlex.split(self.cfg.command), *args]
        limit = self.cfg.timeout_s if timeout is None else timeout
        self.home.mkdir(parents=True, exist_ok=True)
        try:
            proc = subprocess.Popen(
                argv,
                cwd=self.home,
                env=self._env(),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=True,  # so a timeout can kill qmd and the node process it spawns
            )
        except OSError as exc:
            reason = f"cannot run {argv[0]!r} ({exc.strerror or exc}); install qmd or set qmd.command"
            raise QmdError(reason) from None
        try:
            out, err = proc.communicate(timeout=limit)
        except subprocess.TimeoutExpired:
            _kill_group(proc)
            raise QmdError(f"`qmd {args[0]}` timed out after {limit:g}s") from None
        if proc.returncode != 0:
            tail = (err or out).decode("utf-8", "replace").strip().splitlines()[-1:] or ["no output"]
            raise QmdError(f"`qmd {args[0]}` exited with {proc.returncode}: {tail[0][:200]}")
        return out.decode("utf-8", "replace")

    # ---- collections and refresh --------------------------------------------------------------------

    def collections(self) -> dict[str, tuple[Path, str]]:
        """Collection name → (folder, glob mask) for the memory roots that exist now."""
        ws = self.workspace
        out: dict[str, tuple[Path, str]] = {}
        if ws.memory_dir.is_dir():
            out["memory"] = (ws.memory_dir, "**/*.md")
        names = [n for n in MEMORY_FILE_NAMES if (ws.root / n).is_file()]
        if names:
            out["root"] = (ws.root, names[0])
        for i, root in enumerate(ws.extra_roots, 1):
            if root.is_dir():
                out[f"extra{i}"] = (root, "**/*.md")
            elif root.is_file():
                out[f"extra{i}"] = (root.parent, root.name)
        return out

    def _sync_collections(self) -> None:
        state = self.home / "mdrecall-collections.json"
        try:
            known = json.loads(state.read_text())
        except (OSError, ValueError):
            known = {}
        want = {name: [str(root), mask] for name, (root, mask) in self.collections().items()}
        for name in [n for n in known if known[n] != want.get(n)]:
            try:
                self.run("collection", "remove", name)
            except QmdError as exc:
                log.info("qmd collection remove %s: %s", name, exc)
            known.pop(name)
        for name, (root, mask) in want.items():
            if name in known:
                continue
            try:
                self.run("collection", "add", root, "--name", name, "--mask", mask)
            except QmdError as exc:
                if "already exists" not in str(exc):
                    raise
                self.run("collection", "remove", name)
                self.run("collection", "add", root, "--name", name, "--mask", mask)
            known[name] = [root, mask]
        state.write_text(json.dumps(known, indent=1))

    def refresh(self, force: bool = False) -> None:
        """Make collections match the memory roots and run ``qmd update`` when due."""
        now = time.monotonic()
        if not force and self._updated_at and now - self._updated_at < self.cfg.update_interval_s:
            return
        self._sync_collections()
        self.run("update")
        self._updated_at = time.monotonic()
        if self.cfg.embed and not (self._embedding and self._embedding.is_alive()):
            self._embedding = threading.Thread(target=self._embed, name="qmd-embed", daemon=True)
            self._embedding.start()

    def _embed(self) -> None:
        try:
            self.run("embed")
        except QmdError as exc:
            log.warning("qmd embed failed: %s", exc)
            self.embed_error = str(exc)
        else:
            self.embed_error = None

    # ---- the backend protocol -----------------------------------------------------------------------

    def search(self, request: PipelineRequest) -> SearchResult | None:
        """QMD's hits for ``request``, or ``None`` (logged, remembered) when QMD cannot answer."""
        from mdrecall.search.pipeline import SearchResult

        kq = build_keyword_query(request.query)
        if request.sources and "memory" not in request.sources:
            self.served = "builtin"
            return None  # QMD only holds memory files
        with self._lock:
            if time.monotonic() < self._retry_at:
                self.served = "builtin"
                return None
            try:
                self.refresh()
                items = self._query(request)
            except QmdError as exc:
                log.warning("qmd backend failed, the builtin store answers: %s", exc)
                self.served, self.error = "builtin", str(exc)
                self._retry_at = time.monotonic() + self.cfg.update_interval_s
                return None
        self.served, self.error = "qmd", None
        hits = [h for h in (self._hit(it) for it in items) if h is not None]
        return SearchResult(hits=hits[: request.max_results], mode=f"qmd:{self._mode()}", keyword_query=kq)

    def _mode(self) -> str:
        return self.cfg.mode if self.cfg.mode in MODES else "search"

    def _query(self, request: PipelineRequest) -> list[dict[str, Any]]:
        mode = self._mode()
        # Plain words only: QMD's own syntax (quotes, -negation, typed query lines) is never triggered.
        text = " ".join(tokenize(request.query)[:64])
        if not text:
            return []
        raw = self.run(mode, "--format", "json", "-n", str(request.max_results), "--", text)
        return parse_results(raw)

    def _hit(self, item: dict[str, Any]) -> Hit | None:
        collection, _, rel = item["file"][len("qmd://") :].partition("/")
        if collection not in self.collections() or not rel:
            return None
        path = f"qmd/{collection}/{rel}"
        snippet, start, end = snippet_lines(item)
        try:
            score = max(0.0, min(1.0, float(item.get("score") or 0.0)))
        except (TypeError, ValueError):
            score = 0.0
        return Hit(
            path=path,
            start_line=start,
            end_line=end,
            score=score,
            snippet=snippet,
            source="memory",
            citation=citation(path, start, end),
            date=date_from_name(Path(rel).name),
            heading=str(item.get("title") or ""),
            snippet_start_line=start,
            snippet_end_line=end,
        )

    def owns(self, path: str) -> bool:
        """``qmd/<collection>/<path>`` paths are this backend's."""
        return isinstance(path, str) and path.startswith("qmd/")

    def workspace_key(self, path: str) -> str:
        """``qmd/<collection>/<rel>`` → the workspace key of that file (reads stay allow-listed)."""
        collection, _, rel = path[len("qmd/") :].partition("/")
        roots = self.collections()
        if collection not in roots or not rel:
            raise PathError(f"{path}: no QMD collection '{collection}' (known: {', '.join(roots) or 'none'})")
        return self.workspace.key_for(Path(os.path.abspath(roots[collection][0] / rel)))

    def get(self, path: str, from_line: int = 1, lines: int | None = None) -> GetResult:
        """Read lines of a file a QMD hit cited (through the builtin, allow-listed reader)."""
        result = self._read(self.workspace_key(path), from_line, lines)
        return GetResult(
            path,
            result.text,
            result.from_line,
            result.to_line,
            result.total_lines,
            result.next_from,
            result.truncated,
        )

    def status(self) -> dict[str, Any]:
        """Which backend answered the last search, and why QMD did not (if it did not)."""
        return {
            "backend": "qmd",
            "backend_served": self.served,
            "backend_error": self.error,
            "backend_embed_error": self.embed_error,
        }

    def close(self) -> None:
        """Nothing to stop: a running ``qmd embed`` ends at its timeout (daemon thread)."""


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except OSError:
        proc.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):  # pipes held by an orphan
        proc.communicate(timeout=5)


def create(config: Config, workspace: Workspace, reader: Reader) -> QmdBackend:
    return QmdBackend(config, workspace, reader)
