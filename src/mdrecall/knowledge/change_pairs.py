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

import bisect
import functools
import math
import re
import sys
from array import array
from collections.abc import Iterable, Sequence

from mdrecall.knowledge.change_rules import (
    CANDIDATE_WORDS,
    MIN_COSINE,
    RARE_MIN,
    RARE_SHARE,
    TYPED_COSINE,
    TYPED_KINDS,
    Key,
    attr_kinds,
    changed_kinds,
    confirms,
    is_logged,
    is_told,
    is_typed,
    keeps_values,
    logged_change,
    modified,
    names_left,
    pair_change,
    pair_signal,
    plan_moved,
    plans,
    refines,
    restates,
    swaps_values,
    value_slots,
    values_differ,
    word_set,
    written_before,
)
from mdrecall.knowledge.fact_values import kin_words, signal, stem
from mdrecall.knowledge.fact_words import REVERT
from mdrecall.knowledge.facts import CHANGE, Fact, subject_words
from mdrecall.knowledge.leave_grammar import cannot_values, left_values
from mdrecall.stores.views import Supersession

__all__ = [
    "MIN_COSINE",
    "TYPED_COSINE",
    "RARE_MIN",
    "RARE_SHARE",
    "ChangeState",
    "change_pass",
    "change_pairs",
    "change_update",
    "echo_allows",
    "leaves_named",
    "modified",
    "names_any",
    "signal",
    "told_after",
    "value_slots",
    "written_before",
    "written_low",
]


