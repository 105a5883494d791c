"""Valid time: which day a line of Markdown is about. Pure functions.

A line's day is, in order of preference: an explicit date in the line itself (``2026-03-04``,
"on March 4"), a relative one resolved against the file's date ("last Friday", "yesterday"), the date
of the nearest heading above it that names one (``## 2026-03-04``), then the file's own date (daily
logs ``memory/YYYY-MM-DD.md``). Lines with none of these have no valid time.

A page with no date of its own (``projects/``, ``people/``) still has a time its phrases are read from
("out 14 April", "left in February"): the last full date above the line, else the page's first full date
(a dated heading, front matter, an ISO date in a line), else the ``reference`` its caller passes
(:func:`page_reference`: the workspace's newest daily-log date, else the file's modification day).

The user's ``--as-of DATE`` and ``--during FROM..TO`` arguments are :mod:`mdrecall.knowledge.time_args`'s.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import date, datetime
from functools import lru_cache

from mdrecall.text.chunking import heading_paths
from mdrecall.text.date_direction import RESCHEDULED, SAME_FORMS, past_verb, wished
from mdrecall.text.date_grammar import DAY_TYPO, WEEKDAY_TYPO, day_typo, weekday_typo
from mdrecall.text.dates import MONTH_HINTS
from mdrecall.text.dotted_dates import dotted_habit
from mdrecall.text.holidays import HOLIDAY_HINTS, holiday_pattern
from mdrecall.text.note_dates import NoteDate, note_dates
from mdrecall.text.numeric_dates import numeric_order

__all__ = [
    "LineDays",
    "chunk_dates",
    "page_reference",
    "line_dates",
    "line_day",
]

#: (the look-behind follows the first digit so that a search skips ahead to digits: several times faster)
_ISO = re.compile(r"(\d)(?<![\d-]\d)(\d{3})-(\d{2})-(\d{2})(?![\d-])")
_HEADING = re.compile(r"^ {0,3}#{1,6}\s")
#: Substrings of which a line must hold one to be worth reading for dates (a substring test is many times
#: cheaper than the grammar); months are looked for by their first three letters, "day" by :data:`_DAY_HINT`.
_HINT_WORDS = ("night", "tomorrow", "week", "month", "/", "fortnight")
#: Where "day" is a date word: a weekday, today, yesterday, "N days ago", "in N days", a holiday's name
#: ("Boxing Day"). A title or a name ("Perfect Days 12") is not, so a page of such lines skips the grammar.
_DAY_HINT = re.compile(
    r"(?:mon|tues|wednes|thurs|fri|satur|sun|to|yester)day|\bdays?\s+(?:ago|from)\b"
    r"|\b(?:in|within)\s+(?:\S+\s+){0,2}days?\b|\b(?:" + holiday_pattern() + ")"
)
#: "the end of the quarter", "the start of next year" (the grammar reads no other "quarter" or "year").
_PART_HINTS = ("end of", "start of", "beginning of", "middle of")
#: A weekday's capitalised abbreviation ("due Fri"): the grammar reads them in some places.
_WEEKDAY_ABBR = re.compile(r"Mon|Tue|Wed|Thu|Fri|Sat|Sun")
#: A month's name as a whole word: the grammar reads no other, so "summary", "decided", "doctor" or
#: "marathon" alone need no grammar.
_MONTH_WORD = re.compile(
    r"(?<![a-z0-9_])(?:january|february|march|april|may|june|july|august|september|october|november"
    r"|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)(?![a-z0-9_])"
)
#: Besides month names, what the grammar reads that no hint word covers: an ISO date (its test is wider
#: than ``_ISO``) and "this morning/afternoon/evening".
_OTHER_PHRASE = re.compile(r"\d{4}-\d{2}-\d{2}|this\s+(?:morning|afternoon|evening)")
#: What the grammar reads with neither a hint word nor a month: "the 18th", "Q3", "12.06.2025", "2025-03".
_DIGIT = re.compile(r"\d")
#: A dotted number ("14.3", "14. 3."): maybe a date, read on a page that writes dotted dates.
_DOTTED = re.compile(r"\d\.\s?\d")
_NUMBER_PHRASE = re.compile(
    r"\bthe\s+\d|\b(?:q[1-4]|h[12])\b|\b[kc]w\s?\d|\bw(?:k\.?\s?)?\d"
    r"|\d(?:\.\s?\d{1,2}(?!\d)|\d{3}-(?:\d{1,2}-|\d{2}|w\d)|-\d{1,2}-\d{4}|(?:st|nd|rd|th)\b)"
    # a Roman month ("14.III.2027"), a dashed day after a word asking for one ("on 14-03")
    r"|\d(?:\.\s?|\s)(?-i:[IVX])|\b(?:on|by|until|till|due|am|bis|ab|den|starting)\s\d{1,2}-\d",
    re.IGNORECASE,
)
#: Abbreviations the grammar reads: "EOD", "eow", "COB", "tmrw", "this AM".
_ABBR_HINT = re.compile(r"(?:eo[dwmy]|cob|tmrw?|tmrow|this\s+[ap]m)\b")
#: Past verbs that are no act done on the day a line was written: plans, and verbs that move a date.
_NOT_DONE = {"needed", "planned", "scheduled", "booked", "expected", "supposed"} | RESCHEDULED
_SENTENCE_END = re.compile(r"[.;!?](?=\s|$)")
_FULL_STOP = re.compile(r"[.!?](?=\s|$)")
#: A sentence's end after a lower-case word ("not a tear."; not an initial, "Jonas L.", nor a title's
#: last word, "by Paul Murray.").
_REPORT_END = re.compile(r"(?<![A-Za-z])[a-z]{2,}[.!?](?=\s|$)")
_WORD_AT = re.compile(r"[A-Za-z']+")
_CLAUSE_BREAK = re.compile(r"[,:()—]|\s[-–]\s|\b(?:and|but|so)\b")
#: A present state reported in a sentence of its own ("Biscuit has a sprain."), not a plan ("is retiring").
_STATE = re.compile(r"\b(?:is|are|am|has|have)\b(?!\s+(?:to\b|going\b|\w+ing\b))")
#: Words that make a clause a plan: a modal or future, "due", or a verb in -ing ("arriving in 10 days").
_PLAN = re.compile(
    r"\b(?:will|'ll|shall|can|can't|cannot|could|should|would|won't|must|going|due|\w{3,}ing)\b"
)
#: A modal, a future or a word of time to come: a plan even in a sentence that names no day ("is retiring
#: soon"); a verb in -ing without one is what is happening ("he's sulking under the bed").
_MODAL = re.compile(
    r"\b(?:will|'ll|shall|can|can't|cannot|could|should|would|won't|must|going|due|soon|shortly|later|next)\b"
)
#: A plan, or a statement of what a day is ("go-live is Monday"), unlike a bare "decision in March".
_PLAN_OR_STATE = re.compile(_PLAN.pattern + r"|\b(?:is|are|booked|scheduled|planned)\b")
#: "to" before a verb: the day after it belongs to that plan ("asked me to read it by Friday"); read on the
#: line as written, since a verb is in lower case ("files to Adyen late" names a place, no plan).
_INFINITIVE = re.compile(
    r"\b[Tt]o\s+(?!(?:the|a|an|my|our|your|his|her|their|its|this|that|me|us|him|them)\b)[a-z]"
)
#: Words between a past verb and a day that keep the day the verb's own ("cancelled this Sat", "pencilled
#: in for 20 March", "drafted by mid-January", "switched off after 30/6").
_PARTICLES = {
    "in", "for", "by", "on", "off", "to", "until", "till", "up", "out", "back", "from", "at", "this", "next",
    "the", "of", "after", "before",
}  # fmt: skip


#: A year written in a line ("2027", "Mar '27"): without one, a line read with no day of writing names no
#: day (:func:`~mdrecall.text.note_dates.note_dates` reads only dates that carry their year then).
_YEARISH = re.compile(r"\d{4}|['’]\d\d\b")


#: What every word :data:`~mdrecall.text.date_grammar.DAY_TYPO` reads opens with, on an ASCII line's lower
#: case (without its word boundary: a scan in C many times quicker than the expression's).
_TYPO_HINT = re.compile(r"to?[md]|ye?s")


def _hinted(text: str) -> bool:
    """Whether ``text`` may hold a date phrase (a cheap test before the grammar)."""
    low = text.lower()
    if any(w in low for w in _HINT_WORDS) or any(w in low for w in _PART_HINTS):
        return True
    if ("day" in low or any(h in low for h in HOLIDAY_HINTS)) and _DAY_HINT.search(low) is not None:
        return True
    if _DIGIT.search(text) is not None and _NUMBER_PHRASE.search(text) is not None:
        return True
    # A month's letters inside a word ("summary") are no date; outside ASCII (where case folding and word
    # characters are wider) keep the plain substring test.
    if any(w in low for w in MONTH_HINTS) and (
        not text.isascii() or _MONTH_WORD.search(low) is not None or _OTHER_PHRASE.search(low) is not None
    ):
        return True
    if _WEEKDAY_ABBR.search(text) is not None:
        return True
    if _ABBR_HINT.search(low) is not None:
        return True
    if "day" in low and any(weekday_typo(m.group(0)) for m in WEEKDAY_TYPO.finditer(low)):
        return True  # "thrusday"
    if text.isascii() and _TYPO_HINT.search(low) is None:
        return False  # no word a misspelt day may be
    return any(day_typo(m.group(0)) is not None for m in DAY_TYPO.finditer(text))  # "tommorow"


def _iso_dates(text: str) -> list[date]:
    if "-" not in text:
        return []
    out = []
    for m in _ISO.finditer(text):
        try:
            out.append(date(int(m.group(1) + m.group(2)), int(m.group(3)), int(m.group(4))))
        except ValueError:
            continue
    return out


def line_day(line: str, found: Sequence[NoteDate], written: date | None = None) -> date | None:
    """The day a line is about, from the date phrases ``found`` in it (:mod:`~mdrecall.text.note_dates`).

    The first of them, unless it lies after ``written`` and is said beside an act the line reports done
    (:func:`_beside_act`): then the next one, else ``None`` (the written day). So "Fixed the retry bug;
    retest on 3/12" and "Ordered the plates, they arrive in 10 days" are about the day written, "The sale
    raised £412. Banked it on 2 March" about 2 March, "Bo asked me to review it by Friday" and "the launch
    slipped to July" about the later day. In "moved from Friday to next Thursday" the day moved from is not
    the line's.
    """
    if not found:
        return None
    low = line.lower()
    kept = [n for n in found if not _moved_from(low, n, found)] or list(found)
    kept = [n for n in kept if not _span_start(low, n)]  # "third time since Christmas": the day written
    kept = [n for i, n in enumerate(kept) if not _holds_later(n, kept[i + 1 :])]
    kept = [n for n in kept if not _names_meeting(low, n)]  # "the Q2 planning on 4/3"
    kept = [n for n in kept if not _topic(low, n)]  # "a chat about Easter": what was talked of
    lead = _lead(low)
    kept = [n for n in kept if not _condition(low, lead, n)]  # "...; if no better by Monday, vet"
    kept = _acted_first(line, low, lead, kept)
    kept = _occasion_last(low, kept)
    for n in kept:
        past = written is not None and n.days[0] <= written
        timed = _TIME_AFTER.match(low, n.end) is not None
        if n.start >= lead and _said_now(low, lead, n.start):
            return None
        if n.start >= lead and not timed and _after_report(line, low, lead, n.start):
            return None
        if n.start < lead and not _DIGIT.search(low, n.start, n.end):
            timed_later = [o for o in kept if o.start >= lead and _TIME_AFTER.match(low, o.end)]
            if timed_later:  # "Easter: train on 29/3 at 7:14": the label names the topic, the time the day
                return timed_later[0].days[0]
        spans = len(n.days) > 1 and _DIGIT.search(low, n.start, n.end) is not None
        if past or n.start < lead or spans or not _beside_act(line, low, lead, n.start):
            return n.days[0]
    return None


#: A quarter or half named as the attribute of a meeting ("the Q2 planning", "Q3 OKR check-in"): the
#: meeting is held on a day of its own (another phrase, else the day written), the quarter is a mention.
_PERIOD_NAME = re.compile(r"[qh][1-4]")
_MEETING_AFTER = re.compile(
    r"\s+(?:[\w-]+\s+)?(?:plann?ing|kick-?off|reviews?|retros?|retrospectives?|off-?sites?|check-?ins?"
    r"|meetings?|syncs?|all-hands|workshops?|summits?|parties|party|kick-?offs?)\b"
)
#: A time of day after a day ("Wednesday 17:45", "on 29/3 at 7:14", "Fri 9am"): an appointment, the day
#: the line is about even after a sentence reporting the day written.


def _names_meeting(low: str, n: NoteDate) -> bool:
    """``n`` is a quarter or half named as a meeting's attribute (:data:`_MEETING_AFTER`)."""
    period = _PERIOD_NAME.fullmatch(low, n.start, n.end) is not None
    return period and _MEETING_AFTER.match(low, n.end) is not None


