"""Is a log's line about one occasion that was over when a later line was written (:func:`event_over`)?
Then the later line tells of another occasion, or of what followed, not a change of that one: "booked
Rolo in with the vet, Thu 18th 10:15" … a month on, "Vet yesterday (the month check): take him off the
kibble" (another visit, a change of what the older line never stated). And does a line cancel one occasion
(:func:`cancels_one`: "Outing cancelled Saturday: wind against tide"), which leaves a routine
(:func:`routine`: "Outings Tuesdays and Thursdays at 6:30") as it was? Pure."""

from __future__ import annotations

import functools
import re
from datetime import date, timedelta

from mdrecall.knowledge.fact_lines.facts import Fact
from mdrecall.knowledge.fact_lines.frequency import frequencies
from mdrecall.text.date_phrases.note_dates import note_dates

__all__ = [
    "WEEK",
    "as_usual",
    "cancels_one",
    "event_over",
    "held_as_booked",
    "occasion_end",
    "attendance",
    "one_off",
    "routine",
    "told_on",
]

#: How far ahead a weekday named alone may lie from the day it was written (the coming one, or a week on).
WEEK = timedelta(days=7)

#: Words before a day that make it a state's start or bound, not an occasion's day ("from today", "as of
#: 1 March", "until Friday", "by the 18th": a deadline).
_BOUND = re.compile(
    r"\b(?:from|as of|since|starting|starts|start|effective|until|till|til|by|before|after|through|due)\s+"
    r"(?:the\s+|this\s+|next\s+|on\s+)?$",
    re.I,
)
#: A routine, not one occasion ("every Thursday", "each week", "Thursdays", "weekends").
_ROUTINE = re.compile(
    r"\b(?:every|each|weekends|(?:mon|tues|wednes|thurs|fri|satur|sun)days)\b|\b(?:always|usually)\b", re.I
)


def event_over(old: Fact, new: Fact) -> bool:
    """Was the occasion a dated line ``old`` names over when the dated line ``new`` was written: ``old``
    names the day of one occasion on or after the day it was written ("Thu 18th 10:15", "tomorrow at
    9", "on 4 March"), no routine nor frequency, and every such day is before ``new``'s day?"""
    if not old.day or not new.day:
        return False
    end = occasion_end(old.words, old.day[:10])
    return end is not None and end < new.day[:10]


def held_as_booked(old: Fact, new: Fact, old_slots: set[str], new_slots: set[str]) -> bool:
    """Does the dated line ``new`` tell of the occasion the dated line ``old`` booked, on its day and at its
    hour ("vet for Rolo booked Mon 15/3 at 4:30" … on the 15th, "16:30 vet: bloods fine, new food from
    today")? Then it tells what happened there, not that the booking changed. An hour written without
    "am"/"pm" is either (4:30 is 16:30 too). ``old_slots``, ``new_slots``: their
    :func:`~mdrecall.knowledge.fact_lines.value_kinds.value_slots`."""
    if not old.day or not new.day:
        return False
    if occasion_end(old.words, old.day[:10]) != new.day[:10]:
        return False
    hours = {s[2:] for s in new_slots if s.startswith("t:") and ":" in s[2:]}
    return any(_either_half(s[2:]) & hours for s in old_slots if s.startswith("t:") and ":" in s[2:])


def _either_half(clock: str) -> set[str]:
    """A clock time ``H:MM`` and, for an hour before 12, the same in the afternoon."""
    hour, _, minute = clock.partition(":")
    if not hour.isdigit() or not minute.isdigit():
        return set()
    h = int(hour)
    return {clock, f"{h + 12}:{minute}"} if h < 12 else {clock}


def occasion_end(words: str, written: str) -> str | None:
    """The last day (ISO) of the occasion a line written on ``written`` names ahead of it, or on it (None:
    it names none, names a routine or a frequency, or a day as a state's start or bound)."""
    if _DAY_WORD.search(words) is None and _NUMBERED_DAY.search(words) is None:
        return None  # (most lines name no day: no date grammar read, nothing kept)
    return _occasion_end(words, written)


