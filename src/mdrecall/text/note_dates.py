"""Dates in notes: what day a phrase in a note means, read from the day the note was written.

The query side (:mod:`mdrecall.text.dates`) reads a question's "last Friday" backwards from today; a note's
"by Friday" or "next Tuesday" points forward from its own day. :func:`note_dates` finds the phrases with
one grammar and takes the direction from the words around them (by / until / next → forward; since /
last / ago / a past verb → back; a bare weekday in a plan → the coming one). Pure.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta

from mdrecall.text.date_direction import BACK_PREP, FORWARD_PREP, direction_of, past_verb, starts_clause
from mdrecall.text.date_grammar import day_typo, note_grammar, weekday_number
from mdrecall.text.dates import (
    MAX_DAYS,
    MONTH_ABBR,
    MONTHS,
    NUMBER_WORDS,
    month_days,
    week_of,
    weekday_before,
)
from mdrecall.text.holidays import ONE_DAY, holiday_day, holiday_key

__all__ = ["MAX_PHRASES", "NoteDate", "agreed_order", "note_dates", "numeric_order"]


@dataclass(frozen=True)
class NoteDate:
    """One date phrase in a line of a note: where it is (character offsets) and the days it names."""

    start: int
    end: int
    days: tuple[date, ...]


#: A label whose value is a day ("Deadline: 3/12", "Vet appt: 4/11"), read right before the colon.
_LABEL_WORD = re.compile(
    r"\b(?:deadline|due|date|when|day|appt|appointment|meeting|call|visit|delivery|deliver|arrives?|starts?"
    r"|ends?|until|till|by|from|next|booked|opens?|closes?|launch|release|review|exam|interview)\s*:\s*$"
)
#: A noun after a holiday that makes it name a period or an event rather than its day ("Christmas break").
_ATTRIBUTE = re.compile(
    r"\s+(?:break|holidays?|hols|vacation|party|parties|shopping|market|fair|lights|tree|cards?|presents?"
    r"|gifts?|concert|show|jumper|season|period|rush|closure|shutdown|week|weekend|term|trip|plans?|budget"
    r"|bonus|rota)\b",
    re.IGNORECASE,
)
#: After a holiday whose name says it is one day ("Paddy's Day", "Christmas Eve"), only a noun of a period
#: makes it no day: an event named after it is held that day ("Paddy's Day rota", "the Boxing Day match").
_PERIOD = re.compile(
    r"\s+(?:break|holidays?|hols|vacation|season|period|rush|closure|shutdown|week|weekend|term|sales?)\b",
    re.IGNORECASE,
)
#: A weekday used as an attribute ("the new Thursday slot", "our Monday meeting"): the word before it is a
#: determiner or one of these adjectives, and a lower-case noun follows; it names a recurring slot, no day.
_DETERMINER = re.compile(
    r"(?:\b(?:the|a|an|our|my|your|their|his|her|its|usual|new|old|regular|weekly|first|second|third|fourth"
    r"|more|no|each|any|same|\w+'s)\s+)$"
)
_NOUN_AFTER = re.compile(
    r"\s+(?!(?:at|on|in|to|from|for|and|or|with|by|after|before|is|was|will|the|a)\b)[a-z]"
)

#: After a weekday, words that make it recur: "Saturday mornings", "the first Tuesday of the month".
_RECURS_AFTER = re.compile(
    r"\s*(?:(?:morning|afternoon|evening|night|lunchtime)s\b|of\s+(?:the|each|every)\s+month\b"
    r"|(?:(?:noon|midday|\d{1,2}(?::\d\d)?\s*(?:am|pm)?)\s+)?(?:each|every)\s+week\b)"
)
#: Before a weekday, an ordinal that makes it a monthly slot ("the first Thursday", "every 2nd Tuesday").
_ORDINAL_BEFORE = re.compile(r"\b(?:first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th)\s+$")
#: Between a weekday and the numeric date after it that names the day ("Sat 3/5", "Tue, 12/3").
_WEEKDAY_GAP = re.compile(r"\.?,?\s+")
_DAY_NAME = (
    r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)"
)
_JOIN = r"\s*(?:,|&|/|-|–|\band\b|\bor\b)\s*"
#: A weekday followed by more in a list ("Tuesday and Friday mornings", "Mon, Wed, Fri"), and what follows.
_LIST_AFTER = re.compile(rf"(?:{_JOIN}{_DAY_NAME}(?P<pl>s)?\b\.?)+(?P<tail>\s*\w+s\b)?")
_LIST_BEFORE = re.compile(rf"\b{_DAY_NAME}(?P<pl>s)?\.?{_JOIN}$")
_PARTS_OF_DAY = {"mornings", "afternoons", "evenings", "nights", "lunchtimes"}
#: What may open a line before a weekday that names the day it was written ("Admin Monday."): a list
#: marker and at most two words.
_OPENING = re.compile(
    r"\s*(?:[-*+]\s+(?:\[.\]\s+)?)?(?:(?!(?:by|until|till|before|due|for|to|since|from|after)\s)[a-z][\w'&]*\s+){0,2}"
)


def _schedule(low: str, start: int, end: int) -> bool:
    """Whether the weekday at ``low[start:end]`` is one of a list of weekdays that recur: a timetable of
    abbreviations ("Wed, Fri", "Mon/Thu"), plurals ("Tuesdays and Thursdays") or days followed by a
    plural part of the day ("dropped Tuesday and Friday mornings")."""
    ahead = _LIST_AFTER.match(low, end)
    back = _LIST_BEFORE.search(low, max(0, start - 16), start)
    if ahead is None and back is None:
        return False
    if end - start <= 5 or (back is not None and (back.group("pl") or len(back.group(0).split()[0]) <= 5)):
        return True  # a day's abbreviation in a list (the longest, "thurs", has five letters)
    if ahead is not None:
        last = ahead.group(0).rstrip(".").split()[-1] if not ahead.group("tail") else ""
        tail = (ahead.group("tail") or "").strip()
        return bool(ahead.group("pl")) or tail in _PARTS_OF_DAY or (len(last) <= 5 and last.isalpha())
    return False


#: Most date phrases read in one line (a line holding more is data: a pasted table, a calendar).
MAX_PHRASES = 64


#: A legend naming a page's order of numeric dates ("Dates (dd/mm):", "mm/dd/yyyy").
_LEGEND = re.compile(r"\b(?:(?P<dmy>dd?/mm?)|(?P<mdy>mm?/dd?))(?:/yy(?:yy)?)?\b", re.IGNORECASE)
#: A numeric day and month (maybe with its year), for :func:`numeric_order`'s votes.
_NUMERIC = re.compile(r"(?<![\d/.])(\d{1,2})/(\d{1,2})(?:/(?:\d{4}|\d{2}))?(?![\d/])")
#: What may stand before a bare "6/4" that opens a line: a list marker, a number, a table's first bar.
_OPENS_NUM = re.compile(r"\s*(?:[-*+]\s+(?:\[.\]\s+)?|\d+[.)]\s+|\|\s*)?")


#: After a bare "3/4": a unit or a count that makes it a fraction or a score ("3/4 cup", "2/3 of the
#: team", "8/10 stars", "3/4 days a week"), or a time of day ("10/11pm").
_FRACTION_AFTER = re.compile(
    r"\s*(?:am|pm|h|hrs?|%|x)\b|:\d|\s+(?:of|cups?|c|tsp|tbsps?|teaspoons?|tablespoons?|oz|lbs?|pounds?"
    r"|inch(?:es)?|ft|feet|foot|yards?|miles?|mi|km|kg|g|grams?|mg|ml|l|litres?|liters?|pints?|gallons?"
    r"|pieces?|slices?|way|full|empty|done|complete|finished|majority|times?|per|stars?|points?|pts|marks?"
    r"|votes?|people|players|members|days|weeks|hours|mins?|minutes|nights|months|years|sessions|reps"
    r"|sets|correct|right|wrong|split|chance|odds|rating|max)\b",
    re.IGNORECASE,
)
#: Before a bare "3/4": a word that makes it a score, a rating, a share or a fraction ("scored 8/10",
#: "rated it 4/5", "about 2/3", "1 and 1/2"), or a currency or a number sign ("$3/4", "#3/4").
_FRACTION_BEFORE = re.compile(
    r"(?:\b(?:(?:scored?|scores|scoring|rated?|rates|rating|ratings|marks?|graded?|grade|got|gets|gave)"
    r"(?:\s+(?:it|them|him|her|this|that|me|us))?|out\s+of|a|an|and|half|ratio|odds|pain|level|about"
    r"|approx|approximately|roughly|nearly|almost|only|just|around|some|another|extra|plus|minus)\s+"
    r"|[$£€#×])$",
    re.IGNORECASE,
)


def _bare_date(low: str, start: int, end: int, opens: bool) -> bool:
    """Whether a bare "3/5" read in a known order is a date: no word after it makes it a fraction, a score
    or a time ("3/4 cup", "8/10 stars", "10/11pm"), nor, inside a sentence (not ``opens`` a line or a list
    item), a word before it ("scored 8/10", "about 2/3"); "24/7" never is."""
    if low[start:end] == "24/7" or _FRACTION_AFTER.match(low, end):
        return False
    return opens or _FRACTION_BEFORE.search(low, max(0, start - 24), start) is None


#: The word before a bare "2/3" that calls for a day: a verb of being or a past verb ("birthday is 3/5",
#: "sent 2/3"), a word of direction or time ("starting 6/3", "due 5/3"), a weekday ("Sat 3/5"); or a time
#: of day after it.
_CUE_BEFORE = re.compile(r"([a-z']+)\s+([a-z']+)[.,]?\s+$|([a-z']+)[.,]?\s+$")
_CUE_WORDS = FORWARD_PREP | BACK_PREP | {
    "is", "was", "are", "were", "be", "been", "on", "from", "after", "since", "starting", "starts", "start",
    "ending", "ends", "returning", "back", "arriving", "arrives", "leaving", "leaves", "born", "dated",
}  # fmt: skip
_TIME_AFTER = re.compile(
    r"\s+(?:at\s+|@\s*)?\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm)\b|\s+(?:at\s+|@\s*)\d{1,2}[:.]\d\d\b"
)


def _date_cue(low: str, start: int, end: int) -> bool:
    """Whether a bare "2/3" read only in the workspace's order (its page shows none) is called for as a
    day: a word before it asks for one (:data:`_CUE_WORDS`, a past verb) or a time of day follows it. A
    bare number opening a line ("- 4/5 found the field": four of five testers) is not."""
    if _TIME_AFTER.match(low, end):
        return True
    m = _CUE_BEFORE.search(low, max(0, start - 40), start)
    if m is None:
        return False
    word, prev = (m.group(2), m.group(1)) if m.group(2) else (m.group(3), "")
    return word in _CUE_WORDS or past_verb(word, prev or "") or re.fullmatch(_DAY_NAME, word) is not None


def agreed_order(orders: Iterable[str | None]) -> str | None:
    """The workspace's order of numeric dates: the one its pages' own orders (:func:`numeric_order`, one
    per page) agree on, at least three pages to one (a page pasted from elsewhere does not undo it);
    ``None`` when no page has one, or they disagree."""
    counts = Counter(o for o in orders if o)
    dmy, mdy = counts["dmy"], counts["mdy"]
    if dmy > 3 * mdy:
        return "dmy"
    if mdy > 3 * dmy:
        return "mdy"
    return None


def numeric_order(text: str) -> str | None:
    """The order a page writes numeric dates in, from the page itself: ``"dmy"`` or ``"mdy"`` when a legend
    says so ("Dates (dd/mm):") or when its numeric dates that can be read one way only ("15/4": no month 15;
    "3/15") all agree; else ``None`` (no numeric date, or both orders: read day first unless that cannot
    be). "24/7" casts no vote."""
    if "/" not in text:
        return None
    legends = {k for m in _LEGEND.finditer(text) for k, v in m.groupdict().items() if v}
    if len(legends) == 1:
        return legends.pop()
    votes = set()
    for m in _NUMERIC.finditer(text):
        a, b = int(m.group(1)), int(m.group(2))
        if 13 <= a <= 31 and 1 <= b <= 12 and (a, b) != (24, 7):
            votes.add("dmy")
        elif 1 <= a <= 12 and 13 <= b <= 31:
            votes.add("mdy")
    return votes.pop() if len(votes) == 1 else None


def note_dates(
    line: str,
    written: date | None,
    loose: bool = False,
    order: str | None = None,
    workspace: str | None = None,
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
    "3/15" anywhere on a month-first page. Without it, day first unless that cannot be."""
    out: list[NoteDate] = []
    low = line.lower()
    base = written
    weekday_at = -1  # where the last phrase read, when a bare weekday, starts
    for m in note_grammar().finditer(line):
        if len(out) >= MAX_PHRASES:  # a pasted table or calendar: its first phrases say the line's days
            break
        kind = m.lastgroup
        g = m.groupdict()
        start = m.start(kind) if kind else m.start()
        if loose and _from_writing(g):
            continue
        try:
            before = out[-1].days[-1] if out else None
            found = _note_match(g, low, start, m.end(), line, base, before, (order, workspace))
        except (OverflowError, ValueError):  # "tomorrow" in memory/9999-12-31.md: a day past the calendar's
            found = None
        if found and out and g["wdn"] and not (g["wq"] or g["wdd"] or g["wdp"]) and _a_week(out[-1].days):
            found = [out[-1].days[weekday_number(g["wdn"] or "")]]  # "Next week: invites go out Tuesday"
        numeric = g["num"] or g["numl"] or g["numy"] or g["numd"] or g["numb"]
        after_weekday = (
            out and out[-1].start == weekday_at and _WEEKDAY_GAP.fullmatch(line, out[-1].end, start)
        )
        if found and numeric and after_weekday:
            out.pop()  # "Sat 3/5": the weekday is that date's
        weekday_at = start if found and g["wdn"] and not g["wq"] else -1
        if found:
            out.append(NoteDate(start, m.end(), tuple(found)))
            if base is None and len(found) == 1:
                base = found[0]
    return out


