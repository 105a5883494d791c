"""Why the change lines' pass does not pair a labelled ``(older, newer)`` pair: the gates it fails, by name
(for measurement only: ``benchmarks/sup_funnel.py``). It changes no pairing."""

from __future__ import annotations

from collections.abc import Sequence

from mdrecall.knowledge.changes.anew_values import gives_another_value, new_label, states_anew
from mdrecall.knowledge.changes.change_candidate import (
    another_subject,
    candidate,
    floor_waived,
    names_any,
    written_low,
)
from mdrecall.knowledge.changes.change_pairs import Names, change_pass
from mdrecall.knowledge.changes.change_rules import (
    MIN_COSINE,
    MORE_COSINE,
    TYPED_COSINE,
    Key,
    confirms,
    is_logged,
    is_told,
    keeps_values,
    logged_change,
    names_left,
    pair_change,
    plan_moved,
    refines,
    restates,
    written_before,
)
from mdrecall.knowledge.changes.change_state import ChangeState
from mdrecall.knowledge.changes.label_probe import found_by_label
from mdrecall.knowledge.changes.standing_rates import standing_rate
from mdrecall.knowledge.dates.event_days import (
    as_usual,
    attendance,
    cancels_one,
    event_over,
    one_off,
    routine,
)
from mdrecall.knowledge.fact_lines.fact_values import kin_words
from mdrecall.knowledge.fact_lines.facts import Fact
from mdrecall.knowledge.fact_lines.value_kinds import TYPED_KINDS, changed_kinds, value_slots, values_differ
from mdrecall.stores.views import Supersession

__all__ = ["change_gates"]


def change_gates(
    facts: Sequence[Fact],
    pairs: dict[Key, Supersession],
    wanted: Sequence[tuple[Key, Key]],
    names: Names | None = None,
) -> dict[tuple[Key, Key], list[str]]:
    """Why the change lines' pass does not pair each ``(older, newer)`` of ``wanted``: the gates it fails,
    the first being the one that stops it (``["paired"]`` when the pass pairs them). ``pairs``: the pairs
    of the earlier rules, as :func:`change_pairs` receives them. The later names tell which gates the pair
    would fail were the first one lifted (each tested on its own): ``"probe: …"`` (the newer line's
    looked-up rare words: no word shared, shared words all common, or the shared rare words not among
    the :data:`CANDIDATE_WORDS` rarest), ``"candidate: …"``
    (:func:`~mdrecall.knowledge.changes.change_candidate.candidate`'s tests by name), ``"cosine"`` (below the
    floor), ``"continues another line"``, ``"newer chose another line"``, ``"older taken by a later line"``.
    ``names``: as :func:`~mdrecall.knowledge.changes.change_pairs.change_pairs` reads them. Runs a pass of its
    own; the process's last pass is left as it was."""
    state = change_pass(facts, pairs, names)
    return {(o, n): _gates(state, o, n) for o, n in wanted}


def _gates(state: ChangeState, older: Key, newer: Key) -> list[str]:
    i, j = state.where.get(older), state.where.get(newer)
    if i is None or j is None:
        return ["newer not a fact line" if j is None else "older not a fact line"]
    got = state.pairs.get(older)
    if got is not None and (got.path, got.line) == newer:
        return ["paired"]
    out: list[str] = []
    if state.paired[i]:
        out.append("older paired by an earlier rule")
    if not state.kind[j]:
        out.append("no change signal")
    elif state.used[j]:
        out.append("newer paired by the attribute rule")
    probe = _probe_gate(state, i, j)
    if probe:
        out.append(probe)
    new_slots = value_slots(state.fact(j))
    was = state.paired[i], state.used[j], state.kind[j]
    state.paired[i], state.used[j] = 0, 0
    state.kind[j] = state.kind[j] or "strong"  # the candidate tests as for a change line
    try:
        why = _candidate_gate(state, i, j, new_slots)
        state.continued = None
        passes = candidate(state, i, j, new_slots) is not None
        if passes != (why is None):
            why = "candidate: unexplained"  # the tests below no longer follow candidate's
        floor = MIN_COSINE if state.kind[j] == "strong" else TYPED_COSINE
        first, things, _more = state.probes(j)
        if found_by_label(state, i, j):
            floor = MIN_COSINE  # (found by its label: the floor of the first words, a typed line's too)
        elif not any(i in state.postings.get(w, ()) for w in first + things):
            floor = max(floor, MORE_COSINE)  # (found by a further word only)
    finally:
        state.paired[i], state.used[j], state.kind[j] = was
        state.continued = None
    if why:
        out.append(why)
    if state.similarity(i, j) < floor and not floor_waived(state.fact(i), state.fact(j)):
        out.append("cosine")
    if not out:
        chosen = state.closest.get(j)
        if chosen is None:
            out.append("continues another line")
        elif i not in chosen:
            out.append("newer chose another line")
        else:
            out.append("older taken by a later line")
    return out


