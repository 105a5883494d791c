"""Tests that leave a date phrase out of the days a line may be about: a day moved from ("from Friday to
Monday"), a topic ("a meeting about Easter"), a condition ("if no better by Monday"), a counted span's start
("twice since March"), a week holding a later day, a day denied, a weekday's possessive, a day compared with
("like in 2019"), a year recounted ("told us about the flood in 1988"). Pure; used by
:mod:`mdrecall.knowledge.dates.line_day`."""

from __future__ import annotations

import re
from collections.abc import Sequence

from mdrecall.text.date_phrases.compared_dates import SAME_AS
from mdrecall.text.date_phrases.date_direction import paid_for
from mdrecall.text.date_phrases.note_dates import NoteDate
from mdrecall.text.instructions import base_verb
from mdrecall.text.past_verbs import past_verb

__all__ = [
    "NEGATED", "POSSESSIVE", "acted_on", "compared", "condition", "follow_up", "holds_later", "moved_from",
    "recounted", "span_start", "topic",
]  # fmt: skip

#: A digit: a phrase holding one names a day by its number ("29/3", "the 18th"), not by a name.
_DIGIT = re.compile(r"\d")
_WORD_AT = re.compile(r"[A-Za-z']+")

#: A possessive after a date phrase ("Sunday's outage", "last week's numbers"): an attribute of a noun.
POSSESSIVE = re.compile(r"['’]s\b")
_CLAUSE_END = re.compile(r"[.;:!?—]\s|,\s|\s[-–]\s")
_LOWER_WORD = re.compile(r"[a-z']+")
#: Prepositions before a day's possessive that make it when the act was or what it is for ("in Saturday's
#: storm", "back for Saturday's game"): no object of the act.
_WHEN_PREPS = frozenset({
    "in", "during", "at", "on", "after", "before", "since", "by", "until", "till", "from", "through", "over",
    "throughout", "amid", "despite", "for", "to", "into", "ahead", "about",
})  # fmt: skip


def acted_on(low: str, n: NoteDate) -> bool:
    """Whether a day's possessive ("last week's paper") is the object of a past act in its clause ("Ana
    did the whole of last week's paper", "fixed Friday's bug"): the thing of that day, acted on when the
    line was written; as the subject ("Saturday's game was a draw") it names that day's event."""
    if POSSESSIVE.match(low, n.end) is None:
        return False
    begin = max((m.end() for m in _CLAUSE_END.finditer(low, 0, n.start)), default=0)
    words = _LOWER_WORD.findall(low, begin, n.start)
    if words and words[-1] in _WHEN_PREPS:
        return False  # "the fence ripped in Saturday's storm", "back for Saturday's game"
    return any(past_verb(w, words[k - 1] if k else "") for k, w in enumerate(words))


#: A negation up to two words before a day, not a bound ("not shipping Friday", "won't be Monday"; not
#: "can't open until Monday", where the day is when it can).
NEGATED = re.compile(
    r"\b(?:not|no\s+longer|never|won['’]t|isn['’]t|aren['’]t)\s+(?:(?!until\b|till\b|before\b|by\b)[a-z']+\s+){0,2}"
    r"(?:on\s+)?$"
)


#: A word before a day that makes it the topic of the line ("a meeting about Easter", "call re next week").
_ABOUT = re.compile(r"\b(?:about|regarding|re|concerning)\s+$")


def topic(low: str, n: NoteDate) -> bool:
    """``n`` is what the line talks about ("family meeting about Easter", "emailed Jo regarding next
    week") or the period a payment covers ("paid the rent for March"), not the day it is about; a day with
    a number after "about" is a guess at a day ("about 20 March")."""
    if low.startswith("for ", n.start) and paid_for(low, n.start):
        return True
    return _ABOUT.search(low, max(0, n.start - 16), n.start) is not None and not _DIGIT.search(
        low, n.start, n.end
    )


#: "if" / "unless" opening a clause, and what follows it up to a day, in one sentence.
_IF_CLAUSE = re.compile(r"(?:[,;:(—]|\s[-–]|\band|\bbut)\s*(?:if|unless)\s+[^.!?]*$")


def condition(low: str, lead: int, n: NoteDate) -> bool:
    """``n`` lies in a condition that follows a clause of the line ("Rex is off his food; if no better by
    Monday, back to the vet"): a day something may happen, not the day the line reports. A line that
    opens with its condition ("If it rains Saturday, we move indoors") keeps the day."""
    m = _IF_CLAUSE.search(low, lead, n.start)
    return m is not None and len(_WORD_AT.findall(low, lead, m.start())) >= 2


