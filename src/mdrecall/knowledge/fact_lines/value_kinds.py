"""A line's values by kind and grain, and the comparisons of two lines' values that the change pass asks
(:mod:`mdrecall.knowledge.changes.change_rules`, :mod:`mdrecall.knowledge.changes.change_candidate`).

A value is a *slot*, a kind's letter and the value: ``t:`` a time, ``n:`` a number, ``c:`` a name, ``s:`` a
state, ``o:`` what a thing is on or off, ``m:`` an amount of money, ``q:`` a quantity, ``h:`` a holder.
:func:`value_slots` reads them off a line; :func:`values_differ` and :func:`kind_differs` ask whether a
value of one kind (and grain: a weekday, a clock time, a date, a month) differs; :func:`other_grain` whether
two times are of other grains; :func:`swaps_values` whether a line swaps two values between their holders;
:func:`attr_kinds` and :func:`changed_kinds` the kinds a line states or changes.
"""

from __future__ import annotations

import functools
import re

from mdrecall.knowledge.fact_lines.fact_fields import FIELD
from mdrecall.knowledge.fact_lines.fact_values import typed_values
from mdrecall.knowledge.fact_lines.facts import SAID, Fact, slots
from mdrecall.knowledge.fact_lines.frequency import frequencies
from mdrecall.knowledge.fact_lines.said_facts import CORRECTED, HOLDER, LOGGED, TOLD
from mdrecall.knowledge.lexicon.mention_patterns import TITLES
from mdrecall.knowledge.lexicon.name_lists import given_name

__all__ = [
    "KINDS",
    "SLOTS_KEPT",
    "TYPED_KINDS",
    "attr_kinds",
    "changed_kinds",
    "fine_kind",
    "is_typed",
    "stated_differs",
    "kind_differs",
    "name_joined",
    "names_value",
    "new_names",
    "other_grain",
    "swaps_values",
    "value_slots",
    "values_differ",
    "word_set",
]

_TYPED_SLOT = ("m:", "q:", "h:")


def word_set(s: str) -> set[str]:
    """The words of a stored, space-joined value (none for "")."""
    return set(s.split()) if s else set()


#: The kind of value each attribute states: a time (``t``), a name (``c``), a state (``s``), what a thing is
#: on or off (``o``: "on the diet food" is no state to compare with "fixed") (a stated line's words are
#: lower case: its months and names are read from its values, not off the line).
_KIND = {"time": "t", "owner": "c", "place": "c", "choice": "c", "status": "s", "state": "s", "on": "o"}
#: Every kind of value (``m`` money, ``q`` a quantity with a unit, ``h`` a holder: :func:`typed_values`;
#: ``f`` how often: :func:`~mdrecall.knowledge.fact_lines.frequency.frequencies`).
KINDS = "tncsomqhf"
#: The kinds of value a line holds as a fact whatever its wording (:func:`typed_values`): a line holding
#: one and no change word is a *typed* change line, pairing only where a value of such a kind differs.
TYPED_KINDS = "mqh"


def value_slots(f: Fact) -> set[str]:
    """A line's typed values: a :data:`SAID` line's slots, else the times and numbers on it, its amounts,
    quantities and holders (:func:`typed_values`) and the values of the attributes it states (its names
    are those values: a capital on a stated line may open one of its sentences). A new set each call."""
    return set(_value_slots(f))


#: How many lines' values :func:`value_slots` keeps: the change pass reads an older line's values again
#: for each change line it is a candidate of (20,000 lines of one page: a quarter of a million reads; kept,
#: 10.3 -> 7.3 s of CPU there). 4,096 keeps as many of them as 16,384 did, in a quarter of the memory
#: (~500 bytes a line kept).
SLOTS_KEPT = 4_096


@functools.lru_cache(maxsize=SLOTS_KEPT)
def _value_slots(f: Fact) -> frozenset[str]:
    return frozenset(_read_slots(f))


def _read_slots(f: Fact) -> set[str]:
    if f.attrs == (SAID,):
        said = {
            v for v in word_set(f.values[0]) - {LOGGED, TOLD, HOLDER, CORRECTED} if not v.startswith(FIELD)
        }
        return said | frequencies(f.words)
    # (lower-cased here: no month's case is read, :func:`~mdrecall.knowledge.fact_lines.fact_values.slots`)
    out = slots(f.words.lower(), spoken=False) | typed_values(f.words) | frequencies(f.words)
    for attr, value in zip(f.attrs, f.values, strict=True):
        if attr in _KIND:
            out |= {f"{_KIND[attr]}:{w}" for w in value.split()}
    return out