_TIME_AFTER = re.compile(r"\s*(?:at\s+|@\s*|,\s*)?(?:\d{1,2}[:.]\d\d(?:\s*[ap]m)?|\d{1,2}\s*[ap]m)\b")
#: "now" in an earlier sentence or clause ("X is our PM now; Y left last Friday"): the line reports the
#: day written (not "from now", "by now", "until now").
_NOW = re.compile(r"(?<!from )(?<!by )(?<!until )(?<!till )\bnow\b")
_CLAUSE_END = re.compile(r"[.;!?](?=\s|$)|\s\(")


def _said_now(low: str, lead: int, at: int) -> bool:
    """Whether a sentence or clause (ended by a full stop or a semicolon, or followed by an aside in
    brackets: "now with Bo (Al left Friday)") before ``at`` says "now"."""
    stop = max((m.start() for m in _CLAUSE_END.finditer(low, lead, at)), default=lead)
    return stop > lead and _NOW.search(low, lead, stop) is not None


#: Words right before a day that make it a bound or a deadline ("due 28/2", "by Friday").
_BOUND_BEFORE = re.compile(r"\b(?:due|by|until|till|before|deadline)\s*:?\s*$")
#: A past verb right before a day, maybe with "on"/"at"/"in" ("sent 19/2", "paid on 3 March").
_ACT_BEFORE = re.compile(r"\b([a-z]+)\s+([a-z]+)\s+(?:(?:on|at|in)\s+)?$|\b([a-z]+)\s+(?:(?:on|at|in)\s+)?$")


