"""Ranking stages as small pure functions over :class:`Scored` lists.

Scores are 0..1, higher is better:

* keyword (BM25) leg: ``raw / best_raw`` — the best keyword match of the query scores 1.0 and the
  others are the fraction of its BM25 they reach (FTS5's ``bm25()`` is negated so higher is better);
* vector leg: cosine similarity clamped to 0..1;
* weighted fusion: ``(w_v·vector + w_t·text) / (w_v + w_t)`` (a chunk a leg did not return gets that
  leg's floor, the lowest score it returned, or 0 when the leg returned all it had);
* reciprocal rank fusion: ``Σ 1/(k + rank)`` divided by its best possible value, ``2/(k + 1)``;
* temporal decay: ``score × 0.5^(age_days / half_life)`` for dated files only;
* date hints (the days a query names, "yesterday"): ``boost`` multiplies the score of a chunk from one of
  those days by a factor (scores are divided by the best one if that passes 1.0); ``filter`` keeps only
  those chunks, unless none is from those days;
* rerank: a reranker's relevance (0..1) replaces the score of each of the top ``n`` it judged; they are
  re-sorted, and the items below them are capped at the lowest of those scores;
* used: a candidate holding lines the agent used after recall injected them
  (:mod:`mdrecall.index.used_log`) has its score multiplied by ``search.used_boost`` (at most 1.25,
  capped at 1.0); nothing is removed, and a line a newer one supersedes is never lifted;
* MMR: greedy re-order by ``λ·score − (1−λ)·max Jaccard(tokens, already chosen)``;
* neighbour merging: among the chunks that make the top ``k``, those of one file whose lines overlap
  or touch become one hit (the best one's score), so a slot is not spent twice on one passage.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import date

from mdrecall.models import Candidate, Chunk, Scored
from mdrecall.text.query import tokenize

__all__ = [
    "BOTH_LEGS_SHARE",
    "DATE_BOOST",
    "Scored",
    "add_date_term",
    "apply_date_hints",
    "apply_decay",
    "apply_min_score",
    "apply_rerank",
    "apply_used_boost",
    "decay_factor",
    "fuse_rrf",
    "fuse_weighted",
    "jaccard",
    "merge_neighbours",
    "mmr",
    "normalize_text",
    "normalize_vector",
]


def normalize_text(cands: Sequence[Candidate]) -> list[Scored]:
    """BM25 leg → 0..1 relative to the best keyword match of this query."""
    best = max((c.raw_score for c in cands), default=0.0)
    if best <= 0:
        return [Scored(c.chunk, 0.0, {"text": 0.0}) for c in cands]
    return [Scored(c.chunk, c.raw_score / best, {"text": c.raw_score / best}) for c in cands]


def normalize_vector(cands: Sequence[Candidate]) -> list[Scored]:
    """Vector leg → cosine clamped to 0..1."""
    return [
        Scored(c.chunk, max(0.0, min(1.0, c.raw_score)), {"vector": max(0.0, c.raw_score)}) for c in cands
    ]


def fuse_weighted(
    text: Sequence[Scored],
    vector: Sequence[Scored],
    vector_weight: float,
    text_weight: float,
    missing: str = "floor",
    limit: int | None = None,
) -> list[Scored]:
    """Weighted sum of the two legs with weights normalised to 1, best first.

    A chunk one leg did not return scores that leg's lowest returned score there (``"floor"``: it
    ranked below every candidate, so at most that), or ``0`` (``missing="zero"``). The floor keeps a
    strong match of one leg from being buried by the other leg's noise (measured on LoCoMo: with
    0.7/0.3 weights, line recall@5 0.709 → 0.799; see ``docs/search.md``). Given the ``limit`` the legs
    were asked for, a leg that returned fewer is complete — a chunk it lacks has no match there — and
    scores 0.
    """
    total = vector_weight + text_weight
    wv, wt = (vector_weight / total, text_weight / total) if total > 0 else (0.5, 0.5)
    merged: dict[str, dict[str, float]] = {}
    chunks: dict[str, Chunk] = {}
    for leg, items in (("text", text), ("vector", vector)):
        for s in items:
            chunks[s.chunk.id] = s.chunk
            merged.setdefault(s.chunk.id, {})[leg] = s.score

    def floor(leg: Sequence[Scored]) -> float:
        if missing != "floor" or (limit is not None and len(leg) < limit):
            return 0.0
        return min((s.score for s in leg), default=0.0)

    floor_v, floor_t = floor(vector), floor(text)
    out = []
    for cid, legs in merged.items():
        score = wv * legs.get("vector", floor_v) + wt * legs.get("text", floor_t)
        out.append(Scored(chunks[cid], score, {**legs, "fused": score}))
    return _sorted(out)


def fuse_rrf(text: Sequence[Scored], vector: Sequence[Scored], k: int = 60) -> list[Scored]:
    """Reciprocal rank fusion of the two legs, scaled so a chunk ranked first by both scores 1.0."""
    best = 2.0 / (k + 1)
    merged: dict[str, dict[str, float]] = {}
    chunks: dict[str, Chunk] = {}
    for leg, items in (("text", text), ("vector", vector)):
        for rank, s in enumerate(_sorted(list(items))):
            chunks[s.chunk.id] = s.chunk
            entry = merged.setdefault(s.chunk.id, {"rrf": 0.0})
            entry[leg] = s.score
            entry["rrf"] += 1.0 / (k + rank + 1)
    out = []
    for cid, legs in merged.items():
        score = legs.pop("rrf") / best
        out.append(Scored(chunks[cid], score, {**legs, "fused": score}))
    return _sorted(out)


#: A chunk both legs found, each at this share of its own bar, passes ``min_score`` (h-bar28): the
#: keyword leg is relative to the query's best match, so one chunk repeating the question's name puts
#: every other below 0.35 of it, and a line that shares some words and some meaning is cut with the
#: noise. 0.8 on the tuned questions; 0.6 lets in a chunk that outranks an answer.
BOTH_LEGS_SHARE = 0.8


def apply_min_score(
    items: Sequence[Scored],
    min_score: float,
    legs: Sequence[str] = (),
    floors: Mapping[str, float] | None = None,
) -> list[Scored]:
    """Drop items scoring below ``min_score``, unless one of ``legs`` alone scored them that high.

    With ``legs = ("text", "vector")`` after weighted fusion, a chunk only one leg found is judged by
    that leg: a note that shares no word with the query ("database" → "PostgreSQL") but is close in
    meaning can never reach 0.35 as ``0.5 × cosine``, yet it is what embeddings are for. ``floors``
    gives a leg its own bar in its own units (a model's cosine as rare as MiniLM's ``min_score``); an
    item kept only by such a bar records it (stage ``vector_bar``, shown by ``--explain``). With two
    or more ``legs``, an item every one of them found at :data:`BOTH_LEGS_SHARE` of its bar is kept
    too (stage ``both_bar``: the share).
    """
    bar = {leg: (floors or {}).get(leg, min_score) for leg in legs}
    out = []
    for s in items:
        if s.score >= min_score or any(s.stages.get(leg, -1.0) >= min_score for leg in legs):
            out.append(s)
        elif by := next((leg for leg in legs if s.stages.get(leg, -1.0) >= bar[leg]), None):
            out.append(replace(s, stages={**s.stages, f"{by}_bar": bar[by]}))
        elif len(legs) > 1 and all(s.stages.get(leg, -1.0) >= BOTH_LEGS_SHARE * bar[leg] for leg in legs):
            out.append(replace(s, stages={**s.stages, "both_bar": BOTH_LEGS_SHARE}))
    return out


def apply_rerank(items: Sequence[Scored], scores: Mapping[int, float], top_n: int) -> list[Scored]:
    """Re-score the first ``top_n`` items by ``scores`` (position → relevance) and re-sort them.

    Items among the first ``top_n`` without a score (not sent to the reranker) keep theirs; the items
    after them keep their order, their scores capped at the lowest score of the re-sorted head.
    """
    head = [
        s.with_score("rerank", max(0.0, min(1.0, scores[i]))) if i in scores else s
        for i, s in enumerate(items[:top_n])
    ]
    head.sort(key=lambda s: -s.score)
    if not head:
        return list(items)
    floor = head[-1].score
    tail = [s if s.score <= floor else s.with_score("rerank", floor) for s in items[top_n:]]
    return head + tail


def decay_factor(chunk_date: str | None, today: date, half_life_days: float) -> float:
    """``0.5^(age_days / half_life)`` for a dated chunk; 1.0 for evergreen (undated) ones."""
    if not chunk_date or half_life_days <= 0:
        return 1.0
    try:
        age = (today - date.fromisoformat(chunk_date[:10])).days
    except ValueError:
        return 1.0
    return math.pow(0.5, max(age, 0) / half_life_days)


def apply_decay(
    items: Sequence[Scored],
    today: date,
    half_life_days: float,
    date_of: Callable[[Chunk], str | None] = lambda c: c.date,
) -> list[Scored]:
    """Multiply each score by its decay factor and re-sort."""
    out = [
        s.with_score("decay", s.score * decay_factor(date_of(s.chunk), today, half_life_days)) for s in items
    ]
    return _sorted(out)


DATE_BOOST = 1.5
"""Default factor of :func:`apply_date_hints` in ``boost`` mode."""
STATEMENT_BOOST = 1.5
"""Default factor of :func:`apply_statement_boost`: a chunk stating what the question asks for."""
STATEMENT_POOL = 50
"""Candidates :func:`apply_statement_boost` looks at (the search fetches at least this many for it)."""


def apply_date_hints(
    items: Sequence[Scored],
    dates: Iterable[str],
    mode: str = "boost",
    factor: float = DATE_BOOST,
    date_of: Callable[[Chunk], str | None] = lambda c: c.date,
    days_of: Callable[[Chunk], Iterable[str]] | None = None,
) -> list[Scored]:
    """Favour chunks from the days a query names (ISO ``dates``; a range is given as its days).

    ``boost``: a matching chunk's score is multiplied by ``factor``, then, if the best score passes 1.0,
    every score is divided by it (0..1 is kept); the result is re-sorted and each item records stage
    ``date``. ``filter``: only matching chunks are kept, unless none match (then nothing changes).
    ``off``, or no dates: the items unchanged. A chunk matches when its ``date_of`` day is one of the
    days, or (given ``days_of``: the days its lines are about) one of those is.
    """
    if mode not in ("boost", "filter", "off"):
        raise ValueError(f"unknown date-hint mode {mode!r}: use 'boost', 'filter' or 'off'")
    days = frozenset(d[:10] for d in dates)
    if mode == "off" or not days or not items:
        return list(items)

    def hit(s: Scored) -> bool:
        d = date_of(s.chunk)
        if d and d[:10] in days:
            return True
        return days_of is not None and any(x[:10] in days for x in days_of(s.chunk))

    if mode == "filter":
        kept = [s.with_score("date", s.score) for s in items if hit(s)]
        return _sorted(kept) if kept else list(items)
    return _boosted(items, hit, factor, "date")


def add_date_term(
    text: Sequence[Scored], vector: Sequence[Scored], on_day: Callable[[Chunk], float]
) -> list[Scored]:
    """The keyword leg with the day(s) a question names counted as one more matched term.

    "What is due by 1 February?" keeps only "due" as a keyword (the date's words say *when*), so the
    line "abstracts to Ngozi by 1 February" matched nothing and every line saying "due" outranked it.
    Here a candidate of either leg holds the date as it would hold a rare term, weighed as the best
    keyword match times ``on_day`` (0..1: 1 for the file's day or a day its lines name, less for a
    span that only contains it): its keyword score becomes ``(text + on_day) / best`` (``best``: the
    highest such sum, so 0..1 is kept), and a candidate only the vector leg found joins the keyword leg
    with ``on_day / best``. A question made of a date alone ("what did we do on Saturday?") is then
    answered by that day's notes first. Stage ``date_term``.
    """
    scores = {s.chunk.id: s.score for s in text}
    chunks = {s.chunk.id: s.chunk for s in text}
    held: dict[str, float] = {}
    for s in (*text, *vector):
        if s.chunk.id not in held:
            held[s.chunk.id] = max(0.0, min(1.0, on_day(s.chunk)))
            if held[s.chunk.id] > 0:
                chunks.setdefault(s.chunk.id, s.chunk)
    if not any(held.values()):
        return list(text)
    summed = {cid: scores.get(cid, 0.0) + held.get(cid, 0.0) for cid in chunks}
    best = max(summed.values())
    old = {s.chunk.id: s for s in text}
    out = []
    for cid, value in summed.items():
        score = value / best
        prior = old.get(cid)
        if prior is None:
            out.append(Scored(chunks[cid], score, {"text": score, "date_term": score}))
        else:
            stages = {**prior.stages, "text": score, "date_term": score}
            out.append(replace(prior, score=score, stages=stages))
    return _sorted(out)


def apply_statement_boost(
    items: Sequence[Scored],
    states: Callable[[Chunk], bool],
    factor: float = STATEMENT_BOOST,
    top_n: int = STATEMENT_POOL,
) -> list[Scored]:
    """Favour, among the first ``top_n`` candidates, the chunks that state what the question asks for
    (``states``: a preference, for "what should I cook tonight?"): their score is multiplied by
    ``factor`` like a date hint's (stage ``statement``); the rest keep their order after them."""
    if not items:
        return []
    head = _boosted(items[:top_n], lambda s: states(s.chunk), factor, "statement")
    floor = head[-1].score
    return head + [s if s.score <= floor else s.with_score("statement", floor) for s in items[top_n:]]


def _boosted(
    items: Sequence[Scored], hit: Callable[[Scored], bool], factor: float, stage: str
) -> list[Scored]:
    """Scores of the items ``hit`` accepts multiplied by ``factor``, all divided by the best when it
    passes 1.0 (0..1 is kept), re-sorted, each recording ``stage``."""
    boosted = [(s, s.score * factor if hit(s) else s.score) for s in items]
    top = max(score for _, score in boosted)
    scale = top if top > 1.0 else 1.0
    return _sorted([s.with_score(stage, score / scale) for s, score in boosted])


def apply_used_boost(
    items: Sequence[Scored],
    used: Mapping[str, Sequence[tuple[int, int]]],
    boost: float,
    superseded: Callable[[str, int], bool] | None = None,
) -> list[Scored]:
    """``items`` with each candidate whose lines overlap a used span (path → ``(first, last)`` lines)
    scored ``min(1, score × boost)`` (stage ``used``), re-sorted (stably); nothing is removed.

    A candidate marked superseded, or whose used lines ``superseded(path, line)`` says a newer line
    replaces, is left as it is (so it never rises above the line that replaced it).
    """
    if boost <= 1.0 or not used:
        return list(items)
    out = []
    changed = False
    for s in items:
        spans = used.get(s.chunk.path)
        hit = [
            (max(a, s.chunk.start_line), min(b, s.chunk.end_line))
            for a, b in spans or ()
            if a <= s.chunk.end_line and s.chunk.start_line <= b
        ]
        stale = s.superseded_by is not None or (
            superseded is not None
            and any(superseded(s.chunk.path, n) for a, b in hit for n in range(a, b + 1))
        )
        if hit and not stale and s.score < 1.0:
            s = s.with_score("used", min(1.0, s.score * boost))
            changed = True
        out.append(s)
    return sorted(out, key=lambda s: -s.score) if changed else out  # stable: ties keep their order


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    """Jaccard similarity of two token sets."""
    if not a and not b:
        return 0.0
    return len(a & b) / len(a | b)


def mmr(items: Sequence[Scored], lambda_: float, k: int) -> list[Scored]:
    """Maximal marginal relevance: trade score for diversity (token Jaccard) among the top ``k``.

    Each item's highest similarity to the chosen ones is updated as items are chosen, so picking
    ``k`` of ``n`` costs ``k × n`` similarities, not ``k² × n``.
    """
    pool = list(items)
    tokens = [frozenset(tokenize(s.chunk.text)) for s in pool]
    nearest = [0.0] * len(pool)  # max similarity to anything chosen so far
    left = list(range(len(pool)))
    chosen: list[Scored] = []
    while left and len(chosen) < k:
        best_i, best_v = left[0], -math.inf
        for i in left:
            value = lambda_ * pool[i].score - (1 - lambda_) * nearest[i]
            if value > best_v:
                best_i, best_v = i, value
        left.remove(best_i)
        picked = pool[best_i]
        chosen.append(replace(picked, stages={**picked.stages, "mmr": best_v}))
        for i in left:
            nearest[i] = max(nearest[i], jaccard(tokens[i], tokens[best_i]))
    return chosen


def merge_neighbours(items: Sequence[Scored], k: int) -> list[Scored]:
    """The top ``k`` hits, with chunks of one file whose lines overlap or touch merged into one.

    Items are taken in rank order until ``k`` groups exist; an item that overlaps or is next to a
    group of the same file joins it (line range and text become their union) instead of taking a
    slot of its own, and the group keeps the score and stages of its best item. Chunks that cannot be
    joined line by line (a line split across chunks) stay apart. Only chunks that would have been
    shown anyway are merged, so a hit never grows with lines ranked below the top ``k``.
    """
    groups: list[list[Scored]] = []
    spans: list[dict[int, str] | None] = []
    for item in items:
        lines = _line_map(item.chunk)
        g = next(
            (
                g
                for g, group in enumerate(groups)
                if group[0].chunk.path == item.chunk.path and _joinable(spans[g], lines)
            ),
            None,
        )
        if g is None:
            if len(groups) == k:
                break
            groups.append([item])
            spans.append(lines)
            continue
        span = spans[g]
        assert span is not None and lines is not None
        span.update(lines)
        groups[g].append(item)
        h = g + 1  # the grown group may now reach later groups of its file: fold them in
        while h < len(groups):
            other = spans[h]
            if groups[h][0].chunk.path == item.chunk.path and _joinable(span, other):
                assert other is not None
                span.update(other)
                groups[g].extend(groups.pop(h))
                spans.pop(h)
            else:
                h += 1
    return [
        _merged(group, span) if len(group) > 1 and span else group[0]
        for group, span in zip(groups, spans, strict=True)
    ]


def _joinable(span: dict[int, str] | None, lines: dict[int, str] | None) -> bool:
    """Two line maps of one file overlap or touch and agree on every shared line (a line split
    across chunks has other text under the same number: those stay apart)."""
    if span is None or lines is None:
        return False
    if min(lines) > max(span) + 1 or max(lines) < min(span) - 1:
        return False
    return all(span.get(n, text) == text for n, text in lines.items())


def _line_map(chunk: Chunk) -> dict[int, str] | None:
    lines = chunk.text.split("\n")
    if len(lines) != chunk.end_line - chunk.start_line + 1:
        return None
    return {chunk.start_line + i: line for i, line in enumerate(lines)}


def _merged(group: list[Scored], span: dict[int, str]) -> Scored:
    best = group[0]
    lo, hi = min(span), max(span)
    text = "\n".join(span[n] for n in range(lo, hi + 1))
    import hashlib  # here: hashlib loads OpenSSL (~2 ms): only where a hash is taken

    chunk = replace(
        best.chunk,
        start_line=lo,
        end_line=hi,
        text=text,
        hash=hashlib.sha256(text.encode("utf-8")).hexdigest(),
    )
    return replace(best, chunk=chunk, stages={**best.stages, "merged": float(len(group))})


def _sorted(items: list[Scored]) -> list[Scored]:
    return sorted(items, key=lambda s: (-s.score, s.chunk.path, s.chunk.start_line))
