"""Days a line names only to say which thing it means, or where a state still true today began: not the
line's own day. Pure.

A day gone by can modify a noun, after it ("the letter dated 1 May", "the results from 4/24, sent them
yesterday") or between a determiner and it ("the 6/15 backup"): the line is about what happens to the
thing, on the day written or on another day the line gives ("... dated 1 May arrived today"). A day after
"since" in the present perfect ("the build has been red since Saturday") starts a state that still holds
on the day written; so does a day's possessive or "from" when the clause says "still" ("last Tuesday's
form still not signed"). A day glued into a name ("app-2026-06-22.log", "dump_2026-06-12") names a
file. A bare "down since yesterday" keeps yesterday (docs/entities.md, round 7).
Used by :func:`mdrecall.knowledge.dates.line_day.line_day`.
"""

from __future__ import annotations

import re
from datetime import date

from mdrecall.text.date_phrases.note_dates import NoteDate
from mdrecall.text.instructions import base_verb
from mdrecall.text.past_verbs import past_verb

__all__ = ["modifier_day", "state_since"]

#: "dated" right before a day: a document's date, naming the document.
_DATED = re.compile(r"\bdated\s+(?:the\s+)?$")
#: A word and "from" right before a day ("results from 4/24"), or before another day and "and" or "or"
#: ("exams from 2023-01-12 and 2024-01-10").
_FROM = re.compile(r"\b([a-z][a-z'-]*)\s+from\s+(?:the\s+)?(?:[\w/.-]+\s+(?:and|or|&)\s+(?:the\s+)?)?$")
#: Words before "from" that make the day a start or a place left, not a noun's day: states, particles.
_NOT_NOUN = frozenset({
    "off", "away", "out", "back", "home", "on", "over", "up", "down", "in", "open", "closed", "shut", "free",
    "available", "sick", "ill", "unwell", "absent", "leave", "apart", "here", "there", "is", "are", "was",
    "were", "be", "been", "it", "them", "him", "her", "us", "me", "you", "we", "they", "date", "dates",
    "day", "days", "week", "weeks", "month", "months", "year", "years", "time", "times", "valid", "live",
    "running", "effective", "starting", "onwards", "hours", "prices", "rates", "rate", "price",
})  # fmt: skip
#: A determiner right before a numbered day, and a noun after it ("the 6/15 backup", "our 3 May invoice").
_DETERMINER = re.compile(r"\b(?:the|this|that|our|my|your|his|her|their|its)\s+$")
_NOUN_AFTER = re.compile(r"\s+([a-z][a-z-]{2,})\b")
#: Words after a numbered day that are no noun it modifies.
_NOT_AFTER = frozenset({
    "and", "or", "but", "for", "with", "from", "into", "onto", "the", "was", "were", "are", "has", "had",
    "have", "will", "would", "can", "could", "should", "not", "then", "too", "also", "only", "instead",
    "again", "already", "still", "now", "till", "until", "through", "before", "after", "onwards", "latest",
    "earliest", "at", "off", "about", "around", "deadline", "due", "what", "which", "when", "that", "who",
    "this", "next", "last", "via", "version", "release",
})  # fmt: skip
_DIGIT = re.compile(r"\d")
#: The present perfect, or "still", before "since" in a day's clause: a state that holds on the day written.
_PERFECT_SINCE = re.compile(
    r"\b(?:has|have|hasn't|haven't|'ve|been|still)\b[^.;:!?,()]*\bsince\s+(?:the\s+|last\s+)?$"
)
#: "still" (or "not yet") after a day in its clause: the state holds on the day written ("... from
#: Wednesday still not uploaded", "Tuesday's form still not signed").
_STILL_AFTER = re.compile(r"[^.;:!?,()]*\b(?:still|not\s+yet)\b")
#: A copula and up to three words before "from" and the day: a role or a state that starts then.
_COPULA = re.compile(r"\b(?:is|are|am|was|were|be|becomes?|'s|'re)\s+(?:[\w'-]+\s+){0,3}from\s+[^.;:!?,()]*$")
#: A word glued to a day by "_" ("dump_2026-06-12"), or a file's extension right after it
#: ("app-2026-06-22.log", "03-14.csv"): the day is part of a name ("mid-2026", "Mon-Fri" are not).
_GLUED_BEFORE = re.compile(r"[a-z0-9]_$")
_EXTENSION = re.compile(r"\.[a-z][a-z0-9]{1,4}\b")
_POSSESSIVE = re.compile(r"['’]s\b")
_CLAUSE_BEFORE = re.compile(r"[.;:!?,()]")


