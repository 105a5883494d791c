"""Cosine calibration (embedders/calibration.py): quantile knots, the translated bar, lemma/gloss pairs."""

from __future__ import annotations

import numpy as np
import pytest

from mdrecall.embedders.calibration import cosine_for, knots, lemma_gloss_pairs
from mdrecall.models import Chunk
from mdrecall.ranking import Scored, apply_min_score


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
    weak_both = Scored(chunk("b.md"), 0.30, {"vector": 0.30, "text": 0.30, "fused": 0.30})
    legs = ("text", "vector")
    assert apply_min_score([only_vector, weak_both], 0.35, legs) == []
    kept = apply_min_score([only_vector, weak_both], 0.35, legs, {"vector": 0.31})
    assert [s.chunk.path for s in kept] == ["a.md"]
