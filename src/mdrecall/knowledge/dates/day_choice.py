"""Words that choose among a line's days: "instead" after a day offers it in place of another ("something
has come up on the 12th. Could we do the 19th instead?"), "instead of" before a day names the one given
up ("Friday instead of Thursday"), and a bracketed aside with a verb of its own holds a day of its own
("weighs 3.1 kg (was 3.4 on 5/3)"). Pure; used by :mod:`mdrecall.knowledge.dates.line_day`."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date

from mdrecall.knowledge.fact_lines.line_acts import RESCHEDULE, acts
from mdrecall.text.date_phrases.note_dates import NoteDate

__all__ = [
    "act_over_plan",
    "acted_before",
    "done_on_written",
    "in_aside",
    "instead_first",
    "offered",
    "purpose_last",
    "reports",
]

_WORD_AT = re.compile(r"[A-Za-z']+")
#: How far before a day its aside and the clause the aside comments on are looked for (characters).
_NEAR = 240

#: "instead" right after a day, not "instead of" ("the 19th instead?", "Friday instead, if that suits").
_INSTEAD_AFTER = re.compile(r"\s*,?\s*(?:now\s+)?instead\b(?!\s+of\b)")
#: "instead of" (or "rather than", "in place of") right before a day: the day given up.
_INSTEAD_OF = re.compile(r"\b(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+(?:the\s+|on\s+)?$")


def instead_first(low: str, kept: Sequence[NoteDate]) -> list[NoteDate]:
    """``kept`` (a line's days, in order) with a day given up left out ("Friday instead of Thursday") and
    a day offered in place of another put first ("could we do the 19th instead?"); ``low``: the line in
    lower case. Unchanged when no such word is there, or when every day would be left out."""
    out = list(kept)
    if len(out) < 2 or "instead" not in low and "rather than" not in low and "in place of" not in low:
        return out
    out = [n for n in out if _INSTEAD_OF.search(low, max(0, n.start - 24), n.start) is None] or out
    first = [n for n in out if offered(low, n)]
    return [*first, *(n for n in out if n not in first)]


#: A noun of things booked, sold or sent in before "for" and a day: the day is what they are for ("ad
#: bookings for Easter", "tickets for Friday", "entries for the 12th"), not when the clause's act is.
_FOR_NOUN = re.compile(
    r"\b(?:bookings?|reservations?|tickets?|entries|entry|registrations?|applications?|orders?|pre-?orders?"
    r"|nominations?|sign-?ups?|submissions?|slots?|places|seats|tables|ads|adverts?|advertising|rsvps?"
    r"|invitations?|invites?|copy|auditions?|trials?|tryouts?)\s+for\s+(?:the\s+)?$"
)
_SENTENCE_END = re.compile(r"[.;!?](?=\s|$)")


def purpose_last(low: str, kept: Sequence[NoteDate]) -> list[NoteDate]:
    """``kept`` with a day that things are for ("bookings for Easter open today") put after a day named
    later in its sentence, which is the clause's own: the line is about when the bookings open."""
    out = list(kept)
    if len(out) < 2 or " for " not in low:
        return out
    first = out[0]
    if _FOR_NOUN.search(low, max(0, first.start - 40), first.start) is None:
        return out
    later = [n for n in out[1:] if n.start > first.end and not _SENTENCE_END.search(low, first.end, n.start)]
    return [later[0], *(n for n in out if n is not later[0])] if later else out


def acted_before(line: str, low: str, lead: int, at: int) -> bool:
    """Whether the sentence holding a day at ``at`` reports an act before it ("Rolo fine. Themba walked
    him Tue and Thu last week"): a past day there is that act's, whatever the sentence before reports."""
    near = max(lead, at - _NEAR)  # (a window: linear in the line's length)
    begin = max((m.end() for m in _SENTENCE_END.finditer(low, near, at)), default=near)
    return bool(acts(line, begin, at))


def offered(low: str, n: NoteDate) -> bool:
    """Whether "instead" follows the day ``n`` ("the 19th instead"): the day offered in place of another,
    which a line that names it is about, as a day moved to."""
    return _INSTEAD_AFTER.match(low, n.end) is not None


#: A verb of its own in a bracketed aside: a form of "be" or "have", a modal, or a verb in -s right before
#: the day's preposition ("leaves on the 15th", "starts Monday").
_ASIDE_VERB = re.compile(
    r"\b(?:was|were|is|are|has|had|have|will|would|should|could|might|'ll|'ve|gets?|got)\b|\b[a-z]{3,}s\s+(?:on\s+|by\s+|from\s+)?"
    r"(?:the\s+)?$"
)
#: A clause that reports with a verb in the present: a form of "be" or "have", or a name and a verb in -s
#: ("Pip weighs 3.1 kg", "Kip looks better").
_REPORTS = re.compile(r"\b(?:is|are|was|were|has|have|had)\b|(?:^|(?<=\s))[A-Z][\w'-]*\s+[a-z]{3,}s\b")


def in_aside(line: str, low: str, lead: int, n: NoteDate) -> bool:
    """``n`` lies in a bracketed aside with a verb of its own, after a clause that reports with a verb of
    its own and that the aside comments on ("Pip weighs 3.1 kg (was 3.4 on 5/3)", "Ana resigned (new post
    in Leeds, leaves on the 15th)"): the aside's day, not the line's; "Paid the deposit (on 3 March)", with
    no verb, "(arrived Friday)", an act whose day it may be, and "(moved to Friday)", a day moved, keep
    theirs. ``lead``: where the line's text starts after its list marker and label."""
    near = max(lead, n.start - _NEAR)  # (windows: linear in the line's length)
    opened = low.rfind("(", near, n.start)
    if opened < 0 or ")" in low[opened : n.start] or len(_WORD_AT.findall(line, near, opened)) < 2:
        return False
    if not reports(line, max(lead, opened - _NEAR), opened):
        return False  # "Open items: the train card (expires 15 February)": a list, the aside its only day
    inside = low[opened + 1 : n.start]
    if RESCHEDULE.search(inside):
        return False
    return _ASIDE_VERB.search(inside) is not None


def reports(line: str, start: int, stop: int) -> bool:
    """Whether ``line[start:stop]`` reports something with a verb of its own: a past act
    (:func:`~mdrecall.knowledge.fact_lines.line_acts.acts`), a form of "be" or "have", or a name and a verb in
    -s."""
    return bool(acts(line, start, stop)) or _REPORTS.search(line, start, stop) is not None


#: Where the clause holding a day begins: after a sentence's end, a comma, a colon or a dash.
_CLAUSE_END = re.compile(r"[.;!?,:](?=\s)|\s[-–—]\s")


def done_on_written(line: str, kept: Sequence[NoteDate], written: date | None) -> bool:
    """Whether a line whose first day lies ahead of ``written`` reports, in the clause of a later phrase
    naming the day written, an act done then ("from April we ship with X. Told them today", "start Mon
    19/04. Deposit paid today"): the line is the day written's, the day ahead a mention. Plans and moved
    dates are no acts ("booked today")."""
    if written is None or len(kept) < 2 or kept[0].days[0] <= written:
        return False
    for n in kept[1:]:
        if n.days != (written,) or n.start <= kept[0].end:
            continue
        clause = max((m.end() for m in _CLAUSE_END.finditer(line, kept[0].end, n.start)), default=kept[0].end)
        if acts(line, clause, n.start):
            return True
    return False


#: "for" right before a day, maybe after a participle of arranging ("confirmed for", "booked for the"): the
#: day a plan is for.
_FOR_PLAN = re.compile(r"\bfor\s+(?:the\s+)?$")


def act_over_plan(line: str, low: str, kept: Sequence[NoteDate], written: date | None) -> list[NoteDate]:
    """``kept`` with a day gone put first when the line's first day is one a plan is for, ahead of
    ``written``, and a later sentence reports an act done on the day gone ("Hall confirmed for August 15.
    Ana signed the contract on May 12"): the line reports the act; the plan's day is a mention."""
    out = list(kept)
    if written is None or len(out) < 2 or out[0].days[0] <= written:
        return out
    if _FOR_PLAN.search(low, max(0, out[0].start - 12), out[0].start) is None:
        return out
    for n in out[1:]:
        if n.days[-1] > written:
            continue
        begin = max((m.end() for m in _SENTENCE_END.finditer(low, out[0].end, n.start)), default=-1)
        if begin >= 0 and acts(line, begin, n.start):
            return [n, *(o for o in out if o is not n)]
    return out
