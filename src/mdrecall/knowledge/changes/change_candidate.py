"""May a change line supersede an older line (:mod:`mdrecall.knowledge.changes.change_pairs`)? Every test of
one pair but the word sets' cosine: written before, a rare word shared, the same thing named, a value of the
kind the change line states differing, and not a line telling more of the same change."""

from __future__ import annotations

import re
from collections.abc import Sequence

from mdrecall.knowledge.changes.anew_values import gives_another_value, new_label, states_anew
from mdrecall.knowledge.changes.change_rules import (
    confirms,
    is_logged,
    is_told,
    keeps_values,
    logged_change,
    names_left,
    open_value,
    pair_change,
    plan_moved,
    refines,
    restates,
    written_before,
)
from mdrecall.knowledge.changes.change_shared import in_adjunct, only_change_shared, possessed_other
from mdrecall.knowledge.changes.change_state import MOVED_AFTER, ChangeState
from mdrecall.knowledge.changes.standing_rates import same_thing_priced, standing_rate
from mdrecall.knowledge.dates.event_days import (
    as_usual,
    attendance,
    cancels_one,
    event_over,
    held_as_booked,
    one_off,
    routine,
)
from mdrecall.knowledge.fact_lines.fact_values import frequent_stem, kin_words, stem
from mdrecall.knowledge.fact_lines.facts import CHANGE, Fact, subject_words
from mdrecall.knowledge.fact_lines.leave_grammar import cannot_values
from mdrecall.knowledge.fact_lines.line_subjects import label_anchors, labels_of, subject_stems
from mdrecall.knowledge.fact_lines.phrase_modifiers import for_others, modified_stems
from mdrecall.knowledge.fact_lines.rate_amounts import other_units
from mdrecall.knowledge.fact_lines.value_kinds import (
    TYPED_KINDS,
    changed_kinds,
    kind_differs,
    name_joined,
    names_value,
    stated_differs,
    swaps_values,
    value_slots,
    values_differ,
    word_set,
)
from mdrecall.knowledge.fact_lines.wanted_things import other_things_wanted
from mdrecall.knowledge.lexicon.name_lists import given_name
from mdrecall.text.stopwords import STOP_WORDS

__all__ = [
    "began",
    "label_named",
    "another_subject",
    "candidate",
    "echo_allows",
    "floor_waived",
    "head_named",
    "leaves_named",
    "names_any",
    "told_after",
    "written_low",
]


