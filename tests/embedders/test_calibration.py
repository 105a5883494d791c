"""Cosine calibration (embedders/calibration.py): quantile knots, the translated bar, lemma/gloss pairs."""

from __future__ import annotations

import numpy as np
import pytest

from mdrecall.embedders.calibration import cosine_for, knots, lemma_gloss_pairs
from mdrecall.models import Chunk
from mdrecall.search.ranking import Scored, apply_min_score


def chunk(path: str) -> Chunk:
    return Chunk(path=path, source="memory", start_line=1, end_line=1, text=path, hash=path)


def test_knots_match_quantiles_of_a_model_whose_cosines_run_low():
    """A model whose cosines are the reference's minus 0.1 gets knots 0.1 lower at every level."""
    rng = np.random.default_rng(0)
    reference = np.clip(rng.normal(0.05, 0.12, size=200_000), -1, 0.99)
    table = knots(reference - 0.1, reference)
    xs, ys = table
    assert tuple(table[:, -1]) == (1.0, 1.0)
    assert np.allclose(xs[:-1], ys[:-1] - 0.1, atol=0.01)
    assert cosine_for(0.35, table) == pytest.approx(0.25, abs=0.01)
    assert cosine_for(0.35, None) == 0.35  # no knots: cosines are taken as they are


def test_knots_drop_levels_whose_tail_is_unmeasured_and_stay_increasing():
    reference = np.linspace(-0.2, 0.42, 10_000)  # nothing above 0.42: levels 0.45+ have no tail
    table = knots(reference * 0.5, reference)
    assert table[1, -2] <= 0.4 and (np.diff(table, axis=1) > 0).all()
    with pytest.raises(ValueError, match="same, non-empty pairs"):
        knots(np.zeros(3), np.zeros(4))


def test_zero_or_less_cuts_nothing_and_a_score_below_the_first_knot_gets_its_cosine():
    table = np.array([[-0.2, 0.3, 1.0], [-0.1, 0.35, 1.0]])
    assert cosine_for(0.0, table) == 0.0 and cosine_for(-0.5, table) == -0.5
    assert cosine_for(1.5, table) == 1.5  # above every cosine: still nothing passes
    assert cosine_for(0.35, table) == pytest.approx(0.3)
    assert cosine_for(0.675, table) == pytest.approx(0.65)
    assert cosine_for(0.05, np.array([[0.1, 1.0], [0.2, 1.0]])) == pytest.approx(0.1)


def test_lemma_gloss_pairs_split_at_the_first_colon_and_skip_malformed_lines():
    texts = ["bank, depository: a financial institution: it takes deposits", "no colon here", ": empty lemma"]
    assert lemma_gloss_pairs(texts) == (
        ["bank, depository"],
        ["a financial institution: it takes deposits"],
    )


def test_a_leg_floor_replaces_min_score_for_that_leg_only():
    """A chunk only the vector leg found, cosine 0.32: cut at min_score 0.35, kept with the model's
    calibrated floor 0.31; a fused score is still judged against min_score itself."""
    only_vector = Scored(chunk("a.md"), 0.16, {"vector": 0.32, "fused": 0.16})
    weak_both = Scored(chunk("b.md"), 0.25, {"vector": 0.25, "text": 0.25, "fused": 0.25})
    legs = ("text", "vector")
    assert apply_min_score([only_vector, weak_both], 0.35, legs) == []
    kept = apply_min_score([only_vector, weak_both], 0.35, legs, {"vector": 0.31})
    assert [s.chunk.path for s in kept] == ["a.md"]
    assert kept[0].stages["vector_bar"] == 0.31 and kept[0].score == 0.16  # --explain shows the bar
    strong = Scored(chunk("c.md"), 0.2, {"vector": 0.5, "fused": 0.2})
    assert "vector_bar" not in apply_min_score([strong], 0.35, legs, {"vector": 0.31})[0].stages


def test_the_query_leg_carries_the_knots_of_the_model_that_embedded_it(closed_url, tmp_path):
    """A remote primary that is down, the static table as fallback: the query is the table's, so its
    knots judge the cosines; a table without knots (an older build) is taken as it is."""
    from mdrecall.config.settings import EmbeddingConfig
    from mdrecall.embedders import create_embedder
    from mdrecall.embedders.static import MODEL_FILE, StaticEmbedder
    from mdrecall.index.vectorize import query_vector

    cfg = EmbeddingConfig(
        provider="openai",
        model="test-embed",
        base_url=f"{closed_url}/v1",
        dims=8,  # known dims: no probe of the dead primary
        max_retries=0,
        fallback="static",
    )
    leg, note = query_vector(create_embedder(cfg), "when is the dentist?")
    assert leg is not None and leg.provider == "static" and "fallback" in (note or "")
    assert leg.cosine_knots is not None and np.array_equal(leg.cosine_knots, StaticEmbedder().cosine_knots)

    with np.load(MODEL_FILE) as data:
        table = {k: data[k] for k in data.files if k != "calibration"}
    np.savez(tmp_path / "old.npz", **table)
    old = StaticEmbedder(model_file=tmp_path / "old.npz")
    leg, _ = query_vector(old, "when is the dentist?")
    assert leg is not None and leg.cosine_knots is None and old.cosine_knots is None