def span_start(low: str, n: NoteDate) -> bool:
    """``n`` follows a count and "since": it names where a counted span began ("the third time since
    Christmas", "twice since March"), not the line's day ("down since yesterday" is about yesterday)."""
    return _COUNTED_SINCE.search(low, max(0, n.start - 40), n.start) is not None


_COUNTED_SINCE = re.compile(r"\b(?:times?|twice|once)\s+since\s+$")


def holds_later(n: NoteDate, later: Sequence[NoteDate]) -> bool:
    """``n`` spans days and a later phrase names one of them ("Next week: invites go out Tuesday")."""
    return len(n.days) > 1 and any(len(o.days) == 1 and o.days[0] in n.days for o in later)


def moved_from(low: str, n: NoteDate, found: Sequence[NoteDate]) -> bool:
    """``n`` is the day in "from <n> to <another>"."""
    return low[max(0, n.start - 16) : n.start].rstrip().endswith("from") and any(
        o.start > n.end and low[n.end : o.start].strip() == "to" for o in found
    )


#: A comparison's word and a preposition right before a day ("busier than in 2019", "a deadline back like in
#: 2019", "as on Friday"): the day compared with, a mention, not the day the line is about.
_COMPARED = re.compile(r"\b(?:like|unlike|than|as)\s+(?:back\s+)?(?:in|on|at|during)\s+$")


def compared(low: str, n: NoteDate) -> bool:
    """Whether ``n`` is a day the line compares with ("want it back like in 2019", "quieter than on
    Saturday"), not the day it is about."""
    near = max(0, n.start - 60)
    return _COMPARED.search(low, max(0, n.start - 24), n.start) is not None or (
        SAME_AS.search(low, near, n.start) is not None  # "same price list as 2026": what it is the same as
    )


#: A verb of telling or remembering, or a story's noun: what follows is what was told about.
_RECOUNT = re.compile(
    r"\b(?:told|tells|telling|remembered|remembers|recalled|recalls|recounted|reminisced|talked|spoke|"
    r"story|stories|memories)\b"
)
_SENTENCE_END = re.compile(r"[.;!?](?=\s)")


def recounted(low: str, n: NoteDate) -> bool:
    """Whether ``n`` is a whole year after a verb of telling or remembering in its sentence ("Doris told us
    about the fire in 1958", "remembered the first van in 2011"): the year of what was told, a mention; the
    telling is the day written (a year is no day a telling took)."""
    if len(n.days) < 365:
        return False
    near = max(0, n.start - 200)
    begin = max((m.end() for m in _SENTENCE_END.finditer(low, near, n.start)), default=near)
    return _RECOUNT.search(low, begin, n.start) is not None


#: A clause that names the next one of what the line reports ("another check on the 4th", "next session
#: on Thursday", "the next one due in March"): "next" or "another" and up to three words before the day.
_FOLLOW_UP = re.compile(r"(?:^|[,;.!?—]\s*|\s[-–]\s*)(?:the\s+)?(?:next|another)\s+(?:[\w'’-]+\s+){0,3}$")
#: The line's list marker.
_MARKER = re.compile(r"\s*(?:[-*+]|\d+[.)])?\s*")


def follow_up(low: str, n: NoteDate) -> bool:
    """Whether ``n`` is the day of the next one of what an earlier clause of the line reports ("Physio:
    knee better, next session on the 4th", "Boiler serviced, the next one due in March"): a mention, the
    report is of the day written. Not a line that only names the next one ("Next session on the 4th",
    "Physio: next session on the 4th"), nor the next step of an instruction ("weigh him weekly, next on
    the 16th")."""
    near = max(0, n.start - 60)
    m = _FOLLOW_UP.search(low, near, n.start)
    if m is None or "next" not in m.group(0) and "another" not in m.group(0):
        return False
    marker = _MARKER.match(low)
    before = low[marker.end() if marker else 0 : m.start()].rstrip(" :")
    if len(_LOWER_WORD.findall(before)) < 2 or before.endswith(":"):
        return False
    # (an instruction before it sets a plan whose next step is the line's: "weigh him weekly, next on the
    # 16th")
    first = _LOWER_WORD.findall(before.rsplit(":", 1)[-1])[:1]
    return not (first and base_verb(first[0]))
