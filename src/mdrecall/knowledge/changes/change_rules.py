"""Which two fact lines are a change: the pure rules of the change lines' pass
(:mod:`mdrecall.knowledge.changes.change_pairs`, which keeps the pass's state and runs it).

Its thresholds (:data:`MIN_COSINE`, :data:`TYPED_COSINE`, :data:`RARE_SHARE`), which line was written
first (:func:`written_before`), when a line with no word of change is one by the pair's evidence
(:func:`pair_change`), and the tests that keep a line from superseding another although it signals a
change: it confirms it (:func:`confirms`), tells the same change again (:func:`restates`), or refines its
time (:func:`refines`). A line's values by kind and their comparisons are
:mod:`mdrecall.knowledge.fact_lines.value_kinds`; two lines' modifiers of a shared word,
:mod:`mdrecall.knowledge.fact_lines.phrase_modifiers`.
"""

from __future__ import annotations

import functools
import math
import re
from datetime import date, timedelta

from mdrecall.knowledge.fact_lines.change_words import ends_value
from mdrecall.knowledge.fact_lines.fact_words import ADDITION, DAYS, MONTHS
from mdrecall.knowledge.fact_lines.facts import CHANGE, SAID, WITHDRAW, Fact, slots, subject_words
from mdrecall.knowledge.fact_lines.leave_grammar import left_values
from mdrecall.knowledge.fact_lines.said_facts import CORRECTED, HOLDER, LOGGED, TOLD
from mdrecall.knowledge.fact_lines.status_scales import STATUS_SCALES
from mdrecall.knowledge.fact_lines.switch_states import switched
from mdrecall.knowledge.fact_lines.value_kinds import (
    KINDS,
    names_value,
    new_names,
    value_slots,
    values_differ,
)
from mdrecall.knowledge.lexicon.mention_patterns import TITLES
from mdrecall.knowledge.lexicon.name_lists import given_name
from mdrecall.stores.views import Supersession

__all__ = [
    "CANDIDATE_WORDS",
    "MORE_COSINE",
    "MORE_POSTINGS",
    "MIN_COSINE",
    "PLAN_AHEAD",
    "RARE_MIN",
    "RARE_SHARE",
    "TYPED_COSINE",
    "WEEK",
    "Key",
    "calendar_dates",
    "corrected",
    "confirms",
    "is_logged",
    "is_told",
    "keep_latest",
    "open_value",
    "pair_change",
    "pair_signal",
    "logged_change",
    "keeps_values",
    "names_left",
    "plan_moved",
    "plans",
    "refines",
    "restates",
    "value_replaced",
    "word_cosine",
    "written_before",
]

#: The least cosine of two lines' word sets for them to be about one subject: a floor against chance
#: matches, in the middle of the range (0 to 0.2) that gives benchmarks/knowledge/sup_pairs.json's tuning
#: part its best figures (docs/entities.md).
MIN_COSINE = 0.15


def word_cosine(a: set[str], b: set[str]) -> float:
    """The cosine of two word sets (0 where either is empty): what :data:`MIN_COSINE` bounds."""
    return len(a & b) / math.sqrt(len(a) * len(b)) if a and b else 0.0


#: The least cosine for a typed change line (:data:`~mdrecall.knowledge.fact_lines.value_kinds.TYPED_KINDS`:
# no word
#: says it changed) and for a weak one ("now", "these days": a word that says what holds, not that it
#: changed): between the same thing's two prices (0.43) and other things' amounts sharing a word (≤ 0.17)
#: on the labelled sets. Less evidence of a change asks for more evidence of one subject.
TYPED_COSINE = 0.3
#: A subject word is rare on at most this share of the fact lines (or :data:`RARE_MIN` of them).
RARE_SHARE = 0.01
RARE_MIN = 12
#: A change line's rarest words looked up for candidates first.
CANDIDATE_WORDS = 3
#: Where those find no candidate, its further rare words are looked up, rarest first, while their lines
#: number at most this many times the rare words' cap (:data:`RARE_SHARE`) in all: a line's lookups grow at
#: most by that much, however long its page.
MORE_POSTINGS = 3
#: The least cosine for a candidate found only by those further words (less rare: less evidence of one
#: subject, so more words shared are asked: two of two five-word lines' words). At the floor of the first
#: words, 7 of the 8 pairs they added on the labelled sets were wrong; at this one, 1 pair, right.
MORE_COSINE = 0.4


def is_logged(f: Fact) -> bool:
    """Is ``f`` a log's short line kept as a standing fact
    (:data:`~mdrecall.knowledge.fact_lines.said_facts.LOGGED`)?"""
    return f.attrs == (SAID,) and LOGGED in f.values[0].split()