def _probe_gate(state: ChangeState, i: int, j: int) -> str | None:
    """Why the newer line's looked-up words do not find the older one (None when they do)."""
    first, things, more = state.probes(j)
    if any(i in state.postings.get(w, ()) for w in first + things):
        return None
    labelled = found_by_label(state, i, j)
    if labelled:
        return None  # (found by its label: :mod:`~mdrecall.knowledge.changes.label_probe`)
    further = any(i in state.postings.get(w, ()) for w in more)
    if further and j not in state.closest and state.continued != j:
        return None  # (looked up too: the rarest words found no candidate)
    shared = set(state.every[i]).intersection(state.every[j])
    if not shared & (set(state.own[i]) | set(state.own[j])):
        return "probe: no shared word"
    on_new = shared.intersection(state.own[j])
    if not on_new or min(state.df.get(w, 0) for w in on_new) > state.cap:
        return "probe: no shared rare word"
    if labelled is not None:
        return "probe: found by its label, no measured value differs"
    if further:
        return "probe: rare word not looked up (another line found first)"
    return "probe: rare word not looked up"


def _candidate_gate(state: ChangeState, i: int, j: int, new_slots: set[str]) -> str | None:
    """The first of :func:`~mdrecall.knowledge.changes.change_candidate.candidate`'s tests that ``(i, j)``
    fails, by name (None: it passes)."""
    old, new = state.fact(i), state.fact(j)
    if is_told(old):
        return "candidate: older told in a log"
    if not written_before(old, new) or state.page_days.history(old, new):
        return "candidate: written before"
    old_slots = value_slots(old)
    if not (set(state.every[j]).difference(state.every[i]) or new_slots - old_slots):
        return "candidate: nothing new"
    shared = set(state.every[i]).intersection(state.every[j])
    if not (shared.intersection(state.own[i]) or shared.intersection(state.own[j])):
        return "candidate: no shared word"
    if min(state.df[w] for w in shared) > state.cap:
        return "candidate: rare word"
    if shared.isdisjoint(state.own[i]) or shared.isdisjoint(state.own[j]):
        for n in (i, j):
            title = set(state.every[n]).difference(state.own[n])
            if shared & title and 2 * len(shared & title) < len(title):
                return "candidate: page title"
    if (
        new.subject
        and "said" not in new.attrs
        and kin_words(new.subject.split()).isdisjoint(state.every[i])
        and not state.same_entity(i, j, kin_words(new.subject.split()))
    ):
        return "candidate: newer's subject"
    gone = state.leaves.get(j)
    if another_subject(state, i, j, shared) and not (gone and names_any(old.words.lower(), gone)):
        return "candidate: modified"
    if is_logged(old) and not logged_change(old_slots, new_slots, new.words):
        return "candidate: logged, no value changed"
    if not old.cue and event_over(old, new):
        return "candidate: occasion over"
    if cancels_one(new.words) and routine(old.words):
        return "candidate: one occasion cancelled"
    if state.page_days.written_after(old, new):
        return "candidate: older's page written after"
    if attendance(old.words):
        return "candidate: an attendance record"
    if one_off(new.words):
        return "candidate: one occasion only"
    if as_usual(new.words):
        return "candidate: as usual"
    if state.kind[j] == "weak":
        if not written_low(new.words, shared):
            return "candidate: weak, no thing"
        return None if values_differ(old_slots, new_slots) else "candidate: another value (weak)"
    if state.kind[j] == "plan":
        if not set(state.own[i]).intersection(state.own[j]):
            return "candidate: plan, no thing"
        return None if plan_moved(old, new, old_slots, new_slots) else "candidate: another value (plan)"
    if state.kind[j] == "pair":
        if not set(state.own[i]).intersection(state.own[j]):
            return "candidate: pair, no thing"
        gone = state.leaves.get(j)
        if gone and names_any(old.words.lower(), gone):
            return None
        if pair_change(old, new, old_slots, new_slots):
            return None
        anew = states_anew(new) and gives_another_value(old, new, old_slots, new_slots, set(state.every[j]))
        return None if anew else "candidate: pair, no evidence"
    if state.kind[j] == "fix":
        if not set(state.own[i]).intersection(state.own[j]):
            return "candidate: fix, no thing"
        gone = state.leaves.get(j)
        return None if gone and names_any(old.words.lower(), gone) else "candidate: fix, another value named"
    if state.kind[j] == "anew":
        if not new.day and new.path == old.path and not new_label(old, new):
            return "candidate: anew, one page's entries"
        own = set(state.own[j])
        if own.isdisjoint(state.own[i]):
            return "candidate: anew, no thing"
        differs = gives_another_value(old, new, old_slots, new_slots, set(state.every[j]))
        return None if differs else "candidate: another value (anew)"
    if state.kind[j] == "typed":
        if old.day and not standing_rate(old.words, new.words, old_slots, new_slots):
            return "candidate: typed, older dated"
        if not new.day and new.path == old.path and "time" not in new.attrs:
            return "candidate: typed, one page's entries"
        if not set(state.own[i]).intersection(state.own[j]):
            return "candidate: typed, no thing"
        differs = values_differ(old_slots, new_slots, TYPED_KINDS)
        return None if differs else "candidate: another value (typed)"
    if gone and not names_any(old.words.lower(), gone):
        return "candidate: leaves another value"
    differs = values_differ(old_slots, new_slots, changed_kinds(new, new_slots))
    if names_left(state.leaves.get(i), new.words.lower()):
        return "candidate: names the value left"
    if not differs and keeps_values(old, new, old_slots, new_slots):
        return "veto: keeps_values"
    if confirms(old, new, new_slots, old_slots):
        return "veto: confirms"
    if restates(old.words.lower(), new.words.lower()) and not values_differ(old_slots, new_slots, "tn"):
        return "veto: restates"
    if refines(old, new, old_slots, new_slots):
        return "veto: refines"
    return None