class ChangeState:
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
        # the lines told in a log (:func:`is_told`): no candidate of any line, so not counted in ``df`` nor
        # ``postings`` (the words' rarity stays that of the other lines); their own postings, to redo them
        self.told: dict[str, array[int]] = {}
        # a long posting's lines ordered by day (undated first), read by :meth:`earlier`; dropped when the
        # posting changes
        self.by_day: dict[str, tuple[list[str], list[int]]] = {}
        self.cap = _cap(facts)
        for f in facts:
            self.add(f)
        self.attr = dict(attr)
        self.paired, self.used = self.marks(attr)  # by number: paired as the older, the newer line
        self.echo = self.echoes(attr)  # a line the attribute rule paired as the newer: the values it moved
        # change line → its closest candidate (first), then the other standing lines it supersedes
        self.closest: dict[int, tuple[int, ...]] = {}
        self.chosen_by: dict[int, list[int]] = {}  # a line → the change lines it is the closest of
        self.pairs: dict[Key, Supersession] = {}  # the pass's pairs
        # a line → the change lines telling more of its own change (they supersede nothing)
        self.continues: dict[int, set[int]] = {}
        self.continued: int | None = None  # the change line last found telling more of a change

    def add(self, f: Fact) -> int:
        n = len(self.facts)
        # interned: tens of thousands of lines share a few thousand words
        words = _subject(f.words)
        own = tuple(map(sys.intern, sorted(words)))
        every = tuple(map(sys.intern, sorted(words | kin_words(word_set(f.context))))) if f.context else own
        self.facts.append(f)
        self.where[(f.path, f.line)] = n
        self.own.append(own)
        self.every.append(every)
        self.kind.append(
            signal(f.words)
            or ("typed" if is_typed(f) else "plan" if plans(f) else "pair" if pair_signal(f) else None)
        )
        gone = left_values(f.words.lower())
        if gone:
            self.leaves[n] = gone
        if is_told(f):
            for w in every:
                self.told.setdefault(w, array("i")).append(n)
            return n
        for w in every:
            self.df[w] = self.df.get(w, 0) + 1
            self.by_day.pop(w, None)
            posting = self.postings.get(w)
            if posting is None:
                self.postings[w] = posting = array("i")
            posting.append(n)
        return n

    def remove(self, n: int) -> None:
        told = is_told(self.fact(n))
        for w in self.every[n]:
            if told:
                self.told[w].remove(n)
                if not self.told[w]:
                    del self.told[w]
                continue
            self.df[w] -= 1
            self.by_day.pop(w, None)
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

    def echoes(self, attr: dict[Key, Supersession]) -> dict[int, frozenset[str]]:
        """The lines (by number) ``attr`` pairs as the newer → the times and amounts of the older lines
        they supersede that they no longer hold (the value moved: "Go-live 1 February" … "go-live pushed
        back to 1 March"). Another older line stating that same value says the same fact again (a log's
        "Plan: go-live 1 February"): :meth:`candidate` lets the newer line supersede it too."""
        out: dict[int, set[str]] = {}
        paired_kinds: dict[int, set[str]] = {}  # the newer → the kinds of the attributes of the olders
        for k, n in attr.items():
            i, j = self.where.get(k), self.where.get((n.path, n.line))
            if i is None or j is None:
                continue
            moved = {v for v in value_slots(self.fact(i)) - value_slots(self.fact(j)) if _echoes(v)}
            if moved:
                out.setdefault(j, set()).update(moved)
            paired_kinds.setdefault(j, set()).update(attr_kinds(self.fact(i)) or "*")
        # an attribute of the newer of another kind than those paired ("Rafael is rota owner from today …
        # handover moves to Mondays 16:00": an owner paired, a time not): its value may change another line
        # of that kind (a marker ``*t``: :func:`echo_allows`)
        for j, kinds in paired_kinds.items():
            own = set(attr_kinds(self.fact(j)))
            if "*" not in kinds and own & kinds:  # (one attribute paired, another left: two facts stated)
                spare = own - kinds
                if spare:
                    out.setdefault(j, set()).update("*" + k for k in spare)
        return {j: frozenset(v) for j, v in out.items()}

    def probe(self, j: int) -> list[str]:
        """The words looked up for a change line's candidates (:meth:`probes`)."""
        rare, things = self.probes(j)
        return rare + things

    def probes(self, j: int) -> tuple[list[str], list[str]]:
        """A change line's rarest words (on at least two lines), and the rare words the change is said of
        (:func:`_changed_things`: "Ledgerline moves to …") beside them."""
        df, cap = self.df, self.cap
        least = 1 if is_told(self.fact(j)) else 2  # (a line told is not counted: one other line)
        rare = (w for w in self.own[j] if least <= df.get(w, 0) <= cap)
        words = sorted(rare, key=lambda w: (df[w], w))[:CANDIDATE_WORDS]
        if self.kind[j] != "strong":
            return words, []
        things = _changed_things(self.fact(j).words)
        return words, [w for w in things if w not in words and 2 <= df.get(w, 0) <= cap]

    def earlier(self, w: str, j: int) -> Sequence[int]:
        """The lines of ``w``'s posting that may have been written before the line ``j``
        (:func:`written_before`: undated, or of an earlier day, for a dated line; undated for an undated
        one), in number order: a long posting is cut by day, so that a table of many lines of one day
        sharing a rare word does not try each row against each other (the lines cut could never be
        superseded by ``j``: the same candidates as reading the whole posting)."""
        posting = self.postings.get(w, ())
        if len(posting) <= _SHORT:
            return posting
        got = self.by_day.get(w)
        if got is None:
            order = sorted(posting, key=lambda n: (_day(self.fact(n)), n))
            got = self.by_day[w] = ([_day(self.fact(n)) for n in order], order)
        days, order = got
        new = self.fact(j)
        end = bisect.bisect_left(days, new.day[:10]) if new.day else bisect.bisect_right(days, "")
        return sorted(order[:end])

    def is_change(self, j: int) -> bool:
        return bool(self.kind[j]) and (not self.used[j] or j in self.echo)

    def candidate(self, i: int, j: int, new_slots: set[str]) -> bool | None:
        """May the change line ``j`` supersede the line ``i`` (every test but the cosine)? ``None`` when
        not; else whether a value of one kind differs between them (:func:`values_differ`)."""
        old, new = self.fact(i), self.fact(j)
        if self.paired[i] or is_told(old) or not written_before(old, new):
            return None  # (a line told in a log supersedes on evidence, and nothing supersedes it)
        shared = set(self.every[i]).intersection(self.every[j])
        if not (shared.intersection(self.own[i]) or shared.intersection(self.own[j])):
            return None  # (no word shared, or only both pages' titles)
        if min(self.df[w] for w in shared) > self.cap:
            return None
        if not old.subject and old.context and shared.isdisjoint(kin_words(word_set(old.context))):
            return None  # a label line ("Date: 9 October") tells of its page's thing: the newer must name it
        if shared.isdisjoint(self.own[i]) or shared.isdisjoint(self.own[j]):
            # one line's page title links them: the other line must name that page's subject (half its
            # title's words, "Pickle" of "Pickle"), not only share a word of it ("the kitchen tap" and a
            # line of the "Ember Kitchen & Salt" page)
            for n in (i, j):
                title = set(self.every[n]).difference(self.own[n])
                if shared & title and 2 * len(shared & title) < len(title):
                    return None
        if (
            new.subject
            and "said" not in new.attrs
            and kin_words(new.subject.split()).isdisjoint(self.every[i])
        ):
            return None  # the time of "dinners" changed: a line not naming dinners states another's
        gone = self.leaves.get(j)
        if modified(old.words, new.words, shared) and not (gone and names_any(old.words.lower(), gone)):
            # "hockey training" … "netball training": another subject (unless the newer leaves a thing the
            # older names: "quitting football" … "plays football at the club")
            return None
        old_slots = value_slots(old)
        if is_logged(old) and not logged_change(old_slots, new_slots, new.words):
            return None  # a log's line: only a change of one of its values supersedes it
        if self.used[j] and not echo_allows(self.echo[j], old_slots, new_slots):
            return None  # paired by the attribute rule: here it supersedes only the value it moved
        if not (set(self.every[j]).difference(self.every[i]) or new_slots - old_slots):
            return None  # nothing new: the same fact said again
        if self.kind[j] == "weak":
            if not written_low(new.words, shared):
                return None  # "Everything at Lantern Moth is in Linear now": a name shared, no thing
            return True if values_differ(old_slots, new_slots) else None
        if self.kind[j] == "plan":  # "New Jetstar flights: out Wednesday 21 April" … "out 14 April"
            if not set(self.own[i]).intersection(self.own[j]):
                return None  # both lines must name the thing planned
            return True if plan_moved(old, new, old_slots, new_slots) else None
        if self.kind[j] == "pair":  # no word of change: "Ruth handed the Delgado estate to Kwame Asante"
            if not set(self.own[i]).intersection(self.own[j]):
                return None  # both lines must name the thing
            return True if pair_change(old, new, old_slots, new_slots) else None
        if self.kind[j] == "typed":  # "came back at £82 a sample" … a page's "quote is £95 per sample"
            if old.day:
                return None  # two log lines each with a value ("paid the bill, £86" … "£91"): two events
            if not new.day and new.path == old.path and "time" not in new.attrs:
                # two rows or items of one page's table or list, the later naming no time it holds from
                # ("From 8 Feb the set is $82"): two entries, not a change
                return None
            if not set(self.own[i]).intersection(self.own[j]):
                return None  # nothing changes said of it but a value: both lines must name the thing
            return True if values_differ(old_slots, new_slots, TYPED_KINDS) else None
        if (
            gone
            and not names_any(old.words.lower(), gone)
            and (old.day or not told_after(new.words, gone, shared.intersection(self.own[i], self.own[j])))
        ):
            return None  # "switched the studio's file storage from Dropbox …": a fact naming Dropbox
        differs = values_differ(old_slots, new_slots, changed_kinds(new, new_slots)) or swaps_values(
            old_slots, new_slots, new.words
        )
        if names_left(self.leaves.get(i), new.words.lower()):
            return None  # "we're dropping MongoDB" … "the old MongoDB VM gets switched off": what was left
        if not differs and keeps_values(old, new, old_slots, new_slots):
            # "Wifi password is on the fridge" … "changed the wifi password, new one on the fridge": more
            # of that line, its value kept, which supersedes nothing
            self.goes_on(i, j)
            return None
        if confirms(old, new, new_slots, old_slots):
            return None  # "Ana covers the inventory from June" … "From today Ana Kowalski owns it"
        if restates(old.words.lower(), new.words.lower()) and not values_differ(old_slots, new_slots, "tn"):
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
            best: tuple[bool, bool, float, int] | None = None
            # a return to an earlier choice ("went back to option A"): the lines stating a choice first
            choice = "choice" in self.fact(j).attrs and REVERT.search(self.fact(j).words) is not None
            # a place, an owner changed ("I'm working from Florianópolis now"): the lines stating one first
            held = _HELD.intersection(self.fact(j).attrs)
            found: list[tuple[int, bool]] = []  # the candidates weighed, with whether a value differs
            rare, things = self.probes(j)
            for w in rare + things:
                for i in self.earlier(w, j):
                    if i in seen or (w in things and w not in self.own[i]):
                        # (a word the change is said of finds only the lines naming it, not a page's title:
                        # "Mum moved into …" and a line of the "Mum's care" page)
                        continue
                    seen.add(i)
                    differs = self.candidate(i, j, new_slots)
                    # a line telling more of an older line's change supersedes nothing: its other
                    # candidates are still tried (they may be told more of too), not weighed
                    if differs is None or self.continued == j:
                        continue
                    if self.similarity(i, j) < floor and not leaves_named(self.fact(i), self.fact(j)):
                        continue  # (a line leaving a name the older holds needs no floor: "Impart can't …")
                    # a line whose value of the kind the change line states differs first ("v1.0
                    # slipped to July": the line saying "by end of May", not the one naming the same
                    # people), then, for a choice changed ("went back to option A"), a line stating a
                    # choice, for a place or an owner stated, a line stating one, then the most shared
                    # rare words (the cosine weighted by rarity); on a tie, the first line in path and
                    # line order
                    c = self.weighted(i, j)
                    attrs = self.fact(i).attrs
                    chose = (choice and "choice" in attrs) or not held.isdisjoint(attrs)
                    found.append((i, differs))
                    if (
                        best is None
                        or (differs, chose, c) > best[:3]
                        or ((differs, chose, c) == best[:3] and self.key(i) < self.key(best[3]))
                    ):
                        best = (differs, chose, c, i)
            if best is not None and self.continued != j:
                chosen = (best[3], *self.standing_too(best[3], j, found))
                self.closest[j] = chosen
                for i in chosen:
                    self.chosen_by.setdefault(i, []).append(j)

    def standing_too(self, i: int, j: int, found: list[tuple[int, bool]]) -> list[int]:
        """The other standing lines the change line ``j`` supersedes beside its closest candidate ``i``
        (of ``found``, its candidates): a fact stated on a page and again in ``MEMORY.md``. Only where
        ``i`` is a standing line (undated) too, each of them undated, in a file of its own, naming every
        rare word ``i`` shares with ``j`` (the same subject: "releases" and "Kwame"), one of them a word
        both write in lower case (a thing, not only a name), and holding a value of the kind ``j``
        changes that ``j`` does not (:meth:`candidate`)."""
        if self.fact(i).day:
            return []
        df, cap = self.df, self.cap
        subject = {w for w in set(self.every[i]).intersection(self.every[j]) if df[w] <= cap}
        if not subject:
            return []
        # the thing whose attribute changed, not only a name ("Lantern Moth", "Kestrel Studio"): a word
        # the change line writes in lower case ("dinners", "releases")
        thing = written_low(self.fact(j).words, subject)
        if not thing:
            return []
        files = {self.fact(i).path, self.fact(j).path}
        # a place changed: only the lines stating a place (an owner may be named in any wording: "Builds:
        # Marta signs them")
        place = "place" in self.fact(j).attrs
        out = []
        for k, differs in found:
            f = self.fact(k)
            if k == i or f.day or f.path in files or not subject.issubset(self.every[k]):
                continue
            if place and "place" not in f.attrs:
                continue
            # the line writes that thing in lower case too (or opens with it: "Releases: Kwame cuts them")
            if differs and written_low(f.words, thing, first=True):
                files.add(f.path)
                out.append(k)
        return out[:STANDING_MOST]

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

    def forget(self, j: int) -> tuple[int, ...]:
        """Drop a change line's chosen candidates (returned)."""
        chosen = self.closest.pop(j, ())
        for i in chosen:
            self.chosen_by[i].remove(j)
            if not self.chosen_by[i]:
                del self.chosen_by[i]
        return chosen

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


