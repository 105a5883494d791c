"""The :class:`Memory` facade: one workspace, its config, its store, and every operation on them."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from .config import Config, load_config
from .errors import MdrecallError, NotFoundError, PathError
from .indexer import sync_files
from .models import GetResult, Hit, IndexReport, ProgressCallback, Status
from .search import SearchRequest, SearchResult, VectorLeg, run_search
from .stores.base import Store, open_store
from .workspace import Workspace, now_local

__all__ = ["Memory", "RememberResult"]


@dataclass(frozen=True)
class RememberResult:
    """Where ``remember`` wrote: the file key and the 1-based line of the new entry."""

    path: str
    line: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"path": self.path, "line": self.line}


class Memory:
    """An agent's memory: Markdown files in a workspace, indexed for search.

    Open with :meth:`Memory.open`; use as a context manager or call :meth:`close`.
    """

    def __init__(self, workspace: Workspace, config: Config, store: Store) -> None:
        self.workspace = workspace
        self.config = config
        self.store = store
        self._sync_lock = threading.Lock()

    @classmethod
    def open(
        cls,
        workspace: str | os.PathLike[str],
        config: Config | None = None,
        *,
        store: Store | None = None,
    ) -> Memory:
        """Open a workspace. ``config`` defaults to the files and environment (see :mod:`mdrecall.config`)."""
        root = Path(workspace).expanduser()
        cfg = config if config is not None else load_config(root)
        ws = Workspace(root, cfg.extra_paths)
        return cls(ws, cfg, store if store is not None else open_store(cfg, str(ws.root)))

    # ---- indexing ---------------------------------------------------------------------------------

    def index(self, force: bool = False, progress: ProgressCallback | None = None) -> IndexReport:
        """Bring the index up to date with the files (``force`` re-chunks everything)."""
        with self._sync_lock:
            report = sync_files(self.workspace, self.store, self.config, force=force, progress=progress)
            rebuilt = getattr(self.store, "rebuilt_from", None)
            if rebuilt:
                report.warnings.append(f"the index was unreadable and has been rebuilt: {rebuilt}")
                self.store.rebuilt_from = None  # type: ignore[attr-defined]
            return report

    # ---- search -----------------------------------------------------------------------------------

    def search(
        self,
        query: str,
        max_results: int | None = None,
        min_score: float | None = None,
        *,
        mode: str | None = None,
        sources: Sequence[str] | None = None,
        explain: bool = False,
        today: date | None = None,
    ) -> list[Hit]:
        """Search memory; returns up to ``max_results`` hits scoring at least ``min_score``."""
        return self.search_result(
            query, max_results, min_score, mode=mode, sources=sources, explain=explain, today=today
        ).hits

    def search_result(
        self,
        query: str,
        max_results: int | None = None,
        min_score: float | None = None,
        *,
        mode: str | None = None,
        sources: Sequence[str] | None = None,
        explain: bool = False,
        today: date | None = None,
    ) -> SearchResult:
        """Like :meth:`search`, with how the hits were found (mode, provider, fallback)."""
        if not isinstance(query, str):
            raise MdrecallError("query must be a string")
        cfg = self.config.search
        if self.config.index.sync_on_search:
            self.index()
        req = SearchRequest(
            query=query,
            max_results=max(1, int(max_results if max_results is not None else cfg.max_results)),
            min_score=float(min_score if min_score is not None else cfg.min_score),
            mode=mode or cfg.mode,
            sources=sources,
            explain=explain,
            today=today,
        )
        return run_search(self.store, req, cfg, self._vector_leg(query, req.mode))

    def _vector_leg(self, query: str, mode: str) -> VectorLeg | None:
        """The embedded query for the vector leg (no embedder → ``None``)."""
        return None

    # ---- reading and writing files ---------------------------------------------------------------

    def get(self, path: str, from_line: int = 1, lines: int | None = None) -> GetResult:
        """Read lines of a memory file (``MEMORY.md``, ``memory/**``, extra paths; ``.md`` only)."""
        target = self.workspace.resolve_readable(path)
        limit = self.config.read
        count = limit.max_lines if lines is None else max(1, min(int(lines), 10_000))
        start = max(1, int(from_line))
        try:
            raw = target.read_bytes()
        except FileNotFoundError:
            raise NotFoundError(f"{path}: no such memory file") from None
        except IsADirectoryError:
            raise PathError(f"{path}: is a folder, not a file") from None
        except OSError as exc:
            raise PathError(f"{path}: cannot read ({exc.strerror or exc})") from exc
        all_lines = raw.decode("utf-8", errors="replace").replace("\x00", "").splitlines()
        total = len(all_lines)
        chosen: list[str] = []
        size = 0
        end = start - 1
        for i in range(start - 1, min(total, start - 1 + count)):
            line = all_lines[i]
            if chosen and size + len(line) + 1 > limit.max_chars:
                break
            if not chosen and len(line) > limit.max_chars:
                line = line[: limit.max_chars]
            chosen.append(line)
            size += len(line) + 1
            end = i + 1
        next_from = end + 1 if end < total else None
        return GetResult(self.workspace.key_for(target), "\n".join(chosen), start, end, total, next_from)

    def remember(self, text: str, long_term: bool = False, *, now: datetime | None = None) -> RememberResult:
        """Append a note to today's log (or to ``MEMORY.md`` with ``long_term``); never rewrites."""
        body = (text or "").strip()
        if not body:
            raise MdrecallError("nothing to remember: the text is empty")
        when = now or now_local()
        if long_term:
            target = self.workspace.root / "MEMORY.md"
            section = "## Remembered"
            entry = "- " + body.replace("\n", "\n  ") + f" _({when.date().isoformat()})_\n"

            def compose(heading: str | None, is_new: bool) -> tuple[str, str]:
                head = "# Long-term memory\n" if is_new else ""
                return head + ("" if heading == section else f"\n{section}\n\n"), entry

        else:
            target = self.workspace.daily_path(when.date())

            def compose(heading: str | None, is_new: bool) -> tuple[str, str]:
                head = f"# {when.date().isoformat()}\n" if is_new else ""
                return head, f"\n## {when.strftime('%H:%M')}\n\n{body}\n"

        line = self.workspace.append(target, compose)
        return RememberResult(self.workspace.key_for(target), line)

    # ---- status and lifecycle ---------------------------------------------------------------------

    def status(self) -> Status:
        """Counts, dirty files, last sync time and the store in use."""
        counts = self.store.counts()
        indexed = self.store.file_records(source="memory")
        on_disk = {f.key: f for f in self.workspace.discover()}
        dirty = sum(
            1
            for k, f in on_disk.items()
            if k not in indexed or indexed[k].mtime_ns != f.mtime_ns or indexed[k].size != f.size
        ) + len(indexed.keys() - on_disk.keys())
        last = self.store.get_meta("last_sync")
        return Status(
            workspace=str(self.workspace.root),
            store=self.store.description,
            files=counts["files"],
            chunks=counts["chunks"],
            vectors=counts["vectors"],
            dirty_files=dirty,
            last_sync=float(last) if last else None,
            embedder=None,
            schema_version=self.store.schema_version(),
            extra={"cache_entries": counts["cache"], "checked_at": time.time()},
        )

    def close(self) -> None:
        """Close the store."""
        self.store.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()
