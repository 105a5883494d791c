"""Supersession by a change line, whatever attribute it changes: a newer line that says a thing changed,
about the same subject as an older line, stating another value.

The attribute rule (:func:`mdrecall.knowledge.changes.fact_pairs.attribute_pairs`) pairs two lines only when
both state one attribute it reads (a time, an owner, …) in a wording it knows. This pass pairs the lines it
left unpaired by three general signals instead of per-attribute wordings. A newer line *N* supersedes an older
line *O* when

* **N signals a change**: it holds a word of a closed lexicon of change
  (:data:`~mdrecall.knowledge.fact_lines.facts.CHANGE`: instead, no longer, switched, moved, replaced,
  cancelled, postponed, slipped, took over, handed over, stepped down, left, stopped, is off, from Monday, …),
  and no word of addition ("too", "also", "still"); a line holding only a weak one ("now", "these days")
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

from collections.abc import Iterable, Mapping, Sequence

from mdrecall.knowledge.changes.change_candidate import candidate, floor_waived, label_named, written_low
from mdrecall.knowledge.changes.change_rules import (
    MIN_COSINE,
    MORE_COSINE,
    RARE_MIN,
    RARE_SHARE,
    TYPED_COSINE,
    Key,
    written_before,
)
from mdrecall.knowledge.changes.change_sides import sides
from mdrecall.knowledge.changes.change_state import ChangeState, word_cap
from mdrecall.knowledge.changes.label_probe import MEASURED, label_found, label_lines, label_words, names_old
from mdrecall.knowledge.changes.version_probe import (
    version_changed,
    version_lines,
    version_redo,
    versions_of,
)
from mdrecall.knowledge.dates.event_days import for_good
from mdrecall.knowledge.fact_lines.change_signal import signal
from mdrecall.knowledge.fact_lines.fact_words import REVERT
from mdrecall.knowledge.fact_lines.facts import Fact
from mdrecall.knowledge.fact_lines.line_subjects import label_anchors, labels_of, said_stems, subject_stems
from mdrecall.knowledge.fact_lines.phrase_modifiers import modified
from mdrecall.knowledge.fact_lines.value_kinds import changed_kinds, value_slots, values_differ
from mdrecall.stores.views import Supersession

__all__ = [
    "MIN_COSINE",
    "MORE_COSINE",
    "TYPED_COSINE",
    "RARE_MIN",
    "RARE_SHARE",
    "change_pass",
    "change_pairs",
    "change_update",
    "led_to",
    "modified",
    "signal",
    "value_slots",
    "written_before",
]


def evaluate(state: ChangeState, js: Iterable[int]) -> None:
    """Find anew the closest candidate of each change line of ``js``: each line's candidates are
    weighed as they are found, its best kept (no list of every candidate of every line)."""
    js = list(js)
    redo = set(js)
    for i in [i for i, cs in state.continues.items() if cs & redo]:
        state.continues[i] -= redo
        if not state.continues[i]:
            del state.continues[i]
    for j in js:
        seen: set[int] = {j}
        new_slots = value_slots(state.fact(j))
        floor = MIN_COSINE if state.kind[j] == "strong" else TYPED_COSINE
        state.continued = None
        best: tuple[bool, bool, tuple[bool, bool, bool], bool, bool, bool, float, int] | None = None
        # (the labels the change line names: "… as on-call lead"; none where no line has a label)
        said = said_stems(state.fact(j).words) if state.labels else ""
        # a return to an earlier choice ("went back to option A"): the lines stating a choice first
        choice = "choice" in state.fact(j).attrs and REVERT.search(state.fact(j).words) is not None
        # a place, an owner changed ("I'm working from Florianópolis now"): the lines stating one first
        held = _HELD.intersection(state.fact(j).attrs)
        found: list[tuple[int, bool]] = []  # the candidates weighed, with whether a value differs
        # the kinds of time and measure the change line states (:data:`MEASURED`)
        measured = "".join(x for x in changed_kinds(state.fact(j), new_slots) if x in MEASURED)
        past = False  # looking further past a candidate found first (:data:`MEASURED`)
        rare, things, more = state.probes(j)
        first = rare + things
        # a change from now on ("from next week", "Thursdays now"): of a standing line before a log's occasion
        lasting = for_good(state.fact(j).words)
        # the values the change line leaves and gives (:func:`sides`)
        left, given = sides(state.fact(j).words)
        left = left | state.leaves.get(j, frozenset())
        given = given - left
        # the lines whose label the change line names first ("takes over as on-call lead": the line
        # "On-call lead: Davide Conti", whatever rarer words the change line holds), then its rarest words
        lookups: list[tuple[str, Sequence[int]]] = [
            ("", state.label_earlier(x, j)) for x in state.named_labels(j, said)
        ]
        lookups += [(w, ()) for w in first]
        # then the lines labelled by one of its other rare words ("Tickets: $65" … "tickets are $70"),
        # taken only where a measured value differs (:func:`label_found`)
        by_label = len(lookups)
        lookups += [("", label_lines(state, j, first))]
        # then the lines naming a product it names with another version ("Postgres 15.6" … "now running
        # PostgreSQL 16.4"): the cosine floor waived (:mod:`~mdrecall.knowledge.changes.version_probe`)
        by_version = len(lookups)
        lookups += [("", version_lines(state, j))]
        versions = versions_of(state, j) if state.kind[j] else {}
        lookups += [(w, ()) for w in more]
        for k, (w, lines) in enumerate(lookups):
            if state.continued == j:
                break  # (it tells more of an older line's change: below)
            if k == len(lookups) - len(more) and best is not None and (best[0] or not measured):
                break  # (the further rare words only where the first find no candidate whose value differs)
            if k == len(lookups) - len(more):
                past = best is not None  # (a candidate found first, no value of it differing)
            for i in state.earlier(w, j) if w else lines:
                if i in seen or (w in things and w not in state.own[i]):
                    # (a word the change is said of finds only the lines naming it, not a page's title:
                    # "Mum moved into …" and a line of the "Mum's care" page)
                    continue
                if k == by_label and not label_found(state.fact(i), new_slots, measured):
                    continue  # (not marked seen: a further word may still find it)
                seen.add(i)
                further = k >= len(lookups) - len(more)  # found by a further word: its floor, cheap, first
                least = max(floor, MORE_COSINE) if further else MIN_COSINE if k == by_label else floor
                if k == by_version or (versions and version_changed(state, i, j, versions)):
                    least = 0.0  # (a later version of a product the older names: no floor)
                if (
                    further
                    and state.similarity(i, j) < least
                    and not floor_waived(state.fact(i), state.fact(j))
                ):
                    continue
                if further and past and not values_differ(value_slots(state.fact(i)), new_slots, measured):
                    # the first words found only lines holding the change line's own values ("ICU nurse at
                    # Groote Schuur" … "Ledi's doing Sunday shifts at Groote Schuur; long run on a Saturday"):
                    # a line found further is taken only where a time or a measure of the kind the change
                    # line states differs ("Long run: Sundays 06:00"), not a name alone (any two lines name
                    # other things)
                    continue
                differs = candidate(state, i, j, new_slots)
                if state.continued == j:
                    # a line telling more of an older line's change supersedes nothing: no other candidate
                    # is weighed (a change of that line pairs it again, :attr:`ChangeState.continues`)
                    break
                if differs is None:
                    continue
                if (
                    not further
                    and state.similarity(i, j) < least
                    and not floor_waived(state.fact(i), state.fact(j))
                ):
                    # (a line leaving a name the older holds needs no floor: "Impart can't …", nor one
                    # naming the older's head: "Weekly sync is now …")
                    continue
                # a line whose value of the kind the change line states differs first ("v1.0
                # slipped to July": the line saying "by end of May", not the one naming the same
                # people; or holding the amount the change line names as the one it leaves, "to $20,
                # $25 won't sell": :func:`names_old`, first among those), then a line whose label
                # the change line names ("On-call lead: Davide Conti" … "takes over as on-call
                # lead"), then, for a choice changed ("went back to option A"), a line stating a
                # choice, for a place or an owner stated, a line stating one, then the most shared
                # rare words (the cosine weighted by rarity); on a tie, the first line in path and
                # line order
                c = state.weighted(i, j)
                attrs = state.fact(i).attrs
                chose = (choice and "choice" in attrs) or not held.isdisjoint(attrs)
                labelled = bool(said) and label_named(state.fact(i), said)
                found.append((i, differs))
                standing = lasting and not state.fact(i).day
                named = names_old(value_slots(state.fact(i)), new_slots, measured)
                side = _side(state, i, left, given)
                rank = (differs or named, named, side, chose, labelled, standing, c)
                if (
                    best is None
                    or rank > best[:-1]
                    or (rank == best[:-1] and state.key(i) < state.key(best[-1]))
                ):
                    best = (*rank, i)
        if best is not None and state.continued != j:
            chosen = (best[-1], *standing_too(state, best[-1], j, found))
            again = restated_too(state, best[-1], j, found, chosen) if best[0] else []
            if again:
                state.extra[j] = frozenset(again)
                chosen = (*chosen, *again)
            state.closest[j] = chosen
            for i in chosen:
                state.chosen_by.setdefault(i, []).append(j)


def _side(state: ChangeState, i: int, left: frozenset[str], given: frozenset[str]) -> tuple[bool, bool, bool]:
    """Does the candidate ``i`` hold a value the change line leaves (``left``) as the value of an attribute it
    states; does it hold one at all; and does it lack one of the values the line gives (``given``)? A line
    naming the new value whole ("Flour: Dunany stoneground" for "only Dunany flour from now on") tells
    the change's outcome or a step towards it, not the value it ends."""
    if not left and not given:
        return (False, False, True)
    held = set(state.own[i])
    for _, entity in state.named.get(i, ()):
        held |= entity
    f = state.fact(i)
    stated: set[str] = set()
    if not held.isdisjoint(left):
        for attr, value in zip(f.attrs, f.values, strict=False):
            if attr == "said":
                stated.update(v[2:] for v in value.split() if v[:2] == "v:")
            else:
                stated |= subject_stems(value)
    return (not stated.isdisjoint(left), not held.isdisjoint(left), not (given and given <= held))


