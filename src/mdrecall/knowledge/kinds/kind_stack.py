"""An entity's kind from what every part of the kind decision says, weighed by a learned combination.

The rules (:mod:`.kind_vote`: the cues of each mention weighted by how it was found, a longer name's head
noun, the shape's default) and the two models (:mod:`.kind_guess`, the name alone; :mod:`.kind_context`,
the words around the mentions) each say something about a name's kind; :func:`rules_decision` is the
hand-set precedence that reads them one after another. :func:`stacked_decision` instead describes the
entity by all of them at once (:func:`features`: the cue weight per kind and family of ``how``, the vote's
share, the rules' kind and tier, the head noun's kind, the kind the name's own words tell, both models'
probabilities, the shipped lists, how often it is mentioned) and reads a conditional logit over those (a
softmax over the kinds, one weight per feature shared by every kind, a bias per kind;
``data/kind_stack_model.npz``, from ``scripts/gen_kind_stack_model.py``, trained on the tunable labelled
sets; ``benchmarks/kind_stack_eval.py`` measures it leaving one set out). It answers where its kind has a
probability of at least the model's gate; elsewhere the rules' kind stands. Where numpy, the context model
or the model file is missing or damaged, the rules' decision is the answer. **No model is shipped**: left
one set out, the stack did not raise kinds right at any gate (0.900 before and at best after; the parts'
outputs do not tell when a cue is wrong; docs/entities.md, kinds round 15), so the entity view decides by
the rules, as before.
"""

from __future__ import annotations

import math
import zipfile
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from mdrecall.knowledge.kinds.kind_context import CONFUSED, gate, overrules, static_probabilities
from mdrecall.knowledge.kinds.kind_guess import KindGuess, guess, probabilities, unlisted_place
from mdrecall.knowledge.kinds.kind_vote import WEIGHT, Forms, vote, weak_cue
from mdrecall.knowledge.lexicon.name_lists import given_name, known_name, places
from mdrecall.knowledge.mentions.file_scan import SHAPE
from mdrecall.knowledge.mentions.names import name_kind

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "Decision",
    "KINDS",
    "MODEL_FILE",
    "SOURCE",
    "Evidence",
    "features",
    "rules_decision",
    "stacked_decision",
]

MODEL_FILE = Path(__file__).parents[1] / "data" / "kind_stack_model.npz"
#: The source (:data:`~.index.KIND_SOURCES`) of a kind the stack gives against the rules'.
SOURCE = "stack model"
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
        found = _best(static_probabilities(context()))
        if found is not None and overrules(found, kind):
            return Decision(found.kind, "context model", found.p)
    if kind is not None:
        return Decision(kind, source, None)
    named = guess(ev.name)
    if named is not None and named.kind == "place" and " " in ev.name.strip() and ev.name not in places():
        named = unlisted_place(ev.name, named)
    if named is not None:
        return Decision(named.kind, "name model", named.p)
    found = _best(context())
    if found is not None and found.p >= gate():
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


def features(ev: Evidence, rules: Decision, context: ContextProbs) -> list[list[float]]:
    """The stack's input for one entity: for each of :data:`KINDS`, what every part of the kind decision
    says for that kind (:data:`FEATURES`). The same weights read every kind's row, so what the model learns
    of one kind's evidence (how far a cue of one family, or the context model, is to be trusted) serves the
    others."""
    counts = {(k, f): 0 for k in KINDS for f in FAMILIES}
    weight = dict.fromkeys(KINDS, 0.0)
    for part in ev.forms:
        for (_written, kind, how), n in part.items():
            if kind not in weight:
                continue
            counts[kind, _family(how)] += n
            if how != SHAPE:
                weight[kind] += n * WEIGHT.get(how, 1)
    total = sum(weight.values()) or 1.0
    tier = _tier(ev, rules)
    tiers = [float(tier == t) for t in TIERS]
    weak = float(tier == "cue" and weak_cue(ev.forms, rules.kind))
    mentioned = math.log1p(ev.lines)
    words = ev.name.split() or [ev.name]
    own, strong = name_kind(ev.name, words, "", "")
    named = probabilities(ev.name) or {}
    ctx = context or {}
    top = max(ctx, key=lambda k: ctx[k]) if ctx else None
    known = known_name(ev.name)
    given, place = given_name(words[0]), ev.name in places()
    rows = []
    for k in KINDS:
        ruled = float(rules.kind == k)
        c = ctx.get(k, 0.0)
        rows.append(
            [ruled, *(ruled * t for t in tiers), ruled * weak, ruled * mentioned, weight[k] / total]
            + [math.log1p(counts[k, f]) for f in FAMILIES]
            + [float(ev.head == k), float(own == k and strong), float(own == k and not strong)]
            + [named.get(k, 0.0), c, math.log(c + 1e-3), c * float(tier == "cue"), float(k == top)]
            + [float(given and k == "person"), float(place and k == "place")]
            + [float(known is not None and known.kind == k)]
        )
    return rows


#: What each column of :func:`features` reads, for people reading the weights.
FEATURES = (
    ("rules",)
    + tuple(f"rules×{t}" for t in TIERS)
    + ("rules×weak cue", "rules×mentions", "vote share")
    + tuple(f"mentions by {f}" for f in FAMILIES)
    + ("head noun", "own words", "own words, weak", "name model", "context", "log context")
    + ("context×cue", "context's top", "given name", "gazetteer place", "well-known name")
)
#: How many features :func:`features` gives per kind.
SIZE = len(FEATURES)


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
    shaped = weights.shape == (SIZE,) and bias.shape == (len(KINDS),) and kinds == KINDS
    if not shaped or weights.dtype.kind != "f" or not np.isfinite(weights).all() or not 0 <= gate <= 1:
        return None
    return weights, bias, gate


def stack_probabilities(rows: Sequence[Sequence[float]]) -> np.ndarray | None:
    """Each of :data:`KINDS`' probability for its row of :func:`features` (``None``: no model)."""
    if (model := _model()) is None:
        return None
    import numpy as np

    weights, bias, _gate = model
    z = np.asarray(rows, np.float32) @ weights + bias
    p = np.exp(z - z.max())
    return p / p.sum()


def stacked_decision(ev: Evidence, context: Callable[[], ContextProbs]) -> Decision:
    """The stack's kind where it is sure enough (the model's gate), else :func:`rules_decision`'s."""
    rules = rules_decision(ev, context)
    if (model := _model()) is None or (found := context()) is None:  # trained with the context model's
        return rules
    p = stack_probabilities(features(ev, rules, found))
    if p is None:
        return rules
    best = int(p.argmax())
    kind = KINDS[best]
    if kind == rules.kind or float(p[best]) < model[2]:
        return rules
    return Decision(kind, SOURCE, float(p[best]))
