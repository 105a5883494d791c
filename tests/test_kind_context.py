"""The kind the words around a name's mentions suggest (:mod:`mdrecall.knowledge.kinds.kind_context`): the
last fallback of the kind vote, for a name no rule types, on real workspaces (a bakery owner's and an office
manager's notes, written for these tests)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from mdrecall import Config, Memory
from mdrecall.knowledge import index as entity_index
from mdrecall.knowledge.kinds import kind_context
from mdrecall.knowledge.kinds.kind_guess import guess_kind
from mdrecall.knowledge.mentions.extract import entity_key

from helpers import write

BAKERY = {
    "memory/2027-03-02.md": (
        "# Tuesday\n\n"
        "- Weekend away in Skerrivik: the cottage by the harbour, ferry at 9.\n"
        "- Skerrivik was windy, walked the cliff path to the lighthouse.\n"
        "- The sourdough starter is sluggish; warmer proofing box.\n"
    ),
    "memory/2027-03-05.md": (
        "# Friday\n\n"
        "- Flour order: 12 sacks, delivered by Halbrook on Monday.\n"
        "- Halbrook raised their prices again, invoice in the folder.\n"
    ),
}
OFFICE = {
    "memory/2027-03-09.md": (
        "# Tuesday\n\n"
        "- The quarterly newsletter went out late.\n"
        "- The printer needs toner from Quillstock; they deliver in two days.\n"
    ),
}


def _open(root: Path, notes: dict[str, str]) -> Memory:
    for path, text in notes.items():
        write(root, path, text)
    mem = Memory.open(root, Config().merged({"history": {"git": False}}))
    mem.index()
    return mem


def test_a_name_no_rule_types_takes_the_kind_its_context_suggests(tmp_path: Path) -> None:
    """A supplier named with no cue any rule reads, and unknown to the name-only model, was ``unknown``."""
    assert guess_kind("Halbrook") is None and guess_kind("Quillstock") is None
    for root, notes, name in ((tmp_path / "a", BAKERY, "Halbrook"), (tmp_path / "b", OFFICE, "Quillstock")):
        mem = _open(root, notes)
        try:
            assert {e.name: e.kind for e in mem.entities()}[name] == "organisation"
        finally:
            mem.close()


def test_a_kind_a_cue_gives_is_never_replaced(tmp_path: Path) -> None:
    """The model reads Skerrivik's lines as an organisation's, but the rules' place stands."""
    mem = _open(tmp_path, BAKERY)
    try:
        keys = entity_index.EntityIndex(mem.store, mem.config.entities).group(entity_key("Skerrivik"))
        read = kind_context.probabilities("Skerrivik", ["Skerrivik"], kind_context.mentions(mem.store, keys))
        p = kind_context.static_probabilities(read)  # the static model's (the sentence model's: a place)
        assert p is not None and max(p, key=lambda k: p[k]) != "place"
        assert {e.name: e.kind for e in mem.entities()}["Skerrivik"] == "place"
    finally:
        mem.close()


def test_the_mentions_read_are_the_lines_with_their_heading(tmp_path: Path) -> None:
    mem = _open(tmp_path, BAKERY)
    try:
        found = kind_context.mentions(mem.store, [entity_key("Halbrook")])
        assert [(m.path, m.heading) for m in found] == [("memory/2027-03-05.md", "Friday")] * 2
        bags = kind_context.contexts(["Halbrook"], found[0])
        assert bags["window"] == "order 12 sacks delivered by on Monday."  # five words a side
        assert bags["label"] == "Flour order" and bags["path"] == "memory"
    finally:
        mem.close()


@pytest.mark.parametrize("damage", ["cut short", "other shapes", "not a zip"])
def test_a_damaged_model_file_leaves_the_kind_unknown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: str
) -> None:
    bad = tmp_path / "kind_context_model.npz"
    with np.load(kind_context.MODEL_FILE) as data:
        arrays = {k: data[k] for k in data.files}
    if damage == "cut short":
        bad.write_bytes(kind_context.MODEL_FILE.read_bytes()[:2000])
    elif damage == "other shapes":
        np.savez(bad, weights=arrays["weights"][:10], bias=arrays["bias"], kinds=arrays["kinds"])
    else:
        bad.write_bytes(b"\x93NUMPY" + b"\x00" * 200)
    monkeypatch.setattr(kind_context, "MODEL_FILE", bad)
    kind_context._model.cache_clear()
    try:
        mem = _open(tmp_path / "ws", OFFICE)
        try:
            assert {e.name: e.kind for e in mem.entities()}["Quillstock"] == "unknown"
        finally:
            mem.close()
    finally:
        kind_context._model.cache_clear()