def _acted_first(line: str, low: str, lead: int, kept: list[NoteDate]) -> list[NoteDate]:
    """``kept`` with the first day said right after an act done ("due 28/2, sent 19/2") put first when the
    line's first day is a bound or a deadline: the line reports the act."""
    if len(kept) < 2 or _BOUND_BEFORE.search(low, max(0, kept[0].start - 16), kept[0].start) is None:
        return kept
    for n in kept[1:]:
        m = _ACT_BEFORE.search(low, max(lead, n.start - 32), n.start)
        if m is None:
            continue
        word, prev = (m.group(2), m.group(1)) if m.group(2) else (m.group(3), "")
        if word not in _NOT_DONE and past_verb(word, prev):
            return [n, *(o for o in kept if o is not n)]
    return kept


#: "for" right before a day: the occasion a plan is for ("in Lisbon for Christmas"); "on" before a
#: numbered day: when a step of it happens ("flights on Dec 22").
_FOR_BEFORE = re.compile(r"\bfor\s+(?:the\s+)?$")
_ON_BEFORE = re.compile(r"\bon\s+(?:the\s+)?$")


def _occasion_last(low: str, kept: list[NoteDate]) -> list[NoteDate]:
    """``kept`` with a numbered day said with "on" put first when the line's first day is the occasion
    of a plan, a day with no number after "for" ("to Lisbon for Christmas, flights on Dec 22"): the
    line is about the day things happen."""
    if len(kept) < 2 or _FOR_BEFORE.search(low, max(0, kept[0].start - 12), kept[0].start) is None:
        return kept
    if _DIGIT.search(low, kept[0].start, kept[0].end):
        return kept
    for n in kept[1:]:
        if _DIGIT.search(low, n.start, n.end) and _ON_BEFORE.search(low, max(0, n.start - 8), n.start):
            return [n, *(o for o in kept if o is not n)]
    return kept


