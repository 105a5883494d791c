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
from datetime import date, datetime
from functools import partial
from typing import TYPE_CHECKING

from mdrecall.config.settings import Config, SearchConfig
from mdrecall.errors import MdrecallError
from mdrecall.files.workspace import Workspace
from mdrecall.knowledge.refresh import keeps_views
from mdrecall.models import Hit
from mdrecall.search.pipeline import PipelineRequest, SearchResult, run_search
from mdrecall.stores.base import Store

if TYPE_CHECKING:  # imported where used: a plain search loads neither the entity view, history nor valid time
    from mdrecall.knowledge.dates.time_args import DateRange
    from mdrecall.knowledge.history import GitRepo
    from mdrecall.knowledge.index import EntityIndex
    from mdrecall.knowledge.known import NameQueries
    from mdrecall.models import Chunk
    from mdrecall.stores.views import FileVersion, ViewStore

__all__ = ["may_name_entity", "scope_request", "search_as_of"]


def scope_request(
    req: PipelineRequest,
    cfg: SearchConfig,
    store: Store,
    config: Config,
    entity: str | None = None,
    during: DateRange | None = None,
    past: bool = False,
) -> tuple[PipelineRequest, SearchConfig]:
    """The request with its entity/valid-time filter and entity boost, and the search config with the
    aliases of the entities the query names added as synonyms. ``past``: the chunks searched are past
    versions (``as_of``), so the entity filter matches the entity's names in their text, as the stored
    mention lines are today's, and the boost is left out."""
    ents = config.entities
    views = store if keeps_views(store) else None
    keeps = []
    if entity:
        if views is None:
            raise MdrecallError(
                f"{store.description}: this store keeps no entity views; use the sqlite store"
            )
        index = _index(store, config)
        root = index.resolve(entity)
        keeps.append(index.named_in([root]) if past else index.about([root]))
    if during is not None:
        from mdrecall.knowledge.dates.date_country import workspace_country
        from mdrecall.knowledge.dates.date_order import workspace_order
        from mdrecall.search.event_days import workspace_reference

        order = workspace_order(store, config.dates.order)
        read = (order, workspace_country(store))
        keeps.append(partial(_during, during, read, workspace_reference(store)))
    if keeps:
        req = replace(req, keep=lambda c: all(k(c) for k in keeps))
    boost = ents.boost > 0 and not past
    aliases = ents.expand_aliases and bool(ents.aliases or ents.auto_aliases)
    if views is None or not (boost or aliases):
        return req, cfg
    from mdrecall.knowledge.known import StoredNames

    names: NameQueries | None = StoredNames.of(store, config.entities)  # reads its own words' rows
    if names is None:  # the index keeps no up-to-date table: computed here from every mention
        if not may_name_entity(req.query, views, config):
            return req, cfg  # the query names no entity: nothing to boost, no aliases to search
        names = _index(store, config)
    if boost:
        roots = names.in_query(req.query)
        if roots:
            from mdrecall.knowledge.known import apply_entity_boost

            req = replace(req, boost=partial(apply_entity_boost, about=names.about(roots), weight=ents.boost))
    if aliases:
        extra = names.alias_synonyms(req.query)
        if extra:
            cfg = replace(cfg, synonyms={**extra, **cfg.synonyms})
    return req, cfg


def _index(store: Store, config: Config) -> EntityIndex:
    from mdrecall.knowledge.index import EntityIndex

    return EntityIndex(store, config.entities)


def may_name_entity(query: str, store: ViewStore, config: Config) -> bool:
    """False when no 1–3 word run of the query is a name any file mentions or an alias the config
    gives: then the query names no entity, and the entity table (a scan of every mention) is not built.
    One indexed lookup of the query's own words."""
    from mdrecall.knowledge.known import name_key, query_words

    words = query_words(query)
    grams = {name_key(" ".join(words[i : i + n])) for n in (1, 2, 3) for i in range(len(words) - n + 1)}
    grams.discard("")
    if not grams:
        return False
    aliases = config.entities.aliases
    if aliases and grams & {name_key(n) for name, others in aliases.items() for n in (name, *others)}:
        return True
    return bool(store.mention_lines(sorted(grams)))


def _during(
    rng: DateRange, read: tuple[str | None, str | None], reference: date | None, chunk: Chunk
) -> bool:
    """Whether ``chunk`` is about a day in ``rng``, read in the workspace's order and country (``read``)."""
    from mdrecall.knowledge.dates.valid_time import chunk_dates

    ref = reference if chunk.date is None else None  # an undated page: read as the index read it
    days = chunk_dates(chunk.text, chunk.date, chunk.heading, ref, *read)
    return any(rng.contains(d) for d in days)


def search_as_of(
    workspace: Workspace,
    store: Store,
    config: Config,
    req: PipelineRequest,
    cfg: SearchConfig,
    when: datetime,
) -> SearchResult:
    """Search the memory files as they were at ``when`` (see the module docstring)."""
    from mdrecall.files.workspace import date_from_name
    from mdrecall.knowledge.history import GitRepo, index_versions, versions_as_of
    from mdrecall.models import FileRecord
    from mdrecall.stores.in_memory import InMemoryStore
    from mdrecall.text.chunking import chunk_text

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
    from mdrecall.knowledge.history import index_versions, working_text

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
    from mdrecall.knowledge.dates.time_args import utc_stamp
    from mdrecall.knowledge.history import superseded_by

    lines = text.splitlines()[hit.start_line - 1 : hit.end_line]
    newer = superseded_by(lines, later)
    if newer is None:
        return hit
    rev = f" ({newer.rev})" if newer.rev else ""
    return replace(hit, superseded=utc_stamp(newer.seen_at) + rev)