def candidate(state: ChangeState, i: int, j: int, new_slots: set[str]) -> bool | None:
    """May the change line ``j`` supersede the line ``i`` (every test but the cosine)? ``None`` when
    not; else whether a value of one kind differs between them (:func:`values_differ`)."""
    old, new = state.fact(i), state.fact(j)
    if state.paired[i] or is_told(old) or not written_before(old, new) or state.page_days.history(old, new):
        return None  # (a line told in a log supersedes on evidence, and nothing supersedes it)
    old_slots = value_slots(old)
    if not (new_slots - old_slots or set(state.every[j]).difference(state.every[i])):
        # nothing new: the same fact said again (first of the tests that only reject: the cheapest, and the
        # most often met where lines repeat, a rota's "B takes over from A" every few hundred lines)
        return None
    shared = set(state.every[i]).intersection(state.every[j])
    if not (shared.intersection(state.own[i]) or shared.intersection(state.own[j])):
        return None  # (no word shared, or only both pages' titles)
    if old.path == new.path and shared.isdisjoint(state.own[i]):
        # two lines of one page share its title whichever they are: the older's own line must share a word
        # ("1. Dust by Owuor (finished)" … "2. Klara and the Sun (reading now)" on "Reading")
        return None
    if min(state.df[w] for w in shared) > state.cap:
        return None
    if only_change_shared(old.words, new.words, shared):
        return None  # "Sven has retired from it" … "the sheet is retired": only the word of change shared
    if not old.subject and old.context and shared.isdisjoint(kin_words(word_set(old.context))):
        return None  # a label line ("Date: 9 October") tells of its page's thing: the newer must name it
    if shared.isdisjoint(state.own[i]) or shared.isdisjoint(state.own[j]):
        # one line's page title links them: the other line must name that page's subject (half its
        # title's words, "Pickle" of "Pickle"), not only share a word of it ("the kitchen tap" and a
        # line of the "Ember Kitchen & Salt" page)
        for n in (i, j):
            title = set(state.every[n]).difference(state.own[n])
            if shared & title and 2 * len(shared & title) < len(title):
                return None
    if (
        new.subject
        and "said" not in new.attrs
        and kin_words(new.subject.split()).isdisjoint(state.every[i])
        and not state.same_entity(i, j, kin_words(new.subject.split()))
    ):
        return None  # the time of "dinners" changed: a line not naming dinners states another's
    gone = state.leaves.get(j)
    if another_subject(state, i, j, shared) and not (gone and names_any(old.words.lower(), gone)):
        # "hockey training" … "netball training": another subject (unless the newer leaves a thing the
        # older names: "quitting football" … "plays football at the club")
        return None
    if other_things_wanted(old.words, new.words):
        return None  # "now wants reminders by text" … "now prefers the invoices in Xero": two preferences
    if other_units(old.words, new.words):
        return None  # "entry fee 1500 per child" … "fee is 4k per month": a price of another thing
    common = state.common(i, j)
    named = not _NAMED.intersection(old.attrs).isdisjoint(new.attrs)
    if len(common) == 1 and frequent_stem(min(common)) and not kind_differs(old_slots, new_slots, named):
        # one word shared, a frequent one ("school starts at 8:45" … "school meals go up to £2.65"; "the
        # milk scheme ends this term" … "swimming moves … after half term"): one subject only where a
        # value of one kind and grain differs ("Route 9 runs Mondays" … "route 9 is Tuesdays now"), a
        # name only where both lines state one attribute naming one (a place, an owner, a choice)
        return None
    if possessed_other(old.words, new.words, common):
        return None  # "Apprentice: Kai Hoskins" … "Kai's college day moved to Wednesday": a thing of his
    if len(common) == 1 and in_adjunct(new.words, min(common)):
        # one word shared, where the change line names it only after a preposition ("ordered lanyards,
        # they're in the reception drawer now" … "Reception closes at 10pm"): a place or a party the change
        # is told of, not the thing it changes
        return None
    if is_logged(old) and not logged_change(old_slots, new_slots, new.words):
        return None  # a log's line: only a change of one of its values supersedes it
    if state.used[j] and not echo_allows(state.echo[j], old_slots, new_slots, old.day):
        return None  # paired by the attribute rule: here it supersedes only the value it moved
    if not old.cue and event_over(old, new):
        return None  # "booked the vet, Thu 18th 10:15" … a month on, "vet yesterday": another occasion
    if not old.cue and held_as_booked(old, new, old_slots, new_slots):
        return None  # "vet booked Mon 15/3 at 4:30" … on the 15th, "16:30 vet: new food from today"
    if cancels_one(new.words) and routine(old.words):
        return None  # "Outings Tuesdays and Thursdays" … "Outing cancelled Saturday": one occasion's
    if state.page_days.written_after(old, new):
        return None  # "[x] Service: done 23 March 2027" … on 8 March, "service moved to the 23rd"
    if attendance(old.words):
        return None  # "Attendees: Marisol, Matías …" … "Matías is out": who came to one meeting
    if one_off(new.words):
        return None  # "class Friday instead of Thursday, one-off": that occasion moved, no standing fact
    if as_usual(new.words):
        return None  # "flight home delayed 2h, as usual": what happens each time, no change of a line
    if state.kind[j] == "weak":
        if not written_low(new.words, shared):
            return None  # "Everything at Lantern Moth is in Linear now": a name shared, no thing
        if began(old.words, new):
            return None  # "joined the lifeboat crew" … "now part of the lifeboat crew": that act's state
        if values_differ(old_slots, new_slots) or stated_differs(old, new):
            return True
        return True if names_value(old) and name_joined(old_slots, new_slots) else None
    if state.kind[j] == "plan":  # "New Jetstar flights: out Wednesday 21 April" … "out 14 April"
        if not set(state.own[i]).intersection(state.own[j]):
            return None  # both lines must name the thing planned
        return True if plan_moved(old, new, old_slots, new_slots) else None
    if state.kind[j] == "pair":  # no word of change: "Ruth handed the Delgado estate to Kwame Asante"
        if not set(state.own[i]).intersection(state.own[j]):
            return None  # both lines must name the thing
        if gone and names_any(old.words.lower(), gone):
            return True  # "wants Cerro Azul every two weeks, not monthly" … "monthly volumes": its value left
        if pair_change(old, new, old_slots, new_slots):
            return True
        # a log's label line stating its value anew ("Gate code: 1290" … "the gate code is 4471")
        return (
            True
            if states_anew(new) and gives_another_value(old, new, old_slots, new_slots, set(state.every[j]))
            else None
        )
    if state.kind[j] == "fix":  # a value corrected in passing: "the van is booked for Friday, not Thursday"
        if not set(state.own[i]).intersection(state.own[j]):
            return None  # both lines must name the thing
        return (
            True if gone and names_any(old.words.lower(), gone) else None
        )  # the older holds the value named
    if state.kind[j] == "anew":  # no word of change: "Gate code: 1290" … "the gate code is 4471"
        if not new.day and new.path == old.path and not new_label(old, new):
            return None  # two rows or items of one page: two entries, not a change
        own = set(state.own[j])
        if own.isdisjoint(state.own[i]):
            return None  # both lines must name the thing
        return True if gives_another_value(old, new, old_slots, new_slots, set(state.every[j])) else None
    if state.kind[j] == "typed":  # "came back at £82 a sample" … a page's "quote is £95 per sample"
        if old.day and not standing_rate(old.words, new.words, old_slots, new_slots):
            return None  # two log lines each with a value ("paid the bill, £86" … "£91"): two events
        if one_period(new.words):
            return None  # "Groceries this month: £437" … "Monthly grocery budget: £400": one month's
        if not new.day and new.path == old.path and "time" not in new.attrs:
            # two rows or items of one page's table or list, the later naming no time it holds from
            # ("From 8 Feb the set is $82"): two entries, not a change
            return None
        if not set(state.own[i]).intersection(state.own[j]):
            return None  # nothing changes said of it but a value: both lines must name the thing
        if open_value(old.words):  # "Roof repair: quote pending" … "Hollis quoted the roof repair at £2,400"
            return True if pair_change(old, new, old_slots, new_slots) else None
        return True if values_differ(old_slots, new_slots, TYPED_KINDS) else None
    if (
        gone
        and not names_any(old.words.lower(), gone)
        and (old.day or not told_after(new.words, gone, shared.intersection(state.own[i], state.own[j])))
    ):
        return None  # "switched the studio's file storage from Dropbox …": a fact naming Dropbox
    if label_measured(old, new, old_slots, new_slots, state.own[j]):
        return None  # "Fee: $70/session" … "sessions are Thursday mornings now": the fee is not the day
    differs = values_differ(old_slots, new_slots, changed_kinds(new, new_slots)) or swaps_values(
        old_slots, new_slots, new.words
    )
    if names_left(state.leaves.get(i), new.words.lower()):
        return None  # "we're dropping MongoDB" … "the old MongoDB VM gets switched off": what was left
    if not differs and keeps_values(old, new, old_slots, new_slots):
        # "Wifi password is on the fridge" … "changed the wifi password, new one on the fridge": more
        # of that line, its value kept, which supersedes nothing
        state.goes_on(i, j)
        return None
    if confirms(old, new, new_slots, old_slots):
        return None  # "Ana covers the inventory from June" … "From today Ana Kowalski owns it"
    if restates(old.words.lower(), new.words.lower()) and not values_differ(old_slots, new_slots, "tn"):
        # the older's own change wording again, no time or number changed ("Lukas's last day is next
        # Friday" … "Lukas's last day: card signed"): more of that change, which supersedes nothing
        state.goes_on(i, j)
        return None
    if refines(old, new, old_slots, new_slots):
        # a finer time for the older line's event ("in July" … "last day is Wednesday (30th)"): more
        # of that line, which supersedes nothing
        state.goes_on(i, j)
        return None
    return differs


