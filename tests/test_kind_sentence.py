"""The sentence model's reading of a name's mention lines (:mod:`mdrecall.knowledge.kinds.kind_sentence`): the
masked lines, the loader (inactive without its file, none shipped) and a model file that reads it, on lines
written for these tests (a sailmaker's notes)."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import numpy as np
import pytest

from mdrecall.knowledge.kinds import kind_context, kind_sentence


class Line(NamedTuple):
    text: str


def test_every_written_form_is_masked_longest_first() -> None:
    lines = [Line("Ordered canvas from Halyard Lofts; Halyard will ship Friday"), Line("nothing")]
    assert kind_sentence.masked(["Halyard", "Halyard Lofts"], lines) == [
        "Ordered canvas from X; X will ship Friday",
        "nothing",
    ]


def test_no_model_file_no_sentence_reader(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kind_sentence, "MODEL_FILE", tmp_path / "none.npz")
    kind_sentence.model.cache_clear()
    try:
        assert kind_sentence.model(10) is None
    finally:
        kind_sentence.model.cache_clear()


def test_a_model_file_that_reads_the_sentences_is_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file of the static model's width plus the sentence vector's: its answer replaces the static one."""
    from mdrecall.embedders import local

    if kind_context._model() is None or not local.is_available():
        pytest.skip("no static table, tokenizers or local model")
    with np.load(kind_context.MODEL_FILE) as data:
        weights, bias, kinds = data["weights"], data["bias"], data["kinds"]
    wide = np.zeros((weights.shape[0] + kind_sentence.DIMS, weights.shape[1]), np.float32)
    wide[: weights.shape[0]] = weights
    bias = bias.copy()
    bias[list(kinds).index("product")] = 60.0  # only a model read from this file says product so surely
    path = tmp_path / "sentence.npz"
    np.savez(path, weights=wide, bias=bias, kinds=kinds)
    found = [kind_context.Mention("memory/a.md", "Ordered canvas from Halyard Lofts", "Sails")]
    monkeypatch.setattr(kind_sentence, "MODEL_FILE", path)
    kind_sentence.model.cache_clear()
    try:
        p = kind_context.probabilities("Halyard Lofts", ["Halyard Lofts"], found)
        v = kind_sentence.vector(kind_sentence.model(weights.shape[0])[0], ["Halyard Lofts"], found)  # type: ignore[index]
    finally:
        kind_sentence.model.cache_clear()
    assert p is not None and p["product"] > 0.99
    assert v.shape == (kind_sentence.DIMS,) and abs(float(np.linalg.norm(v)) - 1.0) < 1e-4
