"""Evidence for a name's kind counted over its mentions: the grammar around each one (measured, not shipped).

Each mention of a name stands in a small grammatical frame that tells of its kind whatever the voice: the
preposition before it ("at X", "in X", "to X", "from X"), the verb whose object or subject it is, read by
its WordNet verb class (``drove to`` motion → a place; ``emailed`` communication → a person or a body;
``bought`` possession → a product), a possessive ("X's"), the WordNet class of a lower-case noun after it
("X office" a premises' artifact, "X team" a group), a version number or a web address, a plural, a
determiner ("the X"). :func:`evidence` counts these over the mention lines of one name and gives each type's
share of the mentions read (:data:`TYPES` in order), so a weight fitted on labelled notes
(``kind_mention_vote_eval.py`` fits them left one set out) can be summed over them. One pass over each
line's words: linear in the lines read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Protocol

from mdrecall.knowledge.lexicon.kind_slots import NOUN_SENSES, VERB_SENSES
from mdrecall.knowledge.lexicon.kind_slots import senses as _word_senses

__all__ = ["PREPOSITIONS", "TYPES", "evidence"]


class _Line(Protocol):
    """A mention's line (:class:`~.kind_context.Mention`)."""

    @property
    def text(self) -> str: ...


#: Prepositions read before a name, each its own evidence type.
PREPOSITIONS = ("at", "in", "to", "from", "with", "for", "by", "on", "of", "via", "near", "into", "using")
_DETERMINERS = {"the": "the", "a": "a", "an": "a"}
_OWNERS = frozenset("my our his her their your".split())
_FUNCTION = frozenset(
    """the a an my our his her their your this that these those is was are were be been of to in on at for
    with from by and or but it its as so not no do did does have has had will would can could should i we
    you he she they me us them via using about into near per""".split()
)
#: The evidence types, in the order :func:`evidence` gives them.
TYPES = (
    *(f"prep:{p}" for p in PREPOSITIONS),
    "det:the",
    "det:a",
    "owner",
    "start",
    "label",
    *(f"object_of:{v}" for v in VERB_SENSES),
    *(f"subject_of:{v}" for v in VERB_SENSES),
    "possessive",
    *(f"noun_after:{n}" for n in NOUN_SENSES),
    "version",
    "web",
    "plural",
    "capital_after",
    "mentions",
)
_INDEX = {t: i for i, t in enumerate(TYPES)}
_WORD = re.compile(r"\w[\w'’&.-]*|[(),:;]")
_VERSION = re.compile(r"\s*(?:v|version\s*)?\d+(?:\.\d+)+\b|\s+v\d+\b", re.IGNORECASE)
_POSSESSIVE = re.compile(r"['’]s\b")
#: Mentions read per line.
PER_LINE = 3
#: A word's WordNet classes, kept for the words met most (a verb's forms are tried one by one).
senses = lru_cache(maxsize=16384)(_word_senses)


def _spans(forms: Sequence[str], low: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    for form in forms:
        at = low.find(form)
        while at >= 0 and len(spans) < PER_LINE:
            spans.append((at, at + len(form)))
            at = low.find(form, at + len(form))
    return spans[:PER_LINE]


def _frame(text: str, low: str, start: int, end: int, tokens: list[tuple[int, int, str]]) -> list[str]:
    """The evidence types of the mention at ``text[start:end]``."""
    out: list[str] = []
    left = [w for _s, e, w in tokens if e <= start]
    right = [w for s, _e, w in tokens if s >= end]
    before = left[-1].lower() if left else None
    if before is None:
        out.append("start")
    elif before == ":":
        out.append("label")
    elif before in PREPOSITIONS:
        out.append(f"prep:{before}")
    elif before in _DETERMINERS:
        out.append(f"det:{_DETERMINERS[before]}")
    elif before in _OWNERS:
        out.append("owner")
    for w in reversed(left[-3:]):  # the verb the name is the object of (a preposition may stand between)
        if w.lower() in _FUNCTION or not w.isalpha() or w[:1].isupper():
            continue
        if (verb := senses(w)[1]) is not None:
            out.append(f"object_of:{verb}")
        break
    tail = text[end : end + 24]
    if _POSSESSIVE.match(tail):
        out.append("possessive")
    elif tail[:1] == "s" and (end + 1 >= len(text) or not text[end + 1].isalnum()):
        out.append("plural")
    elif _VERSION.match(tail):
        out.append("version")
    elif tail[:1] in ".:/" and tail[1:2].isalpha() and low[start - 1 : start] != "@":
        out.append("web")
    if right:
        first = right[0]
        if first[:1].isupper():
            out.append("capital_after")
        elif first.isalpha() and first.lower() not in _FUNCTION:
            noun, verb = senses(first)
            if verb is not None and (noun is None or first.endswith(("ed", "s"))):
                out.append(f"subject_of:{verb}")
            elif noun is not None:
                out.append(f"noun_after:{noun}")
    return out


def evidence(written: Iterable[str], found: Sequence[_Line]) -> list[float]:
    """Each evidence type's share of the mentions of a name written as ``written`` on the lines ``found``
    (:data:`TYPES`; the last, ``mentions``, is the log of the mentions read over three)."""
    import math

    forms = sorted({w.casefold() for w in written if w.strip()}, key=len, reverse=True)
    counts = [0.0] * len(TYPES)
    n = 0
    for line in found:
        text = line.text
        low = text.casefold()
        tokens: list[tuple[int, int, str]] | None = None
        for start, end in _spans(forms, low):
            if tokens is None:
                tokens = [(m.start(), m.end(), m.group()) for m in _WORD.finditer(text)]
            n += 1
            for kind in _frame(text, low, start, end, tokens):
                counts[_INDEX[kind]] += 1
    k = float(max(n, 1))
    out = [c / k for c in counts]
    out[-1] = math.log1p(n) / 3
    return out
