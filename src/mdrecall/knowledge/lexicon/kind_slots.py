"""The grammatical slots around a name's mentions, as features of the context kind model. Pure.

The context model (:mod:`.kind_context`) reads bags of words around a name through the static word table;
a bag forgets where a word stood. Whether a name comes after "from", "at" or "with", before "'s" or a
bracket, and what class of word fills the slots next to it says more about its kind: "rang Tolvane"
(a verb before it), "the Brenvik hub" (an artifact's noun after it), "drove to Skarne"
(a verb of motion). A word's class is its WordNet supersense (``data/supersenses.txt``, written by
``scripts/gen_supersenses.py``: the lexicographer file of its first noun and verb sense), so a word no
labelled note used still tells its class. Per mention (at most three places on its line) :func:`slots`
counts:

* the word before the name, one of :data:`BEFORE` (prepositions, determiners, owners, a few verbs), the
  line's start, or a label's colon;
* what follows it: "'s", the line's end, a bracket, a comma or colon, a capitalised word, a number, a
  lower-case word;
* the supersense of a lower-case noun right after it ("Tolvane app", "Brenvik hub");
* the supersense of the nearest content word before it (within four words), as a verb or else a noun;
* the supersenses of the nouns and verbs within five words either side, as shares.

averaged over the mentions. Each word is one dictionary look-up: linear in the mentions read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from mdrecall.text.verb_forms import verb_forms

if TYPE_CHECKING:
    import numpy as np

__all__ = ["BEFORE", "NOUN_SENSES", "VERB_SENSES", "WIDTH", "senses", "slots"]


class _Line(Protocol):
    """A mention's line (:class:`~.kind_context.Mention`)."""

    @property
    def text(self) -> str: ...


DATA = Path(__file__).parents[1] / "data" / "supersenses.txt"
#: WordNet's noun and verb supersenses (lexicographer files), in the order of the features.
NOUN_SENSES = tuple(
    """Tops act animal artifact attribute body cognition communication event feeling food group location
    motive object person phenomenon plant possession process quantity relation shape state substance
    time""".split()
)
VERB_SENSES = tuple(
    """body change cognition communication competition consumption contact creation emotion motion
    perception possession social stative weather""".split()
)
#: The words before a name that are a feature of their own: prepositions, determiners, owners, and a few
#: verbs whose object is a name. A closed class: any other word is read by its supersense.
BEFORE = tuple(
    """from at in with on by to for of the a an my our his her their your via using and or called named
    about into near visit visited through per like new old is was are were be got get bought ordered use
    used rang emailed call booked paid""".split()
)
_FUNCTION = frozenset(
    """the a an my our his her their your this that these those is was are were be been of to in on at for
    with from by and or but it its as so not no do did does have has had will would can could should i we
    you he she they me us them via using about into near per""".split()
)
_WORD = re.compile(r"\w[\w'’&.-]*|[(),:;]")
#: Mentions of a name read per line.
PER_LINE = 3
#: Words read on each side of a name for the bag of supersenses.
WINDOW = 5
_NEXT = ("owner", "end", "bracket", "comma", "capital", "number", "lower")
#: The number of features :func:`slots` gives.
WIDTH = (
    len(BEFORE)
    + 2
    + len(_NEXT)
    + 2 * len(NOUN_SENSES)
    + len(VERB_SENSES)
    + len(NOUN_SENSES)
    + len(VERB_SENSES)
)


@cache
def _table() -> dict[str, tuple[str, str]]:
    out: dict[str, tuple[str, str]] = {}
    if not DATA.is_file():
        return out
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            word, noun, verb = line.split()
            out[word] = (noun, verb)
    return out


