"""The :class:`Memory` facade: one workspace, its config, its store, and every operation on them."""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Sequence
from dataclasses import replace
from datetime import date, datetime
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from mdrecall.backends import open_backend
from mdrecall.config.settings import Config, load_config
from mdrecall.errors import IndexCorruptError, MdrecallError, WorkspaceError
from mdrecall.files.workspace import Workspace, now_local, require_workspace
from mdrecall.index.indexer import sync_files
from mdrecall.index.sessions import read_session, sync_sessions
from mdrecall.knowledge.changes.superseded import refresh_superseded
from mdrecall.knowledge.known_refresh import refresh_known
from mdrecall.memory.embedding import Embedding
from mdrecall.models import GetResult, Hit, IndexedFile, IndexReport, ProgressCallback, RememberResult, Status
from mdrecall.request import SearchRequest
from mdrecall.stores.base import Store, SupportsRecovery, open_store, sync_guard

if TYPE_CHECKING:
    from mdrecall.capture.turns import TurnResult
    from mdrecall.forget import ForgetPlan, ForgetResult
    from mdrecall.knowledge.history import Change
    from mdrecall.knowledge.index import Entity, EntityDetail
    from mdrecall.search.pipeline import SearchResult
    from mdrecall.search.recall import RecallResult
    from mdrecall.search.runner import Companions

__all__ = ["Memory", "RememberResult"]