def _after_report(line: str, low: str, lead: int, at: int) -> bool:
    """Whether the line opens with a sentence of its own, before the one naming a day at ``at``, that
    reports the day written without a verb of the past or a plan (a verb in -ing there is a state: "he's
    sulking under the bed. Antibiotics tomorrow") ("Back from the break. Christmas at
    Theo's was lovely", "Vet with Pickle: arthritis, not a tear. Recheck on 2 Feb"): the line is that
    day's. ("The sale raised £412. Banked it on 2 March" reports an act: its day is 2 March.)"""
    first = _REPORT_END.search(line, lead, at)
    if first is None or len(_WORD_AT.findall(line, lead, first.end())) < 3:
        return False
    stop = first.end()
    return (
        not _acts(line, lead, stop)
        and not _MODAL.search(low, lead, stop)
        and not _INFINITIVE.search(line, lead, stop)
    )


def _beside_act(line: str, low: str, lead: int, at: int) -> bool:
    """Whether a later day named at ``line[at:]`` is said beside an act done on the day written: an earlier
    sentence reports an act or a state ("Biscuit has a sprain. Recheck in two weeks"); an earlier clause of
    its sentence reports an act and its own clause is a plan ("Ordered it, they'll deliver on the 9th",
    "...overran, so they can't start till the 25th"); or an act earlier in its clause is not tied to it
    ("we picked the book for December", but not "report drafted by mid-January", "training cancelled this
    Sat", "asked me to read it by Friday")."""
    if _RESCHEDULE.search(low, lead, at):
        return False  # "4.2 slipped a week: ... New ship date is the 21st": the line gives the new day
    sentence = max((m.end() for m in _SENTENCE_END.finditer(low, lead, at)), default=lead)
    if sentence > lead and _acts(line, lead, sentence):
        return True
    # a state only across a full stop: after a semicolon it is the reason for the plan ("X has a cold;
    # skipping piano tomorrow")
    full = max((m.end() for m in _FULL_STOP.finditer(low, lead, at)), default=lead)
    if full > lead and _STATE.search(low, lead, full):
        return True
    clause = max((m.end() for m in _CLAUSE_BREAK.finditer(low, sentence, at)), default=sentence)
    if clause > sentence and _TAKES_EFFECT.fullmatch(low, clause, at):
        return False  # "hired Emre for Saturdays, starting 6/3": the day the act takes effect
    if clause > sentence and _acts(line, sentence, clause) and _PLAN_OR_STATE.search(low, clause, at):
        return True  # "Ordered it, they'll deliver on the 9th", "contract signed, go-live is the 15th"
    acts = _acts(line, clause, at)
    if not acts:
        return False
    between = [w.lower() for w in _WORD_AT.findall(line, acts[-1], at)[1:]]
    if all(w in _PARTICLES for w in between):
        return False
    if _REPORTED.match(low, acts[-1]):
        return True  # "Maria told me she's leaving at the end of February": the news is told that day
    if _SAID_DO.match(low, acts[-1]):
        return False  # "we said pick by the 20th": a task set, whose day is the line's (as "to pick by")
    return _PLAN.search(low, acts[-1], at) is None and _INFINITIVE.search(line, acts[-1], at) is None