@functools.lru_cache(maxsize=1 << 12)
def _subject(text: str) -> set[str]:
    """The subject words of ``text``, a family relation's words as its head word (:func:`kin_words`)."""
    return kin_words(subject_words(text))


def _changed_things(words: str) -> tuple[str, ...]:
    """The stems of the words right before a line's change wordings, where subject words: what each
    change is said of ("Ledgerline moves to Ravi's squad", "the go-live pushed back to Q2")."""
    out: list[str] = []
    for m in CHANGE.finditer(words):
        before = words[: m.start()].split()
        stems = _subject(before[-1]) if before else set()
        if len(stems) == 1:
            out += stems
    return tuple(out)


def written_low(words: str, stems: set[str], first: bool = False) -> set[str]:
    """The stems of ``stems`` that ``words`` writes in lower case somewhere (or as its first word, with
    ``first``)."""
    out = set()
    for n, w in enumerate(words.split()):
        if w[:1].islower() or (first and n == 0):
            out |= _subject(w) & stems
    return out


def echo_allows(echo: frozenset[str], old_slots: set[str], new_slots: set[str]) -> bool:
    """May a line the attribute rule paired as the newer, with ``echo`` (:meth:`ChangeState.echoes`),
    supersede a line holding ``old_slots``: one of its values the newer moved, or a value of a kind the
    attribute pairing left (``*t``) differing?"""
    if not old_slots.isdisjoint(echo):
        return True
    spare = "".join(v[1] for v in echo if v[0] == "*")
    return bool(spare) and values_differ(old_slots, new_slots, spare)


