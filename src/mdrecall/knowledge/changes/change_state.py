"""The change lines' pass's state (:mod:`mdrecall.knowledge.changes.change_pairs`): each fact line's words,
the words' counts and postings, the marks of the earlier rules' pairs, each change line's chosen candidates,
and the lookup of a change line's candidates (its rarest words, the lines of their postings written
before it). Kept between passes so that a change of a few files re-pairs only what they touch."""

from __future__ import annotations

import bisect
import math
import re
import sys
from array import array
from collections.abc import Iterable, Mapping, Sequence

from mdrecall.knowledge.changes.anew_values import states_anew
from mdrecall.knowledge.changes.change_rules import (
    CANDIDATE_WORDS,
    MORE_POSTINGS,
    RARE_MIN,
    RARE_SHARE,
    Key,
    corrected,
    is_told,
    pair_signal,
    plans,
)
from mdrecall.knowledge.dates.page_days import PageDays
from mdrecall.knowledge.fact_lines.change_signal import signal
from mdrecall.knowledge.fact_lines.fact_values import kin_words
from mdrecall.knowledge.fact_lines.facts import Fact
from mdrecall.knowledge.fact_lines.leave_grammar import left_values
from mdrecall.knowledge.fact_lines.line_subjects import (
    changed_things,
    label_anchors,
    labels_of,
    named_words,
    subject_stems,
)
from mdrecall.knowledge.fact_lines.value_kinds import attr_kinds, is_typed, value_slots, word_set
from mdrecall.knowledge.lexicon.compound_heads import compound_heads
from mdrecall.stores.views import Supersession

__all__ = ["ChangeState", "word_cap"]