#: A date moved, as the line's act: a verb that moves a date with where or how far it went ("got pushed to
#: Tuesday", "slipped a week", "pushed back to 8/5"), or one that can only move a date ("postponed"); not
#: after a determiner ("the delayed train"). The day the line names is the new one, not a plan beside it.
_RESCHEDULE = re.compile(
    r"(?<!\bthe )(?<!\ba )(?:\b(?:postponed|rescheduled|deferred)\b|\b(?:moved|pushed|delayed|slipped|shifted"
    r"|bumped|extended|changed)\s+(?:back\s+|out\s+|again\s+)?(?:to|until|till|by|a|an|one|two|three|\d+)\s)"
)
#: A verb of telling, then a clause with its own subject and verb ("told me she's leaving", "said they'll
#: ..."): what the line reports is the telling; a day in the clause told is a mention.
_REPORTED = re.compile(
    r"(?:told|said|mentioned|announced|confirmed|wrote|texted|emailed|messaged|heard|warned|explained"
    r"|admitted|revealed|informed)\s+(?:\w+\s+){0,2}?(?:that\s+)?(?:she|he|they|we|i|it|you)"
    r"(?:'s|'re|'ll|'d|'ve|\s+(?:is|are|was|were|will|would|has|have|had|can|could)\b)"
)


#: "said" and a verb in the base form, no subject: a task set in reported speech ("we said pick by the 20th",
#: "she said send it Friday"); the day belongs to the task, as after "to".
_SAID_DO = re.compile(
    r"said\s+(?!(?:that|it|he|she|they|we|i|you|me|us|him|them|the|a|an|this|these|those|his|her|our|their"
    r"|my|your|its|so|yes|no|ok|okay|maybe|not|nothing|something|hi|hello|thanks|goodbye|sorry|again|today"
    r"|yesterday|tomorrow|on|at|in|by|for|to|from|with|about|last|next|this)\b)[a-z]+\s"
)


#: A clause that is only the day an act takes effect ("..., starting 6/3", "..., effective Monday").
_TAKES_EFFECT = re.compile(r"\s*(?:starting|beginning|effective|as\s+of)(?:\s+(?:on|from))?\s+")


def _lead(low: str) -> int:
    """Where a line's text starts after its list marker and a label ("- Owner: ", "Dr. "); a "label" of
    several words that ends in a past verb is a clause ("Ben rang: ...")."""
    m = _LEAD.match(low)
    if m is None:
        return 0
    label = m.group("label")
    if label:
        words = label.split()
        if len(words) > 1 and past_verb(words[-1], words[-2]) and words[-1] not in _NOT_DONE:
            return m.start("label")
    return m.end()