def corrected(f: Fact) -> bool:
    """Does ``f`` correct a value in passing, naming the one it replaces after ", not" ("we got the
    12-seater, not the 9"; :data:`~mdrecall.knowledge.fact_lines.said_facts.CORRECTED`)?"""
    return f.attrs == (SAID,) and CORRECTED in f.values[0].split()


def is_told(f: Fact) -> bool:
    """Is ``f`` a log's line told with no word of change
    (:data:`~mdrecall.knowledge.fact_lines.said_facts.TOLD`)?"""
    return f.attrs == (SAID,) and TOLD in f.values[0].split()


#: Wordings of a value not known yet: the decision scale's open state ("tbd", "no news") and the ways a
#: note says it is still being sought or waited for ("still looking", "waiting to hear", "unknown",
#: "quote pending", "awaiting results", "waiting on the council", "investigating").
OPEN = re.compile(
    r"\b(?:"
    + "|".join(
        re.escape(w)
        for w in (
            *STATUS_SCALES["decision"]["open"],
            "unknown",
            "not known",
            "no date yet",
            "still looking",
            "still searching",
            "waiting to hear",
            "waiting for news",
            "no word yet",
            "not sure yet",
            "pending",
            "awaiting",
            "waiting for",
            "waiting on",
            "investigating",
            "under investigation",
        )
    )
    + r")\b",
    re.I,
)


@functools.lru_cache(maxsize=1 << 14)
def open_value(words: str) -> bool:
    """Does a line leave its value open ("launch tbd", "no news yet", "still looking")?"""
    return OPEN.search(words) is not None


def pair_signal(f: Fact) -> bool:
    """May a line with no word of change still supersede an older line on the pair's evidence
    (:func:`pair_change`)? A log's line (dated) stating no attribute, adding to nothing ("too", "also",
    "still": "the demo is still on")."""
    return bool(f.day) and f.attrs == (SAID,) and not f.cue and ADDITION.search(f.words) is None


#: The kinds of value a line with no word of change may give anew: a time, a name, an amount, a quantity,
#: a holder, a number.
_GIVEN = ("t:", "c:", "m:", "q:", "h:", "n:")


def pair_change(old: Fact, new: Fact, old_slots: set[str], new_slots: set[str]) -> bool:
    """Is the later line ``new``, which says no word of change (:func:`pair_signal`), a change of the older
    line ``old`` by the pair's evidence alone? Either the older left its value open and the newer gives one
    ("Autumn menu launch tbd" … "Autumn menu launches 3 Oct"), or the older is a standing line (undated, or a
    plan) and the newer names one of its names (the same holder or thing) while a value of one kind differs:
    a person for a person where the older's label names a role held by a person
    (:data:`~mdrecall.knowledge.fact_lines.said_facts.HOLDER`: "Lead partner on the Delgado estate: Ruth Moss"
    … "Ruth handed the Delgado estate to Kwame Asante"), a time, an amount or a quantity, or the day of a date
    ("start on 11 January" … "can't start till the 25th"). Two names differing that are not both people is
    no evidence: a log names things in passing ("Newsletter: Buttondown" … "draft read by Priya")."""
    if open_value(old.words):
        return not open_value(new.words) and any(s[:2] in _GIVEN for s in new_slots - old_slots)
    logged = bool(old.day) and not plans(old)
    if logged and not is_logged(old):
        return False  # a log's event, not a standing value
    if not logged and switched(old.words, new.words):
        return True  # a standing line's thing put in the opposite state ("flag X: ON" … "turned X off")
    words = {w.strip(".,;:!?()'\"").lower() for w in new.words.split()}
    words |= {w[:-2] for w in words if w.endswith("'s")}
    names = old_slots if old.attrs == (SAID,) else old_slots | slots(old.words)  # (a stated line: its names)
    if not any(s[:2] in ("c:", "h:") and s[2:] in words for s in names):
        return False  # names none of the older's names: no evidence of the same fact
    replaced = value_replaced(old, new, old_slots, new_slots)
    if logged or replaced:
        # (a log's standing line: only its value replaced, "ISA provider: Vanguard" … "transferred the ISA
        # from Vanguard to InvestEngine")
        return replaced
    if values_differ(old_slots, new_slots, "mq"):
        return True
    if old.day and (values_differ(old_slots, new_slots, "t") or _day_moved(old_slots, new_slots)):
        return True  # a plan's date moved (a routine's time and one day's differ: "arrived 8:40 today")
    if old.attrs != (SAID,) or HOLDER not in old.values[0].split():
        return False  # a person for a person only where the older's value is who holds a role
    gained = {s[2:] for s in new_slots - old_slots if s[:2] in ("c:", "h:")}
    lost = {s[2:] for s in old_slots - new_slots if s[:2] in ("c:", "h:")}
    return _person(gained) and _person(lost)