class ChangeState:
    """The change lines' pass over one list of fact lines, kept so that a change of a few files re-pairs
    only what they touch: each line's words, the word counts and postings, and each change line's
    closest candidate.

    Lines are numbered in the order they came (a line gone leaves a hole; a line added takes the next
    number): per-line records are lists and byte arrays by number, postings compact arrays of numbers,
    and only :attr:`where` (and the pairs) is keyed by ``(path, line)`` (100,000 notes: a dozen dicts keyed
    by tuples and a list of every candidate of every change line cost ~0.5 GB).
    """

    def __init__(
        self,
        facts: Sequence[Fact],
        attr: dict[Key, Supersession],
        names: Mapping[Key, tuple[tuple[str, str], ...]] | None = None,
    ) -> None:
        self.facts: list[Fact | None] = []  # by number; None: a line gone
        # (path, line) → (the name as written, its entity's key) of each entity a line names by another
        # name than the entity's own (:func:`named_words`)
        self.names: Mapping[Key, tuple[tuple[str, str], ...]] = names or {}
        self.roots: list[tuple[tuple[str, str], ...]] = []  # by number: the names each line was read with
        # the lines naming an entity by a name sharing no word with its own (:func:`named_words`): the
        # entity's words, which count as shared with a line writing them when two lines' likeness is
        # weighed (:meth:`similarity`, :meth:`weighted`), but find no candidate nor make one alone (a
        # person is named on lines about many things: "Rafa's car failed its MOT" and "Rafa's on a
        # Rosalía kick")
        self.named: dict[int, tuple[tuple[frozenset[str], frozenset[str]], ...]] = {}
        self.named_by: dict[str, set[int]] = {}  # an entity's word → the lines of :attr:`named` given it
        # a label of more than one word (:func:`labels_of`: ``on-call-lead``) → the lines (not told) it is
        # the label of, in number order: a change line naming it looks them up first (:meth:`named_labels`)
        self.labels: dict[str, list[int]] = {}
        self.label_heads: dict[str, int] = {}  # the first word of each label → its labels' lines
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
        self.page_days = PageDays()  # each page's own dated lines' latest day (a history's entries)
        self.cap = word_cap(facts)
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
        # a change line → the lines stating again the fact it changes on its closest candidate
        # (:func:`~mdrecall.knowledge.changes.change_pairs.restated_too`): a line it is the closest of wins
        self.extra: dict[int, frozenset[int]] = {}
        # the whole pairing this pass led to as an update reads it back (the later passes' and the models'
        # pairs taken out, the vetoes applied: :func:`~mdrecall.knowledge.changes.change_pairs.led_to`)
        self.made: dict[Key, Supersession] | None = None

    def add(self, f: Fact) -> int:
        n = len(self.facts)
        roots = self.names.get((f.path, f.line), ())
        own, every = self.words_of(f)
        self.facts.append(f)
        self.roots.append(roots)
        if roots:
            named = named_words(roots, subject_stems(f.words))
            if named:
                self.named[n] = named
                for _, entity in named:
                    for w in entity:
                        self.named_by.setdefault(w, set()).add(n)
        self.where[(f.path, f.line)] = n
        self.page_days.add(f)
        self.own.append(own)
        self.every.append(every)
        self.kind.append(
            signal(f.words)
            or ("fix" if corrected(f) else None)
            or ("typed" if is_typed(f) else "plan" if plans(f) else "pair" if pair_signal(f) else None)
            or ("anew" if states_anew(f) else None)
        )
        gone = left_values(f.words.lower())
        if gone:
            self.leaves[n] = gone
        if is_told(f):
            for w in every:
                self.told.setdefault(w, array("i")).append(n)
            return n
        for label in labels_of(f):
            self.labels.setdefault(label, []).append(n)
            self.by_day.pop(_LABEL + label, None)
            head = label.split("-", 1)[0]
            self.label_heads[head] = self.label_heads.get(head, 0) + 1
        for w in every:
            self.df[w] = self.df.get(w, 0) + 1
            self.by_day.pop(w, None)
            posting = self.postings.get(w)
            if posting is None:
                self.postings[w] = posting = array("i")
            posting.append(n)
        return n

    def words_of(self, f: Fact) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """A line's own subject words and those with its page's title words, sorted and interned (tens
        of thousands of lines share a few thousand words)."""
        words = subject_stems(f.words)
        own = tuple(map(sys.intern, sorted(words)))
        every = tuple(map(sys.intern, sorted(words | kin_words(word_set(f.context))))) if f.context else own
        return own, every

    def remove(self, n: int) -> None:
        told = is_told(self.fact(n))
        for label in () if told else labels_of(self.fact(n)):
            self.labels[label].remove(n)
            self.by_day.pop(_LABEL + label, None)
            if not self.labels[label]:
                del self.labels[label]
            head = label.split("-", 1)[0]
            self.label_heads[head] -= 1
            if not self.label_heads[head]:
                del self.label_heads[head]
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
        self.page_days.remove(self.fact(n))
        del self.where[self.key(n)]
        self.facts[n], self.own[n], self.every[n], self.kind[n], self.roots[n] = None, (), (), None, ()
        for _, entity in self.named.pop(n, ()):
            for w in entity:
                self.named_by[w].discard(n)
                if not self.named_by[w]:
                    del self.named_by[w]
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
        "Plan: go-live 1 February"): :func:`~mdrecall.knowledge.changes.change_candidate.candidate` lets the
        newer line supersede it too."""
        out: dict[int, set[str]] = {}
        paired_kinds: dict[int, set[str]] = {}  # the newer → the kinds of the attributes of the olders
        for k, n in attr.items():
            i, j = self.where.get(k), self.where.get((n.path, n.line))
            if i is None or j is None:
                continue
            moved = {v for v in value_slots(self.fact(i)) - value_slots(self.fact(j)) if _echoes(v)}
            if moved:
                out.setdefault(j, set()).update(moved)
            if self.fact(i).day and any(_CALENDAR_SLOT.match(v) for v in moved):
                # a date moved: a line written between the two naming another date of it is a step of
                # that change (:func:`~mdrecall.knowledge.changes.change_candidate.echo_allows`)
                out[j].add(MOVED_AFTER + _day(self.fact(i)))
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
        """Every word looked up for a change line's candidates (:meth:`probes`), the further ones too."""
        rare, things, more = self.probes(j)
        return rare + things + more

    def probes(self, j: int) -> tuple[list[str], list[str], list[str]]:
        """A change line's :data:`CANDIDATE_WORDS` rarest words (on at least two lines), the rare words the
        change is said of (:func:`changed_things`: "Ledgerline moves to …") beside them, and its further rare
        words, rarest first, looked up only where those find no candidate (:func:`~mdrecall.knowledge.
        change_pairs.evaluate`): as many as :data:`MORE_POSTINGS` times the rare words' cap of lines allows
        in all, so that a line's lookups stay bounded however long its page (100,000 lines of one page);
        none for a line saying no word of change (a weak, typed, plan or pair line: less evidence of a
        change asks for the rarest words)."""
        df, cap = self.df, self.cap
        least = 1 if is_told(self.fact(j)) else 2  # (a line told is not counted: one other line)
        rare = sorted((w for w in self.own[j] if least <= df.get(w, 0) <= cap), key=lambda w: (df[w], w))
        words, rest = rare[:CANDIDATE_WORDS], rare[CANDIDATE_WORDS:]
        things: list[str] = []
        if self.kind[j] == "strong":
            said_of = changed_things(self.fact(j).words)
            things = [w for w in said_of if w not in words and 2 <= df.get(w, 0) <= cap]
        more: list[str] = []
        budget = MORE_POSTINGS * cap if self.kind[j] == "strong" else 0  # (a word of change said)
        for w in rest:
            if w in things:
                continue
            budget -= df[w]
            if budget < 0:
                break
            more.append(w)
        return words, things, more

    def common(self, i: int, j: int) -> set[str]:
        """The words two lines share, and an entity that one line names by another name (:attr:`named`)
        and the other by its own, counted once: as the first of its words the other line writes; and a
        closed compound one line writes whose head the other does ("shared sheet" … "old spreadsheet":
        :func:`compound_heads`), counted once as the latter line's word."""
        a, b = self.every[i], self.every[j]
        shared = set(a).intersection(b)
        for n, other in ((i, b), (j, a)):
            for form, entity in self.named.get(n, ()):
                if form.isdisjoint(other):  # (the same name written on both: counted already)
                    written = entity.intersection(other)
                    if written:
                        shared.add(min(written))
        shared |= compound_heads(a, set(b), shared)
        return shared

    def same_entity(self, i: int, j: int, words: set[str]) -> bool:
        """Does one of the subject words ``words`` of the line ``j`` name an entity the line ``i`` names by
        another name (:attr:`named`: "Mina" … "Wilhelmina Okafor", either way round)?"""
        for form, entity in self.named.get(j, ()):
            if not form.isdisjoint(words) and not entity.isdisjoint(self.every[i]):
                return True
        return any(not entity.isdisjoint(words) for _, entity in self.named.get(i, ()))

    def named_labels(self, j: int, said: str) -> list[str]:
        """The labels of more than one word the change line ``j`` (its :func:`said_stems` ``said``) names
        ("takes over as on-call lead" → ``on-call-lead``), each the label of at most the rare words' cap
        of lines and one of its :func:`label_anchors` among the line's own words (so that a change of its
        lines finds ``j`` again by that word's posting)."""
        words = said.split()
        heads = self.label_heads
        own = set(self.own[j])
        out: list[str] = []
        for k, word in enumerate(words):
            if word not in heads:
                continue  # (most words open no label: no phrase is made)
            # (three words, one of them hyphenated: "out-of-hours cover lead")
            for label in ("-".join(words[k : k + size]) for size in (2, 3, 4) if k + size <= len(words)):
                lines = self.labels.get(label)
                if not lines or len(lines) > self.cap or label in out:
                    continue
                if not own.isdisjoint(label_anchors(label)):
                    out.append(label)
        return out

    def earlier(self, w: str, j: int) -> Sequence[int]:
        """The lines of ``w``'s posting that may have been written before the line ``j``
        (:func:`written_before`: undated, or of an earlier day, for a dated line; for an undated one, the
        lines above it on its page, at most the :data:`NEAREST` nearest), in number order. A long posting
        is ordered by day, page and line once, so that a table of many lines of one day sharing a rare word
        does not try each row against each other, nor a page's line each line above it (20,000 lines "X
        takes over the rota from Y" naming 300 people on one page: over a minute)."""
        return self._before(w, self.postings.get(w, ()), j)

    def label_earlier(self, label: str, j: int) -> Sequence[int]:
        """The lines labelled ``label`` that may have been written before the line ``j``, read as a word's
        posting is (:meth:`earlier`): a label on many lines of a long page (60,000 "- name: QA" lines of a
        few hundred names) is not tried line by line against each."""
        return self._before(_LABEL + label, self.labels.get(label, ()), j)

    def _before(self, key: str, posting: Sequence[int], j: int) -> Sequence[int]:
        """:meth:`earlier` of one posting, kept ordered under ``key`` until it changes."""
        if len(posting) <= _SHORT:
            return posting
        got = self.by_day.get(key)
        if got is None:
            order = sorted(posting, key=self._place)
            got = self.by_day[key] = ([_day(self.fact(n)) for n in order], order)
        days, order = got
        new = self.fact(j)
        if new.day:
            return sorted(order[: bisect.bisect_left(days, new.day[:10])])
        undated = bisect.bisect_right(days, "")  # ordered by page and line: those above it on its page
        start = bisect.bisect_left(order, (new.path, 0), 0, undated, key=self._line)
        end = bisect.bisect_left(order, (new.path, new.line), start, undated, key=self._line)
        return sorted(order[max(start, end - NEAREST) : end])

    def _place(self, n: int) -> tuple[str, str, int]:
        """Where the line ``n`` was written: its day ("" when undated), its page, its line."""
        f = self.fact(n)
        return (_day(f), f.path, f.line)

    def _line(self, n: int) -> tuple[str, int]:
        f = self.fact(n)
        return (f.path, f.line)

    def is_change(self, j: int) -> bool:
        return bool(self.kind[j]) and (not self.used[j] or j in self.echo)

    def goes_on(self, i: int, j: int) -> None:
        """The change line ``j`` tells more of the line ``i``'s own change: it supersedes nothing."""
        self.continues.setdefault(i, set()).add(j)
        self.continued = j

    def similarity(self, i: int, j: int) -> float:
        """The cosine of two lines' word sets (shared words over the geometric mean of their sizes)."""
        a, b = self.every[i], self.every[j]
        return len(self.common(i, j)) / ((len(a) * len(b)) ** 0.5) if a and b else 0.0

    def weighted(self, i: int, j: int) -> float:
        """The cosine of two lines' word sets, each shared word counting the more the rarer it is
        (``1 + ln(cap / count)`` for a rare word, 1 for another). It reads the counts of shared words
        only, so a change of the counts redoes the change lines holding the words counted anew, no
        more (:func:`change_update`)."""
        a, b = self.every[i], self.every[j]
        if not a or not b:
            return 0.0
        df, cap = self.df, self.cap
        shared = self.common(i, j)
        # (an entity's word the other line writes: counted on the lines not told, else once)
        return (
            sum(1 + math.log(cap / df.get(w, 1)) if df.get(w, 1) <= cap else 1.0 for w in shared)
            / len(a) ** 0.25
        )

    def forget(self, j: int) -> tuple[int, ...]:
        """Drop a change line's chosen candidates (returned)."""
        chosen = self.closest.pop(j, ())
        self.extra.pop(j, None)
        for i in chosen:
            self.chosen_by[i].remove(j)
            if not self.chosen_by[i]:
                del self.chosen_by[i]
        return chosen

    def settle(self, olds: Iterable[int]) -> None:
        """Pair each line of ``olds`` (still there) with the latest change line it is the closest
        candidate of (else the latest stating it again: :attr:`extra`)."""
        for i in olds:
            if self.facts[i] is None:
                continue  # gone: its pair went with it (:func:`change_update`)
            js = self.chosen_by.get(i)
            if not js:
                self.pairs.pop(self.key(i), None)
                continue
            j = max(
                js,
                key=lambda k: (
                    i not in self.extra.get(k, ()),
                    self.fact(k).day or "",
                    _Reversed(self.key(k)),
                ),
            )
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