def leaves_named(old: Fact, new: Fact) -> bool:
    """Does the line ``new`` say a name ``old`` holds as a typed value can't go on (:func:`cannot_values`:
    "Venue: Impart, main stage" … "Impart can't give us the dates anymore")? Then the change is said of the
    older's value itself, however long the newer line is: the word sets' cosine floor does not apply."""
    gone = cannot_values(new.words.lower())
    if not gone:
        return False
    return any(v[:2] == "c:" and stem(v[2:]) in gone for v in value_slots(old))


def told_after(words: str, gone: frozenset[str], shared: set[str]) -> bool:
    """Does a line (its stored ``words``) leaving the values ``gone`` tell another change after them, of
    the words ``shared`` with an older line: a change wording after the last value left, and every shared
    word after that wording ("Mei is leaving Corvid in June. Ravi inherits the billing rota": the rota's
    standing line, which names no Corvid, changes by the second clause)?"""
    low = words.lower().split()
    last = max((k for k, w in enumerate(low) if any(w.startswith(v) for v in gone)), default=-1)
    if last < 0 or not shared:
        return False
    head = " ".join(words.split()[: last + 1])
    later = CHANGE.search(words, len(head))
    return later is not None and shared <= subject_words(words[later.start() :])


def names_any(words: str, stems: frozenset[str]) -> bool:
    """Does one of ``words`` (lower case) start with one of ``stems`` (a value named)?"""
    return any(w.startswith(v) for w in words.split() for v in stems)


