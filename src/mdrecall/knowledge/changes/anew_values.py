"""A change told with no word of change: a later line states the same attribute of the same thing with another
value ("We feed the hens at 7:30." after "We feed the hens at 6:45."; "Cello lessons are on Thursdays at
17:00" after "Cello lessons: Mondays at 17:00"). Pure.

:func:`states_anew` says which lines may be such a change line (the change pass's kind ``"anew"``,
:mod:`mdrecall.knowledge.changes.change_state`): a line stating an attribute (a time, an owner, a place, a
choice) or a label's value, or naming a thing as new ("the new supplier"), that says no word of change, adds
to nothing ("too", "still") and neither hedges nor leaves open its value. :func:`gives_another_value` says
whether it restates a given older line: the older is a standing line (a page's, not a log's: a log's lines
are events, each with its own values), and either the newer names every subject word of the older and both
state one attribute with values each holding a word the other lacks (times of one grain:
:func:`~mdrecall.knowledge.fact_lines.value_kinds.stated_differs`) or the older's label's head word with its
measured value (a time, a number, an amount, a quantity) replaced by another of the same kind and grain; or
the newer names the older's label's thing as new, with another name (:func:`new_label`). Less evidence of a
change than a word of change: the pass asks the typed lines' cosine floor of it.
"""

from __future__ import annotations

import re

from mdrecall.knowledge.changes.change_rules import open_value
from mdrecall.knowledge.fact_lines.change_lexicon import ADDITION, CHANGE
from mdrecall.knowledge.fact_lines.fact_values import stem
from mdrecall.knowledge.fact_lines.facts import SAID, Fact
from mdrecall.knowledge.fact_lines.value_kinds import fine_kind, stated_differs

__all__ = ["MEASURED", "STATED", "gives_another_value", "new_label", "states_anew"]

#: The attributes a restated line may state anew (their values are compared word by word).
STATED = frozenset(("time", "owner", "place", "choice"))
#: The kinds of value a label line measures its label by: a time, a number, an amount, a quantity.
MEASURED = ("t:", "n:", "m:", "q:")


#: A value not stated as holding: weighed between others, supposed, wished or asked ("Wednesday or
#: Thursday", "maybe the 12th", "if they can", "would like Fridays", "should be 9:00").
_HEDGED = re.compile(
    r"\b(?:or|maybe|perhaps|probably|possibly|if|whether|might|could|should|would|hope|hoping|want|wants"
    r"|asked|ask|option|options|idea|plan to|planning)\b",
    re.I,
)


#: "the new X" (a determiner, "new", a noun): the thing named replaces the one before it ("the new supplier",
#: "our new vet").
_NEW_THING = re.compile(r"\b(?:the|a|an|our|my|their|his|her|its)\s+new\s+([a-z][\w-]*)", re.I)


def _new_things(words: str) -> frozenset[str]:
    """The stems of the nouns a line names as new ("the new supplier": ``supplier``)."""
    if "new" not in words.lower():
        return frozenset()
    return frozenset(stem(m.group(1).lower()) for m in _NEW_THING.finditer(words))


def new_label(old: Fact, new: Fact) -> bool:
    """Does the later line ``new`` name the head of the label line ``old``'s label as new ("Seed supplier:
    Marsh Brothers" … "Greenline Seeds is the new supplier")? Then it tells that label's value replaced,
    even written on the same page."""
    heads = _label_heads(old)
    return bool(heads) and not heads.isdisjoint(_new_things(new.words))


def _label_heads(f: Fact) -> frozenset[str]:
    """The head word of each label of a free label line (its ``k:`` slots' last word: ``code`` of "Gate
    code: 1290"); none for another line."""
    if f.attrs != (SAID,) or "k:" not in f.values[0]:
        return frozenset()
    return frozenset(v[2:].rsplit("-", 1)[-1] for v in f.values[0].split() if v.startswith("k:"))


def states_anew(f: Fact) -> bool:
    """May ``f``, a line saying no word of change, restate an older line's attribute with another value: it
    states an attribute of :data:`STATED`, is a label line or names a thing as new, adds to nothing ("too",
    "also", "still"), holds no word of change denied or imagined ("thinking of moving it to Fridays"), and
    states its value as holding: not open ("not decided yet", "tbc") nor hedged (:data:`_HEDGED`: "Wednesday
    or Thursday")?"""
    words = f.words
    if STATED.isdisjoint(f.attrs) and not _label_heads(f) and not _new_things(words):
        return False
    if ADDITION.search(words) is not None or CHANGE.search(words) is not None:
        return False
    return _HEDGED.search(words) is None and not open_value(words)


def gives_another_value(
    old: Fact, new: Fact, old_slots: set[str], new_slots: set[str], new_words: set[str]
) -> bool:
    """Does the later line ``new`` (:func:`states_anew`) restate the standing line ``old``'s attribute with
    another value? ``new_words``: the newer's subject words (stems, its page title's too). The newer names
    every subject word of the older (the thing and the attribute, not the values: "recycling collection" of
    "Recycling collection: Tuesday mornings"), and both state one attribute of
    :data:`STATED` with values each holding a word the other lacks; or ``old`` is a label line whose head
    word ``new`` names, and a measured value of ``old`` (:data:`MEASURED`) is gone from ``new``, which
    holds another of the same kind and grain ("Gate code: 1290" … "the gate code is 4471")."""
    if old.day:
        return False  # a log's line is an event with its own values, not a standing fact
    if new_label(old, new):
        # the label's thing named as new: its name replaced ("Seed supplier: Marsh Brothers" … "Greenline
        # Seeds is the new supplier"), the older's names no longer named
        names = {s for s in old_slots if s[:2] == "c:"}
        return (
            bool(names) and names.isdisjoint(new_slots) and any(s[:2] == "c:" for s in new_slots - old_slots)
        )
    subject = set(old.subject.split())
    if not subject or not subject <= new_words:
        return False  # another thing or attribute ("Band practice: Tuesdays 19:00" … "drum lesson Sat")
    if not STATED.isdisjoint(old.attrs) and stated_differs(old, new):
        return True
    heads = _label_heads(old)
    if not heads or heads.isdisjoint(new_words):
        return False
    measured = _measured(old_slots)
    if not measured or measured & new_slots:
        return False  # the older's value still named ("18:00, or 19:00 on Fridays"): no value replaced
    gone = {fine_kind(s) for s in measured}
    return any(fine_kind(s) in gone for s in _measured(new_slots) - old_slots)


def _measured(slots: set[str]) -> set[str]:
    """A line's measured values: its times, amounts and quantities, or its numbers where it holds none of
    those (a number beside a date or a price is part of it, or a count told in passing)."""
    out = {s for s in slots if s[:2] in MEASURED and s[:2] != "n:"}
    return out or {s for s in slots if s[:2] == "n:"}
