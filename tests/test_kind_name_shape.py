"""The name's own shape read by the sentence kind model (:mod:`mdrecall.knowledge.kinds.name_shape`, session
23, h-kinds28): humps joining two dictionary words, coined brand endings, a city opening a firm's name, the
class of the last word; and the shipped file that reads it. Names invented for these tests (a cooper's
suppliers, a rowing club's sponsors)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from mdrecall.knowledge.kinds import kind_context, kind_sentence
from mdrecall.knowledge.kinds.name_shape import WIDTH, shape_features
from mdrecall.knowledge.lexicon.kind_slots import NOUN_SENSES


def _on(name: str) -> set[int]:
    got = shape_features(name)
    assert len(got) == WIDTH
    return {i for i, v in enumerate(got) if v}


def test_humps_joining_dictionary_words() -> None:
    assert {0, 1} <= _on("OakBarrel")
    assert 0 in _on("QzWrt") and 1 not in _on("QzWrt")
    assert {0, 2} <= _on("eStave")
    assert not {0, 1, 2} & _on("Stavewright")


def test_coined_brand_endings_on_one_word() -> None:
    assert 3 in _on("Hoopify") and 3 in _on("Barrelio") and 3 in _on("Oakly")
    assert 3 not in _on("Oakly Barrels") and 3 not in _on("IO")


def test_capitals_digits_and_marks() -> None:
    assert 4 in _on("RCX") and 5 in _on("STAVECO") and 6 in _on("Hoop 7") and 7 in _on("Oak & Iron")


def test_a_city_opening_or_closing_a_name() -> None:
    assert 8 in _on("Lyon Rowing Supplies") and 8 not in _on("Rowing Supplies")
    assert 9 in _on("Stavewright Lyon")


def test_the_last_words_class() -> None:
    at = 10 + NOUN_SENSES.index("artifact")
    assert at in _on("Harbour Boats")  # a boat is an artifact
    assert at not in _on("HARBOUR BOATS")  # capitals are not read as a word


def test_the_shipped_file_reads_the_shape() -> None:
    """Shipped: ``gen_kind_context_model.py --sentence --up 2 --shape`` (left out one set at a time: +5 of
    2,197 names, the context tier 96 → 101 of 202 right, no set lower; docs/entities.md)."""
    from mdrecall.embedders import local

    model = kind_context._model()
    if model is None or not local.is_available():
        pytest.skip("no static table, tokenizers or local model")
    with np.load(kind_sentence.MODEL_FILE, allow_pickle=False) as data:
        assert bool(data["shape"])
    reader = kind_sentence.model(model[1].shape[0])
    assert reader is not None and reader.shaped
    assert reader.weights.shape[0] == model[1].shape[0] + kind_sentence.DIMS + WIDTH


def test_a_file_that_says_shape_but_lacks_its_inputs_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mdrecall.embedders import local

    if not local.is_available():
        pytest.skip("no local model")
    path = tmp_path / "sentence.npz"
    kinds = np.array(["place", "product"])
    np.savez(
        path,
        weights=np.zeros((10 + kind_sentence.DIMS, 2), np.float32),
        bias=np.zeros(2, np.float32),
        kinds=kinds,
        shape=np.bool_(True),
    )
    monkeypatch.setattr(kind_sentence, "MODEL_FILE", path)
    kind_sentence.model.cache_clear()
    try:
        assert kind_sentence.model(10) is None
        assert kind_sentence.model(10 - WIDTH) is not None
    finally:
        kind_sentence.model.cache_clear()