@functools.lru_cache(maxsize=1 << 12)
def _occasion_end(words: str, written: str) -> str | None:
    if _ROUTINE.search(words) is not None or frequencies(words):
        return None
    try:
        day = date.fromisoformat(written)
    except ValueError:
        return None
    found = note_dates(words, day)
    if not found:
        return None
    ends: list[date] = []
    for n in found:
        if _BOUND.search(words, max(0, n.start - 24), n.start) is not None:
            return None  # a state's start or a deadline: no occasion over on that day
        if not _one_day(words, n.start, n.end):
            return None  # a bare weekday may be a routine's ("bins go out Thursday")
        end = max(n.days)
        if _ONE_DAY.search(words, n.start, n.end) is None:
            end = max(end, day + WEEK)  # a weekday alone may be the coming week's ("Thursday", on a Thursday)
        ends.append(end)
    if min(ends) < day:
        return None  # a day before it was written named too ("moved from the 3rd"): not read here
    return max(ends).isoformat()


#: A day named by its number: "18th", "29/3", "2027-03-04".
_NUMBERED_DAY = re.compile(r"\b\d{1,2}(?:st|nd|rd|th)\b|\b\d{1,2}/\d{1,2}\b|\b\d{4}-\d\d-\d\d\b", re.I)
#: A day named by a word (a weekday, "tomorrow", "tonight", a month), read before the date grammar.
_DAY_WORD = re.compile(
    r"\b(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?\b|\b(?:tomorrow|tmrw|tonight|today)\b"
    r"|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b",
    re.I,
)


#: A day phrase that names one day: a number in it ("Thu 18th", "4 March", "29/3"), or a word of one
#: day ("tomorrow", "tonight", "today").
_ONE_DAY = re.compile(r"\d|\b(?:tomorrow|tmrw|tonight|today)\b", re.I)
#: Before a weekday: this one or the next ("this Friday", "next Tuesday").
_THIS = re.compile(r"\b(?:this|next|coming)\s+$", re.I)
#: After a day: a clock time ("Friday 10:15", "Friday at 9am"), an appointment's.
_CLOCK = re.compile(r"\s*(?:at\s+)?\d{1,2}(?:[:.h]\d\d|\s?[ap]\.?m\b)", re.I)


def _one_day(words: str, start: int, end: int) -> bool:
    """Is the day phrase ``words[start:end]`` one occasion's day, not maybe a routine's weekday?"""
    if _ONE_DAY.search(words, start, end) is not None:
        return True
    return _THIS.search(words, max(0, start - 10), start) is not None or _CLOCK.match(words, end) is not None


#: A cancellation ("cancelled", "called off", "off this week").
_CANCELLED = re.compile(r"\b(?:cancell?(?:ed|ing)|called off|rained off|postponed)\b", re.I)
#: One occasion named: a day of it ("Saturday", "this week", "today", "tomorrow", "on the 12th", "4/3").
_OCCASION = re.compile(
    r"\b(?:this|next) (?:week|weekend|time)\b|\b(?:today|tonight|tomorrow|tmrw)\b"
    r"|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b(?!s)|\b\d{1,2}(?:st|nd|rd|th)\b|\b\d{1,2}/\d{1,2}\b",
    re.I,
)
#: A cancellation for good, or from a day on, not of one occasion.
_FOR_GOOD = re.compile(
    r"\b(?:for good|from now|permanently|any ?more|no more|indefinitely|until further notice"
    r"|from (?:next|this)|going forward|for the (?:rest|season|year|term|summer|winter)|altogether)\b",
    re.I,
)


def cancels_one(words: str) -> bool:
    """Does a line cancel one occasion ("Outing cancelled Saturday: wind against tide", "Piano lesson
    cancelled this week, she's ill"), not the thing for good?"""
    if "ancel" not in words and "ANCEL" not in words and "off" not in words and "ostpone" not in words:
        return False  # (a substring test first: most lines cancel nothing)
    return (
        _CANCELLED.search(words) is not None
        and _OCCASION.search(words) is not None
        and _FOR_GOOD.search(words) is None
        and _ROUTINE.search(words) is None
    )


#: A change said of one occasion only ("one-off", "just this once", "this week only", "only this time").
_ONE_OFF = re.compile(
    # (not "no more one-off buys": a one-off denied is the standing way changed)
    r"(?<!no more )(?<!no )(?<!not )(?<!any more )\bone-off\b"
    r"|\b(?:just|only) (?:this|the) once\b|\bthis once\b"
    # (not "from next week only Tues and Thurs": the stored words keep no comma)
    r"|(?<!from )(?<!starting )(?<!as of )\b(?:this|next) (?:week|weekend|time|session|month)(?:'s)? only\b"
    r"|\bonly (?:this|next) (?:week|weekend|time|session|month)\b"
    r"|\bjust for (?:this|next) (?:week|weekend|one)\b",
    re.I,
)


