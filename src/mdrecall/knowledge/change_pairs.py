"""Supersession by a change line, whatever attribute it changes: a newer line that says a thing changed,
about the same subject as an older line, stating another value.

The attribute rule (:func:`mdrecall.knowledge.fact_pairs.attribute_pairs`) pairs two lines only when both
state one attribute it reads (a time, an owner, …) in a wording it knows. This pass pairs the lines it left
unpaired by three general signals instead of per-attribute wordings. A newer line *N* supersedes an older
line *O* when

* **N signals a change**: it holds a word of a closed lexicon of change
  (:data:`~mdrecall.knowledge.facts.CHANGE`: instead, no longer, switched, moved, replaced, cancelled,
  postponed, slipped, took over, handed over, stepped down, left, stopped, is off, from Monday, …), and no
  word of addition ("too", "also", "still"); a line holding only a weak one ("now", "these days")
  also needs a value of the same kind to differ (a time for a time, a number for a number, a name for a
  name);
* **about the same subject**: they share a subject word on a line (not only both pages' titles) that is
  *rare* (on at most :data:`RARE_SHARE` of the fact lines, or :data:`RARE_MIN`), and the cosine of the two
  lines' word sets is at least :data:`MIN_COSINE`;
* **stating another value**: N holds a subject word or a value O lacks;
* **N was written later**: both dated and N's day after O's, or O undated and N dated, or both undated on
  one page and N further down.

Each older line is superseded by its latest such line. Cost: one pass over the lines' words (no model: the
static vectors' cosine, tried first, separated no better than the word sets' on the tuning pairs and cost a
model load of ~30 MB in a keyword-only process). A process keeps its last pass: :func:`change_update` re-pairs
from it only the change lines a change of a few files touches (the same pairs as pairing anew).
"""

from __future__ import annotations

import functools
import math
import re
import sys
from array import array
from collections.abc import Iterable, Sequence
from datetime import date, timedelta

from mdrecall.knowledge.fact_values import signal, typed_values
from mdrecall.knowledge.fact_words import DAYS, MONTHS
from mdrecall.knowledge.facts import CHANGE, SAID, WITHDRAW, Fact, slots, subject_words
from mdrecall.knowledge.leave_grammar import left_values
from mdrecall.stores.views import Supersession

__all__ = [
    "MIN_COSINE",
    "TYPED_COSINE",
    "RARE_MIN",
    "RARE_SHARE",
    "change_pairs",
    "change_update",
    "modified",
    "signal",
    "value_slots",
    "written_before",
]

#: The least cosine of two lines' word sets for them to be about one subject: a floor against chance
#: matches, in the middle of the range (0 to 0.2) that gives benchmarks/knowledge/sup_pairs.json's tuning
#: part its best figures (docs/entities.md).
MIN_COSINE = 0.15
#: The least cosine for a typed change line (:data:`TYPED_KINDS`: no word says it changed) and for a weak
#: one ("now", "these days": a word that says what holds, not that it changed): between the same thing's
#: two prices (0.43) and other things' amounts sharing a word (≤ 0.17) on the labelled sets. Less evidence
#: of a change asks for more evidence of one subject.
TYPED_COSINE = 0.3
#: A subject word is rare on at most this share of the fact lines (or :data:`RARE_MIN` of them).
RARE_SHARE = 0.01
RARE_MIN = 12
#: A change line's rarest words looked up for candidates.
CANDIDATE_WORDS = 3

_SLOT = re.compile(r"^[tnc]:")


def _words(s: str) -> set[str]:
    return set(s.split()) if s else set()


#: The kind of value each attribute states: a time (``t``), a name (``c``), a state (``s``), what a thing is
#: on or off (``o``: "on the diet food" is no state to compare with "fixed") (a stated line's words are
#: lower case: its months and names are read from its values, not off the line).
_KIND = {"time": "t", "owner": "c", "place": "c", "choice": "c", "status": "s", "state": "s", "on": "o"}
#: Every kind of value (``m`` money, ``q`` a quantity with a unit, ``h`` a holder: :func:`typed_values`).
_KINDS = "tncsomqh"
#: The kinds of value a line holds as a fact whatever its wording (:func:`typed_values`): a line holding
#: one and no change word is a *typed* change line, pairing only where a value of such a kind differs.
TYPED_KINDS = "mqh"


