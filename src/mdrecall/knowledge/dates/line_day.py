"""A line's own day: which of the date phrases a line names is the day it is about, read from its
wording (a day beside an act done on the day written is a plan, not the line's day; a day moved from, a
topic, a condition, a span's start, a meeting's quarter are not the line's day either). Pure.

The day of every line of a page (headings, the file's date, an undated page's reference) is
:mod:`mdrecall.knowledge.dates.valid_time`'s.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date

from mdrecall.knowledge.dates.day_choice import (
    act_over_plan,
    acted_before,
    done_on_written,
    in_aside,
    instead_first,
    offered,
    purpose_last,
    reports,
)
from mdrecall.knowledge.dates.day_filters import (
    NEGATED,
    POSSESSIVE,
    acted_on,
    compared,
    condition,
    follow_up,
    holds_later,
    moved_from,
    recounted,
    span_start,
    topic,
)
from mdrecall.knowledge.dates.day_modifiers import modifier_day
from mdrecall.knowledge.dates.rebooked import rebooked_first
from mdrecall.knowledge.dates.record_lines import records_news
from mdrecall.knowledge.dates.state_bounds import holds_written, recurs_yearly, state_bound
from mdrecall.knowledge.fact_lines.line_acts import NOT_DONE, RESCHEDULE, acts
from mdrecall.text.date_phrases.corrections import correction
from mdrecall.text.date_phrases.note_dates import NoteDate
from mdrecall.text.date_phrases.verb_months import month_acted_on, month_guessed
from mdrecall.text.date_phrases.year_phrases import names_event
from mdrecall.text.past_verbs import past_verb

__all__ = ["line_day", "names_note"]

#: A digit: a phrase holding one names a day by its number ("29/3", "the 18th"), not by a name.
_DIGIT = re.compile(r"\d")
#: A chat message's stamp opening a line: a bracket holding a time ("[13/01 08:10]", "[2027-01-13 08:10]").
_STAMP = re.compile(r"\s*\[[^\]]{0,24}\b\d{1,2}[:.]\d\d(?:[:.]\d\d)?\s*(?:[ap]m)?\]")
_SENTENCE_END = re.compile(r"[.;!?](?=\s|$)")
_FULL_STOP = re.compile(r"[.!?](?=\s|$)")
#: A sentence's end after a lower-case word ("not a tear."; not an initial, "Jonas L.", nor a title's
#: last word, "by Paul Murray.").
_REPORT_END = re.compile(r"(?<![A-Za-z])[a-z]{2,}[.!?](?=\s|$)")
_WORD_AT = re.compile(r"[A-Za-z']+")
#: A calendar year counted from the day written, or a third of one ("next year", "early last year"; "this
#: year" qualifies a day more often than it names a span, "the past year" is the last twelve months).
_YEAR_COUNTED = re.compile(r"\b(?:last|next|coming)\s+year\b")
_CLAUSE_BREAK = re.compile(r"[,:()—]|\s[-–]\s|\b(?:and|but|so)\b")
#: A present state reported in a sentence of its own ("Biscuit has a sprain."), not a plan ("is retiring").
_STATE = re.compile(r"\b(?:is|are|am|has|have)\b(?!\s+(?:to\b|going\b|\w+ing\b))")
#: Words in -ing that are nouns or prepositions, no verb of a plan ("parent evening on Thursday").
_ING_NOUNS = (
    r"(?:evening|morning|meeting|wedding|building|ceiling|during|spring|string|sibling|clothing|pudding"
    r"|something|nothing|anything|everything|according|including|offspring|awning|herring|shilling)s?\b"
)
#: Words that make a clause a plan: a modal or future, "due", or a verb in -ing ("arriving in 10 days").
_PLAN = re.compile(
    r"\b(?:will|'ll|shall|can|can't|cannot|could|should|would|won't|must|going|due"
    r"|(?!" + _ING_NOUNS + r")\w{3,}ing)\b"
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
#: Object pronouns between a past verb and a day: the day is what the act gave or set ("gave her 22/04").
_OBJECTS = {"her", "him", "them", "us", "me", "you", "it"}
#: Words between a past verb and a day that keep the day the verb's own ("cancelled this Sat", "pencilled
#: in for 20 March", "drafted by mid-January", "switched off after 30/6").
_PARTICLES = {
    "in", "for", "by", "on", "off", "to", "until", "till", "up", "out", "back", "from", "at", "this", "next",
    "the", "of", "after", "before",
}  # fmt: skip


#: After a date, a word that makes it the name of a note ("in the 2026-11-02 log", "see 2026-11-02.md"): a
#: note pointed to, not the day the line is about.
_NOTE_NAME = re.compile(r"(?:\s+(?:daily\s+)?(?:log|logs|notes?|entry|file|page|journal)\b|\.md\b)")


def names_note(low: str, n: NoteDate) -> bool:
    """Whether a date inside a sentence names a note ("in the 2026-11-02 log"); one opening the line
    ("- 2026-11-02 notes: ...") labels what follows."""
    return _NOTE_NAME.match(low, n.end) is not None and bool(low[: n.start].strip(" -*+>#\t"))


def line_day(
    line: str, found: Sequence[NoteDate], written: date | None = None, dated: bool = True
) -> date | None:
    """The day a line is about, from the date phrases ``found`` in it
    (:mod:`~mdrecall.text.date_phrases.note_dates`).

    The first of them, unless it lies after ``written`` and is said beside an act the line reports done
    (:func:`_beside_act`): then the next one, else ``None`` (the written day). So "Fixed the retry bug;
    retest on 3/12" and "Ordered the plates, they arrive in 10 days" are about the day written, "The sale
    raised £412. Banked it on 2 March" about 2 March, "Bo asked me to review it by Friday" and "the launch
    slipped to July" about the later day. In "moved from Friday to next Thursday" the day moved from is not
    the line's. ``dated``: the page has a day of writing of its own (a daily log's, a date heading's), which
    an arrangement in the present beside a report leaves the line ("sold it; she moves in on the 20th").
    """
    if not found:
        return None
    low = line.lower()
    stamp = _STAMP.match(line)
    if stamp is not None:  # "[13/01 08:10] Ria: ...": the message's stamp, the day it was written
        found = [n for n in found if n.start >= stamp.end()] or list(found)
    kept = [n for n in found if not moved_from(low, n, found)] or list(found)
    if (fixed := correction(low, kept)) is not None:
        return fixed.days[0]  # "last Friday? No — this Friday": the day the writer settles on
    kept = [n for n in kept if not span_start(low, n)]  # "third time since Christmas": the day written
    kept = [n for n in kept if not recurs_yearly(low, n)]  # "booster yearly in September": no one day
    if not dated:  # a fact page's "Rep until March 2027": a state's bound (a daily log's is its change)
        kept = [n for n in kept if not state_bound(low, n)]
    held = [n for i, n in enumerate(kept) if holds_later(n, kept[i + 1 :])]  # "Next week: ... Tuesday"
    kept = [n for n in kept if n not in held]
    kept = [n for n in kept if not _names_meeting(low, n)]  # "the Q2 planning on 4/3"
    kept = [n for n in kept if not names_note(low, n)]  # "the notes are in the 2026-11-02 log"
    kept = [
        n for n in kept if not modifier_day(low, n, written, len(kept) > 1)
    ]  # "the letter dated 1 May arrived today"
    kept = [n for n in kept if not month_acted_on(line, n.start, n.end)]  # "Sales: March reconciled"
    kept = [n for n in kept if not month_guessed(line, n.start)]  # "next visit maybe October"
    kept = [n for n in kept if not topic(low, n)]  # "a chat about Easter": what was talked of
    kept = [n for n in kept if not compared(low, n)]  # "back like in 2019": a day compared with
    kept = [n for n in kept if not recounted(low, n)]  # "told us about the flood in 1988"
    kept = [n for n in kept if not follow_up(low, n)]  # "knee better, next session on the 4th"
    # "photos of the 1983 floods": a year naming an event, a mention of that year, not the line's day
    kept = [n for n in kept if len(n.days) < 365 or not names_event(low, n.start, n.end)]
    # "moving it to Azure next year", "sold the van last year": a year counted from the day written is a
    # span the line mentions, too wide to be its day
    kept = [n for n in kept if len(n.days) < 120 or _YEAR_COUNTED.search(low, n.start, n.end) is None]
    # "Not shipping Friday ... new date 5/02": a day denied is no day of the line's when another is named
    kept = [n for n in kept if not NEGATED.search(low, max(0, n.start - 40), n.start)] or kept
    # "the review for Sunday's outage is Friday": a day's possessive names another event's day
    kept = [n for n in kept if not POSSESSIVE.match(low, n.end)] or kept
    if kept and all(acted_on(low, n) for n in kept):
        return None  # "Ana did the whole of last week's paper in it": the day written
    lead = _lead(low)
    kept = [n for n in kept if not condition(low, lead, n)]  # "...; if no better by Monday, vet"
    kept = [n for n in kept if not in_aside(line, low, lead, n)]  # "weighs 3.1 kg (was 3.4 on 5/3)"
    kept = purpose_last(low, instead_first(low, kept))  # "bookings for Easter open today"
    kept = rebooked_first(low, kept)  # "booked the 15th, then cancelled, now wants the 22nd"
    if kept and offered(low, kept[0]):  # "... on the 12th. Could we do the 19th instead?": a day moved
        return kept[0].days[0]
    kept = act_over_plan(line, low, _acted_first(line, low, lead, kept), written)  # "for X. Signed on Y"
    kept = _occasion_last(low, kept)
    if done_on_written(line, kept, written):  # "from April we ship with X. Told them today"
        return None
    news = records_news(low)  # "Noted: Bo called. From May 1 ...": the news, not the telling, is the day
    for n in kept:
        if dated and holds_written(low, n, written):
            return None  # "free delivery this month": the day written, the span's most precise day
        past = written is not None and n.days[0] <= written
        timed = _TIME_AFTER.match(low, n.end) is not None
        ahead = _AHEAD.search(low, n.start, n.end) is not None  # the phrase itself points ahead
        if n.start >= lead and not ahead and _said_now(low, lead, n.start):
            return None  # (not "calls eat mondays now. first one tmrw": the new state's first day)
        bound = _DEADLINE_BEFORE.search(low, max(0, n.start - 16), n.start) is not None
        told = n.start >= lead and not timed and not bound and _after_report(line, low, lead, n.start)
        # (on a page with no day of its own a day gone after a description is the line's: "Tussan: grey
        # tabby, 16. Kidney values high at the October check"; there is no day written to give it; not
        # one in a bracketed remark, "Feed: 2 scoops. (Oats stopped in May.)", an aside to what the line is)
        undated_past = not dated and past and line.rfind("(", 0, n.start) <= line.rfind(")", 0, n.start)
        if told and not undated_past and not (past and acted_before(line, low, lead, n.start)):
            return None  # (a deadline set after the report is the task's day: "... Ana sets it up by Friday")
        if n.start < lead and not _DIGIT.search(low, n.start, n.end):
            timed_later = [o for o in kept if o.start >= lead and _TIME_AFTER.match(low, o.end)]
            if timed_later:  # "Easter: train on 29/3 at 7:14": the label names the topic, the time the day
                return timed_later[0].days[0]
        spans = len(n.days) > 1 and _DIGIT.search(low, n.start, n.end) is not None
        # a day of a span a sentence before named ("The expo is next week Wed–Fri. Go Wednesday")
        spans = spans or any(
            lead <= h.start and n.days[0] in h.days and not _beside_act(line, low, lead, h.start, dated)
            for h in held
        )
        if past or n.start < lead or spans or news or not _beside_act(line, low, lead, n.start, dated):
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
#: Words of a date phrase that point ahead on their own ("tomorrow", "next week", "in two days").
_AHEAD = re.compile(
    r"\b(?:next|tomorrow|tmrw|tmrow|tmr|coming)\b"
    r"|\bin\s+(?:\d|an?\b|one|two|three|four|five|six|seven|eight|nine|ten|few|couple)"
)
_CLAUSE_END = re.compile(r"[.;!?](?=\s|$)|\s\(")


def _said_now(low: str, lead: int, at: int) -> bool:
    """Whether a sentence or clause (ended by a full stop or a semicolon, or followed by an aside in
    brackets: "now with Bo (Al left Friday)") before ``at`` says "now"."""
    stop = max((m.start() for m in _CLAUSE_END.finditer(low, lead, at)), default=lead)
    return stop > lead and _NOW.search(low, lead, stop) is not None


#: Words right before a day that make it a bound or a deadline ("due 28/2", "by Friday").
_BOUND_BEFORE = re.compile(r"\b(?:due|by|until|till|before|deadline(?:\s+(?:was|is|were|are))?)\s*:?\s*$")
#: A task's deadline right before a day ("by Friday", "due 3/4"); "until" bounds a state ("rest until the
#: 18th").
_DEADLINE_BEFORE = re.compile(r"\b(?:due|by)\s*:?\s*$")
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
        if word not in NOT_DONE and past_verb(word, prev):
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


#: A sentence that announces the day or the event the next one gives: it ends with "date" or "is on"
#: ("practical exam date!", "Kingston is on!").
_ANNOUNCES = re.compile(r"(?:\bdate|\b(?:is|are|it's|we're|'s)\s+on)[.!]+$")


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
    if _ANNOUNCES.search(low, lead, stop):
        return False  # "Exam date! They gave her 22/04", "The gig is on! 14/4 at the Roxy": what follows
    return (
        not acts(line, lead, stop)
        and not _MODAL.search(low, lead, stop)
        and not _INFINITIVE.search(line, lead, stop)
    )


def _beside_act(line: str, low: str, lead: int, at: int, dated: bool = True) -> bool:
    """Whether a later day named at ``line[at:]`` is said beside an act done on the day written: an earlier
    sentence reports an act or a state ("Biscuit has a sprain. Recheck in two weeks"); an earlier clause of
    its sentence reports an act and its own clause is a plan ("Ordered it, they'll deliver on the 9th",
    "...overran, so they can't start till the 25th"); or an act earlier in its clause is not tied to it
    ("we picked the book for December", but not "report drafted by mid-January", "training cancelled this
    Sat", "asked me to read it by Friday")."""
    if _TERM_EXTENDED.search(low, max(lead, at - 80), at):
        return True  # "Ji-woo's contract extended to the end of June": a term renewed, its end a mention
    if RESCHEDULE.search(low, lead, at):
        return False  # "4.2 slipped a week: ... New ship date is the 21st": the line gives the new day
    sentence = max((m.end() for m in _SENTENCE_END.finditer(low, lead, at)), default=lead)
    if sentence > lead and acts(line, lead, sentence):
        return True
    # a state only across a full stop: after a semicolon it is the reason for the plan ("X has a cold;
    # skipping piano tomorrow")
    full = max((m.end() for m in _FULL_STOP.finditer(low, lead, at)), default=lead)
    if full > lead and _STATE.search(low, lead, full) and not _ANNOUNCES.search(low, lead, full):
        return True
    # an arrangement in the present beside a report: only where the page has a day of writing to give the
    # line instead (on an undated checklist "said yes, he starts 8.3." is about 8.3)
    subject = _SCHEDULED.match(line, sentence) if dated else None
    # (not "Al is stepping down; Bo takes over from May", a plan whose day is the line's)
    handed = subject is not None and subject.group("who") and _PLAN.search(low, lead, sentence) is None
    if sentence > lead and handed and reports(line, lead, sentence):
        return True  # "Ana hands the desk over to Bo; she moves to Leeds from next Monday"
    clause = max((m.end() for m in _CLAUSE_BREAK.finditer(low, sentence, at)), default=sentence)
    if clause > sentence and _TAKES_EFFECT.fullmatch(low, clause, at):
        return False  # "hired Emre for Saturdays, starting 6/3": the day the act takes effect
    if clause > sentence and _BACK.fullmatch(low, clause, at) and not acts(line, sentence, clause):
        return True  # "Kip out sick, back Tuesday": the day of a return, beside what the line reports
    planned = (
        _PLAN_OR_STATE.search(low, clause, at)
        or (dated and _arranged(line, low, clause, at))
        or (dated and _event_noun(low, clause, at, True))
    )
    if clause > sentence and acts(line, sentence, clause) and planned:
        return True  # "Ordered it, they'll deliver on the 9th", "contract signed, go-live is the 15th",
        # "ended the contract, Sofia does our QA from Monday"
    noun = dated and clause > sentence and _event_noun(low, clause, at, False)
    if noun and _NAMED_STATE.match(line, sentence):
        return True  # "Rex off his food again, vet Friday": a state reported, the visit a plan
    done = acts(line, clause, at)
    if not done:
        return False
    between = [w.lower() for w in _WORD_AT.findall(line, done[-1], at)[1:]]
    if all(w in _PARTICLES or w in _OBJECTS for w in between):
        return False  # "cancelled this Sat", "gave her 22/04": the day is the act's own
    if _REPORTED.match(low, done[-1]):
        return True  # "Maria told me she's leaving at the end of February": the news is told that day
    if _SAID_DO.match(low, done[-1]):
        return False  # "we said pick by the 20th": a task set, whose day is the line's (as "to pick by")
    return _PLAN.search(low, done[-1], at) is None and _INFINITIVE.search(line, done[-1], at) is None


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


#: A clause that opens with a verb in the present, after its subject or none, of what is arranged ahead
#: ("she moves to Leeds from Monday", "Sofia Lind does our QA from monday", "moves in on the 20th"); not a
#: wish, whose day is the task's ("she wants feedback by Thursday").
_SCHEDULED = re.compile(
    r"\s*(?P<who>(?:she|he|they|it|we|[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*\.?)?)\s+)?"
    r"(?!(?:is|has|was|wants|needs|asks|expects|hopes|thinks|says)\b)[a-z]{2,}[^s'\s]s\b(?!')"
)
#: After a verb in -s with no subject: a particle, then "on", "from" or "at" right before the day ("moves in
#: on the 20th"); a plural noun so placed ("invoices out by the 17th") is left to the rest.
_VERB_TAIL = re.compile(r"(?:\s+(?:in|out|up|over|back|off|away))?\s+(?:on|from|at)\s+(?:the\s+)?")


def _arranged(line: str, low: str, clause: int, at: int) -> re.Match[str] | None:
    """The clause at ``clause`` arranges what comes in the present tense (:data:`_SCHEDULED`): with a
    subject of its own, or with none and only a particle and a preposition before the day at ``at``."""
    m = _SCHEDULED.match(line, clause)
    if m is None or m.group("who") or _VERB_TAIL.fullmatch(low, m.end(), at):
        return m
    return None


#: A clause that is only an event's noun and its day ("interview on 20/1", "the delivery on the 9th", "vet
#: Friday"): after an act or a state reported, what comes of it.
_EVENT_NOUN = re.compile(
    r"\s*(?:(?:the|an?|our|my|her|his|their)\s+)?(?!(?:back|home|out|off|away|there|here)\b)[a-z-]{3,}\s+"
    r"(?P<prep>(?:on|at)\s+(?:the\s+)?)?"
)


def _event_noun(low: str, clause: int, at: int, prep: bool) -> bool:
    """Whether the clause from ``clause`` to the day at ``at`` is only an event's noun (:data:`_EVENT_NOUN`),
    with "on" or "at" before the day (``prep``) or with nothing, when the day's phrase opens with no "in"
    ("vet Friday"; not "decision in March", whose day is the line's)."""
    m = _EVENT_NOUN.fullmatch(low, clause, at)
    if m is None:
        return False
    return bool(m.group("prep")) or (not prep and not low.startswith("in ", at))


#: A term that runs until a day (a contract, a lease, a visa), extended or renewed up to the day: the
#: act is the line's, the term's new end a mention (unlike "the deadline was extended to Friday").
_TERM_EXTENDED = re.compile(
    r"\b(?:contract|lease|visa|trial|subscription|warranty|loan|membership|permit|licen[cs]e|tenancy"
    r"|secondment|internship|residency|insurance|policy|agreement|tenure|mandate)s?\s+(?:(?:was|were|is|has"
    r"\s+been|got|gets)\s+)?(?:extended|renewed)\s+(?:(?:again|once\s+more|by\s+\w+\s+\w+)\s+)?"
    r"(?:to|until|till|through|into)\s+$"
)
#: A name and a particle or an adjective of a state, opening a sentence with no verb ("Kip out sick",
#: "Rex off his food", "Gran back home"): a state reported the day written; not a verb opening a sentence
#: ("Driving up to Mum's").
_NAMED_STATE = re.compile(
    r"\s*(?:[-*+]\s+)?(?![A-Za-z]+(?:ing|ed)\b)[A-Z][\w'-]*\s+"
    r"(?:off|out|down|up|back|home|away|ill|sick|poorly|unwell|better|worse)\b"
)
#: A clause that is only a return and its day ("back Tuesday", "back on the 3rd").
_BACK = re.compile(r"\s*back\s+(?:on\s+|by\s+)?")
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
        if len(words) > 1 and past_verb(words[-1], words[-2]) and words[-1] not in NOT_DONE:
            return m.start("label")
    return m.end()


_LEAD = re.compile(
    r"\s*(?:[-*+]\s+(?:\[.\]\s+)?|\d+[.)]\s+)?(?:(?P<label>[\w ]{1,20}):\s+)?(?:\w{1,3}\.\s+)?"
)