def senses(word: str) -> tuple[str | None, str | None]:
    """(noun supersense, verb supersense) of an English word in any regular or irregular form ("hubs" →
    artifact; "drove" → a verb of motion); ``None`` where WordNet's tagged words lack it."""
    table = _table()
    low = word.lower()
    noun = verb = None
    if (hit := table.get(low)) is not None:
        noun, verb = hit
    for suffix, put in (("ies", "y"), ("es", ""), ("s", "")):
        if noun in (None, "-") and low.endswith(suffix) and (hit := table.get(low[: -len(suffix)] + put)):
            noun = hit[0]
    if verb in (None, "-"):
        bases = [low[: -len(s)] + p for s, p in _VERB_ENDS if low.endswith(s) and len(low) > len(s) + 1]
        for base in [*bases, *sorted(verb_forms(low))]:
            if (hit := table.get(base)) is not None and hit[1] != "-":
                verb = hit[1]
                break
    return (noun if noun != "-" else None), (verb if verb != "-" else None)


_VERB_ENDS = (
    ("ies", "y"),
    ("es", ""),
    ("s", ""),
    ("ed", ""),
    ("ed", "e"),
    ("ing", ""),
    ("ing", "e"),
    ("d", ""),
)


def _spans(forms: Sequence[str], text: str) -> list[tuple[int, int]]:
    low = text.casefold()
    spans: list[tuple[int, int]] = []
    for form in forms:
        at = low.find(form)
        while at >= 0 and len(spans) < PER_LINE:
            spans.append((at, at + len(form)))
            at = low.find(form, at + len(form))
    return spans[:PER_LINE]


def slots(written: Iterable[str], found: Sequence[_Line]) -> np.ndarray:
    """The slot features (:data:`WIDTH` of them) of a name written as ``written`` on the lines ``found``."""
    import numpy as np

    forms = sorted({w.casefold() for w in written if w.strip()}, key=len, reverse=True)
    before = np.zeros(len(BEFORE) + 2, np.float32)
    after = np.zeros(len(_NEXT), np.float32)
    next_noun = np.zeros(len(NOUN_SENSES), np.float32)
    prev_verb = np.zeros(len(VERB_SENSES), np.float32)
    prev_noun = np.zeros(len(NOUN_SENSES), np.float32)
    bag = np.zeros(len(NOUN_SENSES) + len(VERB_SENSES), np.float32)
    n = 0
    for line in found:
        text = line.text
        tokens = [(m.start(), m.end(), m.group()) for m in _WORD.finditer(text)]
        for start, end in _spans(forms, text):
            n += 1
            left = [w for _s, e, w in tokens if e <= start]
            right = [w for s, _e, w in tokens if s >= end]
            word = left[-1].lower() if left else None
            if word is None:
                before[-2] += 1
            elif word in BEFORE:
                before[BEFORE.index(word)] += 1
            elif word == ":":
                before[-1] += 1
            after[_NEXT.index(_follows(text[end : end + 3], right))] += 1
            lower = right and right[0][:1].islower() and right[0].lower() not in _FUNCTION
            if lower and (noun := senses(right[0])[0]) is not None:
                next_noun[NOUN_SENSES.index(noun)] += 1
            for w in reversed(left[-4:]):
                if w.lower() in _FUNCTION or not w.isalpha() or w[:1].isupper():
                    continue
                noun, verb = senses(w)
                if verb is not None:
                    prev_verb[VERB_SENSES.index(verb)] += 1
                elif noun is not None:
                    prev_noun[NOUN_SENSES.index(noun)] += 1
                break
            for w in left[-WINDOW:] + right[:WINDOW]:
                if w.lower() in _FUNCTION or not w.isalpha() or w[:1].isupper():
                    continue
                noun, verb = senses(w)
                if noun is not None:
                    bag[NOUN_SENSES.index(noun)] += 1
                if verb is not None:
                    bag[len(NOUN_SENSES) + VERB_SENSES.index(verb)] += 1
    k = float(max(n, 1))
    parts = [
        before / k,
        after / k,
        next_noun / k,
        prev_verb / k,
        prev_noun / k,
        bag / (float(bag.sum()) or 1.0),
    ]
    return np.concatenate(parts).astype(np.float32)


def _follows(tail: str, right: list[str]) -> str:
    if tail.startswith(("'s", "’s")):
        return "owner"
    if not right:
        return "end"
    word = right[0]
    if word == "(":
        return "bracket"
    if word in (",", ";", ":", ")"):
        return "comma"
    if word[:1].isupper():
        return "capital"
    return "number" if word[:1].isdigit() else "lower"
