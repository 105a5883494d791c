"""Dates in notes: what day a phrase in a note means, read from the day the note was written.

The query side (:mod:`mdrecall.text.date_phrases.dates`) reads a question's "last Friday" backwards from
today; a note's "by Friday" or "next Tuesday" points forward from its own day. :func:`note_dates` finds the
phrases with one grammar and takes the direction from the words around them (by / until / next → forward;
since / last / ago / a past verb → back; a bare weekday in a plan → the coming one). Each phrase's own days
are read by :func:`~mdrecall.text.date_phrases.phrase_days.phrase_days`; here they are set beside the line's
other phrases (a weekday in the week named before it, a plan's steps in order, one range). Pure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta

from mdrecall.text.date_phrases.capital_words import masked_initialisms
from mdrecall.text.date_phrases.date_calendar import quarter_near
from mdrecall.text.date_phrases.date_direction import direction_of
from mdrecall.text.date_phrases.date_grammar import note_phrases, weekday_number
from mdrecall.text.date_phrases.date_spans import join_ranges
from mdrecall.text.date_phrases.dates import MONTH_ABBR, MONTHS
from mdrecall.text.date_phrases.day_neighbours import (
    a_week,
    day_from_next,
    guessed_year,
    near_day,
    nearest_weekday,
    step_back,
    the_weekday,
    yearless_day,
)
from mdrecall.text.date_phrases.phrase_days import phrase_days
from mdrecall.text.date_phrases.spoken_ordinals import spoken_ordinals
from mdrecall.text.date_phrases.undated_reading import in_month, of_the_month, unread_when_undated
from mdrecall.text.date_phrases.weekday_dates import OWNER

__all__ = ["MAX_PHRASES", "NoteDate", "note_dates"]


@dataclass(frozen=True)
class NoteDate:
    """One date phrase in a line of a note: where it is (character offsets) and the days it names."""

    start: int
    end: int
    days: tuple[date, ...]


#: Between a weekday and the numeric date after it that names the day ("Sat 3/5", "Tue, 12/3").
_WEEKDAY_GAP = re.compile(r"\.?,?\s+")

#: Words of a goal or a bound before a day ("by December", "until the end of March").
_BOUNDS = {"by", "until", "till", "til", "before", "due"}
_BOUND_BEFORE = re.compile(r"\b(?:by|until|till|til|before|due)\s+(?:the\s+)?$")

#: A numeric date and an equals sign before a date: the date glosses a notation ("4/3 = 4 March"), an
#: example of how dates are written, no day.
_GLOSS = re.compile(r"\b\d{1,4}[/.-]\d{1,2}(?:[/.-]\d{1,4})?\s*=\s*$")

_SENTENCE_END = re.compile(r"[.;!?](?=\s)")

#: Between a phrase in words and a numeric date opening a bracket after it, in one clause: the bracket
#: glosses the words with their days ("over the Easter bank holidays (3/4 and 6/4)").
_GLOSSED = re.compile(r"[^.;:!?()\d]{0,30}\(\s*")

#: After a month, another offered in its place ("in March/April", "in May or June"): the writer names no
#: month yet, so neither gives the line a day.
_OR_MONTH = re.compile(
    r"\s*(?:/|\bor\b)\s*(?:" + "|".join(sorted({*MONTHS, *MONTH_ABBR}, key=len, reverse=True)) + r")\b",
    re.IGNORECASE,
)

#: Most date phrases read in one line (a line holding more is data: a pasted table, a calendar).
MAX_PHRASES = 64


def note_dates(
    line: str,
    written: date | None,
    loose: bool = False,
    order: str | None = None,
    workspace: str | None = None,
    near: date | None = None,
    dotted: bool = False,
    month: date | None = None,
    country: str | None = None,
) -> list[NoteDate]:
    """The date phrases of one line of a note written on ``written``, each resolved in the direction its
    words give (see above). Without ``written``, dates that carry their year are read, and the others from
    the first such date before them in the line ("- 2026-11-20: away until January").

    ``loose``: ``written`` is only a guess at when an undated page was written (its workspace's newest
    day): phrases that name a month or a day of a month are read from it (it gives their year), but not
    those that count from the day of writing ("tomorrow", "Friday", "next week", "the 18th"), which on
    such a page mostly name a standing slot ("Saturday shift lead", "prefers Friday afternoons").

    ``order``: the page's order of numeric dates (:func:`numeric_order`), which reads "4/6" either way; with
    it known, a day and month that open a line or a list item ("- 6/4 fly to Halifax") are read too, and a
    "3/15" anywhere on a month-first page. Without it, day first unless that cannot be.

    ``near``: a day the line's numeric days without a year lie near, when ``written`` is not the day the
    line was written but a date the page named above it (an undated page headed "Easter 2027": its "by
    1/3" is the March before, not the one a year after).

    ``month``: with ``loose``, a day of the month a heading over the line names ("# Committee — January"):
    a phrase counting within a month ("the 16th", "by end of month") is read in it.

    ``dotted``: the page writes dotted dates (:func:`~mdrecall.text.date_phrases.dotted_dates.dotted_habit`):
    its bare "14.3" is a date too (see :mod:`mdrecall.text.date_phrases.dotted_dates`).

    ``country``: the country the workspace's notes name (:mod:`~mdrecall.text.date_phrases.countries`),
    which sets the day of a holiday such as Thanksgiving; with none, such a holiday names no day."""
    out: list[NoteDate] = []
    line = spoken_ordinals(line)  # "the twenty ninth of september": "the 29th of september", in place
    low = masked_initialisms(line, line.lower())  # "LED conversion in November": no verb "led"
    base = written
    weekday_at = -1  # where the last phrase read, when a bare weekday, starts
    step_at = -1  # where the last phrase read, when any weekday, starts
    pending: re.Match[str] | None = None  # "the Saturday after", waiting for the phrase that follows
    numeric_at: set[int] = set()  # where phrases read, when numeric dates, start
    for m in note_phrases(line, "day" in low):
        if len(out) >= MAX_PHRASES:  # a pasted table or calendar: its first phrases say the line's days
            break
        kind = m.lastgroup
        g = m.groupdict()
        start = m.start(kind) if kind else m.start()
        if g["wbx"]:
            pending = m
            continue
        today = base
        if loose and unread_when_undated(g, line, start, (out[-1].end, len(out[-1].days)) if out else None):
            if month is None or not of_the_month(g):
                continue
            today = month
        if g["cwk"] and (loose or near is not None):
            continue  # on a page with no day of its own "week 7" counts a plan's, a course's, a foal's weeks
        if "=" in line and _GLOSS.search(line, max(0, start - 16), start):
            continue  # "(4/3 = 4 March)": an example of a notation
        if g["eox"] and out and not line[out[-1].end : start].strip():
            continue  # "Friday EOD": the day before names it
        try:
            before = out[-1].days[-1] if out else None
            if before is not None and (g["odd"] or g["odp"]) and len(out[-1].days) > 1:
                # "drift past 3pm for the next month. Agreed to sort from the 11th": a span named in an
                # earlier sentence does not give a bare day its month
                before = None if _SENTENCE_END.search(line, out[-1].end, start) else before
            orders = (order, workspace)
            found = phrase_days(g, low, start, m.end(), line, today, before, orders, dotted, country)
            if today is month and month is not None:
                found = in_month(g, found, month)
        except (OverflowError, ValueError):  # "tomorrow" in memory/9999-12-31.md: a day past the calendar's
            found = None
        if found and len(found) >= 28 and _OR_MONTH.match(line, m.end()):
            continue  # "around the new moon in March/April": one month or the other, no day yet
        if found and loose and written is not None:  # an undated page: "until end of March" may lie gone
            # a goal or a bound ("by December", "until end of March"): its own preposition or the word before
            bound = (g["mop"] or "").lower() in _BOUNDS or _BOUND_BEFORE.search(
                low, max(0, start - 12), start
            )
            found = guessed_year(g, found, written, bool(bound))
        if (
            found and out and g["wdn"] and not (g["wq"] or g["wdd"] or g["wdp"]) and a_week(out[-1].days)
            # (not a weekday a later sentence points its own way: "ill twice this week. Will ring Monday")
            and not (_SENTENCE_END.search(line, out[-1].end, start) and direction_of(low, start, m.end()))
        ):  # fmt: skip
            found = [out[-1].days[weekday_number(g["wdn"] or "")]]  # "Next week: invites go out Tuesday"
        elif (
            found and base and out and out[-1].start == step_at
            and step_back(g, found, out[-1].days, base, low[max(0, step_at - 8) : step_at])
        ):  # fmt: skip
            # "branch cut on Monday, ship Thursday": steps of a plan in order, the Thursday after that Monday
            found = [found[0] + timedelta(days=7 * ((out[-1].days[-1] - found[0]).days // 7 + 1))]
        close = before if before is not None else near
        if found and close is not None and len(found) == 1 and yearless_day(g):
            found = [near_day(found[0], close)]  # "due 28/2, sent 19/2": the line's days lie together
        elif found and close is not None and g["qtr"] and not (g["qy1"] or g["qy"] or g["qy2"]):
            # "contract runs to 31 Dec 2026, renegotiation in Q4": the quarter nearest the line's other day,
            # or the next or last from it as the words point ("approved 2 May 2025, report due in Q4")
            found = quarter_near(int(g["qn"] or 1), close, direction_of(low, start, m.end()))
        if found and before is not None and the_weekday(g, low, start):  # "on Sat 17/4, ... the Friday"
            found = [nearest_weekday(before, weekday_number(g["wdn"] or ""))]
        if pending is not None:
            if found and not line[pending.end() : start].strip():  # "the Saturday after Easter"
                found, start = [day_from_next(pending, found)], pending.start()
            pending = None
        numeric = (
            g["num"] or g["numl"] or g["numy"] or g["numd"] or g["numb"] or g["dot"] or g["numr"] or g["rom"]
        )
        after_weekday = (
            out and out[-1].start == weekday_at and _WEEKDAY_GAP.fullmatch(line, out[-1].end, start)
        )
        if found and numeric and after_weekday:
            start = (
                out.pop().start
            )  # "Sat 3/5": the weekday is that date's, one phrase ("Tue 30/3 to Thu 1/4")
        weekday_at = start if found and g["wdn"] and not g["wq"] else -1
        # (a weekday's possessive names an event of its own, no step of a plan: "Sunday's outage ... Friday")
        step_at = start if found and g["wdn"] and not OWNER.match(line, m.end()) else -1
        if found:
            out.append(NoteDate(start, m.end(), tuple(found)))
            if numeric:
                numeric_at.add(start)
            if base is None and len(found) == 1:
                base = found[0]
    if len(out) < 2:
        return out
    out = _without_glossed(line, out, numeric_at)
    return [NoteDate(*p) for p in join_ranges(line, [(n.start, n.end, n.days) for n in out])]


def _without_glossed(line: str, out: list[NoteDate], numeric_at: set[int]) -> list[NoteDate]:
    """``out`` less each phrase in words whose days a bracket of numeric dates right after it gives
    ("the Easter bank holidays (3/4 and 6/4)": those days, not Easter Sunday)."""
    return [
        n
        for n, nxt in zip(out, [*out[1:], None], strict=True)
        if nxt is None
        or n.start in numeric_at
        or nxt.start not in numeric_at
        or not _GLOSSED.fullmatch(line, n.end, nxt.start)
    ]