@functools.lru_cache(maxsize=1 << 10)
def one_off(words: str) -> bool:
    """Does a line say its change holds for one occasion only ("Irish class Friday instead of Thursday,
    one-off", "standup at 11 this week only", "just this once")? It moves that occasion, no standing
    fact. Kept: asked of a change line for each of its candidates."""
    if "once" not in words and "nly" not in words and "one-off" not in words and "just" not in words:
        return False  # (a substring test first: most lines say none)
    return _ONE_OFF.search(words) is not None


def routine(words: str) -> bool:
    """Does a line state a routine ("Tuesdays and Thursdays at 6:30", "every other Monday", "weekly")?"""
    return _ROUTINE.search(words) is not None or bool(frequencies(words))


#: What happens each time ("as usual", "as always").
_USUAL = re.compile(r"\b(?:as usual|as always|as ever|like always|like every time)\b", re.I)


@functools.lru_cache(maxsize=1 << 10)
def as_usual(words: str) -> bool:
    """Does a line say what it tells happens each time ("flight home delayed 2h, TAP as usual")? It tells an
    occasion of the usual, no change of a line. Kept: asked of a change line for each of its candidates
    (its substring test passes on "over", "takes over")."""
    if "sual" not in words and "lways" not in words and "ver" not in words:
        return False  # (a substring test first)
    return _USUAL.search(words) is not None


#: A thing done, or a state begun, on a day the line names ("Service: done 23 March 2027", "kidney watch
#: since March 2027", "completed on 4 May 2027"): the words before the day phrase, or the phrase's first.
_DONE_ON = re.compile(
    r"\b(?:done|completed|finished|carried out|took place|happened|since)\s+(?:on\s+|in\s+|the\s+)?$", re.I
)
#: A word of :data:`_DONE_ON`, looked for first.
_DONE_HINT = re.compile(r"done|since|complet|finish|carried|took place|happened", re.I)
#: A year written out: an undated page's day phrase without one is not read (its year is unknown).
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
#: The most days such a phrase may span (a day, a week, a month; not a year: "since 2027" may be written
#: any day of it).
_DONE_SPAN = 31


def told_on(words: str) -> str | None:
    """The latest day (ISO) a line tells a thing done, or a state begun, on ("[x] Service: done 23 March
    2027" → 2027-03-23, "Kidney watch since March 2027" → 2027-03-31): a page holding it was written on
    or after that day. ``None`` when it tells none (a day phrase without its year is not read)."""
    if _DONE_HINT.search(words) is None:
        return None  # (one scan first: most lines tell no such day)
    low = words.lower()
    year = _YEAR.search(words)
    if year is None:
        return None
    last: date | None = None
    for n in note_dates(words, date(int(year.group()), 1, 1)):
        if _YEAR.search(words, n.start, n.end) is None or (max(n.days) - min(n.days)).days >= _DONE_SPAN:
            continue
        if _DONE_ON.search(words, max(0, n.start - 24), n.start) is None and not low.startswith(
            "since", n.start
        ):
            continue
        if last is None or max(n.days) > last:
            last = max(n.days)
    return last.isoformat() if last is not None else None


#: A meeting's record of who came ("Attendees: …", "Present: …", "Apologies: …"), on a line's words.
_ATTENDANCE = re.compile(r"^(?:attendees|attending|present|in attendance|apologies|absent)\b", re.I)
_ATTENDANCE_FIRST = frozenset("AaPpIi")


def attendance(words: str) -> bool:
    """Is a line a meeting's record of who came or sent apologies ("Present: Ken Matsuda (chair), Aileen
    MacNeil …")? It tells one occasion: a person later leaving a role changes no such line."""
    if words[:1] not in _ATTENDANCE_FIRST:
        return False  # (a test of the first letter first: asked of each candidate of a change line)
    return _ATTENDANCE.match(words) is not None


@functools.lru_cache(maxsize=1 << 10)
def for_good(words: str) -> bool:
    """Does a change line say it holds from now on, not for one occasion ("from next week", "from now on",
    "Thursdays 19:00 now": a routine)? Its older fact is a standing line more than a log's occasion. Kept:
    asked each time the change line's candidates are weighed anew."""
    return _FOR_GOOD.search(words) is not None or routine(words)
