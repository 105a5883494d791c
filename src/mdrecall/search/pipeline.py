"""The search pipeline: wires the query, the two legs and the ranking stages together.

::

    query ─► keywords ─► BM25 leg ─┐
          └► embedding ─► vector leg ┴► fuse ─► supersede ─► stated preferences ─► min score ─► dates
       ─► decay ─► current (a question about the present: the latest close line on its subject, the
       latest note naming a standing page's slot value, the note telling its subject changed, the line
       superseding a leading answer; a running total asked: its latest tally)
       ─► rerank (a configured reranker has the last word) ─► used (lines the agent used after recall,
       ×search.used_boost) ─► MMR
       ─► hits (:mod:`mdrecall.search.hits`): one per citation ─► passage snippets ─► one per fact ─► top-k

Either leg may be missing (no embedder, nothing to match): the other answers alone and
``SearchResult.fallback`` says why. Nothing here knows SQL; stores return candidates.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from typing import TYPE_CHECKING, Any

from mdrecall.config.settings import SearchConfig
from mdrecall.models import Chunk, Hit, VectorLeg
from mdrecall.records import plain_methods, record
from mdrecall.request import SearchFilter
from mdrecall.search.amounts import apply_amount_lift, asks_for_money
from mdrecall.search.class_answers import apply_class_lift, asked_class_of, name_chunks
from mdrecall.search.current import lift_latest
from mdrecall.search.current_newer import lift_superseding
from mdrecall.search.decisions import apply_decision_boost
from mdrecall.search.event_days import cached_event_days, of_day, on_day_weight
from mdrecall.search.event_notes import asks_of_event, lift_event_notes
from mdrecall.search.hits import build_hits
from mdrecall.search.keyword_leg import keyword_leg, kind_terms, related_terms, with_code_rare, with_rare
from mdrecall.search.kind_answers import apply_kind_answers, kind_subject, spans_one
from mdrecall.search.kinds import ENTITY_KINDS, apply_entity_kinds, apply_kind_instances, asked_entity_kinds
from mdrecall.search.measures import apply_measure_lift, asked_measure
from mdrecall.search.named_subject import apply_name_forms, asked_names
from mdrecall.search.news_lift import lift_news
from mdrecall.search.person_answers import WINDOW as WHO_WINDOW
from mdrecall.search.person_answers import apply_person_answers, others_lines
from mdrecall.search.person_lines import asked_people, lift_person_lines
from mdrecall.search.places import apply_place_lift, asks_whereabouts, whereabouts_kinds, whereabouts_names
from mdrecall.search.ranking import (
    STATEMENT_POOL,
    Scored,
    add_date_term,
    apply_date_hints,
    apply_decay,
    apply_min_score,
    apply_rerank,
    apply_statement_boost,
    apply_used_boost,
    fuse_rrf,
    fuse_weighted,
    merge_neighbours,
    mmr,
    normalize_vector,
)
from mdrecall.search.role_names import role_names
from mdrecall.search.running_total import asks_running_total, lift_latest_total
from mdrecall.search.slot_news import lift_slot_news, value_notes
from mdrecall.search.snippets import LineScorer
from mdrecall.search.supersede import (
    apply_fact_supersession,
    keep_newer_first,
    newer_chunks,
    superseded_lines,
)
from mdrecall.search.supersede_wording import apply_supersession, marks_by_wording, query_names
from mdrecall.search.time_rescue import keep_rescued, rescued_times
from mdrecall.search.times import (
    answer_past_day,
    apply_often_lift,
    apply_time_lift,
    asks_for_past_day,
    asks_for_time,
    asks_how_often,
)
from mdrecall.stores.base import Store
from mdrecall.text.converse import asks_for_party
from mdrecall.text.decisions import CHOICE_WORDS, asks_for_choice
from mdrecall.text.query import (
    KeywordQuery,
    asks_about_self,
    asks_for_code_language,
    asks_for_list,
    build_keyword_query,
    query_intent,
)
from mdrecall.text.tense import asks_about_present

if TYPE_CHECKING:
    from mdrecall.rerankers import Reranker

__all__ = ["MODES", "STAGES", "PipelineRequest", "RerankStage", "SearchResult", "VectorLeg", "run_search"]

MODES = ("hybrid", "bm25", "vector")
#: Candidates each leg fetches when a filter is set (filtering happens after the store answers).
FILTERED_POOL = 1000
#: The fewest candidates each leg fetches (``max_results × candidate_multiplier`` above it): the pool of a
#: 5-hit search, so a search for 3 hits ranks as one for 5 does (held_out_10 questions 0.88 -> 0.91). The
#: pool of a default 6-hit search (24) was measured too: held_out_3 and held_out_5 gained one item each
#: more, and LoCoMo (5 hits a question) lost 0.004 snippet recall, 0.022 open-domain.
MIN_POOL = 20
#: A question asking for several things of a kind ("which cities has Jon visited?") is judged against
#: this share of ``min_score``: one line per answer, each sharing fewer words with the question
#: (LoCoMo multi-hop snippet recall@5 0.534 → 0.543 on conversations 0–4, no category lower).
LIST_MIN_SCORE_SHARE = 0.5
#: The stages ``search.skip_stages`` can turn off (to measure each one; see ``docs/search.md``).
STAGES = (
    "citations",
    "passages",
    "budget",
    "facts",
    "prefixes",
    "intent",
    "supersede",
    "kinds",
    "lines",
    "event_days",
    "date_term",
    "decisions",
    "person",
    "related",
    "amounts",
    "measures",
    "places",
    "times",
    "current",
    "names",
    "who",
    "events",
)


@record
class RerankStage:
    """A reranker for the top ``top_n`` hits; ``keep_local`` says which chunks must not be sent to it."""

    reranker: Reranker
    top_n: int = 20
    keep_local: Callable[[Chunk], bool] | None = None


@record
class PipelineRequest:
    """What the pipeline runs: a :class:`~mdrecall.request.SearchRequest` with the configured defaults
    filled in and its entity/time scope turned into ``keep`` and ``boost`` (:mod:`mdrecall.search.runner`)."""

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
    #: Path → line spans the agent used after recall injected them (the ``used`` stage lifts them).
    used: Mapping[str, Sequence[tuple[int, int]]] | None = None
    #: The ``dates.order`` setting: how a chunk's "4/6" is read (``auto``: the workspace's agreed order).
    dates_order: str = "auto"


@plain_methods
@dataclass(repr=False, eq=False)
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
    #: What went wrong beside the search (its hits could not be recorded for dreaming).
    warning: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The stable JSON shape used by the CLI and agent tools."""
        return {
            "results": [h.to_dict() for h in self.hits],
            "mode": self.mode,
            "provider": self.provider,
            "model": self.model,
            "fallback": self.fallback,
            "reranker": self.reranker,
            "vectors": self.vectors,
            **({"warning": self.warning} if self.warning else {}),
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
        req.query,
        synonyms=cfg.synonyms,
        today=today,
        prefixes="prefixes" not in off,
        intent=intent,
        kinds="kinds" not in off,
    )
    entity_kinds = asked_entity_kinds(req.query) if "kinds" not in off and cfg.kind_boost > 0 else ()
    # here: a search whose question names no kind loads no entity view
    # a kind the word table knows ("database": its instances) is asked more precisely than by the entity
    # kind it maps to ("technology": LaunchDarkly too), so the entity names are for the others ("pet")
    # (a programming language is asked by both: the known ones, and the workspace's technologies - GDScript)
    code = "technology" in entity_kinds and asks_for_code_language(req.query)
    if code and kq.instances:  # "Rust", "Swift": languages where the workspace names them as technologies
        kq = with_code_rare(store, kq)
    kind_group = kind_terms(store, kq, entity_kinds) if entity_kinds and (code or not kq.instances) else ()
    # a search for a few hits weighs at least MIN_POOL candidates: the scores are normalised over the pool,
    # and in a thin one a chunk found by one leg alone loses the other's half
    pool = max(1, min(max(req.max_results * cfg.candidate_multiplier, MIN_POOL), cfg.candidate_cap))
    prefers = intent == "prefer" and asks_about_self(req.query)  # "what should I cook?": my stated likes
    if prefers:  # the statement boost needs the stated preferences among the candidates
        pool = max(pool, STATEMENT_POOL)
    if req.keep is not None:
        pool = max(pool, cfg.candidate_cap)
    mode = req.mode if req.mode in MODES else "hybrid"
    if kq.instances and mode != "vector" and "kinds" not in off:  # "Kuba's Squier bass": an instrument
        kq = with_rare(store, kq, req.query, pool, req.sources)
    flt = req.filters if req.filters is not None and req.filters.active else None
    if flt is not None:
        pool = max(pool, FILTERED_POOL)
    days_of = None if "event_days" in off else cached_event_days(store, req.dates_order)
    on_day = on_day_weight(frozenset(kq.dates), days_of) if kq.dates and "date_term" not in off else None
    fallback: str | None = None
    text: list[Scored] = []
    vec: list[Scored] = []
    keyword_failure: str | None = None
    choice = "decisions" not in off and asks_for_choice(req.query)  # "what database did we pick?"
    groups = ((CHOICE_WORDS,) if choice else ()) + ((kind_group,) if kind_group else ())
    several = "kinds" not in off and asks_for_list(req.query)  # each instance named is one more answer
    # a question's word no note holds is searched in its synonyms (as its own words, they answer it)
    near = related_terms(store, kq, req.sources) if "related" not in off and mode != "vector" else ()
    if "roles" not in off and mode != "vector":  # "the luthier": the name his page gives him
        near = (*near, *(w for w in role_names(store, kq, req.query, req.sources) if w not in near))
    if mode in ("hybrid", "bm25"):
        listed = kind_group if several else ()  # "what pets do we have": each pet named is an answer
        text, keyword_failure = keyword_leg(store, kq, pool, req.sources, groups, several, near, listed)
    if mode in ("hybrid", "vector"):
        if vector is None:
            fallback = vector_note or "no embedder configured: keyword search only"
            if mode == "vector":
                text, keyword_failure = keyword_leg(store, kq, pool, req.sources, groups, several, near)
        else:
            fallback = vector_note
            wide = max(pool, cfg.candidate_cap) if on_day is not None else pool
            vec = normalize_vector(
                store.search_vector(vector.embedder_key, vector.query_vector, wide, req.sources)
            )
            if on_day is not None and wide > pool:
                vec = of_day(vec, pool, on_day, frozenset(kq.dates))
    if flt is not None:
        text, vec = _filtered(text, flt), _filtered(vec, flt)
    if req.keep is not None:
        text, vec = [s for s in text if req.keep(s.chunk)], [s for s in vec if req.keep(s.chunk)]
    if on_day is not None:  # the day a question names is one more of its terms
        text = add_date_term(text, vec, on_day)
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
        fused = apply_supersession(
            fused, (*kq.terms, *near), names=query_names(req.query), mark=marks_by_wording(store)
        )
        fused = apply_fact_supersession(
            fused,
            (*kq.terms, *near),
            superseded_lines(store, fused),
            query=req.query,
            fetch=newer_chunks(store, _in_scope(req, flt)) if cfg.show_newer else None,
        )
    if "names" not in off:  # "what is Biscuit eating": not the checklist's "tea and biscuits"
        fused = apply_name_forms(fused, asked_names(req.query))
    if "kinds" not in off:
        fused = apply_kind_instances(fused, kq.terms)
        mentions = None
        if entity_kinds:
            from mdrecall.knowledge.stored_kinds import kind_lines

            mentions = kind_lines(store, entity_kinds)
        if mentions is not None:
            fused = apply_entity_kinds(fused, spans_one(mentions), cfg.kind_boost)
            if not several:  # "which app do I make the menu card in": a line naming one with the subject
                kind_words = [t for t in kq.terms if t.lower() in ENTITY_KINDS]
                fused = apply_kind_answers(fused, mentions, kind_subject(kq.terms, kind_words))
        if (named := asked_class_of(req.query)) is not None and fused:  # "what breed is Biscuit"
            scope = _in_scope(req, flt)
            fetch = (lambda: name_chunks(store, named, req.sources, scope)) if mode != "vector" else None
            fused = apply_class_lift(fused, named, fetch=fetch, floor=req.min_score)
    if "amounts" not in off and asks_for_money(req.query):  # "how much did X cost": a line with a price
        fused = apply_amount_lift(fused, (*kq.terms, *near))
    measure = asked_measure(req.query) if "measures" not in off else None
    if measure is not None:  # "how much does Zosia weigh": her latest line with a weight
        fused = apply_measure_lift(fused, (*kq.terms, *near), measure, req.query)
    if "places" not in off and fused and asks_whereabouts(req.query):  # "where is Rafael based"
        names = whereabouts_names(req.query, query_names(req.query))
        if names:
            from mdrecall.knowledge.stored_kinds import kind_lines

            fused = apply_place_lift(fused, names, kind_lines(store, whereabouts_kinds(req.query)) or {})
    if choice:
        fused = apply_decision_boost(fused, kq.terms, kq.instances)
    if prefers:
        fused = apply_statement_boost(fused, _states_preference)
    if several:  # several answers: a lower bar fills the slots
        req = replace(req, min_score=req.min_score * LIST_MIN_SCORE_SHARE)
    bar = req.min_score
    if vector is not None:  # a cosine is judged in its model's units (embedders/calibration.py)
        from mdrecall.embedders.calibration import cosine_for

        bar = cosine_for(req.min_score, vector.cosine_knots)
    if text and vec:
        ranked = apply_min_score(fused, req.min_score, ("text", "vector"), {"vector": bar})
    else:
        ranked = apply_min_score(fused, bar if vec else req.min_score)
    timed = "times" not in off and bool(fused) and asks_for_time(req.query)
    if timed:  # "what night is the class now": a note telling its time moved is judged with its lift
        gone = _superseded_check(store, off, fused)
        keep = rescued_times(fused, req.min_score, (*kq.terms, *near), query_names(req.query), gone, today)
        ranked = keep_rescued(fused, ranked, keep)
    if fused and not ranked:  # say why nothing is shown: every candidate was cut by min_score
        n, s = len(fused), "s" if len(fused) != 1 else ""
        cut = f"{n} candidate{s} scored below min_score {req.min_score:g}: try --min-score 0"
        fallback = f"{fallback}; {cut}" if fallback else cut
    if "who" not in off and ranked and not several and asks_for_party(req.query):  # "who feeds the hens"
        ranked = _person_answers(store, ranked, kq.terms, req.query)  # among those min_score kept
    if timed and ranked:  # "when is team sync": its time
        gone = _superseded_check(store, off, ranked)
        ranked = apply_time_lift(
            ranked, (*kq.terms, *near), query_names(req.query), superseded=gone, today=today
        )
    elif "times" not in off and ranked and asks_how_often(req.query):  # "how often is the yard flown"
        ranked = apply_often_lift(
            ranked, (*kq.terms, *near), superseded=_superseded_check(store, off, ranked)
        )
    elif "times" not in off and ranked and asks_for_past_day(req.query):  # "when did we bottle the cider"
        ranked = answer_past_day(ranked, (*kq.terms, *near), query_names(req.query))
    if kq.dates:
        ranked = apply_date_hints(ranked, kq.dates, cfg.date_hints, days_of=days_of)
    if "person" not in off and asks_for_list(req.query):  # each answer is a line the person says
        kind = kq.instances if "kinds" not in off else ()
        people = asked_people(query_names(req.query), bool(kq.dates))
        ranked = lift_person_lines(ranked, people, kq.terms, req.line_scorer, instances=kind)
    if cfg.decay_enabled:
        ranked = apply_decay(ranked, today, cfg.decay_half_life_days)
    if req.boost is not None:
        ranked = req.boost(ranked)
    if "current" not in off and ranked and asks_about_present(req.query):  # the latest line on it
        ranked = lift_latest(ranked, kq.terms, query_names(req.query))
        ranked = lift_news(ranked, kq.terms, query_names(req.query))
        news = value_notes(store, req.sources, _in_scope(req, flt))
        ranked = lift_slot_news(ranked, kq.terms, news, req.query)
        if "supersede" not in off:  # the line superseding a leading answer: the state in force
            reader = newer_chunks(store, _in_scope(req, flt)) if cfg.show_newer else None
            ranked = lift_superseding(ranked, kq.terms, query_names(req.query), reader)
    if "current" not in off and ranked and asks_running_total(req.query):  # "how many have paid"
        ranked = lift_latest_total(ranked, kq.terms, query_names(req.query), asks_for_money(req.query))
    if "events" not in off and ranked and asks_of_event(req.query):  # "what did the vet say": the day's note
        ranked = lift_event_notes(ranked, kq.terms)
    reranked_by = None
    if rerank is not None and ranked:
        ranked, failure = _rerank(ranked, req.query, rerank)
        if failure:
            fallback = f"{fallback}; {failure}" if fallback else failure
        else:
            reranked_by = rerank.reranker.name
    if req.used and cfg.used_boost > 1.0 and ranked:
        ranked = apply_used_boost(ranked, req.used, cfg.used_boost, _superseded_check(store, off, ranked))
    if "supersede" not in off:  # the later stages may have lifted a superseded line again
        ranked = keep_newer_first(ranked)
    k = req.max_results
    if cfg.mmr_enabled:
        ranked = mmr(ranked, cfg.mmr_lambda, 2 * k if cfg.merge_neighbours else k)
    if cfg.merge_neighbours:
        ranked = merge_neighbours(ranked, k)
    hits = build_hits(
        ranked,
        kq,
        k,
        cfg.snippet_chars,
        store,
        off=off,
        intent=intent,
        line_scorer=req.line_scorer,
        explain=req.explain,
        several=several,
    )
    return SearchResult(
        hits=hits,
        mode=mode,
        keyword_query=kq,
        provider=vector.provider if vector else None,
        model=vector.model if vector else None,
        fallback=fallback,
        reranker=reranked_by,
    )