def _a_week(days: tuple[date, ...]) -> bool:
    """Whether ``days`` are one Monday–Sunday week (what "next week" names)."""
    return len(days) == 7 and days[0].weekday() == 0


_FROM_WRITING = ("ww", "ww2", "wan", "wbl", "span", "wkend", "ahead", "ago", "rel", "wd", "odd", "typo")


def _from_writing(g: dict[str, str | None]) -> bool:
    """Whether a phrase counts from the day it was written ("tomorrow", "Friday", "in two weeks", "the end
    of the month"), rather than naming a month or a day of one ("14 April", "in June", "the end of May")."""
    if any(g[k] for k in _FROM_WRITING):
        return True
    if g["end"] and not g["endy"]:
        what = (g["endw"] or "").split()[-1]
        return _month_num(what) is None and not re.fullmatch(r"q[1-4]", what, re.IGNORECASE)
    return bool(g["wof"] and not (g["wofm"] or g["wofm2"]))


def _note_match(
    g: dict[str, str | None],
    low: str,
    start: int,
    end: int,
    line: str,
    today: date | None,
    before: date | None = None,
    orders: tuple[str | None, str | None] = (None, None),
) -> list[date] | None:
    """The days of one matched phrase (``g``: the grammar's groups), or ``None``; ``before``: the last day
    of the line's previous phrase (what "the week after" follows); ``orders``: the page's and the
    workspace's order, as for :func:`note_dates`."""
    found = _explicit(g, low, start, end, today, orders)
    if found is not None or today is None:
        return found
    one = timedelta(days=1)
    if g["end"]:
        return _part_of(g, today, direction_of(low, start, end, default=1))
    if g["wof"]:  # "the week of 8 March": the Monday–Sunday week holding that day
        held = _week_of_day(g, low, start, end, today)
        return week_of(held) if held else None
    if g["ww"] or g["ww2"]:  # "Friday next week", "next week on Friday"
        step = {"last": -1, "this": 0, "next": 1}[(g["wwq"] or g["wwq2"] or "").lower()]
        monday = today - timedelta(days=today.weekday()) + 7 * step * one
        return [monday + weekday_number(g["wwd"] or g["wwd2"] or "") * one]
    if g["wan"]:  # "Friday week", "the Friday after next": a week after the coming one
        wd = weekday_number(g["wand"] or "")
        return [today + timedelta(days=(wd - today.weekday() - 1) % 7 + 8)]
    if g["wbl"]:  # "the week before last", "the week after next"; "the week after" (the one that follows)
        which = " ".join((g["wbld"] or "").lower().split())
        weeks = {"before last": -2, "after next": 2, "before": -1, "after": 1}[which]
        anchor = before if before is not None and " " not in which else today
        return week_of(anchor + 7 * weeks * one)
    if g["span"]:
        which = " ".join((g["spw"] or "").lower().split()).removeprefix("this ")
        unit, part = (g["spu"] or "").lower(), (g["spq"] or "").lower()
        step = {"last": -1, "past": -1, "this": 0, "next": 1, "coming": 1}[which]
        if unit == "week":
            days = week_of(today + 7 * step * one)
            if g["spwd"]:  # "next week (Thursday)"
                return [days[weekday_number(g["spwd"])]]
        elif unit == "weekend":
            if which == "coming" and today.weekday() >= 5:
                step = 0
            days = _weekend(today, step)
        else:
            days = month_days(today.year, today.month + step)
        return _third(days, part)
    if g["wkend"]:  # "over the weekend": the past one, the coming one, or the nearest
        direction = direction_of(low, start, end)
        if direction == 0:
            direction = -1 if today.weekday() < 2 else 1 if today.weekday() < 5 else 0
        return _weekend(today, direction)
    if g["ahead"] or g["ago"]:
        count = _count(g["an"] if g["ahead"] else g["gn"])
        unit = (g["au"] if g["ahead"] else g["gu"]) or ""
        sign = -1 if g["ago"] and (g["gdir"] or "").lower() == "ago" else 1
        if count is None or count > MAX_DAYS:
            return None
        if unit.startswith(("day", "week", "fortnight")):
            size = 1 if unit.startswith("day") else 7 if unit.startswith("week") else 14
            day = today + sign * size * count * one
            if g["awd"]:  # "in three weeks (Tuesday)": that weekday of that week
                return [week_of(day)[weekday_number(g["awd"])]]
            return [day]
        target = month_days(today.year, today.month + sign * count)[0]
        return [_safe(target.year, target.month, today.day) or [month_days(target.year, target.month)[-1]]][0]
    if g["rel"]:
        word = " ".join((g["rel"] or "").lower().split()).removeprefix("the ")
        shift = {"day before yesterday": -2, "day after tomorrow": 2, "yesterday": -1, "tomorrow": 1}
        shift["last night"] = -1
        if word == "tomorrow" and line[start].isupper() and not starts_clause(low, start):
            return None  # a capital mid-sentence: a title ("Tomorrow, and Tomorrow, and Tomorrow")
        return [today + shift.get(word, 0) * one]
    if g["wdn"]:
        return _weekday(g, low, line, start, end, today)
    if g["odd"]:  # "the 18th": that day of this month, the next or the last, as the words point; after
        # another day in the line ("moved to 21 March: the oval is taken on the 20th"), the one nearest it
        if before is not None:
            return _day_of_month(int(g["oddn"] or 0), before, 0)
        return _day_of_month(int(g["oddn"] or 0), today, direction_of(low, start, end))
    if g["mattr"]:  # "the October Next Fest": that month, ahead unless the words point back
        return _month_near(_month_num(g["man"] or "") or 1, today, direction_of(low, start, end, default=1))
    if g["typo"]:  # "tommorow", "yesturday"
        moved = day_typo(g["typo"] or "")
        return None if moved is None else [today + moved * one]
    if g["mon"]:
        prep = (g["mop"] or "").lower()
        month = _month_num(g["mon"] or "") or 1
        if prep in {"to", "for"} and (g["mon"] or "").islower() and month in {3, 5}:
            return None  # "to march", "for may": verbs
        if prep in {"next", "last", "this"}:
            step = {"next": 1, "last": -1, "this": 0}[prep]
            days = _month_near(month, today, step) if step else month_days(today.year, month)
        else:
            sign = 1 if prep in FORWARD_PREP else -1 if prep in BACK_PREP else direction_of(low, start, end)
            days = _month_near(month, today, sign)
        return _third(days, prep)
    if g["qtr"]:
        return _quarter(int(g["qn"] or 1), today, direction_of(low, start, end))
    if g["hol"]:
        name = holiday_key(g["holn"] or "")
        if name is None or (_PERIOD if ONE_DAY.search(name) else _ATTRIBUTE).match(line, end):
            return None  # "Christmas break", "the Halloween party": a period or an event, not the day
        return _holiday(name, today, direction_of(low, start, end))
    return None