def _gone(n: NoteDate, written: date | None) -> bool:
    """Whether ``n`` lies on or before the day written (any day when there is none)."""
    return written is None or n.days[-1] <= written


def _noun_from(low: str, n: NoteDate) -> bool:
    """``n`` follows a noun and "from" ("results from 4/24"), not a verb, a state or a particle."""
    m = _FROM.search(low, max(0, n.start - 40), n.start)
    if m is None:
        return False
    word = m.group(1)
    before = low[max(0, m.start(1) - 24) : m.start(1)].split()
    prev = before[-1] if before else ""
    verbal = word.endswith("ing") or past_verb(word, prev) or base_verb(word) or word in _NOT_NOUN
    return not verbal and not (word.endswith("s") and base_verb(word[:-1]) and prev in _SUBJECTS)


#: Subjects before a verb in -s ("she moves from Monday"): the word is a verb, not a plural noun.
_SUBJECTS = frozenset({"he", "she", "it", "they", "we", "who", "i", "you"})


def state_since(low: str, n: NoteDate) -> bool:
    """Whether the day ``n`` starts a state still true, after "since" in the present perfect or beside
    "still" ("has sent us work since 2017"): on a page with no day written, the only time the line has."""
    return _PERFECT_SINCE.search(low, max(0, n.start - 60), n.start) is not None


def modifier_day(low: str, n: NoteDate, written: date | None, others: bool = False) -> bool:
    """Whether the day ``n`` in the lower-case line ``low`` only names a thing or a state's start
    (module docstring), not the line's own day; ``written``: the day the line was written, if known.
    Only days on or before it are read so: a day ahead after "from" is when a change takes effect.
    ``others``: the line names another day. A noun's "from" day alone is the thing's day ("the prototype
    from last Friday is good"); it names the thing only beside "still", another day, or on a page with no
    day written; never after "is" ("she is librarian from today": a start)."""
    if _PERFECT_SINCE.search(low, max(0, n.start - 60), n.start):
        return True
    if _GLUED_BEFORE.search(low, max(0, n.start - 2), n.start) or _EXTENSION.match(low, n.end):
        return True  # "oldest file is app-2026-06-22.log": a file's or an identifier's name
    if others and _thing_given_a_day(low, n):
        return True  # "the cut-off for the 20/3 vessel is Tue 17/3": the vessel's day names it
    if not _gone(n, written):
        return False
    if _DATED.search(low, max(0, n.start - 12), n.start):
        return True
    still = _STILL_AFTER.match(low, n.end, n.end + 60) is not None
    if _POSSESSIVE.match(low, n.end) and still:
        return True
    if (
        _noun_from(low, n)
        and (still or others or written is None)
        and not _COPULA.search(low, max(0, n.start - 80), n.start)
    ):
        return True
    numbered = _DIGIT.search(low, n.start, n.end) is not None
    if numbered and _DETERMINER.search(low, max(0, n.start - 8), n.start):
        m = _NOUN_AFTER.match(low, n.end)
        return m is not None and m.group(1) not in _NOT_AFTER and not past_verb(m.group(1))
    return False


#: After a numbered day's noun, a verb of being ending its clause's subject: the line gives the thing's
#: own day next ("the 20/3 vessel is Tue 17/3", "for the 5/6 shipment are 2/6").
_STATED_AFTER = re.compile(r"(?:\s+[a-z][\w-]*){0,2}\s+(?:is|are|will\s+be)\s+\S")


def _thing_given_a_day(low: str, n: NoteDate) -> bool:
    """A numbered day between a determiner and a noun ("the 20/3 vessel") whose clause then states a day
    with "is": the day only says which thing is meant, whether it is gone or ahead."""
    if _DIGIT.search(low, n.start, n.end) is None or not _DETERMINER.search(
        low, max(0, n.start - 8), n.start
    ):
        return False
    m = _NOUN_AFTER.match(low, n.end)
    if m is None or m.group(1) in _NOT_AFTER or past_verb(m.group(1)):
        return False
    return _STATED_AFTER.match(low, m.end()) is not None
