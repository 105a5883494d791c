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
from .backfill import embed_inline
from .config import Config, load_config
from .conversations import SOURCE as CONVERSATIONS
from .conversations import expired
from .deadline import provider_deadline
from .entity_index import Entity, EntityDetail, EntityIndex
from .errors import IndexCorruptError, MdrecallError, NotFoundError, PathError, StoreError
from .filters import SearchFilter
from .history import Change, file_history, working_text
from .indexer import sync_files
from .models import GetResult, Hit, IndexedFile, IndexReport, ProgressCallback, Status
from .safe_files import read_fd
from .search import RerankStage, SearchRequest, SearchResult, run_search
from .search_scope import scope_request, search_as_of
from .sessions import read_session, sessions_status, sync_sessions
from .stores.base import Store, SupportsRecovery, open_store, sync_guard
from .textclean import clean_text
from .timeline import DateRange, parse_as_of, parse_during
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
    from .agent.turns import TurnResult
    from .embedders.base import Embedder
    from .rerankers import Reranker

REBUILT_NOTE = "the index was unreadable and has been rebuilt"

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
        self._verified = False  # the first full `index` of this Memory checks the file for damage
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
        ``embed_limit`` caps how many chunks are embedded in this call (0 = all). A damaged index is
        moved aside and rebuilt from the Markdown (the report's warnings say so).
        """
        try:
            return self._index(force, progress, embed, embed_limit)
        except IndexCorruptError as exc:
            self._recover(exc)
            return self._index(force, progress, embed, embed_limit)

    def _rebuild_notice(self) -> str | None:
        """Why the store rebuilt itself, once (then it is reported and forgotten)."""
        if not isinstance(self.store, SupportsRecovery) or not self.store.rebuilt_from:
            return None
        why, self.store.rebuilt_from = self.store.rebuilt_from, None
        return why

    def _recover(self, exc: IndexCorruptError) -> None:
        """Move a damaged index aside and start afresh (a store that cannot recover re-raises)."""
        if not isinstance(self.store, SupportsRecovery):
            raise exc
        self.store.recover()

    def _index(
        self, force: bool, progress: ProgressCallback | None, embed: bool, embed_limit: int
    ) -> IndexReport:
        with self._sync_lock, sync_guard(self.store):
            verify = self.store.verify if isinstance(self.store, SupportsRecovery) else None
            # not on a search's sync (embed=False): a full check costs a search too much
            if verify is not None and (force or (embed and not embed_limit and not self._verified)):
                verify(full=force)  # a damaged index raises here and is rebuilt, not patched
                self._verified = True
            report = sync_files(self.workspace, self.store, self.config, force=force, progress=progress)
            sync_sessions(self.workspace, self.store, self.config, report, force=force)
            rebuilt = self._rebuild_notice()
            if rebuilt:
                report.warnings.append(f"{REBUILT_NOTE}: {rebuilt}")
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
        filters: SearchFilter | None = None,
        entity: str | None = None,
        as_of: str | date | datetime | None = None,
        during: str | DateRange | None = None,
    ) -> list[Hit]:
        """Search memory; returns up to ``max_results`` hits scoring at least ``min_score``.

        The index is first brought up to date with the files (``index.sync_on_search``); ``sync=False``
        skips that check, for a caller running several searches in a row that has just synced.
        ``filters`` keeps only some files (:class:`~mdrecall.filters.SearchFilter`: paths, dates).
        ``entity`` keeps chunks mentioning that entity (or its aliases); ``during`` (``"FROM..TO"``) keeps
        chunks whose valid time meets the range; ``as_of`` searches the files as they were then.
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
            filters=filters,
            entity=entity,
            as_of=as_of,
            during=during,
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
        filters: SearchFilter | None = None,
        entity: str | None = None,
        as_of: str | date | datetime | None = None,
        during: str | DateRange | None = None,
    ) -> SearchResult:
        """Like :meth:`search`, with how the hits were found (mode, provider, fallback)."""
        if not isinstance(query, str):
            raise MdrecallError("query must be a string")
        query = clean_text(query)
        scope = {"entity": entity, "as_of": as_of, "during": during}
        try:
            return self._search(
                query, max_results, min_score, mode, sources, explain, today, sync, filters, **scope
            )
        except IndexCorruptError as exc:
            self._recover(exc)
            return self._search(
                query, max_results, min_score, mode, sources, explain, today, sync, filters, **scope
            )

    def _search(
        self,
        query: str,
        max_results: int | None,
        min_score: float | None,
        mode: str | None,
        sources: Sequence[str] | None,
        explain: bool,
        today: date | None,
        sync: bool,
        filters: SearchFilter | None = None,
        entity: str | None = None,
        as_of: str | date | datetime | None = None,
        during: str | DateRange | None = None,
    ) -> SearchResult:
        cfg = self.config.search
        budget_end = time.monotonic() + self.config.embedding.timeout_s  # providers' share of a search
        notes: list[str] = []
        rebuilt = self._rebuild_notice()
        if rebuilt:
            notes.append(f"{REBUILT_NOTE}: {rebuilt}")
        if sync and self.config.index.sync_on_search:
            try:
                synced = self.index(embed=False)  # files only: a search never waits for a backlog of vectors
                notes.extend(w for w in synced.warnings if w.startswith(REBUILT_NOTE))
            except IndexCorruptError:
                raise
            except StoreError as exc:  # full disk, read-only, locked: answer from the index as it is
                notes.append(f"index not updated, answering from it as it is: {exc}")
        req = SearchRequest(
            query=query,
            max_results=max(1, int(max_results if max_results is not None else cfg.max_results)),
            min_score=float(min_score if min_score is not None else cfg.min_score),
            mode=mode or cfg.mode,
            sources=sources,
            explain=explain,
            today=today,
            filters=filters,
        )
        rng = parse_during(during) if during is not None else None
        req, cfg = scope_request(req, cfg, self.store, self.config, entity, rng, past=as_of is not None)
        if as_of is not None:
            return search_as_of(self.workspace, self.store, self.config, req, cfg, parse_as_of(as_of))
        served = self.backend.search(req) if self.backend is not None and req.keep is None else None
        if served is not None:
            if filters is not None and filters.active:
                served.hits = [h for h in served.hits if filters.keeps(h.path, h.date)]
            return served
        with self._searching():
            embed_inline(self, req.mode, budget_end)  # a handful of new chunks only (backfill.py)
            leg, note = None, None
            if req.mode != "bm25":
                with provider_deadline(budget_end - time.monotonic()):
                    leg, note = query_vector(self.embedder, query, self.store)
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
            if notes:
                note = "; ".join([*notes, *([note] if note else [])])
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

    # ---- entities and history ---------------------------------------------------------------------

    def entities(self, kind: str | None = None, limit: int = 0, *, sync: bool = True) -> list[Entity]:
        """Entities found in the memory files, most mentioned first (``kind``: person, place, …)."""
        if sync and self.config.index.sync_on_search:
            self.index(embed=False)
        return EntityIndex(self.store, self.config.entities).entities(kind, limit)

    def entity(self, name: str, *, sync: bool = True) -> EntityDetail:
        """One entity (by name or alias): its dated mentions with citations, related entities, relations."""
        if sync and self.config.index.sync_on_search:
            self.index(embed=False)
        return EntityIndex(self.store, self.config.entities).detail(name)

    def history(self, path: str, grep: str | None = None) -> list[Change]:
        """How a memory file's lines changed, oldest first: from git, else from the index's record."""
        key = self.workspace.key_for(self.workspace.resolve_readable(path))
        current, mtime = working_text(self.workspace, key)
        if self.config.index.sync_on_search:
            self.index(embed=False)
        changes, _ = file_history(self.workspace.root, self.store, key, current, mtime, self.config, grep)
        return changes

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
        try:  # opened without following a symlink at any step: a swap after the check is refused
            fd = self.workspace.open_file(target)
            try:
                raw = read_fd(fd)
            finally:
                os.close(fd)
        except FileNotFoundError:
            raise NotFoundError(f"{path}: no such memory file") from None
        except OSError as exc:
            raise PathError(f"{path}: cannot read ({exc.strerror or exc})") from None
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
        body = clean_text(text or "").strip()
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

    def capture_turn(
        self,
        user: str | None = None,
        assistant: str | None = None,
        *,
        session: str = "default",
        turn_id: str | None = None,
        now: datetime | None = None,
    ) -> TurnResult:
        """Capture one exchange into ``memory/conversations/`` and note what is salient in today's log.

        With ``turn_id`` the capture is idempotent (the same id again adds nothing); without it every
        call is a new turn. Text is redacted; see :mod:`mdrecall.agent.turns`.
        """
        from .agent.turns import TurnMessage, capture_messages

        if not (user or "").strip() and not (assistant or "").strip():
            raise MdrecallError("nothing to capture: both user and assistant text are empty")
        base = turn_id or f"{time.time_ns()}-{os.getpid()}-{threading.get_ident()}"
        messages = [
            TurnMessage(role, text, _turn_id(session, base, role))
            for role, text in (("user", user), ("assistant", assistant))
            if text and text.strip()
        ]
        return capture_messages(self.workspace, self.config, session, messages, now=now)

    def capture_transcript(
        self, transcript: str | os.PathLike[str], *, session: str | None = None
    ) -> TurnResult:
        """Capture what a transcript (Claude Code JSONL, OpenAI-style JSON list) gained since last time."""
        from .agent.turns import capture_transcript

        return capture_transcript(self.workspace, self.config, transcript, session=session)

    # ---- status and lifecycle ---------------------------------------------------------------------

    def files(self, source: str | None = None) -> list[IndexedFile]:
        """The indexed files (optionally of one source), sorted by path, with their chunk counts."""
        counts = self.store.chunk_counts()
        return [
            IndexedFile(r.path, r.source, counts.get(r.path, 0), r.size, r.mtime_ns / 1e9, r.date)
            for r in sorted(self.store.file_records(source=source).values(), key=lambda r: r.path)
        ]

    def status(self) -> Status:
        """Counts, dirty files, last sync time and the store in use."""
        counts = self.store.counts()
        indexed = {
            **self.store.file_records(source="memory"),
            **self.store.file_records(source=CONVERSATIONS),
        }
        keep = self.config.sessions.retention_days
        on_disk = {f.key: f for f in self.workspace.discover() if not expired(f.key, keep)}
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


def _turn_id(session: str, turn: str, role: str) -> str:
    import hashlib

    return hashlib.sha256(f"{session}\x00{turn}\x00{role}".encode()).hexdigest()[:12]
