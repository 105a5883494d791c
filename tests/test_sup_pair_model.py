"""The learned supersession scorer (knowledge/changes/pair_model.py): its candidates, its decision beside the
rules, its cost on a long page, and the rules alone where its weights are missing. The worlds here (a Cornish
island's ferry, a bell-ringing band, a parish rota) are none of the labelled sets'."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pytest

from mdrecall.knowledge.changes import pair_model
from mdrecall.knowledge.changes.fact_pairs import supersessions, supersessions_update
from mdrecall.knowledge.changes.pair_candidates import candidates
from mdrecall.knowledge.changes.pair_features import FEATURES
from mdrecall.knowledge.changes.pair_model import Model, load, model_pairs
from mdrecall.knowledge.fact_lines.facts import Fact, line_facts

MEMORY = (
    "# Memory\n\n"
    "- Ferry to Scilly: Scillonian from Penzance, 09:15.\n"
    "- Pharmacy: Boots on Harrow Road.\n"
    "- Tower captain: Morwenna Hocking.\n"
)
LOG = (
    "# 2027-04-02\n\n"
    "- Scillonian sails 08:30 this season.\n"
    "- picked up the prescription at Boots on Harrow Road, queue was long\n"
    "- Morwenna handed the tower captaincy to Jory Pascoe at the AGM.\n"
)


def _facts(memory: str = MEMORY, log: str = LOG) -> list[Fact]:
    return line_facts("MEMORY.md", memory, None) + line_facts("memory/2027-04-02.md", log, "2027-04-02")


def _model(add: float = 0.5, **weights: float) -> Model:
    """A model over unscaled features: each named feature's weight, the others 0."""
    w = np.zeros(len(FEATURES))
    for name, value in weights.items():
        w[FEATURES.index(name)] = value
    return Model(w, np.zeros(len(FEATURES)), np.ones(len(FEATURES)), add)


def _rules(facts: list[Fact]) -> dict:
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(pair_model, "MODEL_FILE", Path("/nonexistent/sup_pair_model.npz"))
        return supersessions(facts)


def test_candidates_pair_a_line_with_earlier_lines_sharing_a_rare_word() -> None:
    cands = candidates(_facts())
    got = {
        ((cands.order[i].path, cands.order[i].line), (cands.order[j].path, cands.order[j].line))
        for i, j, _ in cands.pairs
    }
    assert (("MEMORY.md", 3), ("memory/2027-04-02.md", 3)) in got  # Scillonian
    assert (("MEMORY.md", 4), ("memory/2027-04-02.md", 4)) in got  # Boots, Harrow
    # never a line written later as the older one
    assert all(cands.order[i].path == "MEMORY.md" for i, _, _ in cands.pairs)


def test_the_model_pairs_a_change_with_no_change_word_and_not_a_restated_value() -> None:
    facts = _facts()
    rules = _rules(facts)
    assert ("MEMORY.md", 3) not in rules  # the rules read no change in "Scillonian sails 08:30"
    # a model that reads another value of a kind both lines hold, on lines sharing their rare words
    model = _model(bias=-2.0, slots_differ=2.5, idf_cosine=2.0)
    added = model_pairs(facts, rules, model)
    assert added[("MEMORY.md", 3)][:2] == ("memory/2027-04-02.md", 3)
    # the pharmacy named again with nothing changed: no other value, no pair
    assert ("MEMORY.md", 4) not in added
    # an older line the rules paired keeps the rules' pair
    assert not set(added) & set(rules)


def test_a_pair_under_the_threshold_is_not_added() -> None:
    facts = _facts()
    model = _model(add=0.99, bias=-2.0, slots_differ=2.5, idf_cosine=2.0)
    assert model_pairs(facts, _rules(facts), model) == {}


def test_without_the_weights_file_the_pairing_is_the_rules_alone(tmp_path: Path, monkeypatch) -> None:
    facts = _facts()
    assert load(tmp_path / "missing.npz") is None
    # weights for other features than these (an older or newer file) are not read either
    other = tmp_path / "other.npz"
    np.savez(
        other, features=np.array(["bias"]), weights=np.zeros(1), mean=np.zeros(1), scale=np.ones(1), add=0.5
    )
    assert load(other) is None
    monkeypatch.setattr(pair_model, "MODEL_FILE", tmp_path / "missing.npz")
    assert model_pairs(facts, {}) == {}
    rules = supersessions(facts)
    assert ("MEMORY.md", 3) not in rules


def test_weights_written_to_a_file_are_read_back(tmp_path: Path) -> None:
    path = tmp_path / "model.npz"
    model = _model(bias=-2.0, slots_differ=2.5, idf_cosine=2.0)
    np.savez(
        path,
        features=np.array(FEATURES),
        weights=model.weights,
        mean=model.mean,
        scale=model.scale,
        add=np.array(0.5),
    )
    got = load(path)
    assert got is not None and got.add == 0.5
    facts = _facts()
    assert model_pairs(facts, _rules(facts), got) == model_pairs(facts, _rules(facts), model)


def test_an_edit_pairs_as_pairing_anew_with_the_model(monkeypatch) -> None:
    model = _model(bias=-2.0, slots_differ=2.5, idf_cosine=2.0)
    monkeypatch.setattr(pair_model, "load", lambda _path=None: model)
    facts = _facts()
    before = supersessions(facts)
    assert ("MEMORY.md", 3) in before  # the model's pair
    edited = _facts(log=LOG.replace("08:30", "08:45"))
    assert supersessions_update(edited, before, {"memory/2027-04-02.md"}) == supersessions(edited)
    gone = _facts(log=LOG.replace("- Scillonian sails 08:30 this season.\n", ""))
    after = supersessions_update(gone, supersessions(facts), {"memory/2027-04-02.md"})
    assert after == supersessions(gone)
    assert ("MEMORY.md", 3) not in after


def test_a_page_of_a_megabyte_is_scored_in_linear_time() -> None:
    # a parish rota of 12,000 lines (~1 MB) naming the same ringers, towers and days over and over: each
    # line looks up a few of its rarest words and reads a bounded slice of their postings
    names = ["Morwenna", "Jory", "Talan", "Elowen", "Kerra", "Piran", "Tamsin", "Jago", "Demelza", "Lowen"]
    days = ["Mon", "Tue", "Wed", "Thu", "Fri"]
    lines = [
        f"- {names[i % 10]} {names[(i * 7) % 10]}son rings the {['early', 'late', 'evening'][i % 3]} peal at "
        f"tower {i % 40} from {days[i % 5]} {i % 28 + 1} March, swaps with {names[(i + 3) % 10]}"
        for i in range(12_000)
    ]
    text = "# Rota\n\n" + "\n".join(lines) + "\n"
    assert len(text) > 900_000
    facts = line_facts("memory/rota.md", text, None)
    model = _model(bias=-2.0, slots_differ=2.5, idf_cosine=2.0)
    t0 = time.process_time()
    model_pairs(facts, {}, model)
    assert time.process_time() - t0 < 30.0  # ~6 s here; every pair tried: hours