def value_slots(f: Fact) -> set[str]:
    """A line's typed values: a :data:`SAID` line's slots, else the times and numbers on it and the
    values of the attributes it states."""
    if f.attrs == (SAID,):
        return _words(f.values[0])
    out = slots(f.words)
    for attr, value in zip(f.attrs, f.values, strict=True):
        if attr in _KIND:
            out |= {f"{_KIND[attr]}:{w}" for w in value.split()}
    return out


def _typed(f: Fact) -> bool:
    """Does a line hold a value of a kind of :data:`TYPED_KINDS` (a :data:`SAID` line's stored slots; a
    stated line's words)?"""
    if f.attrs == (SAID,):
        return any(v[:2] in ("m:", "q:", "h:") for v in f.values[0].split())
    return bool(typed_values(f.words))


def written_before(o: Fact, n: Fact) -> bool:
    """Was ``o`` written before ``n`` (both dated, or ``o`` undated and ``n`` dated, or both undated on one
    page and ``n`` further down)?"""
    if o.day and n.day:
        return n.day[:10] > o.day[:10]
    if n.day:
        return True
    return not o.day and o.path == n.path and n.line > o.line


def _differs(old: set[str], new: set[str], kinds: str = _KINDS) -> bool:
    """A value of one of ``kinds`` differs: the newer holds a time, number, name or state the older lacks,
    and the older one of that kind the newer lacks."""
    return any(
        any(s.startswith(k) for s in new - old) and any(s.startswith(k) for s in old - new) for k in kinds
    )


def _changed_kinds(f: Fact) -> str:
    """The kinds of value a change line changes: those of the attributes it states (a time for "v1.0
    slipped to July"), every kind for a line stating none (:data:`SAID`)."""
    kinds = "".join(sorted({_KIND[a] for a in f.attrs if a in _KIND}))
    return kinds or _KINDS


def confirms(old: Fact, new: Fact, new_slots: set[str]) -> bool:
    """Does the change line ``new`` name again the names on the older line and no other (a plan come
    true, a call with the contact named before), without taking a value back ("no longer", "stopped") or
    going back to one?
    For a line stating an owner, a place or a choice: one of that value's words on the older line is
    enough ("Ana covers the inventory from June" … "From today Ana Kowalski owns the inventory")."""
    if _withdraws(new.words) or " back " in f" {new.words} ":
        return False  # takes a value back, or goes back to one ("switched back to Trello")
    words = f" {old.words} "  # a word of it: " word " (no set of each older line's words kept)
    if new.attrs == (SAID,):
        names = [v[2:] for v in new_slots if v.startswith(("c:", "h:"))]  # a new holder: no plan come true
        return bool(names) and all(f" {n} " in words for n in names)
    stated = [v for a, v in zip(new.attrs, new.values, strict=True) if a in ("owner", "place", "choice")]
    return any(f" {w} " in words for v in stated for w in v.split())


@functools.lru_cache(maxsize=1 << 14)
def _withdraws(words: str) -> bool:
    return WITHDRAW.search(words) is not None


def _names_left(gone: frozenset[str] | None, new: str) -> bool:
    """Does the line ``new`` name one of the values ``gone`` an older line leaves (and not go back to
    it)? Then it tells of the thing left, not of a change of the older line."""
    if not gone or " back " in f" {new} ":
        return False
    return any(f" {w}" in f" {new}" for w in gone)


def restates(old: str, new: str) -> bool:
    """Does every change wording of the line ``new`` (lower-case words) stand on the line ``old`` too (the
    newer tells more of the same change, not another one)?"""
    found = _change_wordings(new)
    return bool(found) and all(w in old for w in found)


#: How far ahead a weekday named with no date reaches from the day it was written (the coming one).
WEEK = timedelta(days=7)
_MONTH_NUMBER = {m[:3]: k for k, m in enumerate(MONTHS[:12], 1)}


