"""The :class:`Memory` facade: one workspace, its config, its store, and every operation on them."""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from .backends import open_backend
from .config import Config, load_config
from .errors import MdrecallError, NotFoundError, PathError
from .indexer import sync_files
from .models import GetResult, Hit, IndexReport, ProgressCallback, Status
from .search import RerankStage, SearchRequest, SearchResult, run_search
from .sessions import read_session, sessions_status, sync_sessions
from .stores.base import Store, open_store, sync_guard
from .vectorize import (
    COMPLETE_KEY,
    embed_missing,
    embedder_label,
    get_embedder,
    load_rate,
    local_only_checker,
    query_vector,
    vector_coverage,
    vectors_behind_note,
)
from .watch import watcher_health
from .workspace import Workspace, now_local

if TYPE_CHECKING:
    from .embedders.base import Embedder
    from .rerankers import Reranker

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
        self._embed_lock = threading.Lock()
        self._search_count = 0
        self._search_count_lock = threading.Lock()
        self._no_searches = threading.Event()
        self._no_searches.set()
        self._embedder: Any = None
        self._embedder_error: str | None = None
        self._embedder_loaded = False
        self._reranker: Reranker | None = None
        self._rerank_error: str | None = None
        self._rerank_loaded = False
        # config.backend (e.g. "qmd") may answer searches first; None = the builtin store only.
        self.backend = open_backend(config, workspace, lambda key, f, n: Memory.get(self, key, f, n))

    @property
    def embedder(self) -> Embedder | None:
        """The configured embedder, built on first use (``None``: keyword search only)."""
        if not self._embedder_loaded:
            self._embedder_loaded = True
            try:
                self._embedder = get_embedder(self.config.embedding)
            except MdrecallError as exc:
                self._embedder, self._embedder_error = None, str(exc)
        return self._embedder

    @property
    def rerank_stage(self) -> RerankStage | None:
        """The configured reranker as a search stage (``None``: no reranking).

        The reranker is built once; the stage is new for each search, so local-only markers are read
        as the files are now (a long-lived server must not keep sending a section marked since).
        """
        if not self._rerank_loaded:
            self._rerank_loaded = True
            try:
                from .rerankers import create_reranker

                self._reranker = create_reranker(self.config.rerank)
            except MdrecallError as exc:
                self._rerank_error = str(exc)
        reranker = self._reranker
        if reranker is None:
            return None
        keep_local = local_only_checker(self.workspace.root) if reranker.is_remote else None
        return RerankStage(reranker, max(1, self.config.rerank.top_n), keep_local)

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

    def index(
        self,
        force: bool = False,
        progress: ProgressCallback | None = None,
        *,
        embed: bool = True,
        embed_limit: int = 0,
    ) -> IndexReport:
        """Bring the index up to date with the files (``force`` re-chunks everything), then embed.

        ``embed=False`` only syncs the files (what a search does first: it never waits for vectors);
        ``embed_limit`` caps how many chunks are embedded in this call (0 = all).
        """
        with self._sync_lock, sync_guard(self.store):
            report = sync_files(self.workspace, self.store, self.config, force=force, progress=progress)
            sync_sessions(self.workspace, self.store, self.config, report, force=force)
            rebuilt = getattr(self.store, "rebuilt_from", None)
            if rebuilt:
                report.warnings.append(f"the index was unreadable and has been rebuilt: {rebuilt}")
                self.store.rebuilt_from = None  # type: ignore[attr-defined]
        if embed:
            self.embed_pending(report, progress, limit=embed_limit)
        return report

    def embed_pending(
        self,
        report: IndexReport | None = None,
        progress: ProgressCallback | None = None,
        *,
        limit: int = 0,
        stop: threading.Event | None = None,
    ) -> IndexReport:
        """Embed the chunks that have no vector yet (in batches; searches in this process go first).

        Setting ``stop`` ends the run after the batch in flight (what it embedded is kept).
        """
        report = report if report is not None else IndexReport()
        embedder = self.embedder if self.config.search.mode != "bm25" else None
        if self._embedder_error:
            report.warnings.append(f"embeddings disabled: {self._embedder_error}")
        if embedder is None:
            return report
        with self._embed_lock, sync_guard(self.store):
            t0 = time.perf_counter()
            report.pending_vectors = embed_missing(
                self.store,
                embedder,
                self.config,
                self.workspace.root,
                report,
                progress,
                limit,
                between_batches=lambda: self._searches_first(stop),
            )
            report.seconds += time.perf_counter() - t0
        return report

    def vector_coverage(self) -> tuple[int, int] | None:
        """``(chunks with a vector, all chunks)`` for the configured embedder; ``None`` without one."""
        embedder = self.embedder if self.config.search.mode != "bm25" else None
        if embedder is None:
            return None
        return vector_coverage(self.store, embedder.identity.key)

    def _searches_first(self, stop: threading.Event | None) -> bool:
        """Between embedding batches: wait (at most 5 s) while searches of this process run.

        Returns ``False`` when ``stop`` is set (the run ends there).
        """
        self._no_searches.wait(timeout=5.0)
        return stop is None or not stop.is_set()

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
        sync: bool = True,
    ) -> list[Hit]:
        """Search memory; returns up to ``max_results`` hits scoring at least ``min_score``.

        The index is first brought up to date with the files (``index.sync_on_search``); ``sync=False``
        skips that check, for a caller running several searches in a row that has just synced.
        """
        return self.search_result(
            query,
            max_results,
            min_score,
            mode=mode,
            sources=sources,
            explain=explain,
            today=today,
            sync=sync,
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
        sync: bool = True,
    ) -> SearchResult:
        """Like :meth:`search`, with how the hits were found (mode, provider, fallback)."""
        if not isinstance(query, str):
            raise MdrecallError("query must be a string")
        cfg = self.config.search
        if sync and self.config.index.sync_on_search:
            self.index(embed=False)  # files only: a search never waits for a backlog of vectors
        req = SearchRequest(
            query=query,
            max_results=max(1, int(max_results if max_results is not None else cfg.max_results)),
            min_score=float(min_score if min_score is not None else cfg.min_score),
            mode=mode or cfg.mode,
            sources=sources,
            explain=explain,
            today=today,
        )
        served = self.backend.search(req) if self.backend is not None else None
        if served is not None:
            return served
        with self._searching():
            leg, note = (None, None) if req.mode == "bm25" else query_vector(self.embedder, query)
            if self._embedder_error:
                note = f"embeddings disabled: {self._embedder_error}"
            coverage = None
            if leg is not None:
                coverage = vector_coverage(self.store, leg.embedder_key)
                behind = vectors_behind_note(*coverage)
                if behind:
                    note = f"{note}; {behind}" if note else behind
            stage = self.rerank_stage
            if self._rerank_error:
                note = f"{note}; " if note else ""
                note += f"reranking disabled: {self._rerank_error}"
            result = run_search(self.store, req, cfg, leg, note, stage)
        if coverage is not None:
            result.vectors = {"indexed": coverage[0], "total": coverage[1]}
        return result

    @contextlib.contextmanager
    def _searching(self) -> Iterator[None]:
        """Mark a search in flight: background embedding pauses between batches until it ends."""
        with self._search_count_lock:
            self._search_count += 1
            self._no_searches.clear()
        try:
            yield
        finally:
            with self._search_count_lock:
                self._search_count -= 1
                if self._search_count == 0:
                    self._no_searches.set()

    # ---- reading and writing files ---------------------------------------------------------------

    def get(self, path: str, from_line: int = 1, lines: int | None = None) -> GetResult:
        """Read lines of a memory file (``MEMORY.md``, ``memory/**``, extra paths; ``.md`` only)."""
        if self.backend is not None and self.backend.owns(path):  # e.g. qmd/<collection>/<path>
            return self.backend.get(path, from_line, lines)
        if isinstance(path, str) and path.endswith(".jsonl"):  # an indexed session transcript
            return read_session(self.workspace, self.store, self.config, path, from_line, lines)
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
            embedder=embedder_label(self.embedder),
            schema_version=self.store.schema_version(),
            extra={
                "cache_entries": counts["cache"],
                "vectors_complete": self.store.get_meta(COMPLETE_KEY),
                **self._pending_vectors(),
                "embedder_error": self._embedder_error,
                "reranker": stage.reranker.name if (stage := self.rerank_stage) else None,
                "reranker_error": self._rerank_error,
                "checked_at": time.time(),
                "watcher": watcher_health(self.store),
                **sessions_status(self.workspace, self.store, self.config),
                **(self.backend.status() if self.backend is not None else {"backend": "builtin"}),
            },
        )

    def _pending_vectors(self) -> dict[str, Any]:
        """Chunks still to embed and, from the last measured rate, how long that will take."""
        coverage = self.vector_coverage()
        if coverage is None:
            return {"vectors_pending": 0, "vectors_eta_s": None}
        pending = coverage[1] - coverage[0]
        rate = load_rate(self.store, self.embedder.identity.key) if pending and self.embedder else None
        eta = round(pending / rate["texts_per_s"], 1) if rate else None
        return {"vectors_pending": pending, "vectors_eta_s": eta}

    def close(self) -> None:
        """Close the store."""
        if self.backend is not None:
            self.backend.close()
        self.store.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()
