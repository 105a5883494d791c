"""The change lines' pass's lookup by a line's label: a change line writing the word an older line is
labelled by ("Tickets: $65 per person" … "the committee voted: tickets are $70 from June"), or the head of
its label of more words (the last: "Initial reserve: …" … "the reserve was raised"), finds that line though
the word is not among the rarest it looks up (:meth:`~mdrecall.knowledge.changes.change_state.ChangeState.
probes`: a small workspace's rarest words are often plain verbs, "say", "gave").

A label names what its line is about; a change line naming it and stating a measured value of the kind the
labelled line holds, another one (:func:`label_found`), is likely about the same fact. A candidate found so
is only found: the pass's gates (:func:`~mdrecall.knowledge.changes.change_candidate.candidate`, the cosine
floor) still judge it. Pure; reads the pass's postings, no index of its own.
"""

from __future__ import annotations

from collections.abc import Sequence

from mdrecall.knowledge.changes.change_rules import MORE_POSTINGS
from mdrecall.knowledge.changes.change_state import ChangeState
from mdrecall.knowledge.fact_lines.facts import Fact
from mdrecall.knowledge.fact_lines.value_kinds import changed_kinds, value_slots, values_differ

__all__ = ["AMOUNTS", "MEASURED", "found_by_label", "label_found", "label_lines", "names_old", "label_words"]


def label_words(f: Fact) -> frozenset[str]:
    """The word each label of a free label line names its thing by (its ``k:`` slots' last word, an English
    compound's head: ``ticket`` of "Tickets: $65 per person", ``pric`` of "Asking price: …"); none for
    another line."""
    if not f.values or "k:" not in f.values[0]:
        return frozenset()
    return frozenset(
        v[2:].rsplit("-", 1)[-1] for value in f.values for v in value.split() if v.startswith("k:")
    )


def label_lines(state: ChangeState, j: int, looked: Sequence[str]) -> list[int]:
    """The lines written before the change line ``j`` labelled by one of its rare words not among those
    ``looked`` up already, the rarest word first; at most :data:`MORE_POSTINGS` times the rare words' cap
    of postings read in all (a line's lookups stay bounded however many words it holds)."""
    if not state.kind[j]:
        return []
    df, cap = state.df, state.cap
    skip = set(looked)
    words = sorted(
        (w for w in state.own[j] if w not in skip and 2 <= df.get(w, 0) <= cap), key=lambda w: (df[w], w)
    )
    budget = MORE_POSTINGS * cap
    out: list[int] = []
    for w in words:
        budget -= df[w]
        if budget < 0:
            break
        out += [i for i in state.earlier(w, j) if w in label_words(state.fact(i))]
    return out


def label_found(old: Fact, new_slots: set[str], measured: str) -> bool:
    """Is a line found by its label (:func:`label_lines`) worth weighing: does the change line state a time
    or a measure of a kind it changes (``measured``: a time, how often, a number, an amount, a quantity) that
    differs from the labelled line's ("Tickets: $65" … "tickets are $70"), not a name alone (a name differs
    between any two lines)?"""
    if not measured:
        return False
    slots = value_slots(old)
    return values_differ(slots, new_slots, measured) or names_old(slots, new_slots, measured)


def names_old(old_slots: set[str], new_slots: set[str], measured: str) -> bool:
    """Does a change line (its ``new_slots``) name an amount or a quantity of a kind it changes
    (``measured``, :data:`AMOUNTS`) that the candidate holds (``old_slots``), beside one of that kind the
    candidate lacks: the change from the one to the other ("dropping the jars to £3, £4 won't sell" …
    "jam jars £4")? Such a candidate's value differs, though the change line names it too."""
    return any(
        v in new_slots and any(w[0] == v[0] and w not in old_slots for w in new_slots)
        for v in old_slots
        if v[0] in measured and v[0] in AMOUNTS
    )


#: The kinds of value a change line names as the one left beside the one it gives (:func:`names_old`): an
#: amount, a quantity ("$25" … "to $20"); not a time, often the change's own when ("from April"), nor a bare
#: number (a date's parts, a count of another thing).
AMOUNTS = "mq"


#: The kinds of value whose difference lets a line found by a change line's further words displace a
#: candidate found first whose values are the change line's, and a line found by its label be weighed: a
#: time, how often, a number, an amount, a quantity (a name differs between any two lines).
MEASURED = "tfnmq"


def found_by_label(state: ChangeState, i: int, j: int) -> bool | None:
    """Does the change line ``j`` find the line ``i`` by its label (:func:`label_lines`), and is it weighed
    there (:func:`label_found`)? None: not found so. For the funnel's diagnosis
    (:func:`~mdrecall.knowledge.changes.change_gates.change_gates`)."""
    first, things, _more = state.probes(j)
    if i not in label_lines(state, j, first + things):
        return None
    new_slots = value_slots(state.fact(j))
    measured = "".join(x for x in changed_kinds(state.fact(j), new_slots) if x in MEASURED)
    return label_found(state.fact(i), new_slots, measured)
