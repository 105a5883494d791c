"""Supersession by a measure back to normal: a line saying a measured thing is off its norm ("the bloodwork
shows elevated liver enzymes", "blood pressure high at the check-up", "an irregular heartbeat"), then a later
line saying that thing is normal ("liver enzymes normal again", "BP back to normal", "heartbeat
normalised"). Pure.

The resolved pass (:mod:`mdrecall.knowledge.changes.resolved_pairs`) reads a trouble told by a verb of failing
or a wait; a measure is told off its norm by an adjective instead, and back on it by "normal". This pass reads
two closed classes generated from WordNet (``data/deviation_words.txt``, :mod:`scripts.gen_deviation_words`):
the **deviation** adjectives ("abnormal" and the satellites similar to it, the "than normal" senses of
"high" and "low", "increased", "decreased", "raised, elevated: increased in amount or degree") and the
**normal** ones ("normal", "normalised").

An earlier line *O* naming a deviation is superseded by a later line *N* saying its thing is normal when

* neither wording is negated ("not normal yet", "never high");
* the thing is one: a content word that is no capitalised name (the patient is not the measure)
  standing within :data:`AROUND` words (but links: "is", "was", "now") of O's deviation wording
  ("elevated **liver enzymes**"; "blood **pressure** high") stands within as many words of N's normal
  wording ("liver enzymes normal again"); it is rare among the lines' subjects (at most
  :data:`~mdrecall.knowledge.changes.change_pairs.RARE_SHARE` of them, or
  :data:`~mdrecall.knowledge.changes.change_pairs.RARE_MIN`) and not a frequent English word; the two lines'
  content words have a cosine of at least :data:`~mdrecall.knowledge.changes.change_pairs.MIN_COSINE`, and the
  shared thing is not told apart by another modifier on each line
  (:func:`~mdrecall.knowledge.fact_lines.phrase_modifiers.modified`);
* N names no deviation of that thing itself ("liver enzymes normal, bilirubin high": the bilirubin), N was
  written later (:func:`~mdrecall.knowledge.changes.change_pairs.written_before`), and the earlier rules left
  O unpaired.

Each older line is superseded by the first such line after it. Cost: one set test per line for a wording,
then the few deviation lines against the normal lines sharing one of their rare words.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from mdrecall.knowledge.changes.change_pairs import MIN_COSINE, RARE_MIN, RARE_SHARE, written_before
from mdrecall.knowledge.changes.change_rules import word_cosine
from mdrecall.knowledge.fact_lines.fact_values import frequent_stem, stem, subject_words
from mdrecall.knowledge.fact_lines.phrase_modifiers import modified
from mdrecall.stores.views import FactRow, Supersession

__all__ = ["AROUND", "deviation_pairs", "measured_things"]

Key = tuple[str, int]
DATA = Path(__file__).parents[1] / "data" / "deviation_words.txt"
#: How many words either side of a wording name the thing measured: an adjective's noun phrase ("elevated
#: kidney values", "thyroid levels are abnormal"), not the next clause's ("raised enzymes, on milk thistle").
AROUND = 2
#: A negation just before a wording ("not normal", "no longer elevated", "never high").
_NEGATED = re.compile(r"\b(?:not|never|no|n't|isn't|wasn't|aren't|still not|yet)\s+(?:\w+\s+)?$", re.I)
#: Words between a thing and its wording ("the values are now normal", "pressure was a bit high").
_LINKS = frozenset(
    "is are was were has have had been got just now still all again the a an it its bit".split()
)


@functools.cache
def _words() -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {"deviation": set(), "normal": set()}
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            cls, word = line.split("\t")
            out[cls].add(word)
    return {cls: frozenset(ws) for cls, ws in out.items()}


@functools.cache
def _pattern(cls: str) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(_words()[cls]))) + r")\b", re.I)


@functools.cache
def _triggers() -> frozenset[str]:
    return _words()["deviation"] | _words()["normal"]


def _may(words: str) -> bool:
    """Might a line (its words) name a wording of either class (one set test: most lines name none)?"""
    return not _triggers().isdisjoint(w.strip(".,;:!?()'\"") for w in words.lower().split())


@functools.lru_cache(maxsize=1 << 12)
def measured_things(words: str, cls: str = "deviation") -> frozenset[str]:
    """The content words (stems) standing by each wording of ``cls`` ("deviation" or "normal") a line (its
    words) names, not negated: the last :data:`AROUND` words before it but the links, and :data:`AROUND` after
    it ("elevated liver enzymes": liver, enzyme; "blood pressure high": blood, pressure)."""
    out: set[str] = set()
    for m in _pattern(cls).finditer(words):
        if _NEGATED.search(words[max(0, m.start() - 40) : m.start()]):
            continue  # (the words just before: a 1 MB line is not read again for each wording on it)
        # the words either side (a few characters: a 1 MB line is not split again for each wording on it)
        before = [w for w in words[max(0, m.start() - 200) : m.start()].split() if w.lower() not in _LINKS]
        after = words[m.end() : m.end() + 200].split()[:AROUND]
        out |= subject_words(" ".join(before[-AROUND:] + after))
    return frozenset(out - _triggers())


def _names(f: FactRow) -> frozenset[str]:
    """The stems of the capitalised names a line names (its stored ``c:`` values): a person or a place is
    not the thing measured ("Otto's blood pressure high" … "Otto's cholesterol normal")."""
    if f.attrs != ("said",):
        return frozenset()
    return frozenset(stem(w) for v in f.values[0].split() if v.startswith("c:") for w in v[2:].split("-"))


def _line_words(f: FactRow) -> set[str]:
    """A line's content words (stems): its subject and the words it says of it ("Pickles recheck: liver
    enzymes normal again, back on his usual food" is stored under its food, and names the enzymes)."""
    return set(f.subject.split()) | subject_words(f.words)