def standing_too(state: ChangeState, i: int, j: int, found: list[tuple[int, bool]]) -> list[int]:
    """The other standing lines the change line ``j`` supersedes beside its closest candidate ``i``
    (of ``found``, its candidates): a fact stated on a page and again in ``MEMORY.md``. Only where
    ``i`` is a standing line (undated) too, each of them undated, in a file of its own, naming every
    rare word ``i`` shares with ``j`` (the same subject: "releases" and "Kwame"), one of them a word
    both write in lower case (a thing, not only a name), and holding a value of the kind ``j``
    changes that ``j`` does not (:func:`candidate`)."""
    if state.fact(i).day:
        return []
    df, cap = state.df, state.cap
    subject = {w for w in set(state.every[i]).intersection(state.every[j]) if df[w] <= cap}
    if not subject:
        return []
    # the thing whose attribute changed, not only a name ("Lantern Moth", "Kestrel Studio"): a word
    # the change line writes in lower case ("dinners", "releases")
    thing = written_low(state.fact(j).words, subject)
    if not thing:
        return []
    files = {state.fact(i).path, state.fact(j).path}
    # a place changed: only the lines stating a place (an owner may be named in any wording: "Builds:
    # Marta signs them")
    place = "place" in state.fact(j).attrs
    out = []
    for k, differs in found:
        f = state.fact(k)
        if k == i or f.day or f.path in files or not subject.issubset(state.every[k]):
            continue
        if place and "place" not in f.attrs:
            continue
        # the line writes that thing in lower case too (or opens with it: "Releases: Kwame cuts them")
        if differs and written_low(f.words, thing, first=True):
            files.add(f.path)
            out.append(k)
    return out[:STANDING_MOST]