def value_replaced(old: Fact, new: Fact, old_slots: set[str], new_slots: set[str]) -> bool:
    """Does a later line name the name an older line states as its value (:func:`names_value`: "Currency: get
    yen from the Post Office") and another name beside it, and the thing the older states it of (one of its
    other subject words: "Forget the Post Office, we'll withdraw yen at 7-Eleven ATMs")? Then the value is
    named as the one left, the other as the one that holds now (another name: not one written beside a
    name of the older's, :func:`~mdrecall.knowledge.fact_lines.value_kinds.new_names`). Not where it is used
    again ("again", "as usual"), nor for a person's name (a log names people together: the holder rule reads
    people,
    :func:`pair_change`)."""
    if not names_value(old) or _AGAIN.search(new.words) is not None:
        return False  # (the value used again: "Instructed 5 Essex Court again on the Ferris question")
    names = {s[2:] for s in old_slots if s[:2] in ("c:", "h:")}
    if _person(names) or any(n.capitalize() in TITLES for n in names):
        return False  # a person named with others in a log ("saw Dr Ruiz, Kim did the jab"): no evidence
    gained = {s[2:] for s in new_slots - old_slots if s[:2] in ("c:", "h:")}
    # (the older's name opening a sentence within the newer is named too: "… USB-C at last. Pixel goes in the
    # van"; not the line's first word: "Fire brigade report …" names no "Fire & Rescue")
    written = {w.lower() for w in new.words.split()[1:] if w[:1].isupper()}
    if (names.isdisjoint(s[2:] for s in new_slots) and names.isdisjoint(written)) or not new_names(
        old.words, new.words, gained
    ):
        return False  # (a name of the older's written out in full is no other name: the fact restated)
    name_stems = {w for n in names for w in subject_words(n)}
    thing = subject_words(old.words.lower()) - name_stems
    return not thing.isdisjoint(subject_words(new.words.lower()))


#: Wordings of a value used again, as it was (:func:`value_replaced`).
_AGAIN = re.compile(r"\b(?:again|as usual|as always|as before|once more)\b", re.I)


def _person(names: set[str]) -> bool:
    return any(given_name(n.capitalize()) for n in names)


def _day_moved(old_slots: set[str], new_slots: set[str]) -> bool:
    """Does the newer line name only a day of the month ("till the 25th") where the older named a date
    ("11 January") on an earlier day?"""
    if any(s[:2] == "t:" for s in new_slots):
        return False
    days = {int(m.group(2)) for s in old_slots if (m := _CALENDAR.match(s))}
    new_days = {int(s[2:]) for s in new_slots if s[:2] == "n:" and s[2:].isdigit() and 1 <= int(s[2:]) <= 31}
    # a later day of the month (a date slipping; a day named before it may be another event's: "results due
    # 16 April" … "our lane for the week of the 15th")
    return bool(days) and bool(new_days) and min(new_days) > max(days)


def logged_change(old_slots: set[str], new_slots: set[str], new_words: str) -> bool:
    """May a change line supersede a log's standing line (:func:`is_logged`)? Only with evidence of the
    same fact: it names one of the older's names ("Gave up on Buttondown, …"), or a time, amount or
    quantity differs ("Cleaner comes Wednesdays" … "can only do Mondays from now"). Two names differing
    is no evidence: a log names people and things in passing ("Newsletter draft read by Priya")."""
    words = {w.strip(".,;:!?()'\"").lower() for w in new_words.split()}
    if any(s[:2] == "c:" and s[2:] in words for s in old_slots):
        return True
    return values_differ(old_slots, new_slots, "tmq")


def written_before(o: Fact, n: Fact) -> bool:
    """Was ``o`` written before ``n`` (both dated, or ``o`` undated and ``n`` dated, or both undated on one
    page and ``n`` further down)?"""
    if o.day and n.day:
        return n.day[:10] > o.day[:10]
    if n.day:
        return True
    return not o.day and o.path == n.path and n.line > o.line


def keep_latest(out: dict[Key, Supersession], old: Fact, new: Fact) -> None:
    """Record in ``out`` that ``new`` supersedes ``old``, unless a newer line written later (by day, then
    path and line) already does: an older line is marked by the last change that reaches it."""
    key = (old.path, old.line)
    have = out.get(key)
    if have is None or (new.day or "", new.path, new.line) > (have.day or "", have.path, have.line):
        out[key] = Supersession(new.path, new.line, new.day)