def refines(old: Fact, new: Fact, old_slots: set[str], new_slots: set[str]) -> bool:
    """Does the dated line ``new`` give a finer time for the time of the older line, and nothing else
    differing: every time only it holds a weekday (the coming one, within :data:`WEEK` of the day it was
    written), every time only the older holds a month, and that week touches one of those months
    ("leaves for Aberdeen in July" … written 25 June, "last day is Wednesday (30th)")? Then it tells the
    same event more finely; a time moved names its new month or date ("slipped to July")."""
    if not new.day or _differs(old_slots, new_slots, _KINDS.replace("t", "")):
        return False
    gained = {s[2:] for s in new_slots - old_slots if s.startswith("t:")}
    lost = {s[2:] for s in old_slots - new_slots if s.startswith("t:")}
    if not gained or not lost or not gained <= set(DAYS) or not lost <= set(_MONTH_NUMBER):
        return False
    try:
        start = date.fromisoformat(new.day[:10])
    except ValueError:
        return False
    end = start + WEEK
    for m in lost:
        year = start.year + (_MONTH_NUMBER[m] < start.month)  # the month next named: this year's or the next
        first = date(year, _MONTH_NUMBER[m], 1)
        last = date(year + (first.month == 12), first.month % 12 + 1, 1) - timedelta(days=1)
        if first <= end and start <= last:  # the coming week reaches into that month
            return True
    return False


@functools.lru_cache(maxsize=1 << 14)
def _change_wordings(words: str) -> tuple[str, ...]:
    return tuple(m.group() for m in CHANGE.finditer(words))


Key = tuple[str, int]


