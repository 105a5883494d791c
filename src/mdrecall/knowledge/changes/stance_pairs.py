"""Supersession by a stance settled: an option only weighed, then decided, then the decision taken back.
Pure.

A line can weigh an option ("leaning towards the Skoda", "probably going with Hetzner", "shortlist: A,
B") without stating a choice; a later line that decides ("Car decision: the Corolla", "we picked Hetzner",
"booked the Lisbon flat") settles it, whether it names the same option or another, and a later line that
takes the decision back ("cancelled it and bought a Kia instead") ends the decision in turn. The earlier
rules read a choice by its verbs of use and a change by its change words; neither is said by a hedged
line and the line deciding it. This pass reads the *stance* of a line from three closed classes of words
generated from WordNet (``data/stance_words.txt``, :mod:`scripts.gen_stance_words`): the **hedge** words
(verbs of weighing, adverbs of likelihood, with the modals and the nouns of a shortlist kept here), the
**decide** verbs in their past forms (and a label "Decision:"), the **reverse** verbs in their past
forms. A stance's option is the object of its word: the run of capitalised words starting within
:data:`OBJECT_WORDS` words after it ("leaning towards the Skoda Octavia", "bought a Kia").

A later line *N* deciding supersedes a line *O* weighing an option when one of the options it decides
(the object of its decision word) is

* named on *O* itself (the option weighed is the one decided), or
* named on a line of *O*'s page (an undated note: its shortlist) near *O* (:data:`NEAR_LINES`), where
  *N* names a word of that page's title (the thing decided: "Car decision" of "# Car hunt").

A later line *R* taking a decision back ("cancelled it", "called off the Corolla", "Madeira is off")
supersedes the latest line deciding before it an option that is *R*'s object (not a person's given name),
or that its pronoun points back to (the names of the lines just above it on its page), or on a page whose
title names *R*'s object ("Flights booked: …" on "# Easter 2027 - Madeira"). Only lines the earlier rules left
unpaired are paired.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from mdrecall.knowledge.changes.change_rules import written_before
from mdrecall.knowledge.fact_lines.fact_values import capitalised_names, content_words
from mdrecall.knowledge.fact_lines.fact_words import WORD
from mdrecall.knowledge.lexicon.name_lists import given_name
from mdrecall.stores.views import FactRow, Supersession

__all__ = ["NEAR_LINES", "decided", "stance_pairs", "weighed", "without_stance"]

Key = tuple[str, int]
DATA = Path(__file__).parents[1] / "data" / "stance_words.txt"
#: A line of an option's page naming the decided option this close to the line weighing one.
NEAR_LINES = 8
#: Hedges the generated verbs and adverbs do not hold: modals, "thinking of", the nouns of a shortlist.
_HEDGES = (
    "might", "could", "thinking of", "thinking about", "tempted by", "shortlist", "shortlisted",
    "front-runner", "frontrunner", "undecided", "not sure", "torn between",
)  # fmt: skip
#: Decisions the generated verbs do not hold: phrasal verbs and the labels of a decision.
_DECIDES = (
    "went with", "going with", "settled on", "settled for", "signed with", "decision", "verdict",
)  # fmt: skip
#: A negation just before a decision: no decision ("didn't book", "not going with").
_NEGATED = re.compile(r"\b(?:not|never|no|n't|didn't|haven't|hasn't|won't|wasn't)\s+(?:\w+\s+)?$", re.I)
#: A thing said to be off ("Madeira is off", "the Lisbon trip's off"): a plan taken back.
_OFF = re.compile(
    r"\b(?:is|are|s)\s+(?:now\s+|definitely\s+)?off\b(?!\s+(?:to|for|on|at|sick|work|limits)\b)"
)
#: A pronoun object right after a reversal: the option is the one named just above ("cancelled it").
_PRONOUN = re.compile(r"\s+(?:it|them)\b", re.I)


@functools.cache
def _classes() -> dict[str, re.Pattern[str]]:
    words: dict[str, list[str]] = {"hedge": list(_HEDGES), "decide": list(_DECIDES), "reverse": []}
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            cls, word = line.split("\t")
            words[cls].append(word)
    out = {
        cls: re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(ws, key=len, reverse=True))) + r")\b", re.I)
        for cls, ws in words.items()
    }
    # a phrasal verb with its pronoun object between ("called it off", "pulled them out")
    split = [w.split() for w in words["reverse"] if len(w.split()) == 2]
    either = "|".join(rf"{re.escape(a)}\s+(?:it|them)\s+{re.escape(b)}" for a, b in split)
    out["reverse_split"] = re.compile(r"\b(?:" + either + r")\b", re.I)
    return out


@functools.cache
def _triggers() -> frozenset[str]:
    """The first words of every stance wording (lowercased): a line holding none has no stance (most lines:
    one set test instead of the expressions)."""
    words = {"may", "off", *(w.split()[0] for w in (*_HEDGES, *_DECIDES))}
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            words.add(line.split("\t")[1].split()[0])
    return frozenset(words)


def _may_stance(words: str) -> bool:
    return not _triggers().isdisjoint(words.lower().split())


@functools.lru_cache(maxsize=1 << 12)
def weighed(words: str) -> bool:
    """Does a line (its words) weigh an option rather than state one ("leaning towards X", "X probably")?"""
    return _classes()["hedge"].search(words) is not None or re.search(r"\bmay\b", words) is not None


def decided(words: str) -> frozenset[str]:
    """The options a line says were decided (the names after its first decision word, lowercased); empty
    when it decides nothing, weighs (:func:`weighed`) or negates the decision."""
    if weighed(words):
        return frozenset()
    m = _classes()["decide"].search(words)
    if m is None or _NEGATED.search(words[: m.start()]):
        return frozenset()
    # the object after the verb, else the thing before a passive ("HERE pilot signed"), not a person
    got = _object(words[m.end() :]) or _object(" ".join(reversed(words[: m.start()].split())))
    return frozenset(n for n in got if not given_name(n.capitalize()))


def _reversed(words: str) -> tuple[frozenset[str], bool] | None:
    """A line taking a decision back: the names it says it took back, and whether it points back with a
    pronoun ("cancelled it"); None for another line."""
    if weighed(words):
        return None
    split = _classes()["reverse_split"].search(words)
    if split is not None and not _NEGATED.search(words[: split.start()]):
        return frozenset(), True
    off = _OFF.search(words)
    if off is not None:  # "Madeira is off": the thing before it
        before = _object(" ".join(reversed(words[: off.start()].split())))
        return frozenset(n for n in before if not given_name(n.capitalize())), False
    m = _classes()["reverse"].search(words)
    if m is None or _NEGATED.search(words[: m.start()]):
        return None
    after = words[m.end() :]
    if _PRONOUN.match(after):
        return frozenset(), True
    return frozenset(n for n in _object(after) if not given_name(n.capitalize())), False


#: How far after a stance word its object's name may start ("went with the Corolla", "bought a Kia").
OBJECT_WORDS = 3


def _object(text: str) -> frozenset[str]:
    """The names of the run of capitalised words starting within :data:`OBJECT_WORDS` words of ``text``'s
    start (the object of the stance word before it: "the Skoda Octavia Combi"); empty when none does."""
    words = text.split()
    for n, w in enumerate(words[:OBJECT_WORDS]):
        if w[:1].isupper() and _name(w):
            run = [w]
            for nxt in words[n + 1 :]:
                if not _name(nxt):
                    break
                run.append(nxt)
            return frozenset(x for w in run for x in _name(w))
    return frozenset()


def _name(word: str) -> set[str]:
    """``word`` as a name (lowercased), if it is one: a capitalised word, not a stop word nor a stance word,
    or a word in capitals ("HERE", a vendor: a stop word's spelling); not the pronoun "I" ("I'm", "I've")."""
    if word.replace("’", "'").split("'")[0] == "I":
        return set()
    if len(word) >= 3 and word.isupper() and word.isalpha():
        return {word.lower()}
    return capitalised_names(word) - _stance_words()


@functools.cache
def _stance_words() -> frozenset[str]:
    text = DATA.read_text(encoding="utf-8")
    return frozenset(w for line in text.splitlines() if not line.startswith("#") for w in line.split()[1:])


def _options(f: FactRow) -> frozenset[str]:
    """The names a line weighs: the object of its first hedge word ("leaning towards the Skoda"), else,
    for a hedge ending the line, the names it holds but people's given names ("Windows support:
    undecided")."""
    m = _classes()["hedge"].search(f.words)
    if m is None:
        return frozenset()
    got = _object(f.words[m.end() :])
    if got or len(f.words[m.end() :].split()) > 1:
        return got  # (a hedge with no name after it weighs another thing: "we're shortlisted, interview …")
    names = capitalised_names(f.words) - _stance_words()
    return frozenset(n for n in names if not given_name(n.capitalize()))


def stance_pairs(facts: Sequence[FactRow], pairs: dict[Key, Supersession]) -> dict[Key, Supersession]:
    """``(path, line)`` of each line weighing an option or deciding one, left unpaired by ``pairs``, → the
    latest later line deciding it, or taking the decision back."""
    lines: dict[str, list[FactRow]] = {}  # a path → its fact lines, in line order
    for f in facts:
        lines.setdefault(f.path, []).append(f)
    for found in lines.values():
        found.sort(key=lambda f: f.line)
    maybe = [f for f in facts if _may_stance(f.words)]
    deciding = [(f, d, content_words(WORD.findall(f.words), set())) for f in maybe if (d := decided(f.words))]
    out: dict[Key, Supersession] = {}

    def pair(old: FactRow, new: FactRow) -> None:
        key = (old.path, old.line)
        if key in pairs:
            return
        have = out.get(key)
        if have is None or _rank(old, new) > _rank(old, have):
            out[key] = Supersession(new.path, new.line, new.day)

    for old in maybe:
        if not weighed(old.words):
            continue
        options = _options(old)
        if not options:
            continue
        title = content_words(WORD.findall(old.context), set()) if old.context else set()
        for new, chosen, said in deciding:
            if new is old or not written_before(old, new):
                continue
            if chosen & options or (not old.day and _on_page(old, chosen, title & said, lines[old.path])):
                pair(old, new)
    numbers = {path: [f.line for f in found] for path, found in lines.items()}
    decisions = _Decisions((f, d) for f, d, _ in deciding)
    for new in maybe:
        back = _reversed(new.words)
        if back is None:
            continue
        names, pronoun = back
        if pronoun:
            page, at = lines[new.path], numbers[new.path]
            above = page[bisect.bisect_left(at, new.line - 2) : bisect.bisect_left(at, new.line)]
            names = frozenset(n for f in above for n in capitalised_names(f.words))
        if not names:
            continue
        stems = content_words(names, set())  # a page titled by the thing ("# Easter 2027 - Madeira")
        last = decisions.latest_before(new, names, stems)
        if last is not None:
            pair(last, new)
    _LAST[:] = [dict(out)]
    return out


#: The pairs of this process's last pass (a pairing after a change of a few files makes them anew).
_LAST: list[dict[Key, Supersession]] = []


def without_stance(pairs: dict[Key, Supersession]) -> dict[Key, Supersession]:
    """``pairs`` without those this process's last :func:`stance_pairs` made (the earlier rules' pairing,
    which :func:`mdrecall.knowledge.changes.change_pairs.change_update` continues from)."""
    last = _LAST[0] if _LAST else {}
    return {k: v for k, v in pairs.items() if last.get(k) != v}


_Order = tuple[str, str, int]


def _order(f: FactRow) -> _Order:
    return (f.day or "", f.path, f.line)


class _Decisions:
    """The lines deciding options, found by an option they decide or (an undated page's line) a word of its
    page's title, each kept in written order: the latest written before a line is found by bisection, not
    by trying every deciding line (a log of thousands of "backed out of X and signed with Y" lines)."""

    def __init__(self, deciding: Iterable[tuple[FactRow, frozenset[str]]]) -> None:
        by: dict[tuple[bool, str], list[FactRow]] = {}
        for f, options in deciding:  # (a line, the options it decides: :func:`decided`)
            for n in options:
                by.setdefault((False, n), []).append(f)
            if not f.day:
                for w in set(f.context.split()):
                    by.setdefault((True, w), []).append(f)
        self._rows: dict[tuple[bool, str], list[FactRow]] = {}
        self._keys: dict[tuple[bool, str], list[_Order]] = {}
        for k, found in by.items():
            found.sort(key=_order)
            self._rows[k], self._keys[k] = found, [_order(f) for f in found]

    def latest_before(self, new: FactRow, names: frozenset[str], stems: set[str]) -> FactRow | None:
        """The latest line (by day, path, line) written before ``new`` deciding one of ``names``, or an
        undated line on a page whose title holds one of ``stems``."""
        best: FactRow | None = None
        for k in [(False, n) for n in names] + [(True, s) for s in stems]:
            keys = self._keys.get(k)
            if not keys:
                continue
            # written before a dated line: undated, or on an earlier day; before an undated line: further
            # up its own page (the same order :func:`written_before` reads)
            bound = (new.day[:10], "", -1) if new.day else ("", new.path, new.line)
            i = bisect.bisect_left(keys, bound) - 1
            if i < 0 or (not new.day and keys[i][:2] != ("", new.path)):
                continue
            f = self._rows[k][i]
            if best is None or _order(f) > _order(best):
                best = f
        return best


def _rank(old: FactRow, new: FactRow | Supersession) -> tuple[bool, str, int]:
    """Which later line settles ``old`` last: for a page's line, the page's own lines further down (the page
    kept up to date: "Status: evaluating HERE vs TomTom" … "Status: HERE pilot signed"), the lowest
    first; then the latest."""
    own = not old.day and new.path == old.path
    return (own, new.day or "", new.line if own else 0)


def _on_page(old: FactRow, chosen: frozenset[str], titled: set[str], page: Sequence[FactRow]) -> bool:
    """Does a line deciding ``chosen`` name a word of ``old``'s page's title (``titled``: those it names),
    and an option it decides a line of ``page`` near ``old``?"""
    if not titled:
        return False  # the decision is not said of the page's thing ("Car decision" of "# Car hunt")
    # (a person decided, "we picked Ana", is no option of a page's shortlist)
    options = {n for n in chosen if not given_name(n.capitalize())}
    for f in page:
        if f is not old and abs(f.line - old.line) <= NEAR_LINES and options & capitalised_names(f.words):
            return True
    return False