def confirms(old: Fact, new: Fact, new_slots: set[str], old_slots: set[str]) -> bool:
    """Does the change line ``new`` name again the names on the older line and no other (a plan come
    true, a call with the contact named before), without taking a value back ("no longer", "stopped"),
    going back to one, ending one ("no more", "cancelled"), or moving its time (a plan come true keeps its
    time, its day too: "Weekly sync is Wednesdays
    9am NZ time" … "shifted the weekly sync to Thursdays, 11am NZ" names NZ again and changes it)?
    For a line stating an owner, a place or a choice: one of that value's words on the older line is
    enough ("Ana covers the inventory from June" … "From today Ana Kowalski owns the inventory")."""
    if _withdraws(new.words) or " back " in f" {new.words.lower()} ":
        return False  # takes a value back, or goes back to one ("switched back to Trello")
    if _ends_named(new.words, old_slots):
        return False  # ends one of the older's ("went in-house this week, no more Brae")
    if values_differ(old_slots, new_slots, "t") or (old.day and _day_moved(old_slots, new_slots)):
        return False  # (a plan's day moved: "tasting booked for 18 June" … "pushed to the 25th")
    named = {v for v in old_slots if v[:2] in ("c:", "h:")}
    if (
        len(named) >= 2
        and named <= new_slots
        and not any(v[:2] == "h:" for v in new_slots - old_slots)
        and not left_values(new.words.lower())
    ):
        # every name of the older again, no new holder, none left: it is the newer's context ("vet: Dr Ana
        # Ruiz, Elm Clinic" … "Vet (Dr Ana Ruiz, Elm Clinic): bloods fine, new diet from today"; not "Omar
        # inherits the Bush Estate trials", a holder of the thing named)
        return True
    words = f" {old.words.lower()} "  # a word of it: " word " (no set of each older line's words kept)
    if new.attrs == (SAID,):
        names = [v[2:] for v in new_slots if v.startswith(("c:", "h:"))]  # a new holder: no plan come true
        return bool(names) and all(f" {n} " in words for n in names)
    stated = [v for a, v in zip(new.attrs, new.values, strict=True) if a in ("owner", "place", "choice")]
    return any(f" {w} " in words for v in stated for w in v.split())


@functools.lru_cache(maxsize=1 << 14)
def _withdraws(words: str) -> bool:
    return WITHDRAW.search(words) is not None or ends_value(words)


#: Wording that ends what it names ("no more Monday sessions", "cancelled"), beside :data:`WITHDRAW`.
_ENDS = re.compile(r"\bno more\b|\bcancell?(?:ed|ing)\b|\bcalled off\b|\bscrapped\b", re.I)
#: :data:`_ENDS` and wording that takes a machine or a service out of use ("`db-01` powered off", "the old
#: VPN shut down", "decommissioned the NAS"): a name of the older ended near it is no confirmation.
_ENDS_NAMED = re.compile(
    _ENDS.pattern + r"|\b(?:powered|shut|switched|turned) off\b|\b(?:powered|shut) down\b"
    r"|\bdecommission(?:ed|ing)\b|\bunplugged\b",
    re.I,
)


def _ends_named(words: str, old_slots: set[str]) -> bool:
    """Does a line end (:data:`_ENDS_NAMED`) a name of the older line's (``old_slots``), named within three
    words of the ending wording ("no more Brae", "WeTransfer scrapped", "`db-01` powered off")?"""
    near = _near_end(words)
    return bool(near) and any(s[:2] in ("c:", "h:") and s[2:] in near for s in old_slots)


@functools.lru_cache(maxsize=1 << 10)
def _near_end(words: str) -> tuple[str, ...]:
    """The three words either side of a line's first ending wording (:data:`_ENDS_NAMED`), none where it has
    none. Kept: asked of a change line for each of its candidates."""
    m = _ENDS_NAMED.search(words)
    if m is None:
        return ()
    near = words[: m.start()].lower().split()[-3:] + words[m.end() :].lower().split()[:3]
    return tuple(w.strip(".,;:!?()'\"").removesuffix("'s") for w in near)