_LEAD = re.compile(
    r"\s*(?:[-*+]\s+(?:\[.\]\s+)?|\d+[.)]\s+)?(?:(?P<label>[\w ]{1,20}):\s+)?(?:\w{1,3}\.\s+)?"
)


def _acts(line: str, start: int, stop: int) -> list[int]:
    """Where ``line[start:stop]`` reports an act done: the offsets of its past verbs (not a capitalised
    word inside a sentence, a title such as "The Dispossessed"; not a plan such as "booked")."""
    out = []
    prev = ""
    named = False  # the word before is a name: a subject in the third person ("Leon Vogel quit")
    modifier = False  # that name follows a determiner ("the HERE cost numbers"): maybe part of a noun
    sentence_start = True
    seen: list[str] = []
    for m in _WORD_AT.finditer(line, start, stop):
        word = m.group(0)
        low = word.lower()
        title = word[0].isupper() and not sentence_start
        subject = "he" if named and low in SAME_FORMS and not _modifies(line, m.end(), modifier) else prev
        if sentence_start:
            seen.clear()  # "I need it. Painted the fence": a wish does not cross a full stop
        seen.append(low)
        if not title and low not in _NOT_DONE and past_verb(low, subject) and not wished(seen, len(seen) - 1):
            out.append(m.start())
        modifier = title and (prev in _DETERMINERS or (named and modifier))
        prev = low
        named = title
        sentence_start = _SENTENCE_END.match(line, m.end()) is not None or line.startswith(":", m.end())
    return out


_DETERMINERS = {"the", "a", "an", "our", "my", "your", "their", "his", "her", "its", "this", "that"}
#: After a verb such as "cost" or "cut": words that make it a verb ("the Skoda cost us 20k", "the
#: board cut the budget"), where another lower-case word makes it part of a noun ("the HERE cost numbers").
_VERB_OBJECT = re.compile(
    r"\s+(?:\d|[$£€]|(?:the|a|an|our|my|your|their|his|her|its|this|that|us|me|him|them|it|you|more|less"
    r"|nothing|everything|about|over|under|back|down|off|out|up|in|into|to)\b)|\s*(?:[.,;:!?)]|$)"
)


def _modifies(line: str, at: int, modifier: bool) -> bool:
    """Whether a word such as "cost", ending at ``at`` after a name that follows a determiner (``modifier``),
    is part of a noun ("the HERE cost numbers", "the Q3 cut list") rather than the name's verb: a lower-case
    word follows it that is no object, particle or number."""
    if not modifier:
        return False
    return _VERB_OBJECT.match(line, at) is None and re.match(r"\s+[a-z]", line[at:]) is not None


#: A word before a day that makes it the topic of the line ("a meeting about Easter", "call re next week").
_ABOUT = re.compile(r"\b(?:about|regarding|re|concerning)\s+$")


def _topic(low: str, n: NoteDate) -> bool:
    """``n`` is what the line talks about ("family meeting about Easter", "emailed Jo regarding next
    week"), not the day it is about; a day with a number after "about" is a guess at a day ("about 20
    March")."""
    return _ABOUT.search(low, max(0, n.start - 16), n.start) is not None and not _DIGIT.search(
        low, n.start, n.end
    )


#: "if" / "unless" opening a clause, and what follows it up to a day, in one sentence.
_IF_CLAUSE = re.compile(r"(?:[,;:(—]|\s[-–]|\band|\bbut)\s*(?:if|unless)\s+[^.!?]*$")


def _condition(low: str, lead: int, n: NoteDate) -> bool:
    """``n`` lies in a condition that follows a clause of the line ("Rex is off his food; if no better by
    Monday, back to the vet"): a day something may happen, not the day the line reports. A line that
    opens with its condition ("If it rains Saturday, we move indoors") keeps the day."""
    m = _IF_CLAUSE.search(low, lead, n.start)
    return m is not None and len(_WORD_AT.findall(low, lead, m.start())) >= 2


def _span_start(low: str, n: NoteDate) -> bool:
    """``n`` follows a count and "since": it names where a counted span began ("the third time since
    Christmas", "twice since March"), not the line's day ("down since yesterday" is about yesterday)."""
    return _COUNTED_SINCE.search(low, max(0, n.start - 40), n.start) is not None


_COUNTED_SINCE = re.compile(r"\b(?:times?|twice|once)\s+since\s+$")