class _Reversed:
    """Orders keys the other way round (on a tie of days, the first line in path and line order wins)."""

    __slots__ = ("key",)

    def __init__(self, key: Key) -> None:
        self.key = key

    def __lt__(self, other: _Reversed) -> bool:
        return self.key > other.key

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Reversed) and self.key == other.key


#: A calendar date among a line's time slots ("t:feb1"): one day, not a weekday or a clock time that
#: comes again (a log's "deploys on Thursday evenings collide" is an event, not the deploy days said again).
_CALENDAR_SLOT = re.compile(r"t:[a-z]{3}\d{1,2}$")


def _echoes(slot: str) -> bool:
    """Is ``slot`` a value whose move a line paired by the attribute rule carries to the older lines
    stating it again (:meth:`ChangeState.echoes`): a calendar date, an amount, a quantity?"""
    return slot[:2] in ("m:", "q:") or _CALENDAR_SLOT.match(slot) is not None


#: The attributes whose change line weighs first the lines stating the same attribute (:meth:`evaluate`).
_HELD = frozenset(("place", "owner"))

#: A posting this long or shorter is read whole (:meth:`ChangeState.earlier`).
_SHORT = 32


def _day(f: Fact) -> str:
    return f.day[:10] if f.day else ""


#: At most this many standing lines a change line supersedes beside its closest candidate.
STANDING_MOST = 3


def _cap(facts: Sequence[Fact]) -> int:
    """The most lines a rare word is on: :data:`RARE_SHARE` of the lines not told in a log, or
    :data:`RARE_MIN`."""
    return max(RARE_MIN, int(RARE_SHARE * sum(1 for f in facts if not is_told(f))))


#: The state of the last pass of this process (the next pairing after a change starts from it).
_LAST: list[ChangeState] = []


