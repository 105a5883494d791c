"""Dates in notes: what day a phrase in a note means, read from the day the note was written.

The query side (:mod:`mdrecall.text.dates`) reads a question's "last Friday" backwards from today; a note's
"by Friday" or "next Tuesday" points forward from its own day. :func:`note_dates` finds the phrases with
one grammar and takes the direction from the words around them (by / until / next → forward; since /
last / ago / a past verb → back; a bare weekday in a plan → the coming one). Pure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache

from mdrecall.text.dates import (
    MAX_DAYS,
    MONTH_ABBR,
    MONTHS,
    NUMBER_WORDS,
    WEEKDAYS,
    month_days,
    week_of,
    weekday_before,
)

__all__ = ["NoteDate", "note_dates"]


@dataclass(frozen=True)
class NoteDate:
    """One date phrase in a line of a note: where it is (character offsets) and the days it names."""

    start: int
    end: int
    days: tuple[date, ...]


_MONTH_RX = (
    r"january|february|march|april|may|june|july|august|september|october|november|december"
    r"|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec"
)
_WEEKDAY_RX = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_NUM_RX = r"\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten|few|couple of"
#: Words right before a date that point forward / back.
_FORWARD_PREP = {"by", "until", "till", "til", "before", "due", "next", "for", "to"}
_BACK_PREP = {"since", "last"}
#: Words in the same clause that say the clause is a plan, or that it happened.
_FUTURE = {
    "will", "ll", "going", "gonna", "plan", "plans", "planning", "planned", "scheduled", "booked", "due",
    "until", "till", "by", "upcoming", "tomorrow", "starts", "start", "starting", "should", "must", "need",
    "needs", "want", "wants", "expect", "expected", "hope", "shall", "next", "then",
}  # fmt: skip
_PAST = {
    "went", "was", "were", "did", "had", "met", "saw", "got", "came", "gave", "took", "made", "said", "told",
    "ran", "began", "bought", "brought", "thought", "felt", "left", "spent", "sent", "wrote", "won", "lost",
    "broke", "fell", "found", "ate", "drove", "flew", "paid", "heard", "held", "kept", "knew", "led", "sold",
    "stood", "woke", "wore", "ago", "yesterday", "last", "since", "done", "gone", "been", "happened",
}  # fmt: skip
#: Words ending in -ed that are not past tense, or that announce a plan ("planned for Friday").
_NOT_PAST = {
    "need", "needed", "feed", "speed", "seed", "weed", "breed", "bleed", "proceed", "exceed", "succeed",
    "indeed", "hundred", "embed", "red", "bed", "shed", "scheduled", "planned", "booked", "expected",
    "supposed", "postponed", "moved", "pushed", "delayed", "rescheduled", "confirmed", "agreed", "based",
}  # fmt: skip
_HOLIDAYS = {"christmas eve": (12, 24), "christmas": (12, 25), "boxing day": (12, 26),
             "new year's eve": (12, 31), "new year's day": (1, 1), "halloween": (10, 31),
             "valentine's day": (2, 14)}  # fmt: skip
_CLAUSE = re.compile(r"[.;!?,()\"“”—]|\s-\s|\band\b|\bbut\b")
_SENTENCE = re.compile(r"[.;!?](?=\s|$)|\(")
_WORD = re.compile(r"[a-z']+")


@lru_cache(maxsize=1)
def _note_grammar() -> re.Pattern[str]:
    """Every phrase :func:`note_dates` reads, as one alternation of named groups (compiled on first use)."""
    m, wd, n = _MONTH_RX, _WEEKDAY_RX, _NUM_RX
    holidays = "|".join(re.escape(h) for h in sorted(_HOLIDAYS, key=len, reverse=True))
    parts = [
        r"(?P<iso>\b(?P<iy>\d{4})-(?P<im>\d{2})-(?P<id>\d{2})\b)",
        r"(?:\b(?:on|by|until|till|from|due|before|after|since|for)\s+)(?P<num>(?P<n1>\d{1,2})/(?P<n2>\d{1,2})"
        r"(?:/(?P<ny>\d{4}|\d{2}))?)(?![\d/])",
        rf"(?P<md>\b(?P<mdm>{m})\.?\s+(?P<mdd>\d{{1,2}})(?:st|nd|rd|th)?\b(?:,?\s+(?P<mdy>\d{{4}})\b)?)(?!:)",
        rf"(?P<dm>\b(?P<dmd>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<dmm>{m})\b\.?(?:,?\s+(?P<dmy>\d{{4}})\b)?)",
        rf"(?P<end>\b(?:the\s+)?end\s+of\s+(?:the\s+)?(?P<endw>(?:next\s+)?(?:month|week)|{m}))\b",
        r"(?P<span>\b(?:(?P<spq>early|late|mid)[\s-]+)?(?P<spw>last|this|next|past)\s+(?P<spu>week|month|weekend))\b",
        rf"(?P<ahead>\b(?:in|within)\s+(?:a\s+)?(?P<an>{n})?\s*(?P<au>days?|weeks?|months?)(?:'?s?\s+time)?)\b",
        rf"(?P<ago>\b(?P<gn>{n})\s+(?P<gu>days?|weeks?|months?)\s+ago)\b",
        r"(?P<rel>\b(?:(?:the\s+)?day\s+before\s+yesterday|(?:the\s+)?day\s+after\s+tomorrow|yesterday|today"
        r"|tonight|tomorrow|this\s+(?:morning|afternoon|evening))\b)",
        rf"(?P<wd>\b(?:(?P<wq>last|next|this|every)\s+)?(?P<wdn>{wd})(?P<wpl>s)?\b(?:\s+(?P<wdd>\d{{1,2}})"
        r"(?:st|nd|rd|th)?\b)?)",
        r"(?P<mo>\b(?P<mop>in|from|since|until|by|during|early|late|mid|next|last|this)\s+(?P<mon>"
        r"january|february|march|april|may|june|july|august|september|october|november|december)\b"
        r"(?!\s*\d{1,2}(?:st|nd|rd|th)?\b(?!\d))(?:\s+(?P<moy>\d{4})\b)?)",
        rf"(?P<hol>\b(?:{holidays})\b)",
    ]
    return re.compile("|".join(parts), re.IGNORECASE)


def note_dates(line: str, written: date | None) -> list[NoteDate]:
    """The date phrases of one line of a note written on ``written``, each resolved in the direction its
    words give (see above). Without ``written`` only dates that carry their year are read."""
    out: list[NoteDate] = []
    low = line.lower()
    for m in _note_grammar().finditer(line):
        kind = m.lastgroup
        g = m.groupdict()
        start = m.start(kind) if kind else m.start()
        found = _note_match(g, low, start, m.end(), line, written)
        if found:
            out.append(NoteDate(start, m.end(), tuple(found)))
    return out


def _note_match(
    g: dict[str, str | None], low: str, start: int, end: int, line: str, today: date | None
) -> list[date] | None:
    """The days of one matched phrase (``g``: the grammar's groups), or ``None``."""
    if g["iso"]:
        return _safe(int(g["iy"] or 0), int(g["im"] or 0), int(g["id"] or 0))
    if g["mdm"] or g["dmm"]:
        month = _month_num(g["mdm"] or g["dmm"] or "")
        day = int(g["mdd"] or g["dmd"] or 0)
        year = g["mdy"] or g["dmy"]
        if not month or (month == 5 and g["mdm"] and g["mdm"] == "may" and not year):
            return None  # "may 5" in lower case is more often a verb than a date
        return (
            _safe(int(year), month, day) if year else _dated(month, day, today, _direction(low, start, end))
        )
    if g["num"]:
        a, b = int(g["n1"] or 0), int(g["n2"] or 0)
        day, month = (b, a) if b > 12 >= a else (a, b)  # day first unless that cannot be
        ny = g["ny"]
        if ny:
            return _safe(int(ny) + (2000 if len(ny) == 2 else 0), month, day)
        return _dated(month, day, today, _direction(low, start, end)) if 1 <= month <= 12 else None
    if today is None:
        return None
    one = timedelta(days=1)
    if g["end"]:
        what = (g["endw"] or "").lower()
        if what.endswith("week"):
            friday = today + timedelta(days=4 - today.weekday())
            return [friday + (7 * one if what.startswith("next") else 0 * one)]
        if what.endswith("month"):
            first = month_days(today.year, today.month + (1 if what.startswith("next") else 0))[0]
            return [month_days(first.year, first.month)[-1]]
        month = _month_num(what)
        days = _month_near(month, today, 1) if month else None
        return [days[-1]] if days else None
    if g["span"]:
        which, unit, part = (g["spw"] or "").lower(), (g["spu"] or "").lower(), (g["spq"] or "").lower()
        step = {"last": -1, "past": -1, "this": 0, "next": 1}[which]
        if unit == "week":
            days = week_of(today + 7 * step * one)
        elif unit == "weekend":
            saturday = today - timedelta(days=today.weekday()) + 5 * one + 7 * step * one
            days = [saturday, saturday + one]
        else:
            days = month_days(today.year, today.month + step)
        third = max(1, len(days) // 3)
        return {"early": days[:third], "mid": days[third:-third], "late": days[-third:]}.get(part, days)
    if g["ahead"] or g["ago"]:
        count = _count(g["an"] if g["ahead"] else g["gn"])
        unit = (g["au"] if g["ahead"] else g["gu"]) or ""
        sign = 1 if g["ahead"] else -1
        if count is None or count > MAX_DAYS:
            return None
        if unit.startswith("day"):
            return [today + sign * count * one]
        if unit.startswith("week"):
            return [today + sign * 7 * count * one]
        target = month_days(today.year, today.month + sign * count)[0]
        return [_safe(target.year, target.month, today.day) or [month_days(target.year, target.month)[-1]]][0]
    if g["rel"]:
        word = " ".join((g["rel"] or "").lower().split()).removeprefix("the ")
        shift = {"day before yesterday": -2, "day after tomorrow": 2, "yesterday": -1, "tomorrow": 1}
        if word == "tomorrow" and line[start].isupper() and not _starts_clause(low, start):
            return None  # a capital mid-sentence: a title ("Tomorrow, and Tomorrow, and Tomorrow")
        return [today + shift.get(word, 0) * one]
    if g["wdn"]:
        return _weekday(g, low, start, end, today)
    if g["mon"]:
        prep = (g["mop"] or "").lower()
        month = MONTHS[(g["mon"] or "").lower()]
        if g["moy"]:
            return month_days(int(g["moy"]), month)
        if prep in {"next", "last", "this"}:
            step = {"next": 1, "last": -1, "this": 0}[prep]
            return _month_near(month, today, step) if step else month_days(today.year, month)
        return _month_near(month, today, _direction(low, start, end))
    if g["hol"]:
        mm, dd = _HOLIDAYS[" ".join((g["hol"] or "").lower().split())]
        return _dated(mm, dd, today, _direction(low, start, end))
    return None


def _weekday(g: dict[str, str | None], low: str, start: int, end: int, today: date) -> list[date] | None:
    """A weekday: "last/this/next Friday", "Monday 9th", or a bare one read in the clause's direction;
    ``Tuesdays``, ``every Tuesday``, ``Thursday evenings`` recur and name no day."""
    qual = (g["wq"] or "").lower()
    wd = WEEKDAYS[(g["wdn"] or "").lower()]
    after = low[end : end + 12].lstrip()
    if g["wpl"] or qual == "every" or re.match(r"(morning|afternoon|evening|night)s\b", after):
        return None
    one = timedelta(days=1)
    if g["wdd"]:  # "Monday 9th": the nearest day numbered so that falls on that weekday
        near = [today + k * one for k in range(-45, 46)]
        fits = [d for d in near if d.day == int(g["wdd"] or 0) and d.weekday() == wd]
        return [min(fits, key=lambda d: abs((d - today).days))] if fits else None
    if qual == "next":
        monday = today - timedelta(days=today.weekday()) + 7 * one
        return [monday + wd * one]
    if qual == "this":
        return [today + timedelta(days=wd - today.weekday())]
    if qual == "last" or _direction(low, start, end, default=1) < 0:
        return [weekday_before(today, wd)]
    return [today + timedelta(days=(wd - today.weekday() - 1) % 7 + 1)]


def _direction(low: str, start: int, end: int, default: int = 0) -> int:
    """+1 (forward), −1 (back) or ``default`` for a date phrase at ``low[start:end]``: the word right
    before it ("by", "since"), else the nearest cue word before it in its clause, else one after it."""
    head = _CLAUSE.split(low[:start])[-1]
    tail = _CLAUSE.split(low[end:])[0]
    before = _WORD.findall(head)
    if before and before[-1] in _FORWARD_PREP:
        return 1
    if before and before[-1] in _BACK_PREP:
        return -1
    for word in [*reversed(before), *_WORD.findall(tail)]:
        if word in _FUTURE:
            return 1
        if word in _PAST or (len(word) > 3 and word.endswith("ed") and word not in _NOT_PAST):
            return -1
    return default


def _starts_clause(low: str, start: int) -> bool:
    head = low[:start].rstrip(" *_-[]x:")
    return not head or head[-1] in '.;:!?("“-' or head.endswith("- [ ]")


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
