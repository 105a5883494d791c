"""An entity's kind from what every part of the kind decision says, weighed by a learned combination.

The rules (:mod:`.kind_vote`: the cues of each mention weighted by how it was found, a longer name's head
noun, the shape's default) and the two models (:mod:`.kind_guess`, the name alone; :mod:`.kind_context`,
the words around the mentions) each say something about a name's kind; :func:`rules_decision` is the
hand-set precedence that reads them one after another. :func:`stacked_decision` instead describes the
entity by all of them at once (:func:`features`: the cue weight per kind and family of ``how``, the vote's
share, the rules' kind and tier, the head noun's kind, the kind the name's own words tell, both models'
probabilities, the shipped lists, how often it is mentioned) and reads a softmax regression over those
(``data/kind_stack_model.npz``, from ``scripts/gen_kind_stack_model.py``, trained on the tunable labelled
sets; ``benchmarks/kind_stack_eval.py`` measures it leaving one set out). It answers where its kind has a
probability of at least the model's gate; elsewhere the rules' kind stands. Where numpy or the model file
is missing or damaged, the rules' decision is the answer.
"""

from __future__ import annotations

import math
import zipfile
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from mdrecall.knowledge.file_scan import SHAPE
from mdrecall.knowledge.kind_context import CONFUSED, GATE, overrules
from mdrecall.knowledge.kind_guess import KindGuess, guess, probabilities
from mdrecall.knowledge.kind_vote import WEIGHT, Forms, vote, weak_cue
from mdrecall.knowledge.name_lists import given_name, known_name, places
from mdrecall.knowledge.names import name_kind

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "Decision",
    "KINDS",
    "MODEL_FILE",
    "Evidence",
    "features",
    "rules_decision",
    "stacked_decision",
]

MODEL_FILE = Path(__file__).parent / "data" / "kind_stack_model.npz"
#: The kinds the stack chooses among (the labelled sets' kinds).
KINDS = ("person", "organisation", "place", "technology", "product", "pet", "work", "event")
#: The tiers of :func:`rules_decision`, in the order the features read them.
TIERS = ("cue", "head", "shape", "name model", "context model", "none")
#: Families of how a mention was found: a cue of weight 2 or more, a name whose own words tell its kind,
#: a name of the least weight (a rare word, a name alone), the shape's default.
FAMILIES = ("strong", "typed_name", "weak", SHAPE)

ContextProbs = Mapping[str, float] | None


class Decision(NamedTuple):
    """An entity's kind, where it came from (:data:`~.index.KIND_SOURCES`, ``None`` for ``unknown``) and
    the probability a model gave it (``None`` for the rules')."""

    kind: str
    source: str | None
    p: float | None


class Evidence(NamedTuple):
    """What the kind decision reads for one entity."""

    name: str
    forms: Sequence[Forms]  # per key of the entity: (written name, kind, how) → mentions
    head: str | None  # the kind a longer name's head noun gives it (:func:`~.kind_vote.inherited_kinds`)
    lines: int
    files: int


def rules_decision(ev: Evidence, context: Callable[[], ContextProbs]) -> Decision:
    """The hand-set precedence: the vote's cue, a longer name's head noun, the shape's default; a weak
    place-or-organisation cue the context model overrules; then the name alone, then the context model."""
    kind, cued = vote(ev.forms)
    source = "notes" if cued else "name shape" if kind is not None else None
    if not cued and ev.head is not None:
        kind, source = ev.head, "notes"
    if cued and kind in CONFUSED and weak_cue(ev.forms, kind):  # "at X": a place or a firm?
        found = _best(context())
        if found is not None and overrules(found, kind):
            return Decision(found.kind, "context model", found.p)
    if kind is not None:
        return Decision(kind, source, None)
    named = guess(ev.name)
    if named is not None:
        return Decision(named.kind, "name model", named.p)
    found = _best(context())
    if found is not None and found.p >= GATE:
        return Decision(found.kind, "context model", found.p)
    return Decision("unknown", None, None)


def _best(p: ContextProbs) -> KindGuess | None:
    if not p:
        return None
    best = max(p, key=lambda k: p[k])
    return KindGuess(best, p[best])


