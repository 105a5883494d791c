"""The sentence model embeds the mention lines of every name a listing asks it about together, not name by
name, and answers as it did name by name: a beekeeper's notes about the apiaries she visits, on a real
workspace."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from mdrecall import Config, Memory
from mdrecall.knowledge import index as entity_index
from mdrecall.knowledge import kind_context, kind_sentence

from helpers import write

#: Invented names no rule types (each written in two notes, with no cue around it).
NAMES = ("Quillmoor", "Dravenholt", "Spindrel", "Orvasse", "Tamblewick")


def _reader() -> kind_sentence.Reader:
    from mdrecall.embedders import local

    model = kind_context._model()
    if model is None or not local.is_available():
        pytest.skip("no static table, tokenizers or local model")
    reader = kind_sentence.model(model[1].shape[0])
    if reader is None:
        pytest.skip("no sentence model file")
    return reader


class _Line:
    def __init__(self, text: str) -> None:
        self.text = text


def test_vectors_together_are_each_names_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever the calls the lines are split into, each name's vector is the one it has alone."""
    reader = _reader()
    names = [
        (
            ["Quillmoor"],
            [_Line("Smoked the hives at Quillmoor before the rain."), _Line("Quillmoor: two supers")],
        ),
        (["Spindrel"], []),
        (["Orvasse", "Orvasse's"], [_Line("Orvasse's queen is laying again, brood on six frames.")]),
    ]
    alone = [kind_sentence.vector(reader.embedder, written, found) for written, found in names]
    for chars in (kind_sentence.BATCH_CHARS, 1, 60):
        monkeypatch.setattr(kind_sentence, "BATCH_CHARS", chars)
        together = kind_sentence.vectors(reader.embedder, names)
        assert len(together) == len(names)
        for a, b in zip(alone, together, strict=True):
            assert np.array_equal(a, b)


def test_a_listing_embeds_the_names_lines_in_one_call(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reader = _reader()
    calls: list[int] = []
    real = reader.embedder.embed_documents

    def counted(texts: Any) -> Any:
        calls.append(len(texts))
        return real(texts)

    monkeypatch.setattr(reader.embedder, "embed_documents", counted)
    for day, line in (
        ("2027-05-03", "- Thought about {} again."),
        ("2027-05-10", "- Some talk of {} today."),
    ):
        write(tmp_path, f"memory/{day}.md", "# Hives\n\n" + "\n".join(line.format(n) for n in NAMES) + "\n")
    mem = Memory.open(tmp_path, Config().merged({"history": {"git": False}}))
    kind_context._KEPT.clear()
    try:
        mem.index()
        listed = {e.name: (e.kind, e.kind_source, e.kind_p) for e in mem.entities()}
        asked = [n for n in NAMES if listed[n][1] == "context model" or listed[n][0] == "unknown"]
        assert len(asked) >= 3  # the names the rules leave to the models
        assert calls == [2 * len(asked)]  # every asked name's two lines, in one call
        kind_context._KEPT.clear()
        entity_index._CONTEXT_KINDS.clear()
        for name in asked:  # read alone (one entity's detail: its lines in a call of their own), the same
            entity = mem.entity(name).entity
            assert (entity.kind, entity.kind_source, entity.kind_p) == listed[name]
        assert calls[1:] == [2] * len(asked)
    finally:
        mem.close()
        kind_context._KEPT.clear()
