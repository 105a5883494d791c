"""Running a :class:`~mdrecall.request.SearchRequest`: the one search path of the CLI, Python and MCP.

::

    request ─► sync the files ─► defaults + entity/time scope ─► as-of? (past files, keyword leg)
            ─► the lines the agent used after recall (index/used_log, for the pipeline's used stage)
            ─► backend? ─► vector coverage (once) ─► catch-up step ─► query vector (deadline) ─► rerank stage
            ─► line scorer for snippets (static vectors, when the vector leg runs)
            ─► search.run_search (the pipeline) ─► merge other memories (team, agents)

Notes (a rebuilt index, an index that could not be updated, a missing embedder or reranker, vectors
still being filled) are gathered as a list and end up in ``SearchResult.fallback``. The ranking itself
lives in :mod:`mdrecall.search.pipeline` and its stages; this module only decides what to run. It sees a
memory through :class:`SearchAccess` (never imports :mod:`mdrecall.memory`); a damaged index is
rebuilt here, once per search, and nowhere below.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Protocol

from mdrecall.errors import IndexCorruptError, NotFoundError, StoreError
from mdrecall.files.team_paths import author_of
from mdrecall.index.access import MemoryAccess
from mdrecall.index.used_log import spans as used_spans
from mdrecall.models import Hit, VectorLeg
from mdrecall.plugins.deadline import provider_deadline
from mdrecall.records import plain_methods
from mdrecall.request import SearchRequest
from mdrecall.search.pipeline import PipelineRequest, RerankStage, SearchResult, run_search
from mdrecall.search.scope import scope_request, search_as_of

if TYPE_CHECKING:
    from mdrecall.index.vectorize import Coverage
    from mdrecall.models import IndexReport

__all__ = ["REBUILT_NOTE", "Companions", "SearchAccess", "catch_up_vectors", "resolve_agents", "search"]

REBUILT_NOTE = "the index was unreadable and has been rebuilt"


class Answers(Protocol):
    """A search backend as a search sees it (:class:`~mdrecall.backends.SearchBackend` satisfies it)."""

    def search(self, request: PipelineRequest) -> SearchResult | None:
        """Hits for ``request``, or ``None`` to let the builtin store answer."""
        ...


class SearchAccess(MemoryAccess, Protocol):
    """What a search needs from a memory (:class:`~mdrecall.Memory` satisfies it)."""

    @property
    def backend(self) -> Answers | None:
        """The backend that may answer first (``None``: the builtin store only)."""
        ...

    @property
    def rerank_stage(self) -> RerankStage | None:
        """The configured reranker as a stage, new for each search (``None``: no reranking)."""
        ...

    @property
    def rerank_error(self) -> str | None:
        """Why the configured reranker could not be built."""
        ...

    def rebuild_notice(self) -> str | None:
        """Why the store rebuilt itself, once (then it is forgotten)."""
        ...

    def sync(self) -> IndexReport:
        """Bring the index up to date with the files (no embedding); a damaged index raises
        :class:`~mdrecall.errors.IndexCorruptError` (the search recovers, once)."""
        ...

    def recover(self, exc: IndexCorruptError) -> None:
        """Move a damaged index aside and start afresh."""
        ...

    def searching(self) -> AbstractContextManager[None]:
        """Mark a search in flight (background embedding pauses between batches)."""
        ...

    def close(self) -> None:
        """Close the store (a companion memory is closed by whoever opened it)."""
        ...


@plain_methods
@dataclass(repr=False, eq=False)
class Companions:
    """The other memories a search may merge in: the team workspace and other agents' (by id).

    Opened by the caller (:func:`mdrecall.services.team.open_companions`, or the MCP server); a request names
    the ones it wants in ``agents``.
    """

    team: SearchAccess | None = None
    others: Mapping[str, SearchAccess] = field(default_factory=dict)


def search(memory: SearchAccess, req: SearchRequest, companions: Companions | None = None) -> SearchResult:
    """Answer ``req`` from ``memory`` (a damaged index is rebuilt once, here and nowhere else: damage
    found again after that is raised), then merge the other memories ``req.agents`` names."""
    chosen = resolve_agents(req.agents, companions)  # an unknown name fails before any work
    # the one place the configured default is applied; the other memories answer with the same limit
    limit = req.max_results if req.max_results is not None else max(1, int(memory.config.search.max_results))
    try:
        result = _search_one(memory, req, limit)
    except IndexCorruptError as exc:
        memory.recover(exc)
        result = _search_one(memory, req, limit)
    if chosen and not req.scoped:  # an entity or a time scope is answered by the own workspace alone
        _merge(memory, req, result, chosen, limit)
    return result


def resolve_agents(names: tuple[str, ...], companions: Companions | None) -> dict[str, SearchAccess]:
    """The memories ``names`` picks among ``companions``: ``team``, agent ids, ``all`` (every one open).

    The one place a request's agent names are checked: a name that is not open here is an error.
    """
    comp = companions or Companions()
    out: dict[str, SearchAccess] = {}
    for name in names:
        if name == "all":
            out.update({"team": comp.team} if comp.team is not None else {})
            out.update(comp.others)
        elif name == "team":
            if comp.team is None:
                raise NotFoundError("no team workspace is open here: set team.workspace")
            out["team"] = comp.team
        elif name in comp.others:
            out[name] = comp.others[name]
        else:
            raise NotFoundError(f"unknown agent {name!r}: use 'team', 'all' or one of scope.search_agents")
    return out


def catch_up_vectors(memory: MemoryAccess, found: Coverage, budget_end: float, notes: list[str]) -> Coverage:
    """The place where a search may embed a small backlog of chunks before its vector leg (within
    ``budget_end``, a ``time.monotonic()`` deadline): a handful of new chunks with a local embedder
    (:func:`mdrecall.index.backfill.embed_inline`); a real backlog is left to ``mdrecall index`` and the
    background workers, and the search says "vectors behind". ``found`` is the search's coverage of
    the embedder's key; returns it as it is after the catch-up."""
    if not found.missing:
        return found
    from mdrecall.index.backfill import embed_inline  # here: a keyword search never loads the embedding path

    done, found = embed_inline(memory, found, budget_end)
    if done:
        notes.append(f"embedded {done} new chunk{'s' if done != 1 else ''} before answering")
    return found


