"""Pairs the rules make that no later line can mean: a line adding another instance of a thing, a line
stating a value of a period already past, a return to the place the older line already names, and the
outcome of a change the older line told. Read by
:func:`~mdrecall.knowledge.changes.fact_pairs.learned` on the rules' pairs before the learned scorers add
theirs. Pure.

* **Another instance added**: a later line naming "an extra", "an additional", "a second", "one more" of a
  thing the older line names ("Plan: extra Add Maths clinic every Tue 8pm from April" … "| Add Maths clinic
  (Tue) | RM 40 |"; "wants a second catalogue for the trade show" … "Projects: spring catalogue") adds one
  beside it, and leaves it standing, unless it names a value it leaves
  (:func:`~mdrecall.knowledge.fact_lines.leave_grammar.left_values`) or chooses the one added ("a second quote
  came in, going with Holm instead"). ("another" is left out: "another job overran,
  they can't start till the 25th" tells why a plan moved.)
* **A value of a past period**: a line whose head scopes it to a period before it was written ("Cut-offs
  last year: …", "Fees last season: …", "Prices previous term: …") records that period; a later line
  changes what holds now, not what held then.
* **Back where it was**: a later line saying one is back in a place ("Back in Penang since last night",
  "back at Leeds General for the scan") changes no place of an older line putting its thing in or at that
  very place ("Public holiday in Penang, centre closed"): one is there again, nothing moved from it.
* **A change's outcome**: a later line naming as a role's holder (a ``h:`` value) only the one an earlier
  dated change line opens with ("Nhung takes QC lead from Monday, Hoa trains her" … "Hoa's last day was
  Friday. Nhung runs QC now"), or opening with the holder the change line gives before "take(s) over"
  ("Jenna will stop scoping after May 22, she recommended Ji-woo take over" … "Ji-woo said yes, she does
  the scoping from May 25"), tells that change came about: not the change line but the line the change
  replaced is superseded by it (the latest word of that fact).
* **The same told again** (:func:`~mdrecall.knowledge.changes.restated_pairs.restated`): another person's
  departure, one departure told twice, a place or a town named or put again, only a log marker's word
  shared, one instance then a rule for every one.
* **Written after** (:func:`~mdrecall.knowledge.changes.written_after.written_after`): an older line
  naming the day its state held since ("since 15/9") or the day it logs ("22/10: …") is not superseded by
  a line dated on or before that day.
"""

from __future__ import annotations

import re

from mdrecall.knowledge.changes.change_sides import GIVES_BEFORE, sides
from mdrecall.knowledge.changes.restated_pairs import restated
from mdrecall.knowledge.changes.written_after import written_after
from mdrecall.knowledge.fact_lines.change_signal import signal
from mdrecall.knowledge.fact_lines.fact_values import subject_words
from mdrecall.knowledge.fact_lines.facts import Fact
from mdrecall.knowledge.fact_lines.leave_grammar import left_values
from mdrecall.knowledge.fact_lines.value_kinds import value_slots
from mdrecall.stores.views import Supersession
from mdrecall.text.stopwords import STOP_WORDS

__all__ = [
    "adds_instance", "back_where_it_was", "kept_pairs", "other_attribute", "past_period", "retells_change"
]  # fmt: skip

Key = tuple[str, int]

#: A word adding an instance, then the thing (one or two words).
_ADDED = re.compile(
    r"\b(?:extra|additional|second|2nd|(?:a|one) further|one more)\s+((?:[\w'’-]+\s+)?[\w'’-]+)", re.I
)
#: A line's head (one to three words) then a past period: the label scoped to it.
_PAST_HEAD = re.compile(
    r"^(?:\S+\s+){1,3}?(?:last|previous|past) (?:year|season|term|semester|month|week)(?:'s|’s)?\b", re.I
)


#: A wording of a choice between two instances ("a second quote came in, going with Holm instead"): the added
#: one replaces the older.
_CHOSEN = re.compile(
    r"\b(?:instead|replac\w*|switch\w*|swapp\w*|go(?:es|ing)? with|went with|chose|chosen|picked"
    r"|rather than|in place of)\b",
    re.I,
)


def adds_instance(old: Fact, new: Fact) -> bool:
    """Does ``new`` add another instance of a thing ``old`` names ("extra", "a second"), choosing it over
    none and leaving no value?"""
    if not _ADDED.search(new.words) or _CHOSEN.search(new.words):
        return False
    named = subject_words(old.words)
    return any(subject_words(m.group(1)) & named for m in _ADDED.finditer(new.words)) and not left_values(
        new.words.lower()
    )


def past_period(old: Fact) -> bool:
    """Does ``old``'s head scope it to a past period ("Cut-offs last year: …")?"""
    return _PAST_HEAD.match(old.words) is not None