def _holiday(name: str, today: date, direction: int) -> list[date] | None:
    """Holiday ``name``'s day in the year ``direction`` gives from ``today`` (as :func:`_dated`)."""
    options = [d for y in (today.year - 1, today.year, today.year + 1) if (d := holiday_day(name, y))]
    if direction > 0:
        options = [d for d in options if d >= today]
        return [min(options)] if options else None
    if direction < 0:
        options = [d for d in options if d <= today]
        return [max(options)] if options else None
    return [min(options, key=lambda d: (abs((d - today).days), d < today))] if options else None


def _explicit(
    g: dict[str, str | None],
    low: str,
    start: int,
    end: int,
    today: date | None,
    orders: tuple[str | None, str | None] = (None, None),
) -> list[date] | None:
    """The days of a phrase that carries a day and month (with or without its year), a month and year or
    a quarter and year; ``None`` for other phrases (and for impossible dates). ``orders``: the page's and
    the workspace's order of numeric dates."""
    own, workspace = orders
    order = own or workspace
    if g["iso"]:
        return _safe(int(g["iy"] or 0), int(g["im"] or 0), int(g["id"] or 0))
    if g["ymd"]:
        return _safe(int(g["ymdy"] or 0), int(g["ymdm"] or 0), int(g["ymdd"] or 0))
    if g["numy"]:  # 3/12/2025, 12.06.2025: in the page's order, else day first unless that cannot be
        ym, yd = _month_day(int(g["y1"] or 0), int(g["y2"] or 0), order)
        return _safe(int(g["yy"] or 0), ym, yd)
    if g["mdm"] or g["dmm"]:
        month = _month_num(g["mdm"] or g["dmm"] or "")
        day = int(g["mdd"] or g["dmd"] or 0)
        year = g["mdy"] or g["dmy"]
        if not month or (month == 5 and g["mdm"] and g["mdm"] == "may" and not year):
            return None  # "may 5" in lower case is more often a verb than a date
        if year:
            return _safe(int(year), month, day)
        said = g["mdw"] or g["dmw"]
        if said and today is not None:  # "Sunday 21 March": the year in which that day is a Sunday
            near = [
                d for y in (today.year - 1, today.year, today.year + 1) for d in _safe(y, month, day) or []
            ]
            fits = [d for d in near if d.weekday() == weekday_number(said)]
            if fits:
                return [min(fits, key=lambda d: abs((d - today).days))]
        return _dated(month, day, today, direction_of(low, start, end))
    if g["l1"] and _LABEL_WORD.search(low, 0, start) is None:
        return None  # "Progress: 4/5" is a fraction; "Deadline: 3/12" a day
    if g["numd"]:  # "13/3": only a day and month can be so written
        return _dated(int(g["dd2"] or 0), int(g["dd1"] or 0), today, direction_of(low, start, end))
    if g["numb"]:  # "6/4" alone: a date only in a known order (the page's, else the workspace's)
        a, b = int(g["b1"] or 0), int(g["b2"] or 0)
        opens = _OPENS_NUM.fullmatch(low, 0, start) is not None
        if order is None or not _bare_date(low, start, end, opens):
            return None
        if own is None and not _date_cue(low, start, end):
            return None  # in the workspace's order only after a word that calls for a day ("sent 2/3")
        month, day = _month_day(a, b, order)
        return _dated(month, day, today, direction_of(low, start, end)) if month <= 12 else None
    if g["num"] or g["numl"]:
        a, b = int(g["n1"] or g["l1"] or g["l3"] or 0), int(g["n2"] or g["l2"] or g["l4"] or 0)
        month, day = _month_day(a, b, order)
        ny = g["ny"]
        if ny:
            return _safe(int(ny) + (2000 if len(ny) == 2 else 0), month, day)
        return _dated(month, day, today, direction_of(low, start, end)) if 1 <= month <= 12 else None
    if g["mon"] and g["moy"]:
        return _third(month_days(int(g["moy"]), _month_num(g["mon"] or "") or 1), (g["mop"] or "").lower())
    if g["my"]:
        named = _month_num(g["mym"] or "")
        return month_days(int(g["myy"] or 0), named) if named and g["mym"] != "may" else None
    if g["isom"]:
        return month_days(int(g["imy"] or 0), int(g["imm"] or 1))
    if g["end"] and g["endy"]:  # "the end of March 2027", "the start of Q3 2027"
        what = (g["endw"] or "").lower()
        end_year = int(g["endy"])
        named = _month_num(what)
        if named:
            days = month_days(end_year, named)
        elif re.fullmatch(r"q[1-4]", what):
            days = _quarter_days(end_year, int(what[1]))
        else:
            return None
        return [_side(days, g["eside"] or "")]
    if g["wof"] and g["wofy"]:
        held = _week_of_day(g, low, start, end, today)
        return week_of(held) if held else None
    if g["hol"] and g["holy"]:
        name = holiday_key(g["holn"] or "")
        held = holiday_day(name, int(g["holy"])) if name else None
        return [held] if held else None
    if g["qtr"] and (g["qy1"] or g["qy"] or g["qy2"]):
        qyear = int(g["qy1"] or g["qy"] or 0) or 2000 + int(g["qy2"] or 0)
        return _quarter_days(qyear, int(g["qn"] or 1))
    return None