def _person_answers(store: Store, ranked: list[Scored], terms: Sequence[str], query: str) -> list[Scored]:
    """``ranked`` with the candidates whose line names someone beside the question's subject lifted
    (:mod:`mdrecall.search.person_answers`)."""
    from mdrecall.knowledge.stored_kinds import kind_mentions

    paths = [s.chunk.path for s in ranked[:WHO_WINDOW]]
    lines = others_lines(kind_mentions(store, ("person",)), asked_names(query), paths)
    return apply_person_answers(ranked, lines, terms)


def _superseded_check(
    store: Store, off: frozenset[str], ranked: Sequence[Scored]
) -> Callable[[str, int], bool] | None:
    """Whether the index's fact lines say a newer line supersedes ``path`` line ``n``, for the files of
    ``ranked`` (``None``: the ``supersede`` stage is off)."""
    if "supersede" in off:
        return None
    lines = superseded_lines(store, ranked, window=len(ranked))
    return lambda path, n: n in lines.get(path, {})


def _states_preference(chunk: Chunk) -> bool:
    from mdrecall.text.salience import states  # only for questions that ask for a preference

    return states("preference", chunk.text)


def _in_scope(req: PipelineRequest, flt: SearchFilter | None) -> Callable[[Chunk], bool]:
    """Whether a chunk a stage fetches (a newer line's, a slot value's latest note) lies in the search's
    scope: its sources, filters and ``keep``."""

    def allowed(c: Chunk) -> bool:
        return (
            (not req.sources or c.source in req.sources)
            and (flt is None or flt.keeps(c.path, c.date))
            and (req.keep is None or req.keep(c))
        )

    return allowed


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