#: The attributes whose value is a name (:func:`candidate`).
_NAMED = frozenset(("place", "owner", "choice"))


#: An act that begins a state ("joined the crew", "signed up with Octopus", "became treasurer"), and the
#: words after it that name what was begun.
_BEGUN = re.compile(
    r"\b(?:join(?:ed|s)?|signed up (?:for|with|to)|signed with|enrol+(?:ed|s)?(?: in| at| on)?"
    r"|bec(?:ame|omes?)|started (?:at|with|on|in))((?:\s+\S+){1,5})",
    re.I,
)
#: Words of a state that say only that one is in it ("now part of the crew", "now a member of it").
_MEMBERSHIP = frozenset(("part", "member", "members", "one", "officially", "proud", "full", "fully"))


#: A value said of one period, the one it was written in or the last ("this month", "today", "last
#: night"), not from it on ("from this month", "as of today").
_ONE_PERIOD = re.compile(
    r"\b(?:this|last) (?:week|month|morning|afternoon|evening|weekend|night|time|term|quarter)\b"
    r"|\b(?:today|tonight|yesterday)\b",
    re.I,
)
_FROM_ON = re.compile(r"\b(?:from|as of|since|starting|until|till|by)\s+$", re.I)


#: The kinds of value that measure an attribute: a time, an amount, a quantity.
_MEASURE_SLOTS = ("t:", "m:", "q:")
#: A day a change began or begins ("since Tuesday", "from 1 May", "as of next week", "from the spring").
_STARTS = re.compile(
    r"\b(?:since|from|as of|starting|effective)\s+(?:the\s+|this\s+|next\s+|last\s+)?"
    r"(?:\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
    r"|today|tomorrow|yesterday|week|month|term|year|spring|summer|autumn|winter)",
    re.I,
)