def change_pairs(facts: Sequence[Fact], pairs: dict[Key, Supersession]) -> dict[Key, Supersession]:
    """``(path, line)`` of each line of ``facts`` that ``pairs`` (the attribute rule's) leaves unpaired and
    a later change line supersedes → the latest such line (on a tie of days, the first in path and line
    order).

    A change line changes one fact: it supersedes only the candidate closest to it (the highest cosine),
    and none when the attribute rule already paired it as the newer line."""
    _LAST.clear()
    state = ChangeState(facts, pairs)
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
    if _cap(facts) != state.cap:
        return change_pairs(facts, pairs)
    _LAST.clear()  # reset if anything below fails
    # the changed files' lines as they are: a line kept as it was changes nothing
    now = {(f.path, f.line): f for f in facts if f.path in changed}
    gone = [n for n, f in enumerate(state.facts) if f is not None and f.path in changed]
    gone = [n for n in gone if now.get(state.key(n)) != state.facts[n]]
    counts = {w: state.df.get(w, 0) for n in gone for w in state.every[n]}
    redo: set[int] = set(gone)  # change lines to pair again
    for n in gone:  # their closest candidates go; the lines choosing them choose again
        redo.update(state.chosen_by.get(n, ()))
        redo |= state.continues.pop(n, set())
        state.pairs.pop(state.key(n), None)
        state.remove(n)
    added: list[int] = []
    for k, f in now.items():
        if k not in state.where:
            for w in kin_words(word_set(f.context)) | _subject(f.words):
                counts.setdefault(w, state.df.get(w, 0))
            added.append(state.add(f))
    redo.update(added)  # a line added under the key of one gone is paired as a line new
    cap = state.cap
    moved = {w for w, n in counts.items() if n != state.df.get(w, 0) and min(n, state.df.get(w, 0)) <= cap}
    for w in moved:  # a rare word counted anew: the lines holding it may probe or share otherwise
        redo.update(n for n in state.postings.get(w, ()) if state.kind[n])
        redo.update(state.told.get(w, ()))
    state.paired.extend(bytes(len(state.facts) - len(state.paired)))
    state.used.extend(bytes(len(state.facts) - len(state.used)))
    paired, used = state.marks(pairs)
    live = [n for n, f in enumerate(state.facts) if f is not None]
    flipped = {n for n in live if paired[n] != state.paired[n]}
    redo.update(n for n in live if used[n] != state.used[n])
    for n in flipped:
        redo.update(state.chosen_by.get(n, ()))
        redo |= state.continues.get(n, set())
    echo = state.echoes(pairs)
    redo.update(n for n in live if echo.get(n) != state.echo.get(n))
    state.attr, state.paired, state.used, state.echo = dict(pairs), paired, used, echo
    fresh = added + [n for n in flipped if not paired[n]]
    for i in fresh:  # a new candidate: the change lines probing one of its words may choose it
        for w in state.every[i]:  # (a line told is not counted: its own words may be on no other line)
            if 2 <= state.df.get(w, 0) <= cap:
                redo.update(j for j in state.postings[w] if state.kind[j] and w in state.probe(j))
                redo.update(j for j in state.told.get(w, ()) if state.kind[j] and w in state.probe(j))
    touched: set[int] = set(gone) | flipped
    for j in redo:
        touched.update(state.forget(j))
    state.evaluate(sorted(j for j in redo if state.facts[j] is not None and state.is_change(j)))
    touched.update(i for j in redo for i in state.closest.get(j, ()))
    state.settle(touched)
    _LAST.append(state)
    return dict(state.pairs)


def _same_but(
    state: ChangeState, facts: Sequence[Fact], before: dict[Key, Supersession], changed: set[str]
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


def change_pass(facts: Sequence[Fact], pairs: dict[Key, Supersession]) -> ChangeState:
    """A change lines' pass over ``facts`` (``pairs``: the earlier rules'), run apart: the process's last
    pass, which :func:`change_update` continues from, is left as it was (for diagnosis:
    :mod:`mdrecall.knowledge.change_gates`)."""
    kept = list(_LAST)
    try:
        state = ChangeState(facts, pairs)
        state.evaluate([j for j in range(len(state.facts)) if state.is_change(j)])
        state.settle(list(state.chosen_by))
    finally:
        _LAST[:] = kept
    return state
