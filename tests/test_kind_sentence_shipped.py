"""The shipped sentence model (``data/kind_context_sentence.npz``) reads a name's mention lines beside the
static context model, their probabilities averaged (:mod:`mdrecall.knowledge.kinds.kind_sentence`), where the
``local`` extra is installed: a dog walker's notes written for these tests, on a real workspace."""

from __future__ import annotations

from pathlib import Path

import pytest

from mdrecall import Config, Memory
from mdrecall.knowledge.kinds import kind_context, kind_sentence

from helpers import write

NOTES = {
    "memory/2027-06-02.md": (
        "# Wednesday\n\n"
        "- Walk up Knockbrack with the dog, fog on top.\n"
        "- Knockbrack trail closed past the stile.\n"
        "- Lunch with Oona after, soup and brown bread.\n"
    ),
}


def _reader() -> kind_sentence.Reader | None:
    from mdrecall.embedders import local

    model = kind_context._model()
    if model is None or not local.is_available():
        pytest.skip("no static table, tokenizers or local model")
    return kind_sentence.model(model[1].shape[0])


def test_the_shipped_file_is_read_and_averaged() -> None:
    reader = _reader()
    assert reader is not None
    assert reader.share == pytest.approx(0.5) and reader.gate == pytest.approx(0.2)
    assert kind_context.gate() == pytest.approx(0.2)


def test_a_hill_walked_up_is_a_place(tmp_path: Path) -> None:
    """No rule types the hill; the static model alone reads it as an organisation (0.6), the two models
    together as a place."""
    _reader()
    for path, text in NOTES.items():
        write(tmp_path, path, text)
    mem = Memory.open(tmp_path, Config().merged({"history": {"git": False}}))
    try:
        mem.index()
        found = {e.name: (e.kind, e.kind_source) for e in mem.entities()}
    finally:
        mem.close()
    assert found["Knockbrack"] == ("place", "context model")


def test_the_shipped_file_weighs_the_untyped_names_twice() -> None:
    """The sentence model is trained where it is asked: the names no rule types weigh twice in its training
    (``gen_kind_context_model.py --sentence --up 2``; left out one set at a time, +3 of 2,188 names against
    every row alike, no set lower: docs/entities.md, session 23), and the file says so."""
    import numpy as np

    with np.load(kind_sentence.MODEL_FILE, allow_pickle=False) as data:
        assert "up" in data.files
        assert float(data["up"]) == pytest.approx(2.0)