#: "back in" / "back at" / "back home in", then a place's name (one to three capitalised words).
_BACK_IN = re.compile(r"\bback (?:in|at|home in) ((?-i:[A-Z])[\w'’-]*(?: (?-i:[A-Z])[\w'’-]*){0,2})", re.I)


def back_where_it_was(old: Fact, new: Fact) -> bool:
    """Does ``new`` say one is back in a place that ``old`` puts its thing in or at ("in Penang")?"""
    if "ack " not in new.words:
        return False
    for m in _BACK_IN.finditer(new.words):
        if re.search(r"\b(?:in|at) " + re.escape(m.group(1)) + r"\b", old.words):
            return True
    return False


#: How many words open a change line: where the one taking over is named ("Nhung (Bùi Thị Nhung) takes …").
_OPENING = 3


def retells_change(old: Fact, new: Fact) -> bool:
    """Does ``new`` name as holders only those the dated change line ``old`` opens with, or open with the
    holder ``old`` gives before "take(s) over"
    (:data:`~mdrecall.knowledge.changes.change_sides.GIVES_BEFORE`)?"""
    if not old.day or signal(old.words) != "strong":
        return False
    given = sides(old.words)[1] if GIVES_BEFORE.search(old.words) else frozenset()
    if given and given & subject_words(" ".join(new.words.split()[:_OPENING])):
        return True  # "Jenna … recommended Ji-woo take over" … "Ji-woo said yes, she does the scoping"
    holders = {v[2:] for v in value_slots(new) if v.startswith("h:")}
    if not holders:
        return False
    opening = {w.lower() for w in old.words.split()[:_OPENING]}
    return all(h in opening or h.split()[0] in opening for h in holders)


#: The kinds of value :func:`other_attribute` compares: money, a quantity with a unit, a clock time or a
#: weekday (not a month: a name's word is read as one, "Jun", "May").
_ATTRIBUTE_KINDS = "mqt"
_TOKEN = re.compile(r"[^\W\d_][\w'’-]*")
_MONTH = re.compile(r"t:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)")


#: A time after "since": the day a state began ("hasn't eaten since Sunday", "on Apixaban since Tuesday"),
#: not a value of the attribute the line tells.
_SINCE = re.compile(r"\bsince\s+(?:last\s+)?([^\W\d_]+)", re.I)


def _kinds(f: Fact) -> set[str]:
    begun = {f"t:{m[1].lower()}" for m in _SINCE.finditer(f.words)}
    return {
        v[0]
        for v in value_slots(f)
        if v[:1] in _ATTRIBUTE_KINDS and not _MONTH.fullmatch(v) and v not in begun
    }


def other_attribute(old: Fact, new: Fact) -> bool:
    """Do ``old`` and ``new`` tell two attributes of one named holder: their values of disjoint kinds (an
    amount of money, a quantity, a time: "wants the kit fee, £40 a head" … "moves training to Tuesdays
    6pm") and the only words they share names, capitalised in both and within one ("Coach Ortiz")?"""
    old_kinds, new_kinds = _kinds(old), _kinds(new)
    if not old_kinds or not new_kinds or old_kinds & new_kinds:
        return False
    old_tokens, new_tokens = _TOKEN.findall(old.words), _TOKEN.findall(new.words)
    shared = {t.lower() for t in old_tokens} & {t.lower() for t in new_tokens}
    shared -= STOP_WORDS
    caps = {t.lower() for t in old_tokens if t[0].isupper()}
    caps &= {t.lower() for t in new_tokens if t[0].isupper()}
    # a name is capitalised within a line too, not only opening it ("Broadband …" opens both)
    caps &= {t.lower() for t in old_tokens[1:] + new_tokens[1:] if t[0].isupper()}
    return bool(shared) and shared <= caps


def kept_pairs(facts: dict[Key, Fact], pairs: dict[Key, Supersession]) -> dict[Key, Supersession]:
    """``pairs`` (older line → the newer) without those :func:`adds_instance`, :func:`past_period`,
    :func:`back_where_it_was` or :func:`retells_change` rules out; ``facts``: each line's fact by
    ``(path, line)``. A line a change line superseded is superseded by that change's outcome instead, where a
    later line retells it (the latest word of the fact)."""
    out: dict[Key, Supersession] = {}
    outcome: dict[Key, Supersession] = {}  # a change line → the later line telling its outcome
    for key, new in pairs.items():
        old, later = facts.get(key), facts.get((new.path, new.line))
        if old is None or later is None:
            out[key] = new
        elif retells_change(old, later):
            outcome[key] = new
        elif not (
            past_period(old)
            or adds_instance(old, later)
            or back_where_it_was(old, later)
            or other_attribute(old, later)
            or restated(old, later)
            or written_after(old, later)
        ):
            out[key] = new
    for key, new in out.items():
        told = outcome.get((new.path, new.line))
        if told is not None:
            out[key] = told
    return out