class _State:
    """The change lines' pass over one list of fact lines, kept so that a change of a few files re-pairs
    only what they touch: each line's words, the word counts and postings, and each change line's
    closest candidate.

    Lines are numbered in the order they came (a line gone leaves a hole; a line added takes the next
    number): per-line records are lists and byte arrays by number, postings compact arrays of numbers,
    and only :attr:`where` (and the pairs) is keyed by ``(path, line)`` (100,000 notes: a dozen dicts keyed
    by tuples and a list of every candidate of every change line cost ~0.5 GB).
    """

    def __init__(self, facts: Sequence[Fact], attr: dict[Key, Supersession]) -> None:
        self.facts: list[Fact | None] = []  # by number; None: a line gone
        self.where: dict[Key, int] = {}
        # each line's words as a tuple of interned words (a set costs four times the memory; the tests
        # below make the few sets they need)
        self.own: list[tuple[str, ...]] = []
        self.every: list[tuple[str, ...]] = []
        self.kind: list[str | None] = []  # how strongly each line signals a change (None: no change line)
        self.leaves: dict[int, frozenset[str]] = {}  # the lines leaving a value: the values left
        self.df: dict[str, int] = {}
        self.postings: dict[str, array[int]] = {}  # 4 bytes a posting
        self.cap = max(RARE_MIN, int(RARE_SHARE * len(facts)))
        for f in facts:
            self.add(f)
        self.attr = dict(attr)
        self.paired, self.used = self.marks(attr)  # by number: paired as the older, the newer line
        self.closest: dict[int, int] = {}  # change line → its closest candidate
        self.chosen_by: dict[int, list[int]] = {}  # a line → the change lines it is the closest of
        self.pairs: dict[Key, Supersession] = {}  # the pass's pairs
        # a line → the change lines telling more of its own change (they supersede nothing)
        self.continues: dict[int, set[int]] = {}
        self.continued: int | None = None  # the change line last found telling more of a change

    def add(self, f: Fact) -> int:
        n = len(self.facts)
        # interned: tens of thousands of lines share a few thousand words
        words = subject_words(f.words)
        own = tuple(map(sys.intern, sorted(words)))
        every = tuple(map(sys.intern, sorted(words | _words(f.context)))) if f.context else own
        self.facts.append(f)
        self.where[(f.path, f.line)] = n
        self.own.append(own)
        self.every.append(every)
        self.kind.append(signal(f.words) or ("typed" if _typed(f) else None))
        gone = left_values(f.words)
        if gone:
            self.leaves[n] = gone
        for w in every:
            self.df[w] = self.df.get(w, 0) + 1
            posting = self.postings.get(w)
            if posting is None:
                self.postings[w] = posting = array("i")
            posting.append(n)
        return n

    def remove(self, n: int) -> None:
        for w in self.every[n]:
            self.df[w] -= 1
            self.postings[w].remove(n)
            if not self.df[w]:
                del self.df[w], self.postings[w]
        del self.where[self.key(n)]
        self.facts[n], self.own[n], self.every[n], self.kind[n] = None, (), (), None
        self.leaves.pop(n, None)

    def fact(self, n: int) -> Fact:
        f = self.facts[n]
        assert f is not None, "a line gone"
        return f

    def key(self, n: int) -> Key:
        f = self.fact(n)
        return (f.path, f.line)

    def marks(self, attr: dict[Key, Supersession]) -> tuple[bytearray, bytearray]:
        """The lines (by number) ``attr`` pairs as the older line, and as the newer."""
        paired, used = bytearray(len(self.facts)), bytearray(len(self.facts))
        for k, n in attr.items():
            i = self.where.get(k)
            if i is not None:
                paired[i] = 1
            i = self.where.get((n.path, n.line))
            if i is not None:
                used[i] = 1
        return paired, used

    def probe(self, j: int) -> list[str]:
        """A change line's rarest words (on at least two lines), looked up for candidates."""
        df, cap = self.df, self.cap
        rare = (w for w in self.own[j] if 2 <= df[w] <= cap)
        return sorted(rare, key=lambda w: (df[w], w))[:CANDIDATE_WORDS]

    def is_change(self, j: int) -> bool:
        return bool(self.kind[j]) and not self.used[j]

    def candidate(self, i: int, j: int, new_slots: set[str]) -> bool | None:
        """May the change line ``j`` supersede the line ``i`` (every test but the cosine)? ``None`` when
        not; else whether a value of one kind differs between them (:func:`_differs`)."""
        old, new = self.fact(i), self.fact(j)
        if self.paired[i] or not written_before(old, new):
            return None
        shared = set(self.every[i]).intersection(self.every[j])
        if not (shared.intersection(self.own[i]) or shared.intersection(self.own[j])):
            return None  # (no word shared, or only both pages' titles)
        if min(self.df[w] for w in shared) > self.cap:
            return None
        if modified(old.words, new.words, shared):
            return None  # "hockey training" … "netball training": another subject
        old_slots = value_slots(old)
        if not (set(self.every[j]).difference(self.every[i]) or new_slots - old_slots):
            return None  # nothing new: the same fact said again
        if self.kind[j] == "weak":
            return True if _differs(old_slots, new_slots) else None
        if self.kind[j] == "typed":  # "came back at £82 a sample" … a page's "quote is £95 per sample"
            if old.day:
                return None  # two log lines each with a value ("paid the bill, £86" … "£91"): two events
            if not set(self.own[i]).intersection(self.own[j]):
                return None  # nothing changes said of it but a value: both lines must name the thing
            return True if _differs(old_slots, new_slots, TYPED_KINDS) else None
        differs = _differs(old_slots, new_slots, _changed_kinds(new))
        if _names_left(self.leaves.get(i), new.words):
            return None  # "we're dropping MongoDB" … "the old MongoDB VM gets switched off": what was left
        if confirms(old, new, new_slots):
            return None  # "Ana covers the inventory from June" … "From today Ana Kowalski owns it"
        if restates(old.words, new.words) and not _differs(old_slots, new_slots, "tn"):
            # the older's own change wording again, no time or number changed ("Lukas's last day is next
            # Friday" … "Lukas's last day: card signed"): more of that change, which supersedes nothing
            self.goes_on(i, j)
            return None
        if refines(old, new, old_slots, new_slots):
            # a finer time for the older line's event ("in July" … "last day is Wednesday (30th)"): more
            # of that line, which supersedes nothing
            self.goes_on(i, j)
            return None
        return differs

    def goes_on(self, i: int, j: int) -> None:
        """The change line ``j`` tells more of the line ``i``'s own change: it supersedes nothing."""
        self.continues.setdefault(i, set()).add(j)
        self.continued = j

    def evaluate(self, js: Iterable[int]) -> None:
        """Find anew the closest candidate of each change line of ``js``: each line's candidates are
        weighed as they are found, its best kept (no list of every candidate of every line)."""
        js = list(js)
        redo = set(js)
        for i in [i for i, cs in self.continues.items() if cs & redo]:
            self.continues[i] -= redo
            if not self.continues[i]:
                del self.continues[i]
        for j in js:
            seen: set[int] = {j}
            new_slots = value_slots(self.fact(j))
            floor = MIN_COSINE if self.kind[j] == "strong" else TYPED_COSINE
            self.continued = None
            best: tuple[bool, float, int] | None = None
            for w in self.probe(j):
                for i in self.postings[w]:
                    if i in seen:
                        continue
                    seen.add(i)
                    differs = self.candidate(i, j, new_slots)
                    # a line telling more of an older line's change supersedes nothing: its other
                    # candidates are still tried (they may be told more of too), not weighed
                    if differs is None or self.continued == j or self.similarity(i, j) < floor:
                        continue
                    # a line whose value of the kind the change line states differs first ("v1.0
                    # slipped to July": the line saying "by end of May", not the one naming the same
                    # people), then the most shared rare words (the cosine weighted by rarity); on a
                    # tie, the first line in path and line order
                    c = self.weighted(i, j)
                    if (
                        best is None
                        or (differs, c) > best[:2]
                        or ((differs, c) == best[:2] and self.key(i) < self.key(best[2]))
                    ):
                        best = (differs, c, i)
            if best is not None and self.continued != j:
                i = best[2]
                self.closest[j] = i
                self.chosen_by.setdefault(i, []).append(j)

    def similarity(self, i: int, j: int) -> float:
        """The cosine of two lines' word sets (shared words over the geometric mean of their sizes)."""
        a, b = self.every[i], self.every[j]
        return len(set(a).intersection(b)) / ((len(a) * len(b)) ** 0.5) if a and b else 0.0

    def weighted(self, i: int, j: int) -> float:
        """The cosine of two lines' word sets, each shared word counting the more the rarer it is
        (``1 + ln(cap / count)`` for a rare word, 1 for another). It reads the counts of shared words
        only, so a change of the counts redoes the change lines holding the words counted anew, no
        more (:func:`change_update`)."""
        a, b = self.every[i], self.every[j]
        if not a or not b:
            return 0.0
        df, cap = self.df, self.cap
        shared = set(a).intersection(b)
        return sum(1 + math.log(cap / df[w]) if df[w] <= cap else 1.0 for w in shared) / len(a) ** 0.25

    def forget(self, j: int) -> int | None:
        """Drop a change line's closest candidate (returned)."""
        i = self.closest.pop(j, None)
        if i is not None:
            self.chosen_by[i].remove(j)
            if not self.chosen_by[i]:
                del self.chosen_by[i]
        return i

    def settle(self, olds: Iterable[int]) -> None:
        """Pair each line of ``olds`` (still there) with the latest change line it is the closest
        candidate of."""
        for i in olds:
            if self.facts[i] is None:
                continue  # gone: its pair went with it (:func:`change_update`)
            js = self.chosen_by.get(i)
            if not js:
                self.pairs.pop(self.key(i), None)
                continue
            j = max(js, key=lambda k: (self.fact(k).day or "", _Reversed(self.key(k))))
            n = self.fact(j)
            self.pairs[self.key(i)] = Supersession(n.path, n.line, n.day)