def label_measured(
    old: Fact, new: Fact, old_slots: set[str], new_slots: set[str], new_words: Sequence[str]
) -> bool:
    """Is ``old`` a label line measuring its label ("Fee: $70/session", "Deadline: 14 May") and ``new`` a
    line that names no word of that label and measures only in other kinds ("sessions are Thursday
    mornings now": a time, where the fee is an amount)? Then ``new`` changes another attribute of what both
    name. ``new_words``: the change line's own subject words."""
    keys = [v[2:] for v in old.values[0].split() if v.startswith("k:")] if old.values else []
    if _STARTS.search(new.words) is not None:
        return False  # its time may be when the change began ("on Apixaban since Tuesday"), no measure
    if not keys or any(w in new_words for k in keys for w in label_anchors(k) | subject_stems(k)):
        return False
    a = {s[0] for s in old_slots if s[:2] in _MEASURE_SLOTS}
    b = {s[0] for s in new_slots if s[:2] in _MEASURE_SLOTS}
    return bool(a) and bool(b) and a.isdisjoint(b)


def one_period(words: str) -> bool:
    """Does a line (with no word of change) say its value of one period only ("Groceries this month:
    £437", "Boiler at 0.8 bar this morning"), an instance rather than the standing value? Not where the
    line tells when its value holds from (:data:`_STARTS`: "the dues go to $30 a month from the spring",
    however it dates its telling: "agreed at yesterday's meeting")."""
    if _STARTS.search(words) is not None:
        return False
    return any(
        _FROM_ON.search(words, max(0, m.start() - 12), m.start()) is None for m in _ONE_PERIOD.finditer(words)
    )


