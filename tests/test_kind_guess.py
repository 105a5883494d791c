"""The kind a name alone suggests (:mod:`mdrecall.knowledge.kinds.kind_guess`): the fallback of the kind vote
for a name the workspace gives no cue for, on real workspaces (invented wording, not from a labelled set)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from mdrecall import Config, Memory
from mdrecall.knowledge import index as entity_index
from mdrecall.knowledge.kinds import kind_guess
from mdrecall.knowledge.kinds.kind_guess import guess_kind

from helpers import write


def _kinds(root: Path, text: str) -> dict[str, str]:
    write(root, "memory/2026-02-03.md", text)
    mem = Memory.open(root, Config().merged({"history": {"git": False}}))
    try:
        mem.index()
        return {e.name: e.kind for e in mem.entities()}
    finally:
        mem.close()


def test_a_name_with_no_cue_takes_the_kind_its_name_suggests(tmp_path: Path) -> None:
    found = _kinds(
        tmp_path,
        "# Tuesday\n\n- Moved my notes into Logseq over the weekend.\n- Logseq sync is flaky again.\n",
    )
    assert found["Logseq"] == "technology"  # the vote had nothing to count: it was unknown


def test_a_kind_the_workspace_gives_is_kept(tmp_path: Path) -> None:
    assert guess_kind("Logseq") == "technology"
    found = _kinds(tmp_path, "# Tuesday\n\n- Bank: Logseq, the new joint account.\n")
    assert found["Logseq"] == "organisation"


def test_an_unsure_model_leaves_the_kind_unknown() -> None:
    assert guess_kind("Quarrow") is None
    assert guess_kind("  ") is None


@pytest.mark.parametrize("damage", ["cut short", "other arrays", "other shapes", "not a zip"])
def test_a_damaged_model_file_leaves_the_kind_unknown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: str
) -> None:
    """A model file cut short or foreign (a broken install, a hand edit) is no model: the listing answers
    and a name with no cue stays unknown (it raised BadZipFile, KeyError or a matmul ValueError)."""
    bad = tmp_path / "kind_model.npz"
    with np.load(kind_guess.MODEL_FILE) as data:
        arrays = {k: data[k] for k in data.files}
    if damage == "cut short":
        bad.write_bytes(kind_guess.MODEL_FILE.read_bytes()[:2000])
    elif damage == "other arrays":
        np.savez(bad, w=arrays["weights"])
    elif damage == "other shapes":
        np.savez(bad, weights=arrays["weights"][:10], bias=arrays["bias"], kinds=arrays["kinds"])
    else:
        bad.write_bytes(b"\x93NUMPY" + b"\x00" * 200)
    monkeypatch.setattr(kind_guess, "MODEL_FILE", bad)
    # the name-only model alone
    monkeypatch.setattr(entity_index, "context_probabilities", lambda *_args: None)
    monkeypatch.setattr(entity_index, "context_probabilities_many", lambda _store, asked: [None] * len(asked))
    kind_guess.probabilities.cache_clear()
    kind_guess._model.cache_clear()
    try:
        assert kind_guess.guess_kind("Logseq") is None
        found = _kinds(tmp_path / "ws", "# Tuesday\n\n- Moved my notes into Logseq over the weekend.\n")
        assert found["Logseq"] == "unknown"
    finally:
        kind_guess.probabilities.cache_clear()
        kind_guess._model.cache_clear()