def keeps_values(old: Fact, new: Fact, old_slots: set[str], new_slots: set[str]) -> bool:
    """Does the change line ``new`` leave the older line's values as they were: it names every value of
    the older (a slot it holds too, or the value's word on it) and either holds no other value of those
    kinds or ends on the older's number ("Wifi password is on the fridge" … "changed the wifi password, new
    one on the fridge"; "Boiler pressure should be 1.2 bar" … "at 0.8 bar this morning, topped it up to
    1.2")? Then the change it tells is of another thing, or the value put back: the older still holds. Not
    for a line taking a value back or ending it ("no longer", "stopped", "no more"), nor for an older line
    naming a name or a holder."""
    if not old_slots or _withdraws(new.words) or _ENDS.search(new.words) is not None:
        return False  # the value taken back or ended ("no more Monday sessions")
    if any(s[0] in "ch" for s in old_slots):
        return False  # a name named again may be the holder leaving ("Jean moved out", "Ana's off it")
    words = subject_words(new.words) | {w.lower() for w in new.words.split()}
    if not all(s in new_slots or s[2:] in words for s in old_slots):
        return False
    kinds = {s[0] for s in old_slots}
    if not any(s[0] in kinds for s in new_slots - old_slots):
        return True
    numbers = [w.rstrip(".,;:") for w in new.words.split() if w[:1].isdigit()]
    return bool(numbers) and f"n:{numbers[-1]}" in old_slots


def names_left(gone: frozenset[str] | None, new: str) -> bool:
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
    if not new.day or values_differ(old_slots, new_slots, KINDS.replace("t", "")):
        return False
    gained = {s[2:] for s in new_slots - old_slots if s.startswith("t:")}
    lost = {s[2:] for s in old_slots - new_slots if s.startswith("t:")}
    if not gained or not lost or not gained <= set(DAYS) or not lost <= set(_MONTH_NUMBER):
        return False
    try:
        start = date.fromisoformat(new.day[:10])
    except ValueError:
        return False
    for m in lost:
        year = start.year + (_MONTH_NUMBER[m] < start.month)  # the month next named: this year's or the next
        try:  # (a log of 9999-12-31: the next month is past the calendar)
            first = date(year, _MONTH_NUMBER[m], 1)
            last = date(year + (first.month == 12), first.month % 12 + 1, 1) - timedelta(days=1)
        except ValueError:
            continue
        if (first - start) <= WEEK and start <= last:  # the coming week reaches into that month
            return True
    return False


@functools.lru_cache(maxsize=1 << 14)
def _change_wordings(words: str) -> tuple[str, ...]:
    return tuple(m.group() for m in CHANGE.finditer(words))


Key = tuple[str, int]


#: A calendar date among a line's time slots ("t:apr21"): a month's three letters and a day.
_CALENDAR = re.compile(r"t:([a-z]{3})(\d{1,2})$")
#: How far ahead of the day a line was written a calendar date it names is its plan (half a year).
PLAN_AHEAD = timedelta(days=183)


def calendar_dates(slots_of_f: set[str], written: str | None) -> set[date]:
    """The calendar dates of a line's time slots, each the next one on or after the day ``written``
    (within :data:`PLAN_AHEAD`: a plan's date); empty for a line not dated."""
    if not written:
        return set()
    try:
        start = date.fromisoformat(written[:10])
    except ValueError:
        return set()
    out = set()
    for s in slots_of_f:
        m = _CALENDAR.match(s)
        if m is None or m.group(1) not in _MONTH_NUMBER:
            continue
        month, day = _MONTH_NUMBER[m.group(1)], int(m.group(2))
        for year in (start.year, start.year + 1):
            try:
                when = date(year, month, day)
            except ValueError:
                break
            if start <= when and (when - start) <= PLAN_AHEAD:  # (no date past 9999-12-31 is made)
                out.add(when)
                break
    return out


def plans(f: Fact) -> bool:
    """Does a dated line name a calendar date ahead of the day it was written (a plan: "New Jetstar
    flights: out Wednesday 21 April", written in March)?"""
    if not f.day or not any(c.isdigit() for c in f.words):
        return False
    low = f.words.lower()
    if not any(m in low for m in _MONTH_NUMBER):  # no month named: no calendar date (most lines)
        return False
    return bool(calendar_dates(value_slots(f), f.day))


def plan_moved(old: Fact, new: Fact, old_slots: set[str], new_slots: set[str]) -> bool:
    """Does the plan line ``new`` give another date to the older line's plan: each names a calendar date
    the other does not, and the older was a standing line (undated) or its date was still ahead when
    ``new`` was written (a date come and gone is another event, not a plan moved)?"""
    gained = {s for s in new_slots - old_slots if _CALENDAR.match(s)}
    lost = {s for s in old_slots - new_slots if _CALENDAR.match(s)}
    if not gained or not lost:
        return False
    if not old.day:
        return True
    assert new.day is not None
    ahead = calendar_dates(lost, old.day)
    return any(d > date.fromisoformat(new.day[:10]) for d in ahead)
