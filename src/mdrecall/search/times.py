"""A question asking when something is held is answered by a line naming a time of it (stage ``times``).

"When is team sync now?" is answered by "team sync moves to Wednesdays 9:15 from next week"; notes
saying "Team sync: Ravi presented the alerting plan" share as many words with the question and outrank
it. As a question-answering system's answer type (a time for "when is/does"), a candidate with a
clause holding both a time (a clock time, a weekday, a recurrence, a date phrase of
:func:`~mdrecall.text.date_phrases.note_dates.note_dates`) and the question's subject is lifted by
:data:`TIME_LIFT` (a share of its score). A clause, not a line: "Team sync: Daniel is our PM now; Mira left
last Friday" names no time of the team sync. The subject is the question's words less those asking for a time,
its common words when it has any (the piano of "when does Mira have piano", not Mira: a person's other
lines name their own times); a clause holds it with its word, or two of its words when it has more
("lab meeting" is not "Friday afternoon meetings"); a line reads with the heading it stands under
("# Season kickoff meeting" over "Date: Friday 26 February, 9:00"). A line the index says a later
line superseded gives no time: that time no longer holds. Only a question in the present ("when
is", "when does", "what time is"): "when did X happen" asks of an event, whose line often names no
time (its note's day says it): there an undated page whose lines holding the subject name no day is
lowered, and a candidate whose line holding the subject gives its day (a dated note's line, a line
naming a date) is lifted by :data:`PAST_DAY_LIFT` (:func:`answer_past_day`). Nothing is fetched,
nothing is let past ``min_score``: the stage reorders the first :data:`WINDOW` candidates that passed.
English only.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import date
from functools import partial

from mdrecall.models import Scored
from mdrecall.search.snippets import headed_lines, query_stems, term_matches

__all__ = [
    "ASKS_OFTEN",
    "ASKS_PAST",
    "ASKS_TIME",
    "NO_DAY_SHARE",
    "PAST_DAY_LIFT",
    "TIME_LIFT",
    "WINDOW",
    "apply_no_day_drop",
    "apply_often_lift",
    "apply_past_day_lift",
    "apply_time_lift",
    "answer_past_day",
    "asks_for_past_day",
    "asks_how_often",
    "asks_for_time",
    "names_time",
]

#: How much a candidate answering with a time of the subject is lifted (a share of its score), as an
#: amount of money for "how much" (:data:`mdrecall.search.amounts.AMOUNT_LIFT`).
TIME_LIFT = 1.0
#: How many of the first candidates are looked at.
WINDOW = 30
#: A question asking when something is held, in the present: "when is lab meeting", "when does Ivy have
#: swimming", "when are production deploys", "what time is standup", "what day is the market", "which
#: night is choir", "when and where does the club meet".
ASKS_TIME = re.compile(
    r"\bwhen(?:'s|’s|\s+(?:and\s+where\s+)?(?:is|are|does|do)\b)"
    r"|\b(?:what|which)\s+(?:time|times|day|days|date|night|nights|evening|evenings|morning|mornings"
    r"|afternoon|afternoons|weekday|weekdays|hour)\s+(?:is|are|does|do)\b",
    re.IGNORECASE,
)
#: A question asking the day of a past event: "when did we bottle the cider", "when was the boiler
#: fixed", "what day did Ivo move in".
ASKS_PAST = re.compile(r"\bwhen\s+(?:did|was|were|had)\b|\bwhat\s+(?:day|date)\s+(?:did|was|were)\b", re.I)
#: A question asking how often something is done: "how often is the yard flown now", "how frequently
#: do we water the beds", "how many times a week does Ida swim".
ASKS_OFTEN = re.compile(
    r"\bhow\s+(?:often|frequently)\b|\bhow\s+many\s+times\s+(?:a|an|per|each|every)\s+\w+", re.IGNORECASE
)
#: A recurrence, which answers "how often": "every two weeks", "monthly", "twice a week", "3 times per
#: month", "Saturdays"; not a clock time or a single day.
_RECUR = re.compile(
    r"\b(?:hourly|daily|nightly|weekly|fortnightly|biweekly|bimonthly|monthly|quarterly|yearly|annually)\b"
    r"|\bevery\s+(?:other\s+|second\s+|third\s+|few\s+)?\w+"
    r"|\b(?:once|twice|thrice|\w+\s+times)\s+(?:a|an|per|each|every)\s+\w+"
    r"|\bper\s+(?:day|night|week|month|quarter|year)\b"
    r"|\b(?:mon|tues|wednes|thurs|fri|satur|sun)days\b|\b(?:weekdays|weekends)\b",
    re.IGNORECASE,
)
#: The words of a question asking how often, which a subject word is not.
_NOT_OFTEN_SUBJECT = frozenset("often frequently many times now currently usually".split())
#: The share of its score an undated candidate keeps when no line of it holding the subject names a day.
NO_DAY_SHARE = 0.5
#: How much a candidate whose line holding the subject gives its day is lifted (a share of its score).
PAST_DAY_LIFT = 0.5
#: The question's words asking for a time, which a subject word is not.
_NOT_SUBJECT = frozenset(
    "when time times day days date dates night nights evening evenings morning mornings afternoon afternoons"
    " weekday weekdays hour now currently usually".split()
)
#: A time of day or of the week, a recurrence: what a date phrase does not read (a slot, not a day).
_TIME = re.compile(
    r"(?<![\w.:/])\d{1,2}[:.]\d{2}(?![\w.:/]|\.\d)|\b\d{1,2}\s?(?:am|pm|a\.m\.|p\.m\.)(?!\w)"
    r"|\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|\b(?:noon|midday|midnight)\b"
    r"|\b(?:daily|weekly|fortnightly|biweekly|monthly|yearly|annually)\b|\bevery\s+(?:other\s+|second\s+)?\w+",
    re.IGNORECASE,
)
#: Where a line's clauses part: a semicolon, a sentence's end; not the dot closing a dotted date or
#: number ("The move is now 6.3. instead of 27.2.": one clause).
_CLAUSE = re.compile(r";\s*|(?<=[.!?])(?<!\.\d\.)(?<!\.\d\d\.)\s+(?=\S)")
#: A standing time (a clock time, a weekday in the plural, a recurrence): it holds on every such day,
#: so it is never past; a single day ("next Tuesday", "16.1.") is.
_STANDING = re.compile(
    r"(?<![\w.:/])\d{1,2}[:.]\d{2}(?![\w.:/]|\.\d)|\b\d{1,2}\s?(?:am|pm|a\.m\.|p\.m\.)(?!\w)"
    r"|\b(?:mon|tues|wednes|thurs|fri|satur|sun)days\b|\b(?:noon|midday|midnight)\b"
    r"|\b(?:daily|weekly|fortnightly|biweekly|monthly|yearly|annually)\b|\bevery\s+(?:other\s+|second\s+)?\w+",
    re.IGNORECASE,
)


def asks_for_time(query: str) -> bool:
    """Does ``query`` ask when something is held, in the present ("when is team sync now")?"""
    return ASKS_TIME.search(query[:2_000]) is not None


def asks_how_often(query: str) -> bool:
    """Does ``query`` ask how often something is done ("how often is the yard flown now")?"""
    return ASKS_OFTEN.search(query[:2_000]) is not None


def apply_often_lift(
    items: Sequence[Scored],
    terms: Sequence[str],
    weight: float = TIME_LIFT,
    superseded: Callable[[str, int], bool] | None = None,
) -> list[Scored]:
    """``items`` with each of the first :data:`WINDOW` lifted (stage ``times``) whose clause names a
    recurrence (:data:`_RECUR`) and the question's subject, re-sorted when one was: "how often is the
    Cerro Azul yard flown" is answered by "Ernesto wants Cerro Azul every two weeks". The subject is
    every word of the question but those asking how often, its names too (how often a named thing is
    done), held as in :func:`apply_time_lift` (its word, or two of its words; with the line's heading).
    A line the index says a later line superseded names no recurrence that holds; which of the lifted
    lines is the latest is the ``current`` stage's to say."""
    out = list(items)
    stems = query_stems([t for t in terms if t.lower() not in _NOT_OFTEN_SUBJECT | _NOT_SUBJECT])
    if not stems or not out or weight <= 0:
        return out
    need = min(len(stems), 2)
    head = out[:WINDOW]
    lifted = False
    for i, s in enumerate(head):
        for n, (line, under) in enumerate(headed_lines(s.chunk.text)):
            if len(_holds(line, under, stems)) < need or not _RECUR.search(line):
                continue
            if superseded is not None and superseded(s.chunk.path, s.chunk.start_line + n):
                continue
            if any(len(_holds(c, under, stems)) >= need and _RECUR.search(c) for c in _CLAUSE.split(line)):
                head[i] = s.with_score("times", s.score * (1 + weight))
                lifted = True
                break
    if not lifted:
        return out
    return sorted(head, key=lambda s: -s.score) + out[WINDOW:]


def asks_for_past_day(query: str) -> bool:
    """Does ``query`` ask the day of a past event ("when did we bottle the cider")?"""
    return ASKS_PAST.search(query[:2_000]) is not None


def apply_no_day_drop(
    items: Sequence[Scored], terms: Sequence[str], names: Sequence[str] = (), share: float = NO_DAY_SHARE
) -> list[Scored]:
    """``items`` with each of the first :data:`WINDOW` that can give no day lowered to ``share`` of its
    score (stage ``times``), re-sorted when one was: an undated page (a project's page, a profile)
    whose lines holding the question's subject (:func:`_past_subject`) name no date.
    "When did we bottle the cider" is answered by a dated note ("Cider bottled this afternoon"), not by
    the brewing page listing "Entry: Cider" with as many of its words; a page saying "Bottled the cider
    on 3 May" still answers. A dated note is never lowered (its day says when), so a workspace of dated
    notes only keeps its order."""
    out = list(items)
    subject = _past_subject(terms, names)
    if subject is None or not out or not 0 <= share < 1:
        return out
    head = out[:WINDOW]
    dropped = False
    for i, s in enumerate(head):
        if s.chunk.date:
            continue
        if any(_TIME.search(ln) or _days(ln, None) for ln in _subject_lines(s.chunk.text, subject)):
            continue
        head[i] = s.with_score("times", s.score * share)
        dropped = True
    if not dropped:
        return out
    return sorted(head, key=lambda s: -s.score) + out[WINDOW:]


def answer_past_day(items: Sequence[Scored], terms: Sequence[str], names: Sequence[str] = ()) -> list[Scored]:
    """A question asking the day of a past event: the candidates that can give no day lowered
    (:func:`apply_no_day_drop`), those whose line holding its subject gives the day lifted
    (:func:`apply_past_day_lift`)."""
    return apply_past_day_lift(apply_no_day_drop(items, terms, names), terms, names)


def apply_past_day_lift(
    items: Sequence[Scored], terms: Sequence[str], names: Sequence[str] = (), weight: float = PAST_DAY_LIFT
) -> list[Scored]:
    """``items`` with each of the first :data:`WINDOW` lifted by ``weight`` (a share of its score; stage
    ``times``) whose line holding the question's subject (:func:`_past_subject`) gives its day: a dated
    note's line (the note's day), or a line naming a date. "When did Juniper arrive from the shelter?" is
    answered by the pet's page ("# Juniper" over "Came from Hillside Shelter on 3 June"), not by a note
    that says "the new desks arrived" on the shelter's open day: as a time for "when is", a day is the
    answer's type for "when did", held with its subject. A dated note whose lines holding the subject
    only name days after its own is a plan ("recording set for Thursday 28th", "next week"), not the
    day it was done: it is lifted only when no other candidate tells of the event."""
    out = list(items)
    subject = _past_subject(terms, names)
    if subject is None or not out or weight <= 0:
        return out
    head = out[:WINDOW]
    found: dict[int, bool] = {}  # candidate → whether it only plans the event
    for i, s in enumerate(head):
        lines = _subject_lines(s.chunk.text, subject)
        if lines and (s.chunk.date or any(_TIME.search(ln) or _days(ln, None) for ln in lines)):
            found[i] = _plans_only(lines, _day(s.chunk.date))
    if not found:
        return out
    done = not all(found.values())
    for i, planned in found.items():
        if not (planned and done):
            head[i] = head[i].with_score("times", head[i].score * (1 + weight))
    return sorted(head, key=lambda s: -s.score) + out[WINDOW:]


def _plans_only(lines: Sequence[str], written: date | None) -> bool:
    """Whether every one of a dated note's ``lines`` names days, all after the note's day ``written``:
    a plan for the event ("set for Thursday 28th", "next week"), not the day it happened."""
    if written is None:
        return False
    for line in lines:
        days = _days(line, written)
        if not days or min(days) <= written:
            return False
    return True


#: A past event's subject as :func:`_past_subject` reads it: its stems, its names' stems (counted as one
#: more word held, or ``None``) and how many a line must hold.
_Subject = tuple[frozenset[str], frozenset[str] | None, int]


def _past_subject(terms: Sequence[str], names: Sequence[str]) -> _Subject | None:
    """The subject of a question asking the day of a past event: its words less those asking for a time
    and less its ``names`` when any other word is left (as :func:`apply_time_lift` reads it), with the
    names counted as one more word a line holds ("# Biscuit" over "Came from the rescue on 20
    February"); ``None`` when it has no word."""
    words = [t for t in terms if t.lower() not in _NOT_SUBJECT]
    named = {n.lower() for n in names}
    stems = query_stems([t for t in words if t.lower() not in named] or words)
    if not stems:
        return None
    name_stems = query_stems([t for t in words if t.lower() in named]) if len(stems) < len(words) else None
    return stems, name_stems, min(len(stems), 2)


def _subject_lines(text: str, subject: _Subject) -> list[str]:
    """The lines of ``text`` holding the ``subject`` (:func:`_past_subject`), with their headings'."""
    stems, names, need = subject
    return [ln for ln, under in headed_lines(text) if _held(ln, under, stems, names) >= need]


def names_time(clause: str, written: date | None = None) -> bool:
    """Whether ``clause`` names a time: a clock time, a weekday, a recurrence, a date phrase."""
    return _TIME.search(clause) is not None or _names_date(clause, written)


def _names_date(clause: str, written: date | None) -> bool:
    """Whether ``clause`` names a date phrase (the date rules load on the first clause that may)."""
    return bool(_days(clause, written))


def _days(clause: str, written: date | None) -> list[date]:
    """The days the date phrases of ``clause`` name (none when it may name none)."""
    if not any(ch.isdigit() for ch in clause) and not _MAY_DATE.search(clause):
        return []
    from mdrecall.text.date_phrases.note_dates import note_dates  # here: only for a question asking when

    return [d for found in note_dates(clause, written, written is None) for d in found.days]


#: A word a date phrase without a digit needs (a month, a relative day, a weekday): most clauses have
#: none.
_MAY_DATE = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\b(?:today|tonight|tomorrow|week|month"
    r"|year|weekend|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b",
    re.IGNORECASE,
)


def apply_time_lift(
    items: Sequence[Scored],
    terms: Sequence[str],
    names: Sequence[str] = (),
    weight: float = TIME_LIFT,
    superseded: Callable[[str, int], bool] | None = None,
    today: date | None = None,
) -> list[Scored]:
    """``items`` with each of the first :data:`WINDOW` lifted (stage ``times``) whose clause names a time
    and the question's subject (``terms`` less its words asking for a time; less its ``names``,
    lowercased, when any other word is left: a weekday it capitalises is no name), re-sorted when one
    was. ``superseded(path, line)``: the index says a later line changed that line's fact, so its time
    is no longer the time. ``today``:
    when a candidate names a day of the subject still ahead, one naming only days already past is not
    lifted ("when is the move" asked on 15/2: "the move is now 6.3.", not "she moves up on 16.1."); a
    standing time (Mondays, 20:30, weekly) is never past."""
    out = list(items)
    words = [t for t in terms if t.lower() not in _NOT_SUBJECT]
    named = {n.lower() for n in names if not _TIME.fullmatch(n)}  # "on Fridays": a time, not a name
    common = [t for t in words if t.lower() not in named]
    stems = query_stems(common or words)
    if not stems or not out or weight <= 0:
        return out
    head = out[:WINDOW]
    found: dict[int, str] = {}
    for i, s in enumerate(head):
        gone = None if superseded is None else partial(_gone, superseded, s.chunk.path, s.chunk.start_line)
        when = _answers(s.chunk.text, stems, _day(s.chunk.date), gone, today)
        if when:
            found[i] = when
    if not found:
        return out
    ahead = "ahead" in found.values()
    for i, when in found.items():
        if when != "past" or not ahead:
            head[i] = head[i].with_score("times", head[i].score * (1 + weight))
    return sorted(head, key=lambda s: -s.score) + out[WINDOW:]


def _answers(
    text: str,
    stems: frozenset[str],
    written: date | None,
    gone: Callable[[int], bool] | None = None,
    today: date | None = None,
) -> str | None:
    """How a clause of ``text`` holding the subject (its word, or two of its words when it has more:
    "lab meeting" is not "Friday afternoon meetings") names a time, on a line (0-based) not ``gone``:
    ``"time"`` (a standing time, or any time when ``today`` is not given), ``"ahead"`` (a day on or
    after ``today``), ``"past"`` (only days before it); ``None`` when none does. A clock time, a
    weekday or a recurrence is looked for before a date phrase (the date rules are loaded only when
    needed)."""
    need = min(len(stems), 2)
    held: list[str] = []
    for i, (line, under) in enumerate(headed_lines(text)):
        if len(_holds(line, under, stems)) < need or (gone is not None and gone(i)):
            continue
        for clause in _CLAUSE.split(line):
            if len(_holds(clause, under, stems)) >= need:
                if _TIME.search(clause) and (today is None or _STANDING.search(clause)):
                    return "time"
                held.append(clause)
    best: str | None = None
    for clause in held:
        days = _days(clause, written)
        if today is not None and days:
            if max(days) >= today:
                return "ahead"
            best = "past"
        elif days or _TIME.search(clause):
            return "time"
    return best


def _holds(line: str, under: str, stems: frozenset[str]) -> set[str]:
    """The subject's stems ``line`` holds, with those of the heading it stands ``under`` ("# Season
    kickoff" over "Date: Friday 26 February, 9:00"; "## Next meeting" over "- 12 May, same room")."""
    return set(term_matches(line, stems)) | (set(term_matches(under, stems)) if under else set())


def _held(line: str, under: str, stems: frozenset[str], names: frozenset[str] | None) -> int:
    """How many of the subject's words ``line`` holds (:func:`_holds`), its names counted as one."""
    return len(_holds(line, under, stems)) + (1 if names and _holds(line, under, names) else 0)


def _gone(superseded: Callable[[str, int], bool], path: str, start: int, i: int) -> bool:
    return superseded(path, start + i)


def _day(value: str | None) -> date | None:
    try:
        return date.fromisoformat(value[:10]) if value else None
    except ValueError:
        return None