def _holds_later(n: NoteDate, later: Sequence[NoteDate]) -> bool:
    """``n`` spans days and a later phrase names one of them ("Next week: invites go out Tuesday")."""
    return len(n.days) > 1 and any(len(o.days) == 1 and o.days[0] in n.days for o in later)


def _moved_from(low: str, n: NoteDate, found: Sequence[NoteDate]) -> bool:
    """``n`` is the day in "from <n> to <another>"."""
    return low[max(0, n.start - 16) : n.start].rstrip().endswith("from") and any(
        o.start > n.end and low[n.end : o.start].strip() == "to" for o in found
    )


class LineDays:
    """The day each line of a file is about (see the module docstring), computed on demand.

    ``headings`` are the 0-based indices of the heading lines, in order; ``order``: the workspace's order
    of numeric dates (``"dmy"``, ``"mdy"``; :func:`~mdrecall.text.numeric_dates.agreed_order` or the
    ``dates.order`` setting), read where the page itself shows none. Lines must be asked in
    increasing order: the headings in force are walked once, so asking a few lines of a long file
    costs a few lines' work (the entity extraction asks only the lines that name something).
    """

    def __init__(
        self,
        lines: Sequence[str],
        headings: Sequence[int],
        file_date: str | date | None,
        reference: str | date | None = None,
        order: str | None = None,
    ) -> None:
        self.lines = lines
        self.workspace_order = order
        self.headings = headings
        self.anchor = _as_date(file_date)
        #: an undated page's fallback day (:func:`page_reference`); read only when the page gives none
        self.reference = None if self.anchor else _as_date(reference)
        self._page: date | None = None  # the page's first full date (looked for once, on an undated page)
        self._paged = False
        self._base: date | None = None  # the day the line last asked was read from
        self._next = 0  # the next heading (index into headings) not yet in force
        self._by_level: dict[int, date | None] = {}  # heading level → its date
        self._in_force: date | None = None
        self._scanned = 0  # lines read by _dated_above
        self._above: date | None = None
        self._order: str | None = None  # the page's order of numeric dates (looked for once, on need)
        self._ordered = False
        self._dotted: bool | None = None  # whether the page writes dotted dates (looked for once, on need)

    def day(self, i: int) -> date | None:
        """The day line ``i`` (0-based) is about, or ``None``."""
        heads = self.headings
        if self._next < len(heads) and heads[self._next] <= i:
            by_level = self._by_level
            while self._next < len(heads) and heads[self._next] <= i:
                level, when = _heading_day(self.lines[heads[self._next]])
                self._next += 1
                for lv in [k for k in by_level if k >= level]:
                    del by_level[lv]
                by_level[level] = when
            self._in_force = next((by_level[k] for k in sorted(by_level, reverse=True) if by_level[k]), None)
        head = self._next > 0 and heads[self._next - 1] == i
        in_force = self._in_force
        line = self.lines[i]
        if head or not line.strip() or not _hinted(line):
            self._base = None
            return in_force or self.anchor
        base = in_force or self.anchor or self._dated_above(i)
        loose = base is None
        base = base or self._undated_base()
        self._base = base
        near = None if in_force or self.anchor or loose else base  # a date the page named above the line
        found = note_dates(
            line, base, loose, self._order_for(line), self.workspace_order, near, self._dotted_for(line)
        )
        day = line_day(line, found, base) or in_force or self.anchor
        if day is None and found:  # the day written is unknown: a full date the line names is its day
            day = next((n.days[0] for n in found if _YEARISH.search(line, n.start, n.end)), None)
        return day

    def _order_for(self, line: str) -> str | None:
        """The page's order of numeric dates (:func:`~mdrecall.text.numeric_dates.numeric_order`), for a line
        that may hold one."""
        if "/" not in line:
            return None
        if not self._ordered:
            self._ordered = True
            self._order = numeric_order("\n".join(x for x in self.lines if "/" in x))
        return self._order

    def _dotted_for(self, line: str) -> bool:
        """Whether the page writes dotted dates (:func:`~mdrecall.text.dotted_dates.dotted_habit`), for a
        line holding a dotted number."""
        if _DOTTED.search(line) is None:
            return False
        if self._dotted is None:
            self._dotted = dotted_habit("\n".join(x for x in self.lines if "." in x))
        return self._dotted

    def written(self) -> date | None:
        """The day the line last asked of :meth:`day` was written: the date heading in force over it,
        else the file's date; on an undated page, the day its phrases were read from (``None`` for a
        line that names no day)."""
        return self._in_force or self.anchor or self._base

    def _undated_base(self) -> date | None:
        """An undated page's day when no line above gives one: its first full date (a dated heading or
        line further down: a progress log's "### 2027-03-03"), else :attr:`reference`."""
        if not self._paged:
            self._paged = True
            for line in self.lines:
                if _YEARISH.search(line) and _hinted(line):
                    named = [
                        n.days[0]
                        for n in note_dates(line, None, False, self._order_for(line), self.workspace_order)
                        if len(n.days) == 1
                    ]
                    if named:
                        self._page = named[0]
                        break
        return self._page or self.reference

    def _full_dates(self, line: str) -> list[date]:
        """The single days ``line`` names with their year (read with no day of writing)."""
        return [
            n.days[0]
            for n in note_dates(line, None, False, self._order_for(line), self.workspace_order)
            if len(n.days) == 1
        ]

    def _dated_above(self, i: int) -> date | None:
        """On a page with no date of its own, the last day a line above ``i`` gives with its year (a
        timeline's "- 2026-11-02 kickoff"), from which a later "Nov 20" or "next week" is read."""
        while self._scanned < i:
            line = self.lines[self._scanned]
            self._scanned += 1
            if _YEARISH.search(line) and _hinted(line):
                named = [
                    n.days[0]
                    for n in note_dates(line, None, False, self._order_for(line), self.workspace_order)
                    if len(n.days) == 1
                ]
                self._above = named[-1] if named else self._above
        return self._above

    def named(self, i: int) -> list[date]:
        """Every day line ``i`` names (its own day and days it mentions, such as a retest date); ask
        after :meth:`day` for the same line."""
        line = self.lines[i]
        if not line.strip() or not _hinted(line):
            return []
        base = self._in_force or self.anchor or self._above
        order = self._order_for(line)
        near = None if self._in_force or self.anchor else base
        return [
            d
            for n in note_dates(
                line,
                base or self._undated_base(),
                base is None,
                order,
                self.workspace_order,
                near,
                self._dotted_for(line),
            )
            for d in n.days
        ]