def restated_too(
    state: ChangeState, i: int, j: int, found: list[tuple[int, bool]], chosen: tuple[int, ...]
) -> list[int]:
    """The other candidates (of ``found``) that state again the fact the change line ``j`` changes on its
    closest candidate ``i`` (a fact written on a page and again in ``MEMORY.md``; two rows of one table):
    each holding a value of the kind ``j`` changes that differs (:func:`candidate`), a near copy of ``i``
    (their word sets' cosine at least :data:`RESTATED_COSINE`), naming every rare word ``i`` shares with
    ``j``, and holding at least half of the values ``i`` loses to ``j`` (of each kind of time, amount or
    quantity that differs between them): the old value stated again ("Linen: 85k/m" on a page and in
    ``MEMORY.md`` … "linen up to 92k/m")."""
    old, new = value_slots(state.fact(i)), value_slots(state.fact(j))
    kinds = [k for k in _RESTATED_KINDS if values_differ(old, new, k)]
    moved = {v for v in old - new if v[0] in kinds}
    if not moved:
        return []
    df, cap = state.df, state.cap
    subject = {w for w in set(state.every[i]).intersection(state.every[j]) if df.get(w, 0) <= cap}
    out = []
    for k, differs in found:
        if not differs or k in chosen or state.similarity(k, i) < RESTATED_COSINE:
            continue
        if subject.issubset(state.every[k]) and 2 * len(moved & value_slots(state.fact(k))) >= len(moved):
            out.append(k)
    return out[:STANDING_MOST]


