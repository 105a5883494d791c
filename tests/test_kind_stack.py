"""The kind stack (:mod:`mdrecall.knowledge.kinds.kind_stack`): where a stack model is installed, a name whose
cues disagree takes the kind it says; where the model file is missing or damaged, the rules decide as they
always did. On a real workspace written for these tests (an allotment's log), with model files written
here (none is shipped)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from mdrecall import Config, Memory
from mdrecall.knowledge.kinds import kind_stack
from mdrecall.knowledge.kinds.kind_guess import KindGuess
from mdrecall.knowledge.kinds.kind_stack import FEATURES, KINDS, Evidence, rules_decision, stacked_decision

from helpers import write

ALLOTMENT = {
    "memory/2027-06-05.md": (
        "# Saturday\n\n"
        "Fenwick: the runner beans need netting before the pigeons find them.\n\n"
        "- bought twine and netting at Fenwick on the way to plot 14\n"
    ),
    "memory/2027-06-06.md": "# Sunday\n\n- watered the leeks; Fenwick said the water butt is leaking again\n",
}


@pytest.fixture(autouse=True)
def _fresh_model() -> Iterator[None]:
    kind_stack._model.cache_clear()
    yield
    kind_stack._model.cache_clear()


def _model_file(path: Path, feature: str, gate: float = 0.5) -> Path:
    """A stack model that trusts one feature alone (weight 10 on it, nothing else)."""
    weights = np.zeros(len(FEATURES), np.float32)
    weights[FEATURES.index(feature)] = 10.0
    bias = np.zeros(len(KINDS), np.float32)
    np.savez(path, weights=weights, bias=bias, kinds=np.array(KINDS), gate=np.float32(gate))
    return path


def _install(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    monkeypatch.setattr(kind_stack, "MODEL_FILE", path)
    kind_stack._model.cache_clear()  # (read once per process)


def _kinds(root: Path) -> dict[str, tuple[str, str | None, float | None]]:
    for path, text in ALLOTMENT.items():
        write(root, path, text)
    mem = Memory.open(root, Config().merged({"history": {"git": False}}))
    try:
        mem.index()
        return {e.name: (e.kind, e.kind_source, e.kind_p) for e in mem.entities()}
    finally:
        mem.close()


def test_cues_that_disagree_are_decided_as_the_stack_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "Fenwick said" (a person) outweighs "netting at Fenwick" (a place, a cue of the least weight) in the
    rules' vote; a stack that trusts the weak cues more gives the place, says so and with what probability."""
    assert _kinds(tmp_path / "rules")["Fenwick"] == ("person", "notes", None)
    _install(monkeypatch, _model_file(tmp_path / "m.npz", "mentions by weak"))
    kind, source, p = _kinds(tmp_path / "stack")["Fenwick"]
    assert (kind, source) == ("place", "stack model") and p is not None and p >= 0.5


def test_a_stack_agreeing_with_the_rules_leaves_their_source(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stack that trusts the rules' kind changes nothing, not even where the kind came from."""
    _install(monkeypatch, _model_file(tmp_path / "m.npz", "rules"))
    assert _kinds(tmp_path)["Fenwick"] == ("person", "notes", None)


def test_an_unsure_stack_leaves_the_rules_kind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Below the model's gate the rules' kind stands."""
    unsure = _model_file(tmp_path / "m.npz", "mentions by weak", gate=1.0)
    _install(monkeypatch, unsure)
    assert _kinds(tmp_path)["Fenwick"] == ("person", "notes", None)


@pytest.mark.parametrize("damage", ["missing", "cut short", "other shapes", "not a model"])
def test_no_usable_model_file_leaves_the_rules_decision(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: str
) -> None:
    """A missing, cut-short, foreign-shaped or garbage model file is no model: the kind is the rules'."""
    good = _model_file(tmp_path / "good.npz", "mentions by weak")
    bad = tmp_path / "bad.npz"
    if damage == "cut short":
        bad.write_bytes(good.read_bytes()[:120])
    elif damage == "other shapes":
        np.savez(bad, weights=np.zeros((3, 8), np.float32), bias=np.zeros(8), kinds=np.array(KINDS), gate=0.5)
    elif damage == "not a model":
        bad.write_bytes(b"\x93NUMPY" + b"\x00" * 200)
    _install(monkeypatch, bad)
    assert _kinds(tmp_path)["Fenwick"] == ("person", "notes", None)


def test_without_the_context_model_the_rules_decide(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The stack was trained with the context model's answers: with none (no word table), the rules
    decide, here and in the pure function."""
    _install(monkeypatch, _model_file(tmp_path / "m.npz", "mentions by weak"))
    forms = [{("Fenwick", "person", "typed_name"): 1, ("Fenwick", "place", "rare_name"): 1}]
    ev = Evidence("Fenwick", forms, None, 2, 2)
    assert stacked_decision(ev, lambda: None) == rules_decision(ev, lambda: None)
    assert stacked_decision(ev, lambda: None).kind == "person"
    context = dict.fromkeys(KINDS, 1 / len(KINDS))
    assert stacked_decision(ev, lambda: context).kind == "place"


def test_the_rules_decision_reads_the_parts_in_their_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rules' precedence as a pure function: a cue, then a longer name's head noun, then the shape's
    default, then the name alone, then the context model (above its gate), else ``unknown``."""
    cued = Evidence("Olwen Marsh", [{("Olwen Marsh", "person", "speaker"): 2}], "place", 2, 1)
    assert rules_decision(cued, lambda: None) == ("person", "notes", None)
    headed = Evidence("Tarrow", [{("Tarrow", "product", "shape_name"): 1}], "organisation", 1, 1)
    assert rules_decision(headed, lambda: None) == ("organisation", "notes", None)
    shaped = Evidence("Tarrow", [{("Tarrow", "product", "shape_name"): 1}], None, 1, 1)
    assert rules_decision(shaped, lambda: None) == ("product", "name shape", None)
    uncued = Evidence("Qxvlrbt", [{("Qxvlrbt", "unknown", "rare_name"): 1}], None, 1, 1)
    monkeypatch.setattr(kind_stack, "guess", lambda _name: KindGuess("place", 0.35))
    assert rules_decision(uncued, lambda: {"organisation": 0.9}) == ("place", "name model", 0.35)
    monkeypatch.setattr(kind_stack, "guess", lambda _name: None)
    assert rules_decision(uncued, lambda: {"organisation": 0.9}) == ("organisation", "context model", 0.9)
    monkeypatch.setattr(kind_stack, "gate", lambda: 0.4)  # the static model's gate (with the sentences: 0.2)
    assert rules_decision(uncued, lambda: {"organisation": 0.3}) == ("unknown", None, None)
