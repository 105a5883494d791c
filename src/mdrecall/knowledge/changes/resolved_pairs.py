"""Supersession by a problem resolved: a line saying a thing went wrong or is held up ("the plate machine is
down", "the boiler died", "Blocked: the bump waits for Jonas", "Mackerel hasn't eaten since Wednesday"),
then a later line saying that trouble is over ("plate machine fixed", "Dougie repaired the boiler", "merged
the bump", "Mackerel is eating again"). Pure.

The state scales (:mod:`mdrecall.knowledge.changes.state_pairs`) read a thing's state from a closed lexicon of
states (out of order … fixed, unwell … well); a problem is often told by a verb of failing or a wait
instead, and its end by a verb of repair, solution, recovery or arrival. This pass reads two closed
classes of wordings: the **trouble** verbs (the synsets of "fail: stop operating" and "malfunction", past
forms) and the **resolved** verbs (the synsets of "repair", "solve", "recuperate", "heal", "unblock",
"arrive", "pass: go successfully through a test", past forms), generated from WordNet
(``data/resolve_words.txt``, :mod:`scripts.gen_resolve_words`), with the idioms WordNet does not hold
kept here (:data:`TROUBLE_IDIOMS`: "is down", "blocked on", "waiting for"; :data:`RESOLVED_IDIOMS`:
"back to normal", "unblocked", "merged", "eating again").

An earlier line *O* naming a trouble is superseded by a later line *N* naming its end when

* N's resolved wording is not negated ("not fixed yet", "still hasn't arrived"), and O's trouble wording
  is not ("never failed");
* they name one thing: a content word of N that is rare among the lines (at most
  :data:`~mdrecall.knowledge.changes.change_pairs.RARE_SHARE` of them, or
  :data:`~mdrecall.knowledge.changes.change_pairs.RARE_MIN`) and not a frequent English word stands right
  before O's trouble wording or within :data:`NEAR` words after it (:func:`trouble_things`: "their plate
  **machine** is down"; "Blocker: legal needs the **DPA**"; not "fridge" of "the fridge thermometer
  broke"), or in O's label ("**Quad bike**: broken, waiting for a part"), and the two lines' word sets
  have a cosine of at least :data:`~mdrecall.knowledge.changes.change_pairs.MIN_COSINE`;
* the shared thing is not told apart by another modifier on each line ("the kitchen tap is leaking" …
  "fixed the bathroom tap": :func:`~mdrecall.knowledge.fact_lines.phrase_modifiers.modified`);
* N was written later (:func:`~mdrecall.knowledge.changes.change_pairs.written_before`), and the earlier rules
  left O unpaired.

Each older line is superseded by the first such line after it (the line that ends the trouble; later
ones tell more of it). Cost: one set test per line for a wording's first word, then the few trouble lines
against the resolved lines sharing one of their rare words.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from pathlib import Path

from mdrecall.knowledge.changes.change_pairs import MIN_COSINE, RARE_MIN, RARE_SHARE, written_before
from mdrecall.knowledge.changes.change_rules import word_cosine
from mdrecall.knowledge.fact_lines.fact_values import frequent_stem, subject_words
from mdrecall.knowledge.fact_lines.phrase_modifiers import modified
from mdrecall.stores.views import FactRow, Supersession

__all__ = ["NEAR", "RESOLVED_IDIOMS", "TROUBLE_IDIOMS", "resolved", "resolved_pairs", "trouble_things"]

Key = tuple[str, int]
DATA = Path(__file__).parents[1] / "data" / "resolve_words.txt"
#: Troubles the generated verbs do not hold: a thing out of action, a wait on another, an appetite lost.
TROUBLE_IDIOMS = (
    "is down", "are down", "was down", "went down", "not working", "stopped working", "playing up",
    "acting up", "went wrong", "wrong", "blocked", "blocker", "blocked on", "blocked by", "held up",
    "stuck", "waiting on", "waiting for", "waits for", "still waiting", "awaiting", "hasn't eaten",
    "has not eaten", "not eating", "off his food", "off her food", "off its food",
)  # fmt: skip
#: Ends of a trouble the generated verbs do not hold: phrasal verbs, a wait ended, a return to what was.
RESOLVED_IDIOMS = (
    "sorted", "sorted out", "mended", "unblocked", "merged", "landed", "came through",
    "turned up", "back to normal", "normal again", "fine again", "working again", "running again",
    "eating again", "all clear", "signed off",
)  # fmt: skip
#: How many words either side of a trouble's wording name the thing in trouble.
NEAR = 4
#: A negation just before a wording: the trouble or its end is not said ("not fixed", "hasn't arrived").
_NEGATED = re.compile(
    r"\b(?:not|never|no|n't|didn't|hasn't|haven't|isn't|wasn't|won't|still|yet to be|yet)\s+(?:\w+\s+)?$",
    re.I,
)
#: Words between a thing and its trouble's wording ("the boiler has just died", "the pump is stuck").
_LINKS = frozenset("is are was were has have had been got just now still all again the a an it its".split())
#: "down" of an amount, not of a thing out of action ("down to 21", "down 5%", "down by a third").
_AMOUNT_AFTER = re.compile(r"\s+(?:to|by|from|\d)")


@functools.cache
def _classes() -> dict[str, re.Pattern[str]]:
    words: dict[str, list[str]] = {"trouble": list(TROUBLE_IDIOMS), "resolved": list(RESOLVED_IDIOMS)}
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            cls, word = line.split("\t")
            words[cls].append(word)
    return {
        cls: re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(ws, key=len, reverse=True))) + r")\b", re.I)
        for cls, ws in words.items()
    }


@functools.cache
def _triggers() -> frozenset[str]:
    """The first words of every wording (lower case): a line holding none names no trouble nor its end
    (most lines: one set test instead of the expressions)."""
    words = {w.split()[0] for w in (*TROUBLE_IDIOMS, *RESOLVED_IDIOMS)}
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            words.add(line.split("\t")[1].split()[0])
    return frozenset(words)


def _may(words: str) -> bool:
    return not _triggers().isdisjoint(words.lower().split())


@functools.lru_cache(maxsize=1 << 12)
def trouble_things(words: str) -> frozenset[str]:
    """The content words (stems) naming the thing of each trouble a line (its words) names, not negated: the
    word right before the wording, and those within :data:`NEAR` words after it ("their plate machine is
    down": machine; "the fridge thermometer broke": thermometer, not fridge; "waiting on the asbestos
    survey": asbestos, survey); empty when it names none."""
    out: set[str] = set()
    for m in _classes()["trouble"].finditer(words):
        if _NEGATED.search(words[max(0, m.start() - 40) : m.start()]):
            continue  # (the words just before: a 1 MB line is not read again for each wording on it)
        if m.group(0).lower().endswith("down") and _AMOUNT_AFTER.match(words[m.end() : m.end() + 8]):
            continue
        # the thing: the word right before the wording ("the fridge thermometer broken": the thermometer,
        # not the fridge), or those after it ("waiting on the asbestos survey"); a few characters either
        # side (a 1 MB line is not split again for each wording on it)
        before = [
            w for w in words[max(0, m.start() - 200) : m.start()].split()[-NEAR:] if w.lower() not in _LINKS
        ]
        out |= subject_words(" ".join(before[-1:] + words[m.end() : m.end() + 200].split()[:NEAR]))
    return frozenset(out - _lexicon_words())


def resolved(words: str) -> bool:
    """Does a line (its words) say a trouble is over ("fixed", "arrived", "eating again"), not negated?"""
    ends = _classes()["resolved"].finditer(words)
    return any(not _NEGATED.search(words[max(0, m.start() - 40) : m.start()]) for m in ends)


@functools.cache
def _lexicon_words() -> frozenset[str]:
    """The stems of every wording's words (a wording's word is not the thing it is said of)."""
    text = DATA.read_text(encoding="utf-8")
    every = [line.split("\t")[1] for line in text.splitlines() if line and not line.startswith("#")]
    return frozenset(
        w for wording in (*every, *TROUBLE_IDIOMS, *RESOLVED_IDIOMS) for w in subject_words(wording)
    )


def _label(f: FactRow) -> frozenset[str]:
    """The words (stems) of a label line's label ("Quad bike: broken" → quad, bike), empty for another."""
    if f.attrs != ("said",):
        return frozenset()
    return frozenset(w for v in f.values[0].split() if v.startswith("k:") for w in v[2:].split("-"))


def resolved_pairs(facts: Sequence[FactRow], pairs: dict[Key, Supersession]) -> dict[Key, Supersession]:
    """``(path, line)`` of each line naming a trouble, left unpaired by ``pairs``, → the first later line
    saying that trouble is over."""
    maybe = [f for f in facts if _may(f.words)]
    if len(maybe) < 2:
        return {}
    count: dict[str, int] = {}
    for f in facts:
        for w in f.subject.split():
            count[w] = count.get(w, 0) + 1
    cap = max(RARE_MIN, int(RARE_SHARE * len(facts)))
    ends: dict[str, list[tuple[FactRow, set[str]]]] = {}  # a rare word → the resolved lines naming it
    for f in maybe:
        if resolved(f.words):
            words = set(f.subject.split())
            for w in words:
                if count.get(w, 0) <= cap and not frequent_stem(w):
                    ends.setdefault(w, []).append((f, words))
    out: dict[Key, Supersession] = {}
    for old in maybe:
        key = (old.path, old.line)
        if key in pairs:
            continue
        things = trouble_things(old.words)
        if not things:
            continue
        things |= _label(old)  # "Quad bike: broken, waiting for a part": the label names the thing too
        old_words = set(old.subject.split())
        best: FactRow | None = None
        for w in things:
            for new, new_words in ends.get(w, ()):
                if new is old or not written_before(old, new) or trouble_things(new.words) & things:
                    continue  # (still in trouble on the later line: "fixed the pump, the valve is stuck")
                if word_cosine(old_words, new_words) < MIN_COSINE:
                    continue
                if modified(old.words.lower(), new.words.lower(), old_words & new_words):
                    continue
                if best is None or (new.day or "", new.path, new.line) < (
                    best.day or "",
                    best.path,
                    best.line,
                ):
                    best = new
        if best is not None:
            out[key] = Supersession(best.path, best.line, best.day)
    return out