class _Reversed:
    """Orders keys the other way round (on a tie of days, the first line in path and line order wins)."""

    __slots__ = ("key",)

    def __init__(self, key: Key) -> None:
        self.key = key

    def __lt__(self, other: _Reversed) -> bool:
        return self.key > other.key

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Reversed) and self.key == other.key


#: The state of the last pass of this process (the next pairing after a change starts from it).
_LAST: list[_State] = []


def change_pairs(facts: Sequence[Fact], pairs: dict[Key, Supersession]) -> dict[Key, Supersession]:
    """``(path, line)`` of each line of ``facts`` that ``pairs`` (the attribute rule's) leaves unpaired and
    a later change line supersedes → the latest such line (on a tie of days, the first in path and line
    order).

    A change line changes one fact: it supersedes only the candidate closest to it (the highest cosine),
    and none when the attribute rule already paired it as the newer line."""
    _LAST.clear()
    state = _State(facts, pairs)
    state.evaluate([j for j in range(len(state.facts)) if state.is_change(j)])
    state.settle(list(state.chosen_by))
    _LAST.append(state)
    return dict(state.pairs)


def change_update(
    facts: Sequence[Fact],
    pairs: dict[Key, Supersession],
    before: dict[Key, Supersession],
    changed: set[str],
) -> dict[Key, Supersession]:
    """:func:`change_pairs` of ``facts`` after the files ``changed`` changed, ``before`` being the whole
    pairing before: from the state of this process's last pass when it paired those facts (only the change
    lines the changed files touch are paired again: the same pairs as pairing anew), else anew."""
    state = _LAST[0] if _LAST else None
    if state is None or not _same_but(state, facts, before, changed):
        return change_pairs(facts, pairs)
    if max(RARE_MIN, int(RARE_SHARE * len(facts))) != state.cap:
        return change_pairs(facts, pairs)
    _LAST.clear()  # reset if anything below fails
    # the changed files' lines as they are: a line kept as it was changes nothing
    now = {(f.path, f.line): f for f in facts if f.path in changed}
    gone = [n for n, f in enumerate(state.facts) if f is not None and f.path in changed]
    gone = [n for n in gone if now.get(state.key(n)) != state.facts[n]]
    counts = {w: state.df[w] for n in gone for w in state.every[n]}
    redo: set[int] = set(gone)  # change lines to pair again
    for n in gone:  # their closest candidates go; the lines choosing them choose again
        redo.update(state.chosen_by.get(n, ()))
        redo |= state.continues.pop(n, set())
        state.pairs.pop(state.key(n), None)
        state.remove(n)
    added: list[int] = []
    for k, f in now.items():
        if k not in state.where:
            for w in _words(f.context) | subject_words(f.words):
                counts.setdefault(w, state.df.get(w, 0))
            added.append(state.add(f))
    redo.update(added)  # a line added under the key of one gone is paired as a line new
    cap = state.cap
    moved = {w for w, n in counts.items() if n != state.df.get(w, 0) and min(n, state.df.get(w, 0)) <= cap}
    for w in moved:  # a rare word counted anew: the lines holding it may probe or share otherwise
        redo.update(n for n in state.postings.get(w, ()) if state.kind[n])
    state.paired.extend(bytes(len(state.facts) - len(state.paired)))
    state.used.extend(bytes(len(state.facts) - len(state.used)))
    paired, used = state.marks(pairs)
    live = [n for n, f in enumerate(state.facts) if f is not None]
    flipped = {n for n in live if paired[n] != state.paired[n]}
    redo.update(n for n in live if used[n] != state.used[n])
    for n in flipped:
        redo.update(state.chosen_by.get(n, ()))
        redo |= state.continues.get(n, set())
    state.attr, state.paired, state.used = dict(pairs), paired, used
    fresh = added + [n for n in flipped if not paired[n]]
    for i in fresh:  # a new candidate: the change lines probing one of its words may choose it
        for w in state.every[i]:
            if 2 <= state.df[w] <= cap:
                redo.update(j for j in state.postings[w] if state.kind[j] and w in state.probe(j))
    touched: set[int] = set(gone) | flipped
    for j in redo:
        old = state.forget(j)
        if old is not None:
            touched.add(old)
    state.evaluate(sorted(j for j in redo if state.facts[j] is not None and state.is_change(j)))
    touched.update(state.closest[j] for j in redo if j in state.closest)
    state.settle(touched)
    _LAST.append(state)
    return dict(state.pairs)


