"""Which fact line a later note supersedes: the pairing of
:func:`mdrecall.knowledge.fact_lines.facts.line_facts`'s lines. Pure.

:func:`supersessions` pairs the fact lines: a later line *N* supersedes an earlier line *O* when

* N holds a change cue (a decision counts for a choice),
* they share an attribute, O has a value for it and N names a value for it that O does not,
* their subjects overlap: shared words are at least :data:`MIN_OVERLAP` of the larger subject,
  and at least one shared word is on one of the two lines (not only in both pages' titles),
* N was written later: both dated and N's day after O's; or O undated (a standing fact in
  ``MEMORY.md`` or a page) and N dated; or both undated and N names O's old value beside its new one
  ("based in Manchester, moved to Leeds"), or both are label lines of one page, N further down.

A label line restating, further down the same section of its page, a label above it with another value
is a change cue itself (:func:`mdrecall.knowledge.fact_lines.facts.line_facts`).

The written day of a line is its file's date, or the last date heading above it, or a date at the line's
start ("Update 2026-11-20: …"); a date the line talks about ("slipped to March") is not when it was
written. Several later lines superseding one line: the latest wins.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
from array import array
from collections.abc import Callable, Iterable, Sequence

from mdrecall.knowledge.changes.change_pairs import Names, change_pairs, change_update, led_to, modified
from mdrecall.knowledge.changes.change_rules import is_told
from mdrecall.knowledge.changes.cross_pairs import without_cross
from mdrecall.knowledge.changes.end_pairs import end_pairs, without_ends
from mdrecall.knowledge.changes.line_postings import Keep, Postings
from mdrecall.knowledge.changes.pair_model import model_pairs, without_model
from mdrecall.knowledge.changes.pair_vetoes import kept_pairs
from mdrecall.knowledge.changes.stance_pairs import stance_pairs, without_stance
from mdrecall.knowledge.changes.value_left import value_left_pairs
from mdrecall.knowledge.dates.event_days import one_off
from mdrecall.knowledge.fact_lines.facts import MIN_OVERLAP, SAID, WITHDRAW, Fact
from mdrecall.knowledge.fact_lines.value_kinds import other_grain
from mdrecall.knowledge.fact_lines.wanted_things import other_things_wanted
from mdrecall.stores.views import Supersession

__all__ = ["supersessions", "supersessions_update"]


def _stated(facts: Sequence[Fact]) -> list[Fact]:
    """The lines stating an attribute (not :data:`~mdrecall.knowledge.fact_lines.facts.SAID` lines)."""
    return [f for f in facts if f.attrs != (SAID,)]


@functools.lru_cache(maxsize=1 << 12)
def _words(s: str) -> frozenset[str]:
    """The words of ``s``. Kept: a line's subject, values and words are read again for each line it is
    weighed against (a long page's line: ~30)."""
    return frozenset(s.split()) if s else frozenset()


def _later(old: Fact, new: Fact, old_value: frozenset[str]) -> bool:
    if old.day and new.day:
        return new.day[:10] > old.day[:10]
    if not old.day and new.day:
        return True
    if old.day or (old.path == new.path and new.line <= old.line):
        return False
    if old.path == new.path and not old.subject and not new.subject:
        return True  # a page's label restated further down ("Status: evaluation" … "Status: migrating")
    return bool(old_value) and old_value <= _words(new.words.lower())  # undated both: N names O's old value


def _same_subject(old: Fact, new: Fact) -> bool:
    a_line, b_line = _words(old.subject), _words(new.subject)
    update = bool(new.day) and not old.day and new.line > old.line
    if old.path == new.path and not a_line and (not b_line or update):
        # two label lines of one page ("Status: evaluation" … "Status: migrating"), or a page's label
        # line and a dated update further down stating the same attribute ("now waiting on sequencing")
        return True
    a_ctx, b_ctx = _words(old.context), _words(new.context)
    # a page's title is its lines' subject where the other line names it ("Fatima Okafor" → her page)
    a = a_line | (a_ctx if a_ctx & (b_line | b_ctx) else set())
    b = b_line | (b_ctx if b_ctx & (a_line | a_ctx) else set())
    shared = a & b
    if not shared or not shared & (a_line | b_line) or modified(old.words, new.words, shared):
        return False
    return len(shared) >= MIN_OVERLAP * max(len(a), len(b))


def _may_pair(new_attrs: set[str], old_attrs: Iterable[str]) -> bool:
    """Could a line stating ``new_attrs`` supersede one stating ``old_attrs`` (an attribute in common, or
    the newer states an outcome)?"""
    return "outcome" in new_attrs or not new_attrs.isdisjoint(old_attrs)


@functools.lru_cache(maxsize=1024)
def _withdraws(words: str) -> bool:
    """Does a line take a value back (:data:`~mdrecall.knowledge.fact_lines.facts.WITHDRAW`)? Kept: a newer
    line is tried against each of its candidates in turn (20,000 lines of one page: 150,000 reads of 300
    lines)."""
    return WITHDRAW.search(words) is not None


def _supersedes(old: Fact, new: Fact) -> bool:
    if not new.cue or (old.path == new.path and old.line == new.line) or one_off(new.words):
        return False  # (a change of one occasion only, "one-off", moves no standing fact)
    withdraws: bool | None = None  # read only when a value is repeated
    for attr, value in zip(new.attrs, new.values, strict=True):
        if attr not in old.attrs or attr == "outcome":
            continue
        old_value = _words(old.values[old.attrs.index(attr)])
        new_value = _words(value)
        if not old_value or (attr == "status" and other_things_wanted(old.words, new.words)):
            continue  # ("now wants reminders by text" … "now prefers the invoices in Xero": two preferences)
        if attr == "time" and other_grain(old.values[old.attrs.index(attr)], value):
            continue  # "Saturday game" … "kick-off moved to 12:00": the hour of that day told
        if not new_value - old_value:  # the same value again: a change only when the newer takes it back
            if withdraws is None:
                withdraws = _withdraws(new.words)
            if not (withdraws and new_value & old_value):
                continue
        if _later(old, new, old_value) and _same_subject(old, new):
            return True
    if "outcome" in new.attrs and "outcome" not in old.attrs:  # an end state: whatever the older stated
        thing = _words(new.values[new.attrs.index("outcome")])
        if "=end" not in thing and not old.day:
            return False  # an event's outcome ends its plan, not a standing fact
        if "=end" not in thing and "state" not in old.attrs:
            return False  # an event done ends a state it resolves; a plan (a time) it carries out
        thing -= {"=end", "=done"}
        if thing:  # the thing that came to an end is the older line's subject
            if 2 * len(thing & _words(old.subject)) < len(thing):
                return False
        elif not _same_subject(old, new):
            return False
        return _later(old, new, _words(old.values[0]))
    return False


def _untold(facts: Sequence[Fact]) -> Sequence[Fact]:
    """``facts`` but the lines told in a log (:func:`~mdrecall.knowledge.changes.change_rules.is_told`): only
    the change lines' pass reads them (as newer lines, on the pair's evidence)."""
    return [f for f in facts if not is_told(f)]


def supersessions(
    facts: Sequence[Fact], names: Names | None = None, cross: Cross | None = None
) -> dict[tuple[str, int], Supersession]:
    """The pairs of :func:`attribute_pairs` (lines stating one attribute), then of
    :func:`mdrecall.knowledge.changes.value_left.value_left_pairs` (a later line leaving a line's value), then
    of
    :func:`mdrecall.knowledge.changes.change_pairs.change_pairs` for the lines left unpaired, then of
    :func:`mdrecall.knowledge.changes.stance_pairs.stance_pairs` (an option weighed, then decided). ``names``:
    the entities each line names by another name, for the change lines' pass (:func:`change_pairs`);
    ``cross``: the cross-encoder's pairing (:class:`mdrecall.knowledge.changes.cross_pairs.CrossPairing`), if
    any."""
    plain = _untold(facts)
    out = attribute_pairs(_stated(plain))
    out.update(value_left_pairs(plain, out))
    out.update(change_pairs(facts, out, names))
    out.update(stance_pairs(facts, out))
    out.update(end_pairs(facts, out))  # a trouble resolved, a role's holder gone
    return _led_to(learned(facts, out, cross))


#: The cross-encoder's pairing: (facts, the rules' pairs) → the pairs it adds.
Cross = Callable[[Sequence[Fact], dict[tuple[str, int], Supersession]], dict[tuple[str, int], Supersession]]


def learned(
    facts: Sequence[Fact], rules: dict[tuple[str, int], Supersession], cross: Cross | None = None
) -> dict[tuple[str, int], Supersession]:
    """``rules`` less the pairs :func:`mdrecall.knowledge.changes.pair_vetoes.kept_pairs` rules out (another
    instance added, a value of a past period), with the pairs the learned scorer adds for the lines they leave
    unpaired
    (:func:`mdrecall.knowledge.changes.pair_model.model_pairs`; none without its weights), then the
    cross-encoder's (``cross``: :class:`mdrecall.knowledge.changes.cross_pairs.CrossPairing`) for the lines
    still unpaired."""
    kept = kept_pairs({(f.path, f.line): f for f in facts}, rules)  # another instance, a past period
    rules.clear()
    rules.update(kept)
    rules.update(model_pairs(list(facts), rules))
    if cross is not None:
        rules.update(cross(facts, rules))
    return rules


def attribute_pairs(facts: Sequence[Fact]) -> dict[tuple[str, int], Supersession]:
    """``(path, line)`` of each superseded line → the latest line superseding it (on a tie of days, the
    first in ``facts``' order).

    Two lines are one fact only when they share at least ``need = ceil(MIN_OVERLAP × |subject|)`` words
    for each of their subjects, so candidates come from a *prefix filter* (as in set-similarity joins):
    with words ordered rarest first, two lines sharing ``t ≥ 2`` words share their two rarest shared words
    among each one's first ``len - t + 2`` words, so lines are indexed by the word pairs of that prefix
    (and lines needing one shared word by their words). Later lines are tried newest first, so a line once
    paired is settled. Near-linear on notes sharing common words ("project", "meeting"), where trying
    every pair sharing a word was quadratic (10,000 notes: minutes); the pairs are the same.

    Bounded memory: words are numbered rarest first, each line keeps a tuple of its words' numbers, and
    the index is a sorted array of (key, line) numbers (:class:`Postings`), not sets and lists per line
    and key (100,000 notes: ~0.7 GB before).
    """
    # numbered undated first, then by day (a stable sort: list order within a day), so that the lines a
    # line may supersede (undated, or of an earlier day) are a prefix of each posting list: a page of many
    # lines of one day sharing common words (a long table) is not tried pair by pair
    facts = sorted(facts, key=lambda f: f.day[:10] if f.day else "")
    df: dict[str, int] = {}
    for f in facts:
        for w in _words(f.subject) | _words(f.context):
            df[w] = df.get(w, 0) + 1
    rank = {w: r for r, w in enumerate(sorted(df, key=lambda w: (df[w], w)))}  # rarest first
    df.clear()
    size = len(rank)
    ranked: list[tuple[int, ...]] = []  # each line's words' numbers, rarest first
    need: list[int] = []
    pair_keys, pair_lines = array("q"), array("q")
    word_keys, word_lines = array("q"), array("q")  # lines needing one shared word, by each word
    for i, f in enumerate(facts):
        subject = _words(f.subject)
        ids = tuple(sorted({rank[w] for w in subject | _words(f.context)}))
        n = max(1, math.ceil(MIN_OVERLAP * len(subject)))
        ranked.append(ids)
        need.append(n)
        for a, b in itertools.combinations(ids[: len(ids) - n + 2], 2):
            pair_keys.append(a * size + b)
            pair_lines.append(i)
        if n == 1:
            word_keys.extend(ids)
            word_lines.extend(itertools.repeat(i, len(ids)))
    by_pair = Postings(pair_keys, pair_lines, len(facts))
    by_word = Postings(word_keys, word_lines, len(facts))
    del pair_keys, pair_lines, word_keys, word_lines
    things = [frozenset(rank[w] for w in _thing(f) if w in rank) for f in facts]
    by_subject = _subject_postings(facts, rank) if any(_thing(f) for f in facts) else None
    del rank
    values, by_value = _value_postings(facts)
    days = [f.day[:10] if f.day else "" for f in facts]
    first_of: dict[str, int] = {}  # a day → its first line (the undated lines are the first)
    for k, d in enumerate(days):
        first_of.setdefault(d, k)
    undated = days.count("")
    paired = bytearray(len(facts))
    keep = Keep(facts, paired)
    # newest first; a stable sort keeps list order among lines of one day (the first of them wins)
    order = sorted((j for j, f in enumerate(facts) if f.cue), key=lambda j: facts[j].day or "", reverse=True)
    out: dict[tuple[str, int], Supersession] = {}
    for j in order:
        new, day, ids, attrs = facts[j], days[j], ranked[j], set(facts[j].attrs)
        mine = set(ids)
        head = ids[: len(ids) - need[j] + 2]
        below = first_of[day] if day else undated  # the lines it may supersede: undated, or of an earlier day
        # not the lines paired already, nor an undated line's own page's lines below it (20,000 label lines
        # of a page were each tried against every other: minutes)
        kept = keep.not_paired if day else keep.for_undated(new)
        near = None if day else j  # an undated line: of each key, the lines nearest it (:class:`Keep`)
        lists = [by_pair.get([a * size + b for a, b in itertools.combinations(head, 2)], below, kept, near)]
        if need[j] == 1:
            lists.append(by_word.get(ids, below, kept, near))
        thing = things[j]  # an outcome's thing: the lines whose subject names it (fewer shared words)
        if thing and by_subject is not None:
            lists.append(by_subject.get(sorted(thing), below, kept, near))
        if not day and values:
            # an undated line supersedes an undated one only naming its value (:func:`_later`): the
            # lines holding a value it names, beside the nearest sharing its words ("B takes over the rota
            # from A" and "A takes over the rota from C" far above it, past many lines naming the rota)
            named_values = sorted({values[w] for w in _words(new.words.lower()) if w in values})
            lists.append(by_value.get(named_values, below, kept, near))
        seen: set[int] = set()
        for found in lists:
            for i in found:
                if paired[i] or i == j or i in seen:
                    continue
                seen.add(i)
                # cheap necessary conditions of _supersedes first: written before (or undated), an
                # attribute in common, enough shared words
                if days[i] and (not day or days[i] >= day):
                    continue
                if not _may_pair(attrs, facts[i].attrs):
                    continue
                named = bool(thing) and not thing.isdisjoint(ranked[i])
                if not named and len(mine.intersection(ranked[i])) < max(need[i], need[j]):
                    continue
                old = facts[i]
                if _supersedes(old, new):
                    paired[i] = 1
                    out[(old.path, old.line)] = Supersession(new.path, new.line, new.day)
    return out


def _subject_postings(facts: Sequence[Fact], rank: dict[str, int]) -> Postings:
    """Subject word number → the lines holding it."""
    keys, lines = array("q"), array("q")
    for i, f in enumerate(facts):
        for w in _words(f.subject):
            keys.append(rank[w])
            lines.append(i)
    return Postings(keys, lines, len(facts))


def _value_postings(facts: Sequence[Fact]) -> tuple[dict[str, int], Postings]:
    """The words of the undated lines' values (numbered), and each word's number → the undated lines
    stating a value holding it."""
    numbers: dict[str, int] = {}
    keys, lines = array("q"), array("q")
    for i, f in enumerate(facts):
        if f.day:
            continue
        for w in set().union(*map(_words, f.values)) if f.values else ():
            keys.append(numbers.setdefault(w, len(numbers)))
            lines.append(i)
    return numbers, Postings(keys, lines, len(facts))


def _thing(fact: Fact) -> frozenset[str]:
    """The words of the thing an outcome line says came to an end state (empty for other lines)."""
    if "outcome" not in fact.attrs:
        return frozenset()
    return frozenset(_words(fact.values[fact.attrs.index("outcome")]) - {"=end", "=done"})


def supersessions_update(
    facts: Sequence[Fact],
    before: dict[tuple[str, int], Supersession],
    changed: set[str],
    names: Names | None = None,
    cross: Cross | None = None,
) -> dict[tuple[str, int], Supersession]:
    """:func:`supersessions` of ``facts`` from the pairing ``before`` (see :func:`attribute_update` and
    :func:`mdrecall.knowledge.changes.change_pairs.change_update`). Paired anew where the changed files hold
    :data:`ANEW_LINES` lines or more, a quarter of the lines or more: the update retries each of their
    lines against every line sharing a word (a page of 4,000 lines "X takes over the night shift from Y"
    edited: 15 s, anew 1 s)."""
    redo = sum(1 for f in facts if f.path in changed)
    if redo >= ANEW_LINES and 4 * redo >= len(facts):
        return supersessions(facts, names, cross)
    plain = _untold(facts)
    stated = _stated(plain)
    before = _rules_only(before)  # the later passes' and the models': made anew below
    kept = {k: v for k, v in before.items() if k[0] not in changed}
    out = attribute_update(stated, _attribute_only(kept, stated, changed), changed)
    out.update(value_left_pairs(plain, out))  # a pass over every line, cheap: paired anew
    out.update(change_update(facts, out, before, changed, names))
    out.update(stance_pairs(facts, out))  # a pass over the few stance lines, cheap: paired anew
    out.update(end_pairs(facts, out))  # cheap: paired anew
    return _led_to(learned(facts, out, cross))  # a pass over every line, linear (scores cached): anew


def _rules_only(pairs: dict[tuple[str, int], Supersession]) -> dict[tuple[str, int], Supersession]:
    """``pairs`` without those this process's last later passes and models made (an update's ``before``)."""
    return without_ends(without_stance(without_model(without_cross(pairs))))


def _led_to(pairs: dict[tuple[str, int], Supersession]) -> dict[tuple[str, int], Supersession]:
    """``pairs`` (a whole pairing, returned), told to the change lines' last pass as the next update will
    read it back (:func:`mdrecall.knowledge.changes.change_pairs.led_to`)."""
    led_to(_rules_only(pairs))
    return pairs


#: The fewest lines of changed files for which :func:`supersessions_update` pairs anew (when they are a
#: quarter of the lines or more).
ANEW_LINES = 1000


def _attribute_only(
    pairs: dict[tuple[str, int], Supersession], stated: Sequence[Fact], changed: set[str]
) -> dict[tuple[str, int], Supersession]:
    """The pairs of ``pairs`` that :func:`attribute_pairs` makes (the attribute rule pairs them; a pair
    the change lines' pass made is of a line the attribute rule left unpaired)."""
    where = {(f.path, f.line): f for f in stated}
    out = {}
    for k, v in pairs.items():
        old, new = where.get(k), where.get((v.path, v.line))
        if old is not None and (v.path in changed or (new is not None and _supersedes(old, new))):
            out[k] = v
    return out


def attribute_update(
    facts: Sequence[Fact],
    before: dict[tuple[str, int], Supersession],
    changed: set[str],
    names: Names | None = None,
) -> dict[tuple[str, int], Supersession]:
    """:func:`attribute_pairs` of ``facts`` (in path and line order), from the pairing ``before`` of the
    facts as they were before the files ``changed`` changed: only the lines of those files, and the lines
    their old lines superseded, are paired again (the same pairs as pairing everything anew).

    Candidates share one of a line's rarest ``len - need + 1`` words (a one-sided prefix filter): a few
    lines probe a word index instead of every line joining every other. Bounded memory as in
    :func:`attribute_pairs`: words numbered rarest first, each line a tuple of its words' numbers, postings
    arrays of line numbers.
    """
    # numbered undated first, then by day (a stable sort: list order within a day), so that the lines a
    # line may supersede (undated, or of an earlier day) are a prefix of each posting list: a page of many
    # lines of one day sharing common words (a long table) is not tried pair by pair
    facts = sorted(facts, key=lambda f: f.day[:10] if f.day else "")
    df: dict[str, int] = {}
    for f in facts:
        for w in _words(f.subject) | _words(f.context):
            df[w] = df.get(w, 0) + 1
    rank = {w: r for r, w in enumerate(sorted(df, key=lambda w: (df[w], w)))}  # rarest first
    df.clear()
    ranked: list[tuple[int, ...]] = []  # each line's words' numbers, rarest first
    need = array("i")
    keys, lines = array("q"), array("q")
    by_thing: dict[str, list[int]] = {}  # outcome lines by the words of their thing
    for i, f in enumerate(facts):
        subject = _words(f.subject)
        ids = tuple(sorted({rank[w] for w in subject | _words(f.context)}))
        ranked.append(ids)
        need.append(max(1, math.ceil(MIN_OVERLAP * len(subject))) if subject else 1)
        keys.extend(ids)
        lines.extend(itertools.repeat(i, len(ids)))
        for w in _thing(f):
            by_thing.setdefault(w, []).append(i)
    by_word = Postings(keys, lines, len(facts))
    del keys, lines
    by_subject = _subject_postings(facts, rank) if by_thing else None
    at = _locator(facts)

    def candidates(i: int) -> set[int]:
        ids = ranked[i]
        found: set[int] = set()
        found.update(by_word.get(ids[: len(ids) - need[i] + 1]))
        for w in _words(facts[i].subject):  # outcomes naming this line's subject
            found.update(by_thing.get(w, ()))
        thing = [rank[w] for w in _thing(facts[i]) if w in rank]
        if thing and by_subject is not None:  # the lines naming this outcome's thing
            found.update(by_subject.get(sorted(thing)))
        found.discard(i)
        return found

    def better(j: int, have: int | None) -> bool:  # the latest day wins; on a tie, the first in order
        if have is None:
            return True
        a, b = facts[j].day or "", facts[have].day or ""
        return a > b or (a == b and j < have)

    out: dict[tuple[str, int], Supersession] = {}
    redo: set[int] = set()
    for key, newer in before.items():
        o = at(key)
        if o is None or key[0] in changed:
            continue  # gone, or its file changed: paired again below (if still there)
        if newer.path in changed or at((newer.path, newer.line)) is None:
            redo.add(o)  # its newer line's file changed: find its latest newer line again
        else:
            out[key] = newer
    redo.update(i for i, f in enumerate(facts) if f.path in changed)
    for i in sorted(redo):
        old, best = facts[i], None
        for j in candidates(i):
            if facts[j].cue and better(j, best) and _supersedes(old, facts[j]):
                best = j
        if best is not None:
            n = facts[best]
            out[(old.path, old.line)] = Supersession(n.path, n.line, n.day)
    for j, new in enumerate(facts):  # the changed files' lines may now supersede unchanged ones
        if new.path not in changed or not new.cue:
            continue
        for i in candidates(j):
            old = facts[i]
            key = (old.path, old.line)
            if i in redo:
                continue
            have = out.get(key)
            if better(j, at((have.path, have.line)) if have else None) and _supersedes(old, new):
                out[key] = Supersession(new.path, new.line, new.day)
    return out


def _locator(facts: Sequence[Fact]) -> Callable[[tuple[str, int]], int | None]:
    """``(path, line)`` → its line's index in ``facts`` (None when none): a binary search of lines in path
    and line order (no dict of every line), else a dict."""
    keys = ((f.path, f.line) for f in facts)
    if all(a < b for a, b in itertools.pairwise(keys)):

        def at(key: tuple[str, int]) -> int | None:
            i = bisect.bisect_left(facts, key, key=lambda f: (f.path, f.line))
            return i if i < len(facts) and (facts[i].path, facts[i].line) == key else None

        return at
    where = {(f.path, f.line): i for i, f in enumerate(facts)}
    return where.get