def is_typed(f: Fact) -> bool:
    """Does a line hold a value of a kind of :data:`TYPED_KINDS` (a :data:`SAID` line's stored slots; a
    stated line's words)?"""
    if f.attrs == (SAID,):
        return any(v[:2] in ("m:", "q:", "h:") for v in f.values[0].split())
    return bool(typed_values(f.words))


def values_differ(old: set[str], new: set[str], kinds: str = KINDS) -> bool:
    """A value of one of ``kinds`` differs: the newer holds a time, number, name or state the older lacks,
    and the older one of that kind the newer lacks. (Each side's kinds are read once: it is asked of every
    candidate pair, ~12 a line.)"""
    gained = new - old
    if not gained:
        return False
    lost = old - new
    if not lost:
        return False
    a, b = {s[:1] for s in gained}, {s[:1] for s in lost}
    return any(k in a and k in b for k in kinds)


def fine_kind(slot: str) -> str:
    """A value slot's kind, a time's by its grain: a weekday (``tw``), a clock time (``tc``), a day of a
    month (``td``), a month (``tm``); another kind's letter (``c``, ``n``, ``m``, …)."""
    if not slot.startswith("t:"):
        return slot[:1]
    v = slot[2:]
    if v.endswith("day"):
        return "tw"
    if ":" in v or v.isdigit():
        return "tc"
    if v[:3].isalpha() and v[3:].isdigit():
        return "td" if v[3:] else "tm"
    return "t"


def other_grain(old: str, new: str) -> bool:
    """Do two time values (a time attribute's words: "saturday", "12:00", "jun19") state times of other
    grains, one only days (a weekday, a date, a month) and the other only clock times ("Saturday game" …
    "kick-off moved to 12:00": the day stays, its hour is told)?"""
    a = {fine_kind(f"t:{w}") for w in old.split()}
    b = {fine_kind(f"t:{w}") for w in new.split()}
    return bool(a and b) and ((a <= _DAYS and b == {"tc"}) or (a == {"tc"} and b <= _DAYS))


#: The grains of a day's time (:func:`other_grain`): a weekday, a date, a month.
_DAYS = frozenset(("tw", "td", "tm"))


def kind_differs(old: set[str], new: set[str], names: bool = False) -> bool:
    """Does a value of one kind and grain differ (:func:`values_differ` reading a weekday, a clock time, a
    date and a month as four kinds, a number that is part of an amount, a quantity or a date as none, and
    a name only where ``names``: most lines hold a capitalised word): the newer holds one the older lacks,
    the older one of that kind the newer lacks ("Mondays" … "Tuesdays"; not "starts at 8:45" … "up to
    £2.65 in January", nor "Mr Adeyemi" … "Mr Field", nor "12 Dec" … "for 20 kids")?"""
    kinds = KINDS if names else _VALUE_KINDS
    old, new = _bare(old), _bare(new)
    gained = {fine_kind(s) for s in new - old if s[:1] in kinds}
    return bool(gained) and any(fine_kind(s) in gained for s in old - new if s[:1] in kinds)


_DIGITS = re.compile(r"\d+(?:\.\d+)?")


def _bare(slots: set[str]) -> set[str]:
    """``slots`` but the numbers (``n:``) that are part of an amount, a quantity or a date of them
    ("£2.65" is no number beside its amount, "12 Dec" none beside its date, "3G" none beside its
    quantity)."""
    parts = {d for s in slots if s[:2] in ("m:", "q:", "t:") for d in _DIGITS.findall(s[2:])}
    if not parts:
        return slots
    return {s for s in slots if not (s[:2] == "n:" and s[2:].strip(",.;:") in parts)}


#: The kinds of value :func:`kind_differs` compares unless told to read names too: every kind but a
#: name (``c``).
_VALUE_KINDS = KINDS.replace("c", "")


#: A swap of values between two holders ("swapped shifts with Dana", "traded days with the Okafors").
_SWAP = re.compile(r"\b(?:swap(?:s|ped|ping)?|trad(?:e|es|ed|ing)|exchang(?:e|es|ed|ing))\b", re.I)


def swaps_values(old: set[str], new: set[str], words: str) -> bool:
    """Does a change line (its stored ``words``, value slots ``new``) swap two values the older line holds
    (slots ``old``) between their holders: a swap word, and two or more values of one kind that both lines
    hold, the same ("we drive Mondays, Ana drives Thursdays" … "swapped days with Ana, so Thursdays are
    ours now")? The values are the same; who holds which is not."""
    if _SWAP.search(words) is None:
        return False
    return any(len({s for s in old & new if s.startswith(k)}) >= 2 for k in "tcn")


