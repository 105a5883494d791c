"""Entity and time scoping of a search: ``entity=``, ``during=``, the entity boost, and ``as_of=``.

``entity`` keeps the chunks that mention the entity or one of its aliases; ``during`` keeps the chunks
whose valid time (:func:`.valid_time.chunk_dates`) meets the range. ``as_of`` searches the files
as they were then: the last git commit at that time, or the index's own record of versions, chunked
and ranked in memory (keyword leg only: past texts have no vectors); a hit whose lines a later
version changed or removed says so in ``superseded``.
"""

from __future__ import annotations

import os
from dataclasses import replace
from datetime import datetime
from functools import partial

from ..config import Config, SearchConfig
from ..errors import MdrecallError
from ..indexer import chunk_text
from ..models import FileRecord, Hit
from ..search import SearchRequest, SearchResult, run_search
from ..stores.base import Store
from ..stores.in_memory import InMemoryStore
from ..stores.views import FileVersion
from ..workspace import Workspace, date_from_name
from .history import GitRepo, index_versions, superseded_by, versions_as_of, working_text
from .index import EntityIndex, apply_entity_boost
from .refresh import keeps_views
from .valid_time import DateRange, chunk_dates, utc_stamp

__all__ = ["scope_request", "search_as_of"]


def scope_request(
    req: SearchRequest,
    cfg: SearchConfig,
    store: Store,
    config: Config,
    entity: str | None = None,
    during: DateRange | None = None,
    past: bool = False,
) -> tuple[SearchRequest, SearchConfig]:
    """The request with its entity/valid-time filter and entity boost, and the search config with the
    aliases of the entities the query names added as synonyms. ``past``: the chunks searched are past
    versions (``as_of``), so the entity filter matches the entity's names in their text, as the stored
    mention lines are today's, and the boost is left out."""
    ents = config.entities
    index = EntityIndex(store, ents) if keeps_views(store) else None
    keeps = []
    if entity:
        if index is None:
            raise MdrecallError(
                f"{store.description}: this store keeps no entity views; use the sqlite store"
            )
        root = index.resolve(entity)
        keeps.append(index.named_in([root]) if past else index.about([root]))
    if during is not None:
        keeps.append(partial(_during, during))
    if keeps:
        req = replace(req, keep=lambda c: all(k(c) for k in keeps))
    if index is not None and ents.boost > 0 and not past:
        roots = index.in_query(req.query)
        if roots:
            req = replace(req, boost=partial(apply_entity_boost, about=index.about(roots), weight=ents.boost))
    if index is not None and ents.expand_aliases and (ents.aliases or ents.auto_aliases):
        extra = index.alias_synonyms(req.query)
        if extra:
            cfg = replace(cfg, synonyms={**extra, **cfg.synonyms})
    return req, cfg


def _during(rng: DateRange, chunk: object) -> bool:
    days = chunk_dates(chunk.text, chunk.date, chunk.heading)  # type: ignore[attr-defined]
    return any(rng.contains(d) for d in days)


def search_as_of(
    workspace: Workspace, store: Store, config: Config, req: SearchRequest, cfg: SearchConfig, when: datetime
) -> SearchResult:
    """Search the memory files as they were at ``when`` (see the module docstring)."""
    stamp = when.timestamp()
    repo = GitRepo.find(workspace.root, config.history.git_timeout_s) if config.history.git else None
    if repo is not None:
        then = repo.snapshot(stamp)
        source = "git"
    else:
        if not keeps_views(store):
            raise MdrecallError(
                f"{store.description}: this store keeps no file history; use the sqlite store"
            )
        every = index_versions(store)
        then = list(versions_as_of(every, stamp).values())
        source = "index history"
    past = InMemoryStore()
    for v in then:
        if v.text is None:
            continue
        day = date_from_name(os.path.basename(v.path))
        chunks = chunk_text(v.text, v.path, "memory", day, config)  # as the index chunks it today
        past.replace_file(FileRecord(v.path, "memory", v.hash, 0, len(v.text), day), chunks)
    note = f"as of {when.isoformat(timespec='seconds')}: {len(then)} files from {source}, keyword search only"
    result = run_search(past, replace(req, mode="bm25"), cfg, None, None)
    texts = {v.path: v.text or "" for v in then}
    later = _later_versions(repo, store, config, workspace, {h.path for h in result.hits}, stamp)
    result.hits = [_mark(h, texts.get(h.path, ""), later.get(h.path, [])) for h in result.hits]
    result.fallback = f"{result.fallback}; {note}" if result.fallback else note
    result.notes.append(note)
    return result


def _later_versions(
    repo: GitRepo | None, store: Store, config: Config, workspace: Workspace, paths: set[str], after: float
) -> dict[str, list[FileVersion]]:
    out: dict[str, list[FileVersion]] = {}
    for path in paths:
        if repo is not None:
            current, mtime = working_text(workspace, path)
            versions = repo.versions(path, config.history.max_versions, current, mtime)
        else:
            versions = index_versions(store, path)
        out[path] = [v for v in versions if v.seen_at > after]
    return out


def _mark(hit: Hit, text: str, later: list[FileVersion]) -> Hit:
    lines = text.splitlines()[hit.start_line - 1 : hit.end_line]
    newer = superseded_by(lines, later)
    if newer is None:
        return hit
    rev = f" ({newer.rev})" if newer.rev else ""
    return replace(hit, superseded=utc_stamp(newer.seen_at) + rev)
