"""The grammatical slots around a name's mentions (:mod:`mdrecall.knowledge.lexicon.kind_slots`): a word's
WordNet supersense in any form, the slot counts of lines written for these tests (a beekeeper's and a ferry
commuter's notes), a context model that reads them, and the cost on a long line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pytest
from growth import near_linear

from mdrecall.knowledge.kinds import kind_context
from mdrecall.knowledge.lexicon.kind_slots import BEFORE, NOUN_SENSES, VERB_SENSES, WIDTH, senses, slots


class Line(NamedTuple):
    text: str


def _block(v: np.ndarray, name: str) -> np.ndarray:
    """One block of the slot vector, by the order :func:`slots` writes them."""
    sizes = {
        "before": len(BEFORE) + 2,
        "after": 7,
        "next_noun": len(NOUN_SENSES),
        "prev_verb": len(VERB_SENSES),
        "prev_noun": len(NOUN_SENSES),
        "bag": len(NOUN_SENSES) + len(VERB_SENSES),
    }
    start = 0
    for block, size in sizes.items():
        if block == name:
            return v[start : start + size]
        start += size
    raise KeyError(name)


def test_a_word_has_its_supersense_in_any_form() -> None:
    assert senses("crate")[0] == "artifact"
    assert senses("crates")[0] == "artifact"  # a regular plural
    assert senses("sailed")[1] == "motion"  # a regular past
    assert senses("drove")[1] == "motion"  # an irregular past (drive)
    assert senses("telephoned")[1] == "communication"
    assert senses("Qwrtzly") == (None, None)


def test_the_slots_say_where_a_name_stands_and_what_stands_by_it() -> None:
    lines = [
        Line("We sailed to Varnholm on the early boat"),
        Line("Bought two crates from Ossery Apiaries"),
        Line("Varnholm's harbour was full of gulls"),
    ]
    v = slots(["Varnholm"], lines)
    assert v.shape == (WIDTH,)
    before = _block(v, "before")
    assert before[BEFORE.index("to")] == pytest.approx(0.5)  # one of two mentions after "to"
    assert before[-2] == pytest.approx(0.5)  # the other opens its line
    assert _block(v, "after")[0] == pytest.approx(0.5)  # "Varnholm's"
    assert _block(v, "prev_verb")[VERB_SENSES.index("motion")] == pytest.approx(0.5)  # "sailed to"
    w = slots(["Ossery Apiaries"], lines)
    assert _block(w, "before")[BEFORE.index("from")] == 1.0
    assert _block(w, "prev_noun")[NOUN_SENSES.index("artifact")] == 1.0  # "crates from"


def test_a_noun_after_the_name_is_read_by_its_class() -> None:
    v = slots(["Brask"], [Line("The Brask kettle boiled dry again")])
    assert _block(v, "next_noun")[NOUN_SENSES.index("artifact")] == 1.0
    assert _block(v, "before")[BEFORE.index("the")] == 1.0


def test_no_mention_gives_zeros() -> None:
    assert not slots(["Tindle"], []).any()
    assert not slots(["Tindle"], [Line("nothing here names it")]).any()


def test_a_model_file_that_reads_the_slots_is_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A model one slot block wider than the shipped one reads the slots; the shipped one does not."""
    if kind_context._model() is None:
        pytest.skip("no static table or tokenizers")
    with np.load(kind_context.MODEL_FILE) as data:
        weights, bias, kinds = data["weights"], data["bias"], data["kinds"]
    wide = np.zeros((weights.shape[0] + WIDTH, weights.shape[1]), np.float32)
    wide[: weights.shape[0]] = weights
    # a large weight on "after 'from'" for the organisation's column: only a model reading the slots moves
    wide[weights.shape[0] + BEFORE.index("from"), list(kinds).index("organisation")] = 40.0
    path = tmp_path / "wide.npz"
    np.savez(path, weights=wide, bias=bias, kinds=kinds)
    found = [kind_context.Mention("memory/a.md", "Ordered the glass jars from Pellroy", "Jars")]
    shipped = kind_context.probabilities("Pellroy", ["Pellroy"], found)
    monkeypatch.setattr(kind_context, "MODEL_FILE", path)
    kind_context._model.cache_clear()
    try:
        read = kind_context.probabilities("Pellroy", ["Pellroy"], found)
        assert kind_context._model() is not None and kind_context._model()[4] is True  # type: ignore[index]
    finally:
        kind_context._model.cache_clear()
    assert shipped is not None and read is not None
    assert read["organisation"] > 0.99 > shipped["organisation"]


def test_a_long_line_costs_linear_time() -> None:
    """A mention line of a megabyte: the slots read three places on it, each once."""

    def make(n: int) -> Callable[[], np.ndarray]:
        line = Line(("filler words go here and on " * n) + "from Harlby's yard")
        return lambda: slots(["Harlby"], [line])

    make(2)()  # what the first call loads is no part of the growth
    v = near_linear(make, 40_000)
    assert _block(v, "before")[BEFORE.index("from")] == 1.0