@lru_cache(maxsize=1024)
def _heading_day(line: str) -> tuple[int, date | None]:
    """A heading line's level and the date it names (headings such as ``## 09:15`` recur in every file)."""
    line = line.lstrip()
    named = _iso_dates(line)
    return len(line) - len(line.lstrip("#")), named[0] if named else None


def page_reference(file_dates: Iterable[str | None], mtime: float | None = None) -> date | None:
    """The day an undated page's phrases are read from when the page names no full date: the newest
    date among the workspace's dated files (``file_dates``: their names' dates, the "now" of a workspace
    kept as daily logs, which survives a copy or a clone), else the local day of the file's ``mtime``."""
    newest = max((d for d in file_dates if d), default=None)
    if newest:
        return _as_date(newest)
    try:
        return datetime.fromtimestamp(mtime).date() if mtime else None
    except (OverflowError, ValueError, OSError):  # an mtime past the calendar (year 33658, NaN)
        return None


def line_dates(
    text: str, file_date: str | date | None, reference: str | date | None = None, order: str | None = None
) -> list[date | None]:
    """For each line of ``text``: the day it is about (see the module docstring), or ``None``;
    ``reference``: an undated page's fallback day (:func:`page_reference`); ``order``: the workspace's
    order of numeric dates (:class:`LineDays`)."""
    lines = text.splitlines()
    _, is_heading = heading_paths(lines)
    days = LineDays(lines, [i for i, h in enumerate(is_heading) if h], file_date, reference, order)
    return [days.day(i) for i in range(len(lines))]


def chunk_dates(
    text: str,
    file_date: str | date | None,
    heading: str = "",
    reference: str | date | None = None,
    order: str | None = None,
) -> set[date]:
    """Every day a chunk is about: its lines' days, the other days they name, and a date in its heading
    (``reference``, ``order``: as for :func:`line_dates`)."""
    anchor = _as_date(file_date)
    if _hinted(text):
        lines = text.splitlines()
        _, is_heading = heading_paths(lines)
        line_days = LineDays(lines, [i for i, h in enumerate(is_heading) if h], file_date, reference, order)
        days: set[date] = set()
        for i in range(len(lines)):
            day = line_days.day(i)
            if day is not None:
                days.add(day)
            days.update(line_days.named(i))
    else:  # no date phrase (most chunks): the file's day
        days = {anchor} if anchor else set()
    days.update(_iso_dates(heading))
    if not days and anchor:
        days.add(anchor)
    return days


def _as_date(value: str | date | None) -> date | None:
    if value is None or isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value)[:10])
    except ValueError:
        return None