#: The kinds of value whose old value a line states again (:func:`restated_too`): a time, an amount, a
#: quantity (not a name: two lines naming one supplier, one person are often two facts; nor a bare number,
#: too often another thing's: "150cm", a count).
_RESTATED_KINDS = "tmq"


#: How alike (the word sets' cosine) a line must be to a change line's closest candidate to be that fact
#: stated again (:func:`restated_too`).
RESTATED_COSINE = 0.5


#: The attributes whose change line weighs first the lines stating the same attribute (:func:`evaluate`).
_HELD = frozenset(("place", "owner"))

#: At most this many standing lines a change line supersedes beside its closest candidate.
STANDING_MOST = 3


#: ``(path, line)`` → (the name as written, its entity's canonical key) of each entity a line names by
#: another name than the entity's own (:func:`change_pairs`).
Names = Mapping[Key, tuple[tuple[str, str], ...]]

#: The state of the last pass of this process (the next pairing after a change starts from it).
_LAST: list[ChangeState] = []


def change_pairs(
    facts: Sequence[Fact], pairs: dict[Key, Supersession], names: Names | None = None
) -> dict[Key, Supersession]:
    """``(path, line)`` of each line of ``facts`` that ``pairs`` (the attribute rule's) leaves unpaired and
    a later change line supersedes → the latest such line (on a tie of days, the first in path and line
    order). ``names``: ``(path, line)`` → the entities the line names by another name (the entity view's:
    "dado" for Davide Conti, :data:`Names`): a line naming one by its own name shares it.

    A change line changes one fact: it supersedes only the candidate closest to it (the highest cosine),
    and none when the attribute rule already paired it as the newer line."""
    _LAST.clear()
    state = ChangeState(facts, pairs, names)
    evaluate(state, [j for j in range(len(state.facts)) if state.is_change(j)])
    state.settle(list(state.chosen_by))
    _LAST.append(state)
    return dict(state.pairs)