#: A calendar date among a line's time slots ("t:feb1"): one day, not a weekday or a clock time that
#: comes again (a log's "deploys on Thursday evenings collide" is an event, not the deploy days said again).
_CALENDAR_SLOT = re.compile(r"t:[a-z]{3}\d{1,2}$")


#: What an echo's marker of a date moved opens with, the older line's day after it
#: (:meth:`ChangeState.echoes`).
MOVED_AFTER = "~d:"


def _echoes(slot: str) -> bool:
    """Is ``slot`` a value whose move a line paired by the attribute rule carries to the older lines
    stating it again (:meth:`ChangeState.echoes`): a calendar date, an amount, a quantity?"""
    return slot[:2] in ("m:", "q:") or _CALENDAR_SLOT.match(slot) is not None


#: A posting this long or shorter is read whole (:meth:`ChangeState.earlier`).
_SHORT = 32
#: What a label's key in :attr:`ChangeState.by_day` opens with (no subject word holds it).
_LABEL = "\0"
#: The most lines of one word's posting above an undated change line on its page that it tries as
#: candidates: the nearest (:meth:`ChangeState.earlier`).
NEAREST = 8


def _day(f: Fact) -> str:
    return f.day[:10] if f.day else ""


def word_cap(facts: Sequence[Fact]) -> int:
    """The most lines a rare word is on: :data:`RARE_SHARE` of the lines not told in a log, or
    :data:`RARE_MIN`."""
    return max(RARE_MIN, int(RARE_SHARE * sum(1 for f in facts if not is_told(f))))
