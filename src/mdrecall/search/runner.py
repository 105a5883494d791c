"""Running a :class:`~mdrecall.request.SearchRequest`: the one search path of the CLI, Python and MCP.

::

    request ─► sync the files ─► defaults + entity/time scope ─► as-of? (past files, keyword leg)
            ─► backend? ─► query vector (deadline) + coverage ─► catch-up step ─► rerank stage
            ─► line scorer for snippets (static vectors, when the vector leg runs)
            ─► search.run_search (the pipeline) ─► merge other memories (team, agents)

Notes (a rebuilt index, an index that could not be updated, a missing embedder or reranker, vectors
still being filled) are gathered as a list and end up in ``SearchResult.fallback``. The ranking itself
lives in :mod:`mdrecall.search.pipeline` and its stages; this module only decides what to run.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from mdrecall.errors import IndexCorruptError, NotFoundError, StoreError
from mdrecall.files.team_paths import author_of
from mdrecall.index.vectorize import COMPLETE_KEY, query_vector, vector_coverage, vectors_behind_note
from mdrecall.knowledge.valid_time import parse_as_of, parse_during
from mdrecall.models import Hit, VectorLeg
from mdrecall.plugins.deadline import provider_deadline
from mdrecall.request import SearchRequest
from mdrecall.search.line_vectors import line_scorer
from mdrecall.search.pipeline import PipelineRequest, SearchResult, run_search
from mdrecall.search.scope import scope_request, search_as_of

if TYPE_CHECKING:
    from mdrecall.memory import Memory

__all__ = ["REBUILT_NOTE", "Companions", "catch_up_vectors", "resolve_agents", "search"]

REBUILT_NOTE = "the index was unreadable and has been rebuilt"


@dataclass
class Companions:
    """The other memories a search may merge in: the team workspace and other agents' (by id).

    Opened by the caller (:func:`mdrecall.services.team.open_companions`, or the MCP server); a request names
    the ones it wants in ``agents``.
    """

    team: Memory | None = None
    others: Mapping[str, Memory] = field(default_factory=dict)


def search(memory: Memory, req: SearchRequest, companions: Companions | None = None) -> SearchResult:
    """Answer ``req`` from ``memory`` (a damaged index is rebuilt once), then merge the other
    memories ``req.agents`` names."""
    chosen = resolve_agents(req.agents, companions)  # an unknown name fails before any work
    try:
        result = _search_one(memory, req)
    except IndexCorruptError as exc:
        memory.recover(exc)
        result = _search_one(memory, req)
    if chosen and not req.scoped:  # an entity or a time scope is answered by the own workspace alone
        _merge(memory, req, result, chosen)
    return result


def resolve_agents(names: tuple[str, ...], companions: Companions | None) -> dict[str, Memory]:
    """The memories ``names`` picks among ``companions``: ``team``, agent ids, ``all`` (every one open).

    The one place a request's agent names are checked: a name that is not open here is an error.
    """
    comp = companions or Companions()
    out: dict[str, Memory] = {}
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


def catch_up_vectors(memory: Memory, budget_end: float, notes: list[str]) -> None:
    """The place where a search may embed a small backlog of chunks before its vector leg (within
    ``budget_end``, a ``time.monotonic()`` deadline): a handful of new chunks with a local embedder
    (:func:`mdrecall.index.backfill.embed_inline`); a real backlog is left to ``mdrecall index`` and the
    background workers, and the search says "vectors behind"."""
    from mdrecall.index.backfill import embed_inline  # here: a keyword search never loads the embedding path

    done = embed_inline(memory, "hybrid", budget_end)
    if done:
        notes.append(f"embedded {done} new chunk{'s' if done != 1 else ''} before answering")


def _search_one(memory: Memory, req: SearchRequest) -> SearchResult:
    config = memory.config
    cfg = config.search
    budget_end = time.monotonic() + config.embedding.timeout_s  # providers' share of a search
    notes: list[str] = []
    rebuilt = memory.rebuild_notice()
    if rebuilt:
        notes.append(f"{REBUILT_NOTE}: {rebuilt}")
    if req.sync and config.index.sync_on_search:
        try:
            synced = memory.index(embed=False)  # files only: a search never waits for a backlog of vectors
            notes.extend(w for w in synced.warnings if w.startswith(REBUILT_NOTE))
        except IndexCorruptError:
            raise
        except StoreError as exc:  # full disk, read-only, locked: answer from the index as it is
            notes.append(f"index not updated, answering from it as it is: {exc}")
    if req.max_chars is not None:
        cfg = replace(cfg, snippet_chars=req.max_chars)
    flt = req.filters
    pipe = PipelineRequest(
        query=req.query,
        max_results=req.max_results if req.max_results is not None else max(1, int(cfg.max_results)),
        min_score=req.min_score if req.min_score is not None else float(cfg.min_score),
        mode=req.mode or cfg.mode,
        sources=list(flt.sources) or None,
        explain=req.explain,
        today=req.today,
        filters=flt if flt.active else None,
    )
    rng = parse_during(req.during) if req.during is not None else None
    past = req.as_of is not None
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
        if pipe.mode != "bm25":
            catch_up_vectors(memory, budget_end, notes)
            with provider_deadline(budget_end - time.monotonic()):
                leg, note = query_vector(memory.embedder, req.query, memory.store)
        if memory.embedder_error:
            note = f"embeddings disabled: {memory.embedder_error}"
        coverage = None
        emb = memory.embedder if pipe.mode != "bm25" else None  # coverage even when the query failed,
        emb = emb if getattr(emb, "dims_known", True) else None  # but never a probe request for it
        if key := leg.embedder_key if leg else emb and emb.identity.key:
            coverage = vector_coverage(memory.store, key)
            previous = memory.store.get_meta(COMPLETE_KEY) if coverage[0] < coverage[1] else None
            behind = vectors_behind_note(*coverage, previous, key)
            if behind:
                note = f"{note}; {behind}" if note else behind
        stage = memory.rerank_stage if req.rerank is not False else None
        if memory.rerank_error and req.rerank is not False:
            note = f"{note}; " if note else ""
            note += f"reranking disabled: {memory.rerank_error}"
        if notes:
            note = "; ".join([*notes, *([note] if note else [])])
        if leg is not None and "lines" not in cfg.skip_stages:
            pipe = replace(pipe, line_scorer=line_scorer(req.query, memory.embedder, leg))
        result = run_search(memory.store, pipe, cfg, leg, note, stage)
    if coverage is not None:
        result.vectors = {"indexed": coverage[0], "total": coverage[1]}
    return result


def _merge(memory: Memory, req: SearchRequest, result: SearchResult, chosen: dict[str, Memory]) -> None:
    """The one multi-workspace merge: each other memory answers the same request; hits are ranked by
    score and cut to the request's limit. With the team, every hit says its workspace (``own`` or
    ``team``) and the agent that wrote it; another agent's hits name that agent."""
    limit = req.max_results if req.max_results is not None else max(1, int(memory.config.search.max_results))
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