def change_update(
    facts: Sequence[Fact],
    pairs: dict[Key, Supersession],
    before: dict[Key, Supersession],
    changed: set[str],
    names: Names | None = None,
) -> dict[Key, Supersession]:
    """:func:`change_pairs` of ``facts`` after the files ``changed`` changed, ``before`` being the whole
    pairing before: from the state of this process's last pass when it paired those facts (only the change
    lines the changed files touch are paired again: the same pairs as pairing anew), else anew. A line
    whose ``names`` changed (an entity's name linked or unlinked by another file) is paired again too."""
    names = names or {}
    state = _LAST[0] if _LAST else None
    if state is None or not _same_but(state, facts, before, changed):
        return change_pairs(facts, pairs, names)
    if word_cap(facts) != state.cap:
        return change_pairs(facts, pairs, names)
    _LAST.clear()  # reset if anything below fails
    state.made = None
    # a line read with other entities is taken out and in again, as a line of a changed file
    renamed = {
        f.path
        for n, f in enumerate(state.facts)
        if f is not None and state.roots[n] != names.get((f.path, f.line), ())
    }
    changed = changed | renamed
    state.names = names
    # the changed files' lines as they are: a line kept as it was changes nothing
    now = {(f.path, f.line): f for f in facts if f.path in changed}
    gone = [n for n, f in enumerate(state.facts) if f is not None and f.path in changed]
    gone = [
        n
        for n in gone
        if now.get(state.key(n)) != state.facts[n] or state.roots[n] != names.get(state.key(n), ())
    ]
    counts = {w: state.df.get(w, 0) for n in gone for w in state.every[n]}
    redo: set[int] = set(gone)  # change lines to pair again
    # labels whose lines change: the change lines naming them look them up anew
    relabelled = {x for n in gone for x in labels_of(state.fact(n))}
    for n in gone:  # their closest candidates go; the lines choosing them choose again
        redo.update(state.chosen_by.get(n, ()))
        redo |= state.continues.pop(n, set())
        state.pairs.pop(state.key(n), None)
        state.remove(n)
    added: list[int] = []
    for k, f in now.items():
        if k not in state.where:
            for w in state.words_of(f)[1]:
                counts.setdefault(w, state.df.get(w, 0))
            added.append(state.add(f))
            relabelled.update(labels_of(f))
    redo.update(added)  # a line added under the key of one gone is paired as a line new
    cap = state.cap
    moved = {w for w, n in counts.items() if n != state.df.get(w, 0) and min(n, state.df.get(w, 0)) <= cap}
    for w in moved:  # a rare word counted anew: the lines holding it may probe or share otherwise
        redo.update(n for n in state.postings.get(w, ()) if state.kind[n])
        redo.update(state.told.get(w, ()))
        redo.update(state.named_by.get(w, ()))  # (weighing an entity's word by its count)
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
        for w in label_words(state.fact(i)):  # (the change lines holding its label: :func:`label_lines`)
            if 2 <= state.df.get(w, 0) <= cap:
                redo.update(j for j in state.postings[w] if state.kind[j])
    redo |= version_redo(state, fresh)  # (the change lines naming a later version of its product)
    relabelled.update(x for i in fresh for x in labels_of(state.fact(i)))
    for x in relabelled:  # (a line naming a label holds its anchor word: :meth:`ChangeState.named_labels`)
        for anchor in label_anchors(x):
            for n in (*state.postings.get(anchor, ()), *state.told.get(anchor, ())):
                if state.kind[n]:
                    redo.add(n)
    touched: set[int] = set(gone) | flipped
    for j in redo:
        touched.update(state.forget(j))
    evaluate(state, sorted(j for j in redo if state.facts[j] is not None and state.is_change(j)))
    touched.update(i for j in redo for i in state.closest.get(j, ()))
    state.settle(touched)
    _LAST.append(state)
    return dict(state.pairs)


def led_to(pairs: Mapping[Key, Supersession]) -> None:
    """Tell this process's last pass the whole pairing it led to, as the next update's ``before`` is read
    back (:func:`mdrecall.knowledge.changes.fact_pairs.supersessions_update`: the later passes' and the
    models' pairs taken out, the vetoes of
    :func:`mdrecall.knowledge.changes.pair_vetoes.kept_pairs` applied): :func:`change_update` continues
    from the pass that made it. Without it, a pair of this pass that a veto drops (stored nowhere) would
    set the pass apart from every later ``before``, and each edit would pair every change line anew."""
    if _LAST:
        _LAST[0].made = dict(pairs)


def _same_but(
    state: ChangeState, facts: Sequence[Fact], before: dict[Key, Supersession], changed: set[str]
) -> bool:
    """Is ``state`` the pass that made ``before``, over ``facts`` but for the files ``changed``?"""
    made = {**state.attr, **state.pairs} if state.made is None else state.made
    if made != before:
        return False
    kept = 0
    for f in facts:
        if f.path not in changed:
            n = state.where.get((f.path, f.line))
            if n is None or state.facts[n] != f:
                return False
            kept += 1
    return kept == sum(1 for k in state.where if k[0] not in changed)


def change_pass(
    facts: Sequence[Fact], pairs: dict[Key, Supersession], names: Names | None = None
) -> ChangeState:
    """A change lines' pass over ``facts`` (``pairs``: the earlier rules'; ``names``: as
    :func:`change_pairs` reads them), run apart: the process's last pass, which :func:`change_update`
    continues from, is left as it was (for diagnosis: :mod:`mdrecall.knowledge.changes.change_gates`)."""
    kept = list(_LAST)
    try:
        state = ChangeState(facts, pairs, names)
        evaluate(state, [j for j in range(len(state.facts)) if state.is_change(j)])
        state.settle(list(state.chosen_by))
    finally:
        _LAST[:] = kept
    return state