def _tier(ev: Evidence, rules: Decision) -> str:
    if rules.source == "notes":
        return "cue" if vote(ev.forms)[1] else "head"
    return {"name shape": "shape", "name model": "name model", "context model": "context model"}.get(
        rules.source or "", "none"
    )


def _family(how: str) -> str:
    if how == SHAPE or how == "typed_name":
        return how
    return "strong" if WEIGHT.get(how, 1) > 1 else "weak"


def features(ev: Evidence, rules: Decision, context: ContextProbs) -> list[float]:
    """The stack's input for one entity: what every part of the kind decision says about it."""
    counts = {(k, f): 0 for k in KINDS for f in FAMILIES}
    weight = dict.fromkeys(KINDS, 0.0)
    for part in ev.forms:
        for (_written, kind, how), n in part.items():
            kind = "organisation" if kind == "project" else kind
            if kind not in weight:
                continue
            counts[kind, _family(how)] += n
            if how != SHAPE:
                weight[kind] += n * WEIGHT.get(how, 1)
    total = sum(weight.values()) or 1.0
    out = [math.log1p(counts[k, f]) for k in KINDS for f in FAMILIES]
    out += [weight[k] / total for k in KINDS]
    out += [float(rules.kind == k) for k in KINDS]
    tier = _tier(ev, rules)
    out += [float(tier == t) for t in TIERS]
    out += [float(weak_cue(ev.forms, rules.kind)) if tier == "cue" else 0.0]
    out += [float(ev.head == k) for k in KINDS]
    words = ev.name.split() or [ev.name]
    own, strong = name_kind(ev.name, words, "", "")
    out += [float(own == k) * (1.0 if strong else 0.5) for k in KINDS]
    named = probabilities(ev.name) or {}
    out += [named.get(k, 0.0) for k in KINDS]
    ctx = context or {}
    out += [float(bool(context))] + [ctx.get(k, 0.0) for k in KINDS]
    out += [
        float(given_name(words[0])),
        float(ev.name in places()),
        float(known_name(ev.name) is not None),
        math.log1p(ev.lines),
        math.log1p(ev.files),
        float(len(words)),
        float(ev.name.isupper() and len(ev.name) > 1),
    ]
    return out


#: How many features :func:`features` gives.
SIZE = len(KINDS) * (len(FAMILIES) + 6) + len(TIERS) + 1 + 1 + 7


@cache
def _model() -> tuple[Any, Any, float] | None:
    try:
        import numpy as np
    except ImportError:
        return None
    if not MODEL_FILE.is_file():
        return None
    try:  # a damaged or foreign file is no model: the rules decide
        with np.load(MODEL_FILE, allow_pickle=False) as data:
            weights, bias, gate = data["weights"], data["bias"], float(data["gate"])
            kinds = tuple(str(k) for k in data["kinds"])
    except (OSError, ValueError, KeyError, EOFError, TypeError, zipfile.BadZipFile):
        return None
    shaped = weights.shape == (SIZE, len(KINDS)) and bias.shape == (len(KINDS),) and kinds == KINDS
    if not shaped or weights.dtype.kind != "f" or not np.isfinite(weights).all() or not 0 <= gate <= 1:
        return None
    return weights, bias, gate


def stack_probabilities(row: Sequence[float]) -> np.ndarray | None:
    """Each of :data:`KINDS`' probability for a feature row (``None``: no model)."""
    if (model := _model()) is None:
        return None
    import numpy as np

    weights, bias, _gate = model
    z = np.asarray(row, np.float32) @ weights + bias
    p = np.exp(z - z.max())
    return p / p.sum()


def stacked_decision(ev: Evidence, context: Callable[[], ContextProbs]) -> Decision:
    """The stack's kind where it is sure enough (the model's gate), else :func:`rules_decision`'s."""
    rules = rules_decision(ev, context)
    if _model() is None:
        return rules
    p = stack_probabilities(features(ev, rules, context()))
    if p is None:
        return rules
    best = int(p.argmax())
    kind = KINDS[best]
    if kind == rules.kind or float(p[best]) < _model()[2]:  # type: ignore[index]
        return rules
    return Decision(kind, "stack", float(p[best]))