def _month_day(a: int, b: int, order: str | None) -> tuple[int, int]:
    """(month, day) of a numeric "a/b": in ``order`` ("mdy": month first), else day first, unless the
    order cannot be ("15/4" in a month-first page, "3/15" in a day-first one)."""
    if order == "mdy":
        return (b, a) if a > 12 >= b else (a, b)
    return (a, b) if b > 12 >= a else (b, a)


def _part_of(g: dict[str, str | None], today: date, direction: int) -> list[date] | None:
    """ "The end of the month", "the start of next week", "the end of January", "the end of Q3": the last
    (first, middle) day of that period; a week ends on its Friday."""
    side, what = (g["eside"] or "").lower(), " ".join((g["endw"] or "").lower().split())
    step = {"next": 1, "last": -1}.get(what.split()[0], 0) if " " in what else 0
    unit = what.split()[-1]
    one = timedelta(days=1)
    if unit == "week":
        days = week_of(today + 7 * step * one)[:5]
    elif unit == "month":
        days = month_days(today.year, today.month + step)
    elif unit == "year":
        days = [date(today.year + step, 1, 1), date(today.year + step, 12, 31)]
    elif unit == "quarter":
        q = (today.month - 1) // 3 + step
        days = _quarter_days(today.year + q // 4, q % 4 + 1)
    elif unit.startswith("q"):
        days = _quarter(int(unit[1]), today, direction)
    else:
        month = _month_num(unit)
        if not month:
            return None
        days = _month_near(month, today, direction)
    return [_side(days, side)]


def _side(days: list[date], side: str) -> date:
    """The last (``end``), first (``start``, ``beginning``) or middle day of a period."""
    side = side.lower()
    return days[-1] if side == "end" else days[0] if side in {"start", "beginning"} else days[len(days) // 2]


def _week_of_day(g: dict[str, str | None], low: str, start: int, end: int, today: date | None) -> date | None:
    """The day "the week of <day>" names: with its year, or the one its words point to from ``today``."""
    day = int(g["wofd"] or g["wofd2"] or 0)
    month = _month_num(g["wofm"] or g["wofm2"] or "")
    if g["wofy"]:
        found = _safe(int(g["wofy"]), month, day) if month else None
    elif today is None:
        return None
    elif month:
        found = _dated(month, day, today, direction_of(low, start, end))
    else:
        found = _day_of_month(day, today, direction_of(low, start, end))
    return found[0] if found else None


_TENS = {"early": (1, 10), "mid": (11, 20), "late": (21, 31)}


def _third(days: list[date], part: str) -> list[date]:
    """The early, mid or late third of ``days`` (all of them for another word); of a whole month, days
    1–10, 11–20 and 21 to the end, as a calendar is read."""
    if len(days) >= 28 and days[0].day == 1 and part in _TENS:
        low, high = _TENS[part]
        return [d for d in days if low <= d.day <= high]
    third = max(1, len(days) // 3)
    return {"early": days[:third], "mid": days[third:-third], "late": days[-third:]}.get(part) or days


def _weekend(today: date, step: int) -> list[date]:
    """The Saturday and Sunday before ``today`` (``step`` −1), of its week (0) or the coming one (+1);
    said on a weekend day, −1 and 0 are that same weekend."""
    saturday = today - timedelta(days=today.weekday()) + timedelta(days=5)
    if step < 0 and today.weekday() < 5 or step > 0 and today.weekday() >= 5:
        saturday += timedelta(days=7 * step)
    return [saturday, saturday + timedelta(days=1)]


def _day_of_month(day: int, today: date, direction: int) -> list[date] | None:
    """Day ``day`` of this month, the next or the last: the first on or after ``today`` (+1), the last on or
    before it (−1), or the nearest (0)."""
    options = [
        d for k in (-1, 0, 1) for first in [month_days(today.year, today.month + k)[0]]
        for d in (_safe(first.year, first.month, day) or [])
    ]  # fmt: skip
    if direction > 0:
        options = [d for d in options if d >= today]
    elif direction < 0:
        options = [d for d in options if d <= today]
    return [min(options, key=lambda d: (abs((d - today).days), d < today))] if options else None


def _quarter_days(year: int, q: int) -> list[date]:
    first, last = month_days(year, 3 * q - 2)[0], month_days(year, 3 * q)[-1]
    return [first + timedelta(days=k) for k in range((last - first).days + 1)]


def _quarter(q: int, today: date, direction: int) -> list[date]:
    """Every day of quarter ``q`` in the year ``direction`` gives (this quarter counts either way)."""
    now = (today.month - 1) // 3 + 1
    ahead = today.year if q >= now else today.year + 1
    back = today.year if q <= now else today.year - 1
    if direction > 0:
        year = ahead
    elif direction < 0:
        year = back
    else:
        year = ahead if (q - now) % 4 <= (now - q) % 4 else back
    return _quarter_days(year, q)


def _weekday(
    g: dict[str, str | None], low: str, line: str, start: int, end: int, today: date
) -> list[date] | None:
    """A weekday: "last/this/next Friday", "Monday 9th", or a bare one read in the clause's direction;
    ``Tuesdays``, ``every Tuesday``, ``Thursday evenings`` recur and name no day."""
    qual = (g["wq"] or "").lower()
    wd = weekday_number(g["wdn"] or "")
    if g["wpl"] or qual == "every" or _RECURS_AFTER.match(low, end) or _schedule(low, start, end):
        return None
    if not qual and _ORDINAL_BEFORE.search(low, max(0, start - 8), start):
        return None  # "the first Thursday": a day each month, not one day
    one = timedelta(days=1)
    if not qual and _DETERMINER.search(low, max(0, start - 24), start) and _NOUN_AFTER.match(line, end):
        return None  # "the new Thursday slot", "Ivy's first Saturday squad": a recurring slot
    opening = _OPENING.fullmatch(low, 0, start)
    if not qual and wd == today.weekday() and opening and low[:start].split()[-1:] != ["on"]:
        return [today]  # "Admin Monday." written on a Monday: that day
    numbered = g["wdd"] or g["wdp"]
    if numbered:  # "Monday 9th", "Wednesday (30th)": the nearest day so numbered that falls on that weekday
        near = [today + k * one for k in range(-45, 46)]
        fits = [d for d in near if d.day == int(numbered) and d.weekday() == wd]
        return [min(fits, key=lambda d: abs((d - today).days))] if fits else None
    if qual == "next":
        monday = today - timedelta(days=today.weekday()) + 7 * one
        return [monday + wd * one]
    if qual == "this":
        return [today + timedelta(days=wd - today.weekday())]
    if qual == "last" or direction_of(low, start, end, default=1) < 0:
        return [weekday_before(today, wd)]
    return [today + timedelta(days=(wd - today.weekday() - 1) % 7 + 1)]


def _month_num(word: str) -> int | None:
    w = word.lower().rstrip(".")
    return MONTHS.get(w) or MONTH_ABBR.get(w)


def _safe(year: int, month: int, day: int) -> list[date] | None:
    try:
        return [date(year, month, day)]
    except ValueError:
        return None


def _count(word: str | None) -> int | None:
    if word is None:
        return 1
    w = word.lower().replace("couple of", "two")
    return int(w) if w.isdigit() else NUMBER_WORDS.get(w)


def _dated(month: int, day: int, today: date | None, direction: int) -> list[date] | None:
    """Day ``day`` of ``month`` in the year ``direction`` gives from ``today``: the first on or after it
    (+1), the last on or before it (−1), or the nearest (0)."""
    if today is None:
        return None
    options = [d for y in (today.year - 1, today.year, today.year + 1) for d in (_safe(y, month, day) or [])]
    if not options:
        return None
    if direction > 0:
        ahead = [d for d in options if d >= today]
        return [min(ahead)] if ahead else None
    if direction < 0:
        back = [d for d in options if d <= today]
        return [max(back)] if back else None
    return [min(options, key=lambda d: (abs((d - today).days), d < today))]


def _month_near(month: int, today: date, direction: int) -> list[date]:
    """Every day of ``month`` in the year ``direction`` gives (this month counts either way)."""
    ahead = today.year if month >= today.month else today.year + 1
    back = today.year if month <= today.month else today.year - 1
    if direction > 0:
        year = ahead
    elif direction < 0:
        year = back
    else:
        year = ahead if (month - today.month) % 12 <= (today.month - month) % 12 else back
    return month_days(year, month)
