from __future__ import annotations

from datetime import date

import pytest

from mdrecall.models import Candidate, Chunk
from mdrecall.search.ranking import (
    BOTH_LEGS_SHARE,
    Scored,
    apply_decay,
    apply_min_score,
    apply_rerank,
    apply_statement_boost,
    decay_factor,
    fuse_rrf,
    fuse_weighted,
    merge_neighbours,
    mmr,
    normalize_text,
    normalize_vector,
)


def chunk(name: str, text: str = "", day: str | None = None) -> Chunk:
    return Chunk(
        path=f"{name}.md", source="memory", start_line=1, end_line=1, text=text or name, hash=name, date=day
    )


def test_bm25_normalised_relative_to_best() -> None:
    out = normalize_text([Candidate(chunk("a"), 8.0), Candidate(chunk("b"), 2.0)])
    assert [round(s.score, 3) for s in out] == [1.0, 0.25]


def test_vector_scores_clamped() -> None:
    out = normalize_vector([Candidate(chunk("a"), 0.9), Candidate(chunk("b"), -0.2)])
    assert [s.score for s in out] == [pytest.approx(0.9), 0.0]


def test_weighted_fusion_normalises_weights_and_keeps_single_leg_hits() -> None:
    text = [Scored(chunk("a"), 1.0), Scored(chunk("b"), 0.5)]
    vec = [Scored(chunk("b"), 1.0), Scored(chunk("c"), 0.8)]
    fused = {
        s.chunk.path: s for s in fuse_weighted(text, vec, vector_weight=7, text_weight=3, missing="zero")
    }
    assert fused["b.md"].score == pytest.approx(0.7 * 1.0 + 0.3 * 0.5)
    assert fused["a.md"].score == pytest.approx(0.3)
    assert fused["c.md"].score == pytest.approx(0.56)
    assert fused["b.md"].stages["text"] == 0.5
    # default: a leg's missing chunk scores that leg's floor (its lowest returned score)
    floor = {s.chunk.path: s for s in fuse_weighted(text, vec, vector_weight=7, text_weight=3)}
    assert floor["a.md"].score == pytest.approx(0.7 * 0.8 + 0.3 * 1.0)
    assert floor["c.md"].score == pytest.approx(0.7 * 0.8 + 0.3 * 0.5)
    assert floor["b.md"].score == fused["b.md"].score
    # a leg that returned fewer candidates than asked is complete: a chunk it lacks has no match there
    complete = {s.chunk.path: s for s in fuse_weighted(text, vec, vector_weight=7, text_weight=3, limit=3)}
    assert complete["a.md"].score == pytest.approx(0.3)


def test_rrf_top_of_both_scores_one() -> None:
    text = [Scored(chunk("a"), 1.0), Scored(chunk("b"), 0.5)]
    vec = [Scored(chunk("a"), 0.9), Scored(chunk("c"), 0.8)]
    fused = fuse_rrf(text, vec, k=60)
    assert fused[0].chunk.path == "a.md"
    assert fused[0].score == pytest.approx(1.0)
    assert fused[1].score < 0.6


def test_min_score() -> None:
    items = [Scored(chunk("a"), 0.9), Scored(chunk("b"), 0.2)]
    assert [s.chunk.path for s in apply_min_score(items, 0.35)] == ["a.md"]


def test_decay_halves_per_half_life_and_spares_evergreen() -> None:
    today = date(2026, 3, 1)
    assert decay_factor("2026-01-30", today, 30) == pytest.approx(0.5)
    assert decay_factor(None, today, 30) == 1.0
    assert decay_factor("2026-03-05", today, 30) == 1.0  # future dates never boost
    items = [Scored(chunk("old", day="2025-03-01"), 0.9), Scored(chunk("evergreen"), 0.5)]
    out = apply_decay(items, today, 30)
    assert out[0].chunk.path == "evergreen.md"
    assert out[1].stages["decay"] < 0.01


def test_mmr_prefers_diverse_results() -> None:
    items = [
        Scored(chunk("a", "alpha beta gamma delta"), 1.0),
        Scored(chunk("b", "alpha beta gamma delta"), 0.95),
        Scored(chunk("c", "completely different words"), 0.8),
    ]
    assert [s.chunk.path for s in mmr(items, 0.7, 3)] == ["a.md", "c.md", "b.md"]
    assert [s.chunk.path for s in mmr(items, 1.0, 3)] == ["a.md", "b.md", "c.md"]


def span(path: str, start: int, lines: list[str], score: float) -> Scored:
    text = "\n".join(lines)
    c = Chunk(
        path=path, source="memory", start_line=start, end_line=start + len(lines) - 1, text=text, hash=text
    )
    return Scored(c, score, {"text": score})


def test_merge_neighbours_joins_overlapping_and_touching_chunks_of_one_file() -> None:
    file_a = [f"a line {n}" for n in range(1, 21)]
    items = [
        span("a.md", 1, file_a[0:8], 1.0),  # lines 1-8
        span("b.md", 1, ["b one", "b two"], 0.9),
        span("a.md", 6, file_a[5:12], 0.8),  # overlaps 1-8
        span("a.md", 13, file_a[12:16], 0.7),  # touches 6-12
        span("c.md", 1, ["c"], 0.6),
        span("d.md", 1, ["d"], 0.5),  # below the top 3: never considered
        span("b.md", 3, ["b three"], 0.4),
    ]
    out = merge_neighbours(items, 3)
    assert [(s.chunk.path, s.chunk.start_line, s.chunk.end_line) for s in out] == [
        ("a.md", 1, 16),
        ("b.md", 1, 2),
        ("c.md", 1, 1),
    ]
    merged = out[0]
    assert merged.chunk.text == "\n".join(file_a[0:16])
    assert merged.score == 1.0 and merged.stages["merged"] == 3.0
    assert merge_neighbours(items, 10)[1].chunk.end_line == 3  # "b three" touches b.md 1-2
    assert [s.chunk.path for s in merge_neighbours(items, 10)] == ["a.md", "b.md", "c.md", "d.md"]


