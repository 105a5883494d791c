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
from mdrecall.knowledge.kinds import kind_context, kind_sentence

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
        # every asked name's two lines, in one call; masked ('Thought about X again.') they are two texts,
        # each embedded once however many names share it
        assert calls == [2]
        kind_context._KEPT.clear()
        entity_index._CONTEXT_KINDS.clear()
        for name in asked:  # read alone (one entity's detail: its lines in a call of their own), the same
            entity = mem.entity(name).entity
            assert (entity.kind, entity.kind_source, entity.kind_p) == listed[name]
        assert calls[1:] == [2] * len(asked)
    finally:
        mem.close()
        kind_context._KEPT.clear()


def test_the_sentence_model_reads_a_bounded_number_of_names_per_listing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past :data:`kind_context.SENTENCE_NAMES` names in one listing the static model answers alone (a page
    of 20,000 names typed by no rule took 20 s of views, ~1 ms a name embedded); those answers not kept."""
    reader = _reader()
    embedded: list[str] = []
    real = reader.embedder.embed_documents

    def counted(texts: Any) -> Any:
        embedded.extend(texts)
        return real(texts)

    monkeypatch.setattr(reader.embedder, "embed_documents", counted)
    monkeypatch.setattr(kind_context, "SENTENCE_NAMES", 2)
    lines = [f"- {verb} {{}} on the way back." for verb in ("Passed", "Stopped at", "Waved at", "Looked for")]
    body = "\n".join(line.format(n) for n, line in zip(NAMES, lines * 2, strict=False))
    write(tmp_path, "memory/2027-06-01.md", "# Rounds\n\n" + body + "\n")
    mem = Memory.open(tmp_path, Config().merged({"history": {"git": False}}))
    kind_context._KEPT.clear()
    try:
        mem.index()
        listed = {e.name: e for e in mem.entities()}
        asked = [n for n in NAMES if listed[n].kind_source == "context model" or listed[n].kind == "unknown"]
        assert len(asked) >= 3  # the names the rules leave to the models
        assert 0 < len(embedded) <= 2  # two names' lines read by the sentence model, no more
        kept = len(kind_context._KEPT)
        assert kept <= 2  # the static model's answers past the bound are not kept
    finally:
        mem.close()
        kind_context._KEPT.clear()


def test_the_sentence_model_reads_a_bounded_number_of_lines_per_listing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past :data:`kind_context.SENTENCE_LINES` mention lines in one listing the static model answers alone
    (a megabyte of pasted stack traces: 248 untyped names, 1,356 lines, 11.8 s of a 12 s listing)."""
    reader = _reader()
    embedded: list[str] = []
    real = reader.embedder.embed_documents

    def counted(texts: Any) -> Any:
        embedded.extend(texts)
        return real(texts)

    monkeypatch.setattr(reader.embedder, "embed_documents", counted)
    monkeypatch.setattr(kind_context, "SENTENCE_LINES", 5)
    verbs = ("Drove past", "Queued behind", "Heard from", "Asked after", "Parked by", "Wrote to")
    body = "\n".join(
        f"- {verb} {n} at dawn, day {d}." for d in range(3) for n, verb in zip(NAMES, verbs, strict=False)
    )
    write(tmp_path, "memory/2027-06-02.md", "# Rounds\n\n" + body + "\n")
    mem = Memory.open(tmp_path, Config().merged({"history": {"git": False}}))
    kind_context._KEPT.clear()
    try:
        mem.index()
        listed = {e.name: e for e in mem.entities()}
        asked = [n for n in NAMES if listed[n].kind_source == "context model" or listed[n].kind == "unknown"]
        assert len(asked) >= 3  # the names the rules leave to the models: three lines each
        assert 0 < len(embedded) <= 5  # the first name's lines read (3), the next one's would pass 5
    finally:
        mem.close()
        kind_context._KEPT.clear()