class _Read(NamedTuple):
    """A line read once: its deviations' things and its content words."""

    line: FactRow
    things: frozenset[str]
    words: set[str]
    low: str  # its words in lower case


def deviation_pairs(facts: Sequence[FactRow], pairs: dict[Key, Supersession]) -> dict[Key, Supersession]:
    """``(path, line)`` of each line naming a measure off its norm, left unpaired by ``pairs``, → the first
    later line saying that measure is normal."""
    maybe = [f for f in facts if _may(f.words)]
    if len(maybe) < 2:
        return {}
    count: dict[str, int] = {}
    for f in facts:
        for w in f.subject.split():
            count[w] = count.get(w, 0) + 1
    cap = max(RARE_MIN, int(RARE_SHARE * len(facts)))
    ends: dict[str, list[_Read]] = {}  # a rare word by a normal wording → the lines naming it
    read: dict[Key, _Read] = {}  # each line read once (not again for each line it is weighed against)
    for f in maybe:
        read[(f.path, f.line)] = r = _Read(
            f, measured_things(f.words) - _names(f), _line_words(f), f.words.lower()
        )
        for w in measured_things(f.words, "normal") - _names(f):
            if count.get(w, 0) <= cap and not frequent_stem(w):
                ends.setdefault(w, []).append(r)
    out: dict[Key, Supersession] = {}
    for key, old in read.items():
        if key in pairs or not old.things:
            continue
        best: FactRow | None = None
        for w in old.things:
            for new in ends.get(w, ()):
                f = new.line
                if new is old or new.things & old.things or not written_before(old.line, f):
                    continue
                if best is not None and (best.day or "", best.path, best.line) <= (
                    f.day or "",
                    f.path,
                    f.line,
                ):
                    continue  # (the first end is kept: a later one is not weighed)
                if word_cosine(old.words, new.words) < MIN_COSINE:
                    continue
                if modified(old.low, new.low, old.words & new.words):
                    continue
                best = f
        if best is not None:
            out[key] = Supersession(best.path, best.line, best.day)
    return out