def test_merge_neighbours_keeps_apart_what_cannot_be_joined_line_by_line() -> None:
    items = [
        span("a.md", 1, ["one", "two", "three"], 1.0),
        span("a.md", 3, ["THREE, other text", "four"], 0.9),  # line 3 differs: a hard-split line
        span("a.md", 10, ["ten"], 0.8),  # a gap of lines: not neighbours
        span("b.md", 4, ["four"], 0.7),
    ]
    out = merge_neighbours(items, 4)
    assert [(s.chunk.path, s.chunk.start_line) for s in out] == [
        ("a.md", 1),
        ("a.md", 3),
        ("a.md", 10),
        ("b.md", 4),
    ]
    assert "merged" not in out[0].stages


def test_rerank_rescores_and_resorts_the_head_and_caps_the_tail() -> None:
    items = [Scored(chunk(n), s) for n, s in [("a", 0.9), ("b", 0.8), ("c", 0.7), ("d", 0.6), ("e", 0.5)]]
    out = apply_rerank(items, {0: 0.1, 1: 0.95, 2: 0.4}, top_n=3)
    assert [s.chunk.path for s in out] == ["b.md", "c.md", "a.md", "d.md", "e.md"]
    assert [round(s.score, 2) for s in out] == [0.95, 0.4, 0.1, 0.1, 0.1]
    assert out[0].stages["rerank"] == 0.95 and out[3].stages["rerank"] == 0.1
    kept = apply_rerank(items, {0: 0.2, 2: 0.3}, top_n=3)  # "b" was not sent: it keeps its score
    assert [s.chunk.path for s in kept][:3] == ["b.md", "c.md", "a.md"] and kept[0].score == 0.8
    assert apply_rerank([], {}, 5) == []


def test_min_score_keeps_what_one_leg_alone_scores_high_enough() -> None:
    fused = fuse_weighted(
        [Scored(chunk("kw"), 1.0, {"text": 1.0}), Scored(chunk("weak"), 0.2, {"text": 0.2})],
        [Scored(chunk("sem"), 0.6, {"vector": 0.6}), Scored(chunk("weak"), 0.3, {"vector": 0.3})],
        0.3,
        0.7,
        limit=10,  # both legs complete: a chunk one leg lacks scores 0 there
    )
    assert {s.chunk.path: round(s.score, 2) for s in fused} == {"kw.md": 0.7, "sem.md": 0.18, "weak.md": 0.23}
    kept = apply_min_score(fused, 0.35, ("text", "vector"))
    assert [s.chunk.path for s in kept] == ["kw.md", "sem.md"]  # "weak" is weak in both legs
    assert [s.chunk.path for s in apply_min_score(fused, 0.35)] == ["kw.md"]


def test_min_score_keeps_a_chunk_both_legs_found_near_their_bars() -> None:
    """One chunk repeats the asked name, so the keyword leg rates every other below 0.35 of it; a chunk
    both legs found at 0.8 of their bars passes, one found by a single leg at that level does not."""
    items = [
        Scored(chunk("name"), 0.65, {"text": 1.0, "vector": 0.3, "fused": 0.65}),
        Scored(chunk("both"), 0.295, {"text": 0.3, "vector": 0.29, "fused": 0.295}),
        Scored(chunk("wordy"), 0.2, {"text": 0.3, "vector": 0.1, "fused": 0.2}),
        Scored(chunk("alone"), 0.15, {"text": 0.3, "fused": 0.15}),
    ]
    kept = apply_min_score(items, 0.35, ("text", "vector"), {"vector": 0.314})
    assert [s.chunk.path for s in kept] == ["name.md", "both.md"]
    assert kept[1].stages["both_bar"] == BOTH_LEGS_SHARE and "both_bar" not in kept[0].stages
    assert [s.chunk.path for s in apply_min_score(items, 0.35)] == ["name.md"]  # one leg: no such rule


def test_statement_boost_lifts_what_states_the_answer_within_the_head() -> None:
    items = [
        Scored(chunk(n, t), sc, {"fused": sc})
        for n, t, sc in (
            ("a", "the deploy failed", 0.9),
            ("b", "I love sushi", 0.7),
            ("c", "lunch was late", 0.5),
            ("d", "I hate olives", 0.4),
        )
    ]
    says = lambda c: "love" in c.text or "hate" in c.text  # noqa: E731
    out = apply_statement_boost(items, says, factor=1.5)
    assert [s.chunk.path for s in out] == ["b.md", "a.md", "d.md", "c.md"]
    assert out[0].score == pytest.approx(1.0) and max(s.score for s in out) <= 1.0
    assert all("statement" in s.stages for s in out)
    head = apply_statement_boost(items, says, factor=1.5, top_n=2)  # "d" is past the head: not lifted
    assert [s.chunk.path for s in head] == ["b.md", "a.md", "c.md", "d.md"]
    assert head[2].score <= head[1].score and head[3].score <= head[2].score
    assert apply_statement_boost([], says) == []
