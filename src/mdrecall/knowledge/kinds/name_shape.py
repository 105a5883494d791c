"""More of a name's own shape, as input of the sentence kind model. Pure.

The context model (:mod:`.kind_context`) reads a few features of a name's shape (words, humps, capitals,
digits). A name no rule types still tells more by how it is written: humps joining two words of the
dictionary ("FieldMark": a firm or a product, rarely a place), a brand's coined ending ("Zestly",
"Quantify", "Bravio"), a city opening a name of several words ("Lyon Cycles": a firm), and the class of
its last word ("... Sports", "... Kitchen", "... Hub": its WordNet supersense, :func:`.kind_slots.senses`).
Each feature is one look-up or one pass over the name's characters: linear in the name.
"""

from __future__ import annotations

import re

from mdrecall.knowledge.lexicon.kind_slots import NOUN_SENSES, senses
from mdrecall.knowledge.lexicon.name_lists import places

__all__ = ["ENDINGS", "WIDTH", "shape_features"]

#: Coined endings of brands and apps ("Zestly", "Quantify", "Bravio", "Trellix"), read on a single word.
ENDINGS = ("ly", "ify", "io", "ix", "ex", "eo", "oo", "zy", "ster", "ia")
_HUMP = re.compile(r"[a-z][A-Z]")
_FLAGS = 10
#: The number of features :func:`shape_features` gives.
WIDTH = _FLAGS + len(NOUN_SENSES)


def shape_features(name: str) -> list[float]:
    """The features of ``name``'s shape, in a fixed order (:data:`WIDTH` of them)."""
    words = name.split()
    last = words[-1] if words else ""
    humps = [m.start() for m in _HUMP.finditer(name)]
    parts = re.split(r"(?<=[a-z])(?=[A-Z])", last)
    one = len(words) == 1
    flags = [
        float(bool(humps)),
        float(bool(humps) and len(parts) >= 2 and all(senses(p)[0] for p in parts)),
        float(name[:1].islower() and bool(humps)),
        float(one and last.isalpha() and last.lower().endswith(ENDINGS) and not last.isupper()),
        float(name.isupper() and 2 <= len(name) <= 3),
        float(name.isupper() and len(name) >= 4),
        float(any(c.isdigit() for c in name) and any(c.isalpha() for c in name)),
        float("-" in name or "&" in name or "+" in name),
        float(len(words) >= 2 and (words[0] in places() or " ".join(words[:2]) in places())),
        float(len(words) >= 2 and last in places()),
    ]
    noun = senses(last)[0] if last.isalpha() and not last.isupper() else None
    return flags + [float(noun == s) for s in NOUN_SENSES]
