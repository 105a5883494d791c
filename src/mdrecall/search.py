"""The search pipeline: wires the query, the two legs and the ranking stages together.

::

    query ─► keywords ─► BM25 leg ─┐
          └► embedding ─► vector leg ┴► fuse ─► supersede ─► stated preferences ─► min score ─► dates
       ─► decay ─► rerank ─► MMR
       ─► one hit per citation ─► passage snippets ─► one hit per fact ─► top-k

Either leg may be missing (no embedder, nothing to match): the other answers alone and
``SearchResult.fallback`` says why. Nothing here knows SQL; stores return candidates.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING

from .citations import CitationGroup, fact_key, group_by_citation, repeats
from .config import SearchConfig
from .errors import IndexCorruptError, StoreError
from .models import Chunk, Hit
from .query import KeywordQuery, asks_about_self, build_keyword_query, query_intent
from .ranking import (
    Scored,
    apply_date_hints,
    apply_decay,
    apply_min_score,
    apply_rerank,
    apply_statement_boost,
    fuse_rrf,
    fuse_weighted,
    merge_neighbours,
    mmr,
    normalize_text,
    normalize_vector,
)
from .request import SearchFilter
from .snippets import LineScorer, Snippet, citation, matching_lines, pieced_snippet
from .stores.base import Store
from .supersede import apply_supersession

if TYPE_CHECKING:
    from .rerankers import Reranker

__all__ = ["MODES", "STAGES", "PipelineRequest", "RerankStage", "SearchResult", "VectorLeg", "run_search"]

MODES = ("hybrid", "bm25", "vector")
#: Candidates each leg fetches when a filter is set (filtering happens after the store answers).
FILTERED_POOL = 1000
#: How many lines below a title-only hit (``# Project Atlas`` alone) its hit may cite and show.
SECTION_LINES = 20
#: The stages ``search.skip_stages`` can turn off (to measure each one; see ``docs/search.md``).
STAGES = ("citations", "passages", "budget", "facts", "prefixes", "intent", "supersede", "lines")


@dataclass(frozen=True)
class VectorLeg:
    """What the vector leg needs: the embedded query and the key its vectors are stored under."""

    embedder_key: str
    query_vector: object  # numpy array
    provider: str = ""
    model: str = ""


@dataclass(frozen=True)
class RerankStage:
    """A reranker for the top ``top_n`` hits; ``keep_local`` says which chunks must not be sent to it."""

    reranker: Reranker
    top_n: int = 20
    keep_local: Callable[[Chunk], bool] | None = None


@dataclass(frozen=True)
class PipelineRequest:
    """What the pipeline runs: a :class:`~mdrecall.request.SearchRequest` with the configured defaults
    filled in and its entity/time scope turned into ``keep`` and ``boost`` (see :mod:`mdrecall.searcher`)."""

    query: str
    max_results: int
    min_score: float
    mode: str = "hybrid"
    sources: Sequence[str] | None = None
    explain: bool = False
    today: date | None = None
    filters: SearchFilter | None = None
    #: Keeps only the chunks it accepts (an entity, a valid-time range); the pool grows to the cap.
    keep: Callable[[Chunk], bool] | None = None
    #: A ranking stage run after decay (the entity boost).
    boost: Callable[[list[Scored]], list[Scored]] | None = None
    #: Scores a passage's lines against the query (0..1) when choosing snippets (a cheap embedder).
    line_scorer: LineScorer | None = None


@dataclass
class SearchResult:
    """Hits plus how they were found."""

    hits: list[Hit]
    mode: str
    keyword_query: KeywordQuery
    provider: str | None = None
    model: str | None = None
    fallback: str | None = None
    notes: list[str] = field(default_factory=list)
    reranker: str | None = None
    #: Vector coverage when the vector leg ran: ``{"indexed": n, "total": m}`` chunks.
    vectors: dict[str, int] | None = None

    def to_dict(self) -> dict[str, object]:
        """The stable JSON shape used by the CLI and agent tools."""
        return {
            "results": [h.to_dict() for h in self.hits],
            "mode": self.mode,
            "provider": self.provider,
            "model": self.model,
            "fallback": self.fallback,
            "reranker": self.reranker,
            "vectors": self.vectors,
        }


def run_search(
    store: Store,
    req: PipelineRequest,
    cfg: SearchConfig,
    vector: VectorLeg | None = None,
    vector_note: str | None = None,
    rerank: RerankStage | None = None,
) -> SearchResult:
    """Run one search through every stage and build the hits.

    ``vector_note`` says why the vector leg is missing (or degraded); it becomes ``fallback``, as does
    a reranker failure (the fused order is then kept).
    """
    today = req.today or date.today()
    off = frozenset(cfg.skip_stages)
    intent = None if "intent" in off else query_intent(req.query)
    kq = build_keyword_query(
        req.query, synonyms=cfg.synonyms, today=today, prefixes="prefixes" not in off, intent=intent
    )
    pool = max(1, min(req.max_results * cfg.candidate_multiplier, cfg.candidate_cap))
    if req.keep is not None:
        pool = max(pool, cfg.candidate_cap)
    mode = req.mode if req.mode in MODES else "hybrid"
    flt = req.filters if req.filters is not None and req.filters.active else None
    if flt is not None:
        pool = max(pool, FILTERED_POOL)
    fallback: str | None = None
    text: list[Scored] = []
    vec: list[Scored] = []
    keyword_failure: str | None = None
    if mode in ("hybrid", "bm25"):
        text, keyword_failure = _keyword_leg(store, kq, pool, req.sources)
    if mode in ("hybrid", "vector"):
        if vector is None:
            fallback = vector_note or "no embedder configured: keyword search only"
            if mode == "vector":
                text, keyword_failure = _keyword_leg(store, kq, pool, req.sources)
        else:
            fallback = vector_note
            vec = normalize_vector(
                store.search_vector(vector.embedder_key, vector.query_vector, pool, req.sources)
            )
    if flt is not None:
        text, vec = _filtered(text, flt), _filtered(vec, flt)
    if req.keep is not None:
        text, vec = [s for s in text if req.keep(s.chunk)], [s for s in vec if req.keep(s.chunk)]
    if mode == "hybrid" and text and vec:
        if cfg.fusion == "rrf":
            fused = fuse_rrf(text, vec, cfg.rrf_k)
        else:
            fused = fuse_weighted(text, vec, cfg.vector_weight, cfg.text_weight, limit=pool)
    elif vec:
        fused = vec
        if mode == "hybrid":
            fallback = fallback or "no keyword match: vector results only"
    else:
        fused = text
        if mode == "hybrid" and vector is not None:
            # Only what is known: missing vectors are already named in the note (vectors behind: …).
            fallback = fallback or "no vector match: keyword results only"
    if keyword_failure:
        fallback = f"{fallback}; {keyword_failure}" if fallback else keyword_failure
    if "supersede" not in off:
        fused = apply_supersession(fused, kq.terms)
    if intent == "prefer" and asks_about_self(req.query):  # "what should I cook?": my stated likes
        fused = apply_statement_boost(fused, _states_preference)
    ranked = apply_min_score(fused, req.min_score, ("text", "vector") if text and vec else ())
    if fused and not ranked:  # say why nothing is shown: every candidate was cut by min_score
        n, s = len(fused), "s" if len(fused) != 1 else ""
        cut = f"{n} candidate{s} scored below min_score {req.min_score:g}: try --min-score 0"
        fallback = f"{fallback}; {cut}" if fallback else cut
    if kq.dates:
        ranked = apply_date_hints(ranked, kq.dates, cfg.date_hints)
    if cfg.decay_enabled:
        ranked = apply_decay(ranked, today, cfg.decay_half_life_days)
    if req.boost is not None:
        ranked = req.boost(ranked)
    reranked_by = None
    if rerank is not None and ranked:
        ranked, failure = _rerank(ranked, req.query, rerank)
        if failure:
            fallback = f"{fallback}; {failure}" if fallback else failure
        else:
            reranked_by = rerank.reranker.name
    k = req.max_results
    if cfg.mmr_enabled:
        ranked = mmr(ranked, cfg.mmr_lambda, 2 * k if cfg.merge_neighbours else k)
    if cfg.merge_neighbours:
        ranked = merge_neighbours(ranked, k)
    hits = _hits(ranked, kq, k, cfg.snippet_chars, req, store, off, intent)
    return SearchResult(
        hits=hits,
        mode=mode,
        keyword_query=kq,
        provider=vector.provider if vector else None,
        model=vector.model if vector else None,
        fallback=fallback,
        reranker=reranked_by,
    )


def _states_preference(chunk: Chunk) -> bool:
    from .agent.salience import states  # only for questions that ask for a preference

    return states("preference", chunk.text)


def _keyword_leg(
    store: Store, kq: KeywordQuery, pool: int, sources: Sequence[str] | None
) -> tuple[list[Scored], str | None]:
    """The BM25 leg, or no candidates and why: a store error (a lock, I/O) degrades the search and
    says so. A damaged index (:class:`~mdrecall.errors.IndexCorruptError`) is raised to be rebuilt."""
    try:
        return normalize_text(store.search_text(kq, pool, sources)), None
    except IndexCorruptError:
        raise
    except StoreError as exc:
        return [], f"keyword search failed, vector results only: {exc}"


def _filtered(scored: list[Scored], flt: SearchFilter) -> list[Scored]:
    """The candidates the filter keeps (scores unchanged: they mean what they mean unfiltered)."""
    return [s for s in scored if flt.keeps(s.chunk.path, s.chunk.date)]


def _rerank(ranked: list[Scored], query: str, stage: RerankStage) -> tuple[list[Scored], str | None]:
    """Re-score the head of ``ranked`` with the reranker; on failure, the order as it was and why."""
    head = ranked[: max(1, stage.top_n)]
    sent = [i for i, s in enumerate(head) if stage.keep_local is None or not stage.keep_local(s.chunk)]
    if not sent:
        return ranked, None
    try:
        scores = stage.reranker.rerank(query, [head[i].chunk.text for i in sent])
    except Exception as exc:  # noqa: BLE001 - a reranker (or a plugin's) must never fail a search
        return ranked, f"reranker failed, fused order kept: {exc}"
    if len(scores) != len(sent):
        return ranked, f"reranker failed, fused order kept: {len(scores)} scores for {len(sent)} passages"
    return apply_rerank(ranked, dict(zip(sent, scores, strict=True)), len(head)), None


def _hits(
    ranked: Sequence[Scored],
    kq: KeywordQuery,
    k: int,
    max_chars: int,
    req: PipelineRequest,
    store: Store,
    off: frozenset[str],
    intent: str | None,
) -> list[Hit]:
    """The top ``k`` distinct hits in rank order, each with its snippet.

    One hit per citation (chunks citing overlapping lines of one file are one hit), its snippet made
    of the lines of the whole cited passage that best answer the query, and one hit per fact (a hit
    whose matching lines all repeat what an earlier hit shows is folded into it, its citation listed
    in that hit's ``also``); each time the slot goes to the next hit. A snippet does not repeat lines
    an earlier hit's snippet already shows.
    """
    groups = (
        [CitationGroup([s], *s.chunk.cited_lines, [i]) for i, s in enumerate(ranked[:k])]
        if "citations" in off
        else group_by_citation(ranked, k + 8)
    )
    lines_of = getattr(store, "line_texts", None) if "passages" not in off else None
    context = intent != "gather"
    shown: dict[str, set[int]] = {}
    cited: dict[str, dict[int, int]] = {}  # for each file, the group (its index) citing each line
    for i, g in enumerate(groups):
        cited.setdefault(g.path, {}).update(dict.fromkeys(range(g.start, g.end + 1), i))
    facts: list[frozenset[str]] = []
    owner: list[int] = []
    chosen: list[tuple[CitationGroup, str, int, Snippet]] = []
    merged: set[int] = set()
    left = k * max_chars
    for index, group in enumerate(groups):
        if len(chosen) == k:
            break
        if index in merged:
            continue
        seen = shown.setdefault(group.path, set())
        text, first = _passage(group, lines_of)
        if lines_of is not None and _only_headings(text):  # a title alone: the section it heads
            group, text, below = _section_below(group, text, lines_of, cited.get(group.path, {}))
            if below is not None:  # another hit cites the section: one hit, at the better rank
                if below < index:
                    continue
                group = _joined(group, groups[below])
                merged.add(below)
                text, first = _passage(group, lines_of)
            elif _only_headings(text) and sum(1 for line in text.split("\n") if line.strip()) > 1:
                continue  # a skeleton of empty sections (a new MEMORY.md) holds no memory yet
        # a passage several of the top k chunks cite gets the characters those hits would have had
        picks = sum(1 for r in group.ranks if r < k) if "budget" not in off else 1
        reserve = (k - len(chosen) - 1) * max_chars // 2
        size = max(max_chars // 2, min(max_chars * max(1, min(3, picks)), left - reserve))
        snip = pieced_snippet(text, first, kq.snippet_terms, size, seen, req.line_scorer, context)
        if "facts" not in off and facts:
            same = repeats(matching_lines(snip.text, kq.snippet_terms), facts)
            if same is not None:
                chosen[owner[same]][0].also.append(citation(group.path, group.start, group.end))
                continue
        seen.update(snip.shown_lines())
        for line in snip.text.split("\n"):
            facts.append(fact_key(line))
            owner.append(len(chosen))
        chosen.append((group, text, first, snip))
        left -= len(snip.text)
    if "budget" not in off:
        chosen = _spend_budget(chosen, kq, k * max_chars, max_chars, req.line_scorer, context)
    lines = req.line_scorer is not None
    return [_hit(group, snip, req.explain, lines) for group, _, _, snip in chosen]


def _spend_budget(
    chosen: list[tuple[CitationGroup, str, int, Snippet]],
    kq: KeywordQuery,
    budget: int,
    max_chars: int,
    scorer: LineScorer | None,
    context: bool,
) -> list[tuple[CitationGroup, str, int, Snippet]]:
    """Spend what the snippets left of the query's budget (``k × snippet_chars``) on more lines of
    their passages: first the hits whose passage the ranking chose more than once (several of its
    chunks ranked in the top ``2k``: up to ``snippet_chars`` more per extra chunk, 2 at most), then
    every other hit in rank order (up to ``snippet_chars`` more)."""
    left = budget - sum(len(s.text) for *_, s in chosen)
    window = 2 * len(chosen)
    picks = [sum(1 for r in g.ranks if r < window) for g, *_ in chosen]
    out = list(chosen)
    for i in sorted(range(len(out)), key=lambda i: (picks[i] < 2, i)):
        group, text, first, snip = out[i]
        if left <= 0 or len(text) <= len(snip.text):
            continue
        others = {
            n for j, (g, *_, s) in enumerate(out) if j != i and g.path == group.path for n in s.shown_lines()
        }
        size = min(max_chars * (1 + max(1, min(2, picks[i] - 1))), len(snip.text) + left)
        grown = pieced_snippet(text, first, kq.snippet_terms, size, others, scorer, context)
        if len(grown.text) > len(snip.text):
            left -= len(grown.text) - len(snip.text)
            out[i] = (group, text, first, grown)
    return out


def _passage(
    group: CitationGroup, lines_of: Callable[..., dict[tuple[str, int], str]] | None
) -> tuple[str, int]:
    """The text the group's snippet is chosen from, and its first line: the whole cited passage when
    the store can give its lines (``line_texts``), else the best chunk's own text."""
    best = group.best.chunk
    if lines_of is None or (group.start, group.end) == (best.start_line, best.end_line):
        return best.text, best.start_line
    if any(len(s.chunk.text.split("\n")) != s.chunk.end_line - s.chunk.start_line + 1 for s in group.items):
        return best.text, best.start_line  # a line split across chunks: the chunk's own text
    try:
        found = lines_of([(group.path, n) for n in range(group.start, group.end + 1)])
    except StoreError:
        return best.text, best.start_line
    for s in group.items:  # the chunks at hand are the passage as indexed: they win
        for i, line in enumerate(s.chunk.text.split("\n")):
            found[(group.path, s.chunk.start_line + i)] = line
    if not found:
        return best.text, best.start_line
    # a line no chunk holds is one the chunker skipped: a blank line between sections
    return "\n".join(found.get((group.path, n), "") for n in range(group.start, group.end + 1)), group.start


def _only_headings(text: str) -> bool:
    """True when a passage holds no line but headings (and blank lines): a title chunk."""
    return all(not line.strip() or line.lstrip().startswith("#") for line in text.split("\n"))


def _section_below(
    group: CitationGroup,
    text: str,
    lines_of: Callable[..., dict[tuple[str, int], str]],
    cited: dict[int, int],
) -> tuple[CitationGroup, str, int | None]:
    """A title-only group as the start of the section it heads: its range grown over the next
    :data:`SECTION_LINES` lines, up to the next heading of the same or a higher level, or up to a line
    another group cites — then that group's index is returned too (the title and it are one hit).
    The group unchanged when nothing but headings is below it (a note that is only a title) or the
    store cannot say.
    """
    level = min(len(line) - len(line.lstrip("#")) for line in text.split("\n") if line.strip())
    try:
        found = lines_of([(group.path, n) for n in range(group.end + 1, group.end + 1 + SECTION_LINES)])
    except StoreError:
        return group, text, None
    # a line between them no chunk holds is blank; the store may answer with more lines than asked
    last = min(max((n for _, n in found), default=group.end), group.end + SECTION_LINES)
    body: list[str] = []
    for n in range(group.end + 1, last + 1):
        line = found.get((group.path, n), "")
        if n in cited:
            return group, text, cited[n]
        if line.startswith("#") and len(line) - len(line.lstrip("#")) <= level:
            break
        body.append(line)
    while body and not body[-1].strip():
        body.pop()
    if _only_headings("\n".join(body)):
        return group, text, None
    return dataclasses.replace(group, end=group.end + len(body)), "\n".join([text, *body]), None


def _joined(title: CitationGroup, section: CitationGroup) -> CitationGroup:
    """One group of a title and the section below it, ranked as the title."""
    return CitationGroup(
        title.items + section.items,
        title.start,
        max(title.end, section.end),
        title.ranks + section.ranks,
        title.also + section.also,
    )


def _hit(group: CitationGroup, snip: Snippet, explain: bool, lines: bool = False) -> Hit:
    s = group.best
    c = s.chunk
    stages = dict(s.stages, final=s.score)
    if lines:  # the snippet's lines were also chosen by their vectors' similarity to the query
        stages["lines"] = 1.0
    if len(group.items) > 1:
        stages["citation_group"] = float(len(group.items))
    return Hit(
        path=c.path,
        start_line=group.start,
        end_line=group.end,
        score=max(0.0, min(1.0, s.score)),
        snippet=snip.text,
        source=c.source,
        citation=citation(c.path, group.start, group.end),
        date=c.date,
        heading=c.heading,
        snippet_start_line=snip.start_line,
        snippet_end_line=snip.end_line,
        explain=stages if explain else None,
        superseded=s.superseded_by,
        also=tuple(group.also),
    )