class Memory(Embedding):
    """An agent's memory: Markdown files in a workspace, indexed for search.

    Open with :meth:`Memory.open`; use as a context manager or call :meth:`close`.
    """

    def __init__(self, workspace: Workspace, config: Config, store: Store) -> None:
        self.workspace = workspace
        self.config = config
        self.store = store
        self._sync_lock = threading.Lock()
        self._verified = False  # the first full `index` of this Memory checks the file for damage
        self._forgetting = False  # a forget runs: its own syncs must not resume it again
        Embedding.__init__(self)
        # config.backend (e.g. "qmd") may answer searches first; None = the builtin store only.
        self.backend = open_backend(config, workspace, lambda key, f, n: Memory.get(self, key, f, n))

    @classmethod
    def open(
        cls,
        workspace: str | os.PathLike[str],
        config: Config | None = None,
        *,
        store: Store | None = None,
        create: bool = False,
    ) -> Memory:
        """Open a workspace. ``config`` defaults to the files and environment (:mod:`mdrecall.config`).

        A folder that is not a workspace (no ``MEMORY.md``, ``memory/``, ``.mdrecall.toml`` nor
        ``.mdrecall/`` in it, and no ``extra_paths`` configured), or a path that does not exist, is a
        :class:`~mdrecall.errors.WorkspaceError` and nothing is created, as the CLI refuses it
        (:func:`~mdrecall.files.workspace.require_workspace`). ``create=True`` makes it one instead: the
        folder and its ``.mdrecall/`` are created if missing.
        """
        root = Path(workspace).expanduser()
        cfg = config if config is not None else load_config(root)
        if not create:
            require_workspace(root, cfg.extra_paths)
        elif not root.is_file():  # a file is refused below, as "not a folder"
            try:
                (root / ".mdrecall").mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise WorkspaceError(f"cannot create workspace {root} ({exc.strerror or exc})") from None
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
        moved aside and rebuilt from the Markdown (the report's warnings say so). A forget that a crash
        interrupted is finished first (:meth:`forget_resume`).
        """
        if not self._forgetting and (self.workspace.root / ".mdrecall" / "forget").is_dir():
            self.forget_resume()
        try:
            return self._index(force, progress, embed, embed_limit)
        except IndexCorruptError as exc:
            self.recover(exc)
            return self._index(force, progress, embed, embed_limit)

    def sync(self) -> IndexReport:
        """Bring the index up to date with the files, without embedding (what a search does first).

        Unlike :meth:`index` it does not rebuild a damaged index itself: it raises
        :class:`~mdrecall.errors.IndexCorruptError`, and the caller (a search) recovers, once.
        """
        return self._index(False, None, False, 0, quick=True)

    def check_index(self) -> None:
        """Check the index file for damage once per :class:`Memory` (what the first full :meth:`index`
        does: a long-lived process such as ``watch`` calls it before its first sync, which may not
        embed); a damaged index is moved aside and the next sync rebuilds it from the Markdown."""
        if self._verified or not isinstance(self.store, SupportsRecovery):
            return
        with self._sync_lock:
            try:
                self.store.verify()
            except IndexCorruptError as exc:
                self.recover(exc)
            self._verified = True

    def rebuild_notice(self) -> str | None:
        """Why the store rebuilt itself, once (then it is reported and forgotten)."""
        if not isinstance(self.store, SupportsRecovery) or not self.store.rebuilt_from:
            return None
        why, self.store.rebuilt_from = self.store.rebuilt_from, None
        return why

    def recover(self, exc: IndexCorruptError) -> None:
        """Move a damaged index aside and start afresh (a store that cannot recover re-raises)."""
        if not isinstance(self.store, SupportsRecovery):
            raise exc
        self.store.recover()

    def _index(
        self,
        force: bool,
        progress: ProgressCallback | None,
        embed: bool,
        embed_limit: int,
        *,
        quick: bool = False,
    ) -> IndexReport:
        with self._sync_lock, sync_guard(self.store):
            verify = self.store.verify if isinstance(self.store, SupportsRecovery) else None
            # not on a search's sync (embed=False): a full check costs a search too much
            if verify is not None and (force or (embed and not embed_limit and not self._verified)):
                verify(full=force)  # a damaged index raises here and is rebuilt, not patched
                self._verified = True
            report = sync_files(
                self.workspace, self.store, self.config, force=force, progress=progress, quick=quick
            )
            sync_sessions(self.workspace, self.store, self.config, report, force=force)
            if force:  # the stored derived tables are made anew too (one edited or damaged is not kept)
                for key in ("superseded_gen", "known_gen"):
                    self.store.set_meta(key, "")
            # once per change of the fact lines or names; a search's quick sync scores no new pairs with the
            # supersession model (its cached scores only: the next other sync scores them)
            refresh_superseded(self.store, self.config.entities, budget=0 if quick else None)
            refresh_known(self.store, self.config.entities)  # once per change of the mentions
            rebuilt = self.rebuild_notice()
            if rebuilt:
                from mdrecall.search.runner import REBUILT_NOTE

                report.warnings.append(f"{REBUILT_NOTE}: {rebuilt}")
        if embed:
            self.embed_pending(report, progress, limit=embed_limit)
        return report

    # ---- search -----------------------------------------------------------------------------------

    def search(
        self,
        query: str | SearchRequest,
        max_results: int | None = None,
        min_score: float | None = None,
        **options: Any,
    ) -> list[Hit]:
        """Search memory; returns up to ``max_results`` hits scoring at least ``min_score``.

        ``query`` is the text, or a whole :class:`~mdrecall.request.SearchRequest`; the keywords
        (``mode``, ``sources``, ``filters``, ``entity``, ``as_of``, ``during``, ``explain``, ``sync``, …)
        are its fields. The index is first brought up to date with the files (``sync=False`` skips
        that, for a caller that has just synced). ``companions`` (from
        :func:`mdrecall.services.team.open_companions`) are the memories a request's ``agents`` may name.
        """
        return self.search_result(query, max_results, min_score, **options).hits

    def search_result(
        self,
        query: str | SearchRequest,
        max_results: int | None = None,
        min_score: float | None = None,
        *,
        companions: Companions | None = None,
        **options: Any,
    ) -> SearchResult:
        """Like :meth:`search`, with how the hits were found (mode, provider, fallback)."""
        if isinstance(query, SearchRequest):
            if max_results is not None:
                options["max_results"] = max_results
            if min_score is not None:
                options["min_score"] = min_score
            req = replace(query, **options)
        else:
            req = SearchRequest.of(query, max_results, min_score, **options)
        from mdrecall.search import runner  # here: an index (the CLI's, the hooks' capture) needs no search

        result = runner.search(self, req, companions)
        if req.record_recall:  # every surface's search is a recall for dreaming (dreaming.record_recalls)
            from mdrecall.dreaming.recall_log import RecallLog

            result.warning = RecallLog(self.workspace, self.config.dreaming).record_search(
                req.query, result.hits
            )
            from mdrecall.search.recall_use import note_search

            with contextlib.suppress(Exception):  # its top hits may use what recall injected lately
                note_search(self.workspace, self.config, result.hits)
        return result

    def recall(
        self,
        prompt: str,
        *,
        session: str = "default",
        budget_chars: int | None = None,
        today: date | None = None,
        started: float | None = None,
        record: bool = True,
    ) -> RecallResult:
        """The memories ``prompt`` needs, unasked: what the ``UserPromptSubmit`` hook injects.

        Nothing when no hit clears the gate (``recall.min_score`` and a shared word with a question or a
        name, :mod:`mdrecall.search.recall_gate`); never superseded, local-only (unless
        ``recall.local_model``) or already shown to ``session`` text. The index is not synced first.
        """
        from mdrecall.search.recall import recall

        return recall(
            self,
            prompt,
            session=session,
            budget_chars=budget_chars,
            today=today,
            started=started,
            record=record,
        )

    # ---- entities and history ---------------------------------------------------------------------

    def entities(self, kind: str | None = None, limit: int = 0, *, sync: bool = True) -> list[Entity]:
        """Entities found in the memory files, most mentioned first (``kind``: person, place, …)."""
        if sync and self.config.index.sync_on_search:
            self.index(embed=False)
        from mdrecall.knowledge.index import EntityIndex  # here: a search does not load the entity view

        return EntityIndex(self.store, self.config.entities).entities(kind, limit)

    def entity(self, name: str, *, sync: bool = True) -> EntityDetail:
        """One entity (by name or alias): its dated mentions with citations, related entities, relations."""
        if sync and self.config.index.sync_on_search:
            self.index(embed=False)
        from mdrecall.knowledge.index import EntityIndex

        return EntityIndex(self.store, self.config.entities).detail(name)

    def history(self, path: str, grep: str | None = None) -> list[Change]:
        """How a memory file's lines changed, oldest first: from git, else from the index's record."""
        from mdrecall.knowledge.history import (
            file_history,
            working_text,
        )  # here: a search does not load history

        key = self.workspace.key_for(self.workspace.resolve_readable(path))
        current, mtime = working_text(self.workspace, key)
        if self.config.index.sync_on_search:
            self.index(embed=False)
        changes, _ = file_history(self.workspace.root, self.store, key, current, mtime, self.config, grep)
        return changes

    # ---- reading and writing files ---------------------------------------------------------------

    def get(
        self, path: str, from_line: int = 1, lines: int | None = None, *, record_use: bool = True
    ) -> GetResult:
        """Read lines of a memory file (``MEMORY.md``, ``memory/**``, extra paths; ``.md`` only).

        A read of lines that recall injected into a session lately is recorded as their use
        (:mod:`mdrecall.search.recall_use`); ``record_use=False`` (a person's view) leaves it out.
        """
        if self.backend is not None and self.backend.owns(path):  # e.g. qmd/<collection>/<path>
            return self.backend.get(path, from_line, lines)
        if isinstance(path, str) and path.endswith(".jsonl"):  # an indexed session transcript
            return read_session(self.workspace, self.store, self.config, path, from_line, lines)
        from mdrecall.files.notes import (
            read_lines,  # here: a search does not load the note writer and redaction
        )

        got = read_lines(self.workspace, path, from_line, lines, self.config.read)
        if record_use:
            from mdrecall.search.recall_use import note_get

            with contextlib.suppress(Exception):  # a hint for recall and dreaming; the read succeeded
                note_get(self.workspace, self.config, got.path, got.from_line, got.to_line)
        return got

    def remember(
        self, text: str, long_term: bool = False, *, redact: bool = True, now: datetime | None = None
    ) -> RememberResult:
        """Append a note to today's log (or to ``MEMORY.md`` with ``long_term``); never rewrites.

        Secrets are replaced with ``[REDACTED]`` (:mod:`mdrecall.text.redact`) unless ``redact=False``.
        """
        from mdrecall.files.notes import append_note

        return append_note(self.workspace, text, now or now_local(), long_term=long_term, redact=redact)

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
        call is a new turn. Text is redacted; see :mod:`mdrecall.capture.turns`.
        """
        from mdrecall.capture.turns import TurnMessage, capture_messages

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
        from mdrecall.capture.turns import capture_transcript

        return capture_transcript(self.workspace, self.config, transcript, session=session)

    # ---- forgetting -----------------------------------------------------------------------------------

    def forget_plan(
        self,
        text: str | None = None,
        *,
        citations: Sequence[str] = (),
        entity: str | None = None,
        case_sensitive: bool = True,
    ) -> ForgetPlan:
        """What forgetting would touch: every file line, index row and other copy (nothing changes).

        Give exactly one of ``text`` (every occurrence), ``citations`` (``memory/x.md#L5-L7``: those lines)
        or ``entity`` (every line naming it, aliases included). See :mod:`mdrecall.forget`.
        """
        from mdrecall.forget import plan_forget, target_for

        self.index(embed=False)
        target = target_for(
            self.workspace,
            self.store,
            text=text,
            citations=citations,
            entity=entity,
            case_sensitive=case_sensitive,
            entity_config=self.config.entities,
            today=now_local().date(),
        )
        return plan_forget(self.workspace, self.store, self.config, target)

    def redact_rescan(self) -> ForgetPlan | None:
        """A retroactive redaction: every secret the current redaction rules find in what is already stored
        (memory files, conversation records, ``DREAMS.md``, ``memory/.dreams/``, the index's texts), as one
        plan that replaces each with ``[REDACTED]`` (carry it out with :meth:`forget`); ``None`` when none.
        """
        from mdrecall.forget import plan_forget, rescan_target

        self.index(embed=False)
        target, where = rescan_target(self.workspace, self.store)
        if target is None:
            return None
        plan = plan_forget(self.workspace, self.store, self.config, target)
        plan.notes += [f"{kind} found in {', '.join(places)}" for kind, places in sorted(where.items())]
        return plan

    def forget(self, plan: ForgetPlan) -> ForgetResult:
        """Carry out ``plan`` (from :meth:`forget_plan`), then prove it: ``result.remaining`` lists every
        copy a scan of the workspace's bytes and the index still finds, and why."""
        from mdrecall.forget import apply_plan

        return self._forget_with(
            lambda sync, embed: apply_plan(
                self.workspace, self.store, self.config, plan, sync=sync, embed=embed
            )
        )

    def forget_resume(self) -> list[ForgetResult]:
        """Finish the forgets a crash interrupted (recorded in ``.mdrecall/forget/``); [] when none."""
        from mdrecall.forget import resume_forgets

        return self._forget_with(
            lambda sync, embed: resume_forgets(
                self.workspace, self.store, self.config, sync=sync, embed=embed
            )
        )

    def _forget_with(self, run: Any) -> Any:
        self._forgetting = True
        try:
            return run(lambda: self.index(embed=False), lambda: self.embed_pending())
        finally:
            self._forgetting = False

    # ---- status and lifecycle ---------------------------------------------------------------------

    def files(self, source: str | None = None) -> list[IndexedFile]:
        """The indexed files (optionally of one source), sorted by path, with their chunk counts."""
        counts = self.store.chunk_counts()
        return [
            IndexedFile(r.path, r.source, counts.get(r.path, 0), r.size, r.mtime_ns / 1e9, r.date)
            for r in sorted(self.store.file_records(source=source).values(), key=lambda r: r.path)
        ]

    def status(self) -> Status:
        """Counts, dirty files, last sync time, the store, embedder, reranker and watcher in use."""
        from mdrecall.index.status import memory_status  # here: a search does not load the status checks

        return memory_status(self)

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