def _search_one(memory: SearchAccess, req: SearchRequest, limit: int) -> SearchResult:
    config = memory.config
    cfg = config.search
    budget_end = time.monotonic() + config.embedding.timeout_s  # providers' share of a search
    notes: list[str] = []
    rebuilt = memory.rebuild_notice()
    if rebuilt:
        notes.append(f"{REBUILT_NOTE}: {rebuilt}")
    if req.sync and config.index.sync_on_search:
        try:
            synced = memory.sync()  # files only: a search never waits for a backlog of vectors
            notes.extend(w for w in synced.warnings if w.startswith(REBUILT_NOTE))
        except IndexCorruptError:
            raise  # recovered once, by search()
        except StoreError as exc:  # full disk, read-only, locked: answer from the index as it is
            notes.append(f"index not updated, answering from it as it is: {exc}")
    if req.max_chars is not None:
        cfg = replace(cfg, snippet_chars=req.max_chars)
    flt = req.filters
    pipe = PipelineRequest(
        query=req.query,
        max_results=limit,
        min_score=req.min_score if req.min_score is not None else float(cfg.min_score),
        mode=req.mode or cfg.mode,
        sources=list(flt.sources) or None,
        explain=req.explain,
        today=req.today,
        filters=flt if flt.active else None,
        used=used_spans(memory.workspace.root) if cfg.used_boost > 1.0 else None,
        dates_order=config.dates.order,
    )
    rng = None
    past = req.as_of is not None
    if req.during is not None or past:  # here: a plain search does not load the valid-time parsing
        from mdrecall.knowledge.dates.time_args import parse_as_of, parse_during

        rng = parse_during(req.during) if req.during is not None else None
    pipe, cfg = scope_request(pipe, cfg, memory.store, config, req.entity, rng, past=past)
    if req.as_of is not None:
        return search_as_of(memory.workspace, memory.store, config, pipe, cfg, parse_as_of(req.as_of))
    backend = memory.backend
    served = backend.search(pipe) if backend is not None and pipe.keep is None else None
    if served is not None:
        if flt.active:
            served.hits = [h for h in served.hits if flt.keeps(h.path, h.date)]
        return served
    with memory.searching():
        leg: VectorLeg | None = None
        note: str | None = None
        found: Coverage | None = None  # measured once per search: the catch-up step and the note share it
        key = ""
        emb = memory.embedder if pipe.mode != "bm25" else None
        if emb is not None and getattr(emb, "dims_known", True):  # never a probe request for coverage
            from mdrecall.index.vectorize import coverage  # here: a keyword search loads no vector code

            key = emb.identity.key
            found = catch_up_vectors(memory, coverage(memory.store, key), budget_end, notes)
        if pipe.mode != "bm25":
            from mdrecall.index.vectorize import query_vector

            with provider_deadline(budget_end - time.monotonic()):
                leg, note = query_vector(emb, req.query, memory.store)
        if memory.embedder_error:
            note = f"embeddings disabled: {memory.embedder_error}"
        if leg is not None and leg.embedder_key != key:  # embedded by a fallback, or its dims were unknown
            from mdrecall.index.vectorize import coverage

            key = leg.embedder_key
            found = coverage(memory.store, key)
        if found is not None:
            from mdrecall.index.vectorize import vectors_behind_note

            behind = vectors_behind_note(found.indexed, found.total, found.complete_for, key)
            if behind:
                note = f"{note}; {behind}" if note else behind
        stage = memory.rerank_stage if req.rerank is not False else None
        if memory.rerank_error and req.rerank is not False:
            note = f"{note}; " if note else ""
            note += f"reranking disabled: {memory.rerank_error}"
        if notes:
            note = "; ".join([*notes, *([note] if note else [])])
        if leg is not None and "lines" not in cfg.skip_stages:
            from mdrecall.search.line_vectors import line_scorer

            pipe = replace(pipe, line_scorer=line_scorer(req.query, emb, leg))
        result = run_search(memory.store, pipe, cfg, leg, note, stage)
    if found is not None:
        result.vectors = {"indexed": found.indexed, "total": found.total}
    return result


def _merge(
    memory: SearchAccess,
    req: SearchRequest,
    result: SearchResult,
    chosen: dict[str, SearchAccess],
    limit: int,
) -> None:
    """The one multi-workspace merge: each other memory answers the same request; hits are ranked by
    score and cut to the request's limit. With the team, every hit says its workspace (``own`` or
    ``team``) and the agent that wrote it; another agent's hits name that agent."""
    alone = replace(req, agents=(), max_results=limit)
    hits: list[Hit] = list(result.hits)
    team = chosen.pop("team", None)
    if team is not None:
        own_agent = memory.config.agent_id or "default"
        hits = [replace(h, workspace="own", agent=own_agent) for h in hits]
        found = search(team, alone).hits
        hits += [replace(h, workspace="team", agent=author_of(h.path)) for h in found]
        hits.sort(key=lambda h: -h.score)
        hits = hits[:limit]
    for agent_id, other in chosen.items():
        hits += [replace(h, agent=agent_id) for h in search(other, alone).hits]
    if chosen:
        hits.sort(key=lambda h: -h.score)
        hits = hits[:limit]
    result.hits = hits