def attr_kinds(f: Fact) -> str:
    """The kinds of value of the attributes a stated line states (``t`` for a time, ``c`` for an owner, a
    place or a choice, …); "" for a :data:`SAID` line."""
    return "".join(sorted({_KIND[a] for a in f.attrs if a in _KIND}))


def changed_kinds(f: Fact, slots_of_f: set[str]) -> str:
    """The kinds of value a change line changes: those of the attributes it states (a time for "v1.0
    slipped to July") and of the typed values it holds (an amount for "my rate goes to NZ$700 a day from
    February"), every kind for a line stating none (:data:`SAID`); ``slots_of_f``: its
    :func:`value_slots`."""
    if f.attrs == (SAID,):
        return KINDS
    kinds = {_KIND[a] for a in f.attrs if a in _KIND} | {v[0] for v in slots_of_f if v[:2] in _TYPED_SLOT}
    if "t" in kinds:
        kinds.add("f")  # a time stated: how often too ("resets every second Tuesday" … "weekly now")
    return "".join(sorted(kinds)) or KINDS


def stated_differs(old: Fact, new: Fact) -> bool:
    """Do two stated lines give one attribute (a time, an owner, a place, a choice) values that differ
    both ways, each holding a word the other's lacks ("passes over on Monday 10:00" … "passes over on
    Tuesday 10:00 now; Monday standups clashed": the time stated is Tuesday's, though the line names Monday
    too)? Times of other grains do not differ (:func:`other_grain`)."""
    for attr, value in zip(new.attrs, new.values, strict=True):
        if attr not in _STATED or attr not in old.attrs:
            continue
        was = old.values[old.attrs.index(attr)]
        a, b = set(was.split()), set(value.split())
        if a - b and b - a and not (attr == "time" and other_grain(was, value)):
            return True
    return False


#: The attributes whose stated values :func:`stated_differs` compares.
_STATED = frozenset(("time", "owner", "place", "choice"))


def names_value(f: Fact) -> bool:
    """Does a line state a name as its value: a label line's (its ``k:`` label: "Feed supplier:
    ForFarmers"), a holder's (:data:`~mdrecall.knowledge.fact_lines.said_facts.HOLDER`), an owner, a place, a
    choice? (Not a line naming people in passing.)"""
    if f.attrs == (SAID,):
        value = f.values[0]
        return "k:" in value or HOLDER in value.split()
    return not _NAMED.isdisjoint(f.attrs)


#: The attributes whose value is a name (:func:`names_value`).
_NAMED = frozenset(("owner", "place", "choice"))


def new_names(old_words: str, new_words: str, names: set[str]) -> set[str]:
    """The names of ``names`` (lower case) that ``new_words`` (a line's stored words) writes apart from the
    older line's names: not in a run of capitalised words holding a capitalised word of ``old_words`` (past
    its first, which may open a sentence: "Paper supplier: Antalis" … "Premier Paper" is another name),
    as "Kusasa Civils director Kagiso Sello" … an older "Kagiso Sello: Kusasa director" ("Civils" is the
    fuller name of the older's "Kusasa": the same thing restated, not another name beside it)."""
    if not names:
        return names
    older = {w.lower().removesuffix("'s") for w in old_words.split()[1:] if w[:1].isupper()}
    joined: set[str] = set()
    run: list[str] = []
    for w in [*new_words.split(), ""]:
        if w[:1].isupper():
            run.append(w.lower().removesuffix("'s"))
            continue
        if len(run) > 1 and not older.isdisjoint(run):
            joined.update(run)
        run = []
    return names - joined


def name_joined(old_slots: set[str], new_slots: set[str]) -> bool:
    """Does a weak change line ("now") name every name the older line holds and another name beside them
    ("Bulk oats supplier: Suma" … "oats come from Infinity Foods now, Suma's minimum order got silly")?
    The older's value is named as the one left, the other as the one that holds now. Not for a person's
    name: a person is named beside others in passing."""
    names = {s for s in old_slots if s[:2] in ("c:", "h:")}
    if any(given_name(s[2:].capitalize()) or s[2:].capitalize() in TITLES for s in names):
        return False  # a person named with another ("Ana now pairs with Bjorn on releases"): no evidence
    return bool(names) and names <= new_slots and any(s[:2] in ("c:", "h:") for s in new_slots - old_slots)