def label_named(old: Fact, said: str) -> bool:
    """Does a later line (its :func:`~mdrecall.knowledge.fact_lines.line_subjects.said_stems`) name a label of
    more than one word of the free label line ``old``
    (:func:`~mdrecall.knowledge.fact_lines.line_subjects.labels_of`: "On-call lead: Davide Conti" … "Nnamdi
    takes over as on-call lead")? It then speaks of the thing that line states the value of. A label of one
    word is not enough ("Samples: 36" … "a sample board"): a common noun, named on lines about other
    things."""
    return any(f" {label.replace('-', ' ')} " in said for label in labels_of(old))


def began(older: str, new: Fact) -> bool:
    """Does the line ``older`` tell the act that began the state ``new`` says holds now (its ``status``
    words all on ``older``, one of them right after a beginning act: "I just joined a climbing club" …
    "I'm now part of the climbing club")? Then the newer confirms it and supersedes nothing."""
    if "status" not in new.attrs:
        return False
    words = set(new.values[new.attrs.index("status")].split()) - _MEMBERSHIP
    low = older.lower()
    if not words or not words <= set(low.split()):
        return False
    return any(words & set(m.group(1).split()) for m in _BEGUN.finditer(low))


def written_low(words: str, stems: set[str], first: bool = False) -> set[str]:
    """The stems of ``stems`` that ``words`` writes in lower case somewhere (or as its first word, with
    ``first``)."""
    out = set()
    for n, w in enumerate(words.split()):
        if w[:1].islower() or (first and n == 0):
            out |= subject_stems(w) & stems
    return out


def echo_allows(
    echo: frozenset[str], old_slots: set[str], new_slots: set[str], day: str | None = None
) -> bool:
    """May a line the attribute rule paired as the newer, with ``echo`` (:meth:`ChangeState.echoes`),
    supersede a line holding ``old_slots`` (written on ``day``): one of its values the newer moved, a value
    of a kind the attribute pairing left (``*t``) differing, or, where the newer moved a date, another date
    the newer does not hold on a line written after the line it superseded (a step of one chain: "follow-up
    for 8 April" … "slipping to 15 April" … "pushed again, now 22 April")?"""
    if not old_slots.isdisjoint(echo):
        return True
    spare = "".join(v[1] for v in echo if v[0] == "*")
    if spare and values_differ(old_slots, new_slots, spare):
        return True
    after = [v[len(MOVED_AFTER) :] for v in echo if v.startswith(MOVED_AFTER)]
    if not day or not after or day[:10] <= min(after):
        return False
    return any(_CALENDAR.match(v) for v in old_slots - new_slots)


#: A calendar date among a line's time slots (as :meth:`ChangeState.echoes` reads one).
_CALENDAR = re.compile(r"t:[a-z]{3}\d{1,2}$")


def leaves_named(old: Fact, new: Fact) -> bool:
    """Does the line ``new`` say a name ``old`` holds as a typed value can't go on (:func:`cannot_values`:
    "Venue: Impart, main stage" … "Impart can't give us the dates anymore")? Then the change is said of the
    older's value itself, however long the newer line is: the word sets' cosine floor does not apply."""
    gone = cannot_values(new.words.lower())
    if not gone:
        return False
    return any(v[:2] == "c:" and stem(v[2:]) in gone for v in value_slots(old))