def _same_but(
    state: _State, facts: Sequence[Fact], before: dict[Key, Supersession], changed: set[str]
) -> bool:
    """Is ``state`` the pass that made ``before``, over ``facts`` but for the files ``changed``?"""
    if {**state.attr, **state.pairs} != before:
        return False
    kept = 0
    for f in facts:
        if f.path not in changed:
            n = state.where.get((f.path, f.line))
            if n is None or state.facts[n] != f:
                return False
            kept += 1
    return kept == sum(1 for k in state.where if k[0] not in changed)


def modified(old: str, new: str, shared: set[str]) -> bool:
    """Do the two lines name a shared word with different modifiers before it, each a content word the
    other line lacks ("hockey training" … "netball training", "kitchen tap" … "bathroom tap")?"""
    a, b = old.split(), new.split()
    stems_a, stems_b = _stems(a), _stems(b)
    before_a = {s: stems_a[k - 1] for k, s in enumerate(stems_a) if k and s in shared}
    for k, s in enumerate(stems_b):
        if not k or s not in shared or s not in before_a:
            continue
        x, y = before_a[s], stems_b[k - 1]
        if x and y and x != y and x not in stems_b and y not in stems_a:
            return True
    return False


def _stems(words: list[str]) -> list[str]:
    """Each word's subject stem, or "" for a word that is not a subject word."""
    return [_stem_of(w) for w in words]


@functools.lru_cache(maxsize=50_000)
def _stem_of(word: str) -> str:
    return next(iter(subject_words(word)), "")