def another_subject(state: ChangeState, i: int, j: int, shared: set[str]) -> bool:
    """Do the lines ``i`` and ``j`` name a shared word with different modifiers
    (:func:`~mdrecall.knowledge.fact_lines.phrase_modifiers.modified_stems`: "hockey training" … "netball
    training"), so that they are about two things? Not where the change line says a change by a word of
    change (its kind ``strong``) and the lines share more than that word: a rare word of both lines' own
    (not a page's title) that each writes in lower case, or opens with (a thing: "the Programat service", "our
    WIRES cases"), and rare words weighing :data:`MODIFIED_WEIGHTED` or more in all
    (:meth:`~mdrecall.knowledge.changes.change_state.ChangeState.weighted`), and neither says the word is for
    another group than the other's (:func:`~mdrecall.knowledge.fact_lines.phrase_modifiers.for_others`). Then
    the word modified otherwise
    is the value the change replaces ("Release site: the gully behind Mt Keira" … "a fox den in the Mt Keira
    gully, so the ringtails go to the Mt Kembla site instead"; "at Corrimal Vet Hospital" … "at Thirroul
    Animal Hospital"), or its modifier stood across a clause's end that the stored words no longer show
    ("Called Ivoclar: service booked" … "Lab: Ivoclar rang, service moved")."""
    old, new = state.fact(i), state.fact(j)
    moved = modified_stems(old.words, new.words, shared)
    if not moved:
        return False
    if state.kind[j] != "strong" or for_others(old.words, new.words, shared):
        return True  # (each for another group, "fee for students" … "fee for families from April": two facts)
    own = set(state.own[i]).intersection(state.own[j])
    kept = {w for w in (shared - moved) & own if state.df.get(w, 0) <= state.cap}
    if not written_low(new.words, kept, first=True) & written_low(old.words, kept, first=True):
        return True
    return state.weighted(i, j) < MODIFIED_WEIGHTED


#: The least weight of the rare words two lines share (:meth:`~mdrecall.knowledge.changes.change_state.
#: ChangeState.weighted`) for a change line to supersede a line naming a shared word with another modifier
#: (:func:`another_subject`). On the 21 tuned sets, 2.5 made 3 more pairs of lines no label pairs than 3.0
#: and no labelled pair more; 3.5 (without the kind test) 2 labelled pairs fewer.
MODIFIED_WEIGHTED = 3.0


def floor_waived(old: Fact, new: Fact) -> bool:
    """Is the word sets' cosine floor waived for the pair: the newer says a name the older holds can't go on
    (:func:`leaves_named`) or names the older's head (:func:`head_named`)?"""
    if leaves_named(old, new) or head_named(old, new):
        return True
    return same_thing_priced(old.words, new.words, value_slots(old), value_slots(new))


def head_named(old: Fact, new: Fact) -> bool:
    """Does the line ``new`` name the older line's head: the two words it opens with (past a list's
    number), neither a stop word, the first no given name, the second in lower case, one of them a subject
    word that ``new`` writes
    in lower case too (a thing, not a name nor a chat's speaker), written one after the other
    ("Weekly sync: Thursdays 14:00" … "Weekly sync is now Wednesdays at 10:00 (…)")? A line opens with
    what it is about; a later line naming that phrase is about the same thing, however long it is: the word
    sets' cosine floor does not apply."""
    head = old.words.split()
    while head and not head[0][:1].isalpha():
        head.pop(0)
    if len(head) < 2:
        return False
    if not head[1][:1].islower() or given_name(head[0]):
        return False  # a name or a speaker ("Caroline: Thanks, Mel!", "odile: thanks"), not a thing's phrase
    a, b = head[0].lower(), head[1]
    stems = subject_words(f"{a} {b}")
    if a in STOP_WORDS or b in STOP_WORDS or not stems or written_low(new.words, stems, first=True) != stems:
        return False  # (the newer writes the thing in lower case too: "the weekly sync", not a name)
    words = new.words.lower().split()
    return any(x == a and y == b for x, y in zip(words, words[1:], strict=False))


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
