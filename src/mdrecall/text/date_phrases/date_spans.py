"""Date phrases in notes that name a span of days: ranges ("7/14-7/25", "15th-19th Dec", "Oct-Dec", "this
Thu–Fri"), two phrases read apart joined into one range ("Weds 24th until Fri 2nd Jan"), halves of a year
("H2"), ISO calendar weeks ("KW 8"), and the ends of the day, week, month or year ("EOD", "eow", "EOM").
Pure; used by :mod:`mdrecall.text.date_phrases.note_dates`."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, timedelta

from mdrecall.text.date_phrases.date_calendar import dated_day, month_near, month_number, safe_day
from mdrecall.text.date_phrases.date_direction import RESCHEDULED
from mdrecall.text.date_phrases.date_grammar import weekday_number
from mdrecall.text.date_phrases.dates import MAX_DAYS, month_days, week_of
from mdrecall.text.date_phrases.numeric_dates import bare_date

__all__ = [
    "calendar_week", "days_between", "end_of", "half_year", "join_ranges", "month_range",
    "numeric_range", "stretch", "weekday_range",
]  # fmt: skip

_ONE = timedelta(days=1)
#: Between two dates that make one range: a dash, or "to", "until", "through".
_RANGE_JOIN = re.compile(r"\s*[-–—]\s*|\s+(?:to|until|till|til|thru|through)\s+", re.IGNORECASE)
#: The longest range of numeric days read as one ("27/9 to 12/10"): longer is more likely two dates.
_NUMERIC_SPAN = 120


def days_between(first: date, last: date) -> list[date] | None:
    """Every day from ``first`` to ``last``, or ``None`` when ``last`` comes first or the span is too long."""
    if last < first or (last - first).days >= MAX_DAYS:
        return None
    return [first + k * _ONE for k in range((last - first).days + 1)]


def join_ranges(
    line: str, phrases: Sequence[tuple[int, int, tuple[date, ...]]]
) -> list[tuple[int, int, tuple[date, ...]]]:
    """``phrases`` (start, end, days) with each two of the same kind joined into one range when only a
    range's word stands between them: two days ("Weds 24th until Fri 2nd Jan", "3rd Nov to 12th Nov"), or
    two whole months. Not after a verb that moves a date ("moved from Wed to Monday": the new day), and a
    later day that falls before the first is read a year on ("Dec 22 - Jan 2")."""
    out: list[tuple[int, int, tuple[date, ...]]] = []
    for start, end, days in phrases:
        if out and _RANGE_JOIN.fullmatch(line, out[-1][1], start):
            first_start, _, first = out[-1]
            joined = _joined(first, days)
            worded = line[out[-1][1] : start].strip(" -–—") != ""  # "to", "until": maybe a move's
            if joined and not (worded and _after_move(line, first_start)):
                out[-1] = (first_start, end, tuple(joined))
                continue
        out.append((start, end, days))
    return out


def _joined(first: tuple[date, ...], last: tuple[date, ...]) -> list[date] | None:
    """The range from ``first`` to ``last`` when both are single days, or both whole months."""
    if len(first) == 1 and len(last) == 1:
        end = last[0]
        if end < first[0]:
            end = (safe_day(end.year + 1, end.month, end.day) or [end])[0]
        return days_between(first[0], end)
    if _whole_month(first) and _whole_month(last):
        return days_between(first[0], last[-1])
    return None


def _whole_month(days: tuple[date, ...]) -> bool:
    return days[0].day == 1 and days[-1] == month_days(days[0].year, days[0].month)[-1] and len(days) >= 28


def _after_move(line: str, start: int) -> bool:
    """Whether a verb that moves a date stands before ``start`` in its clause ("pushed from Tue to Thu")."""
    clause = re.split(r"[.;:!?,()]", line[max(0, start - 80) : start].lower())[-1]
    return any(word in RESCHEDULED for word in re.findall(r"[a-z]+", clause))


def stretch(day: date, other: int, first: bool) -> list[date] | None:
    """The range from day ``other`` of ``day``'s month to ``day`` (``first``: "15th-19th Dec"), or from
    ``day`` to day ``other`` ("May 13-19"); ``None`` when that is no range."""
    found = safe_day(day.year, day.month, other)
    if not found:
        return None
    return days_between(found[0], day) if first else days_between(day, found[0])


def numeric_range(
    g: dict[str, str | None],
    low: str,
    start: int,
    end: int,
    today: date | None,
    order: str | None,
    direction: int,
    firm: bool = True,
) -> list[date] | None:
    """ "7/14-7/25", "29/3 to 31/3", "16-18/3": the days from the first to the last, read in ``order`` (the
    page's or the workspace's) or else in the one order that makes a short range; not a fraction or a
    score ("1/2-3/4 cup"). ``direction``, ``firm``: as for :func:`~.date_calendar.dated_day`."""
    if today is None or not bare_date(low, start, end, True):
        return None
    r1, r3, r4 = int(g["r1"] or 0), int(g["r3"] or 0), int(g["r4"] or 0)
    if g["r2"] is None:  # "16-18/3": days of one month, day first
        if order == "mdy" or not 1 <= r4 <= 12:
            return None
        last = dated_day(r4, r3, today, direction, firm)
        return stretch(last[0], r1, True) if last else None
    r2 = int(g["r2"])
    orders = [order] if order else []
    orders += [o for o in ("dmy", "mdy") if o not in orders]
    for o in orders:
        (m1, d1), (m2, d2) = ((r2, r1), (r4, r3)) if o == "dmy" else ((r1, r2), (r3, r4))
        if not (1 <= m1 <= 12 and 1 <= m2 <= 12):
            continue
        first = dated_day(m1, d1, today, direction, firm)
        last = safe_day(first[0].year, m2, d2) if first else None
        if first and last and last[0] < first[0]:
            last = safe_day(first[0].year + 1, m2, d2)
        if first and last and 0 <= (last[0] - first[0]).days <= _NUMERIC_SPAN:
            return days_between(first[0], last[0])
    return None


def month_range(
    g: dict[str, str | None], line: str, start: int, today: date | None, direction: int
) -> list[date] | None:
    """ "Oct-Dec", "Jan–Mar 2026", "March to May": every day from the first month to the last; joined by a
    word only when capitalised ("march to may" are verbs)."""
    if (g["mrj"] or "").strip() not in {"-", "–"} and not line[start].isupper():
        return None
    m1, m2 = month_number(g["mr1"] or ""), month_number(g["mr2"] or "")
    if not m1 or not m2:
        return None
    if g["mry"]:
        year2 = int(g["mry"])
        first = month_days(year2 if m1 <= m2 else year2 - 1, m1)
    elif today is None:
        return None
    else:
        first = month_near(m1, today, direction)
    year2 = first[0].year if m2 >= m1 else first[0].year + 1
    return days_between(first[0], month_days(year2, m2)[-1])


def weekday_range(g: dict[str, str | None], today: date, first: list[date] | None) -> list[date] | None:
    """ "this Thu–Fri", "Wed-Fri last week": the days from one weekday to the other in the week named; with
    no week named, from ``first`` (the first weekday as read alone) to the next such second one."""
    d1, d2 = weekday_number(g["wr1"] or ""), weekday_number(g["wr2"] or "")
    which = (g["wrq"] or g["wrw"] or "").lower()
    if which:
        step = {"last": -1, "this": 0, "next": 1}[which]
        monday = today - timedelta(days=today.weekday()) + 7 * step * _ONE
        return days_between(monday + d1 * _ONE, monday + d2 * _ONE)
    if not first:
        return None
    if (today.weekday() - d1) % 7 <= (d2 - d1) % 7:  # "in Moncton Thu–Fri" written on the Friday: this one
        opening = today - ((today.weekday() - d1) % 7) * _ONE
        return days_between(opening, opening + ((d2 - d1) % 7) * _ONE)
    return days_between(first[0], first[0] + ((d2 - d1) % 7) * _ONE)


def half_year(g: dict[str, str | None], today: date | None, direction: int) -> list[date] | None:
    """ "H2", "H1 2027": every day of that half, in the year given, else the one ``direction`` gives (the
    current half counts either way; with none, ahead)."""
    h = int(g["hn"] or 1)
    if g["hy"] or g["hy2"]:
        year = int(g["hy"] or 0) or 2000 + int(g["hy2"] or 0)
    elif today is None:
        return None
    else:
        now = 1 if today.month <= 6 else 2
        ahead = today.year if h >= now else today.year + 1
        back = today.year if h <= now else today.year - 1
        year = back if direction < 0 else ahead
    return days_between(date(year, 6 * h - 5, 1), month_days(year, 6 * h)[-1])


def calendar_week(g: dict[str, str | None], today: date | None) -> list[date] | None:
    """ "KW 8", "CW12", "2026-W08": the ISO week so numbered (Monday to Sunday), in the year given, else the
    one of that number nearest ``today``."""
    week = int(g["cwn"] or 0)
    if g["cwy"]:
        years = [int(g["cwy"])]
    elif today is None:
        return None
    else:
        years = [today.year - 1, today.year, today.year + 1]
    mondays = []
    for y in years:
        try:
            mondays.append(date.fromisocalendar(y, week, 1))
        except ValueError:
            continue
    if not mondays:
        return None
    return week_of(min(mondays, key=lambda d: abs((d - today).days) if today else 0))


def end_of(word: str, today: date) -> list[date]:
    """ "EOD"/"COB" (the day written), "eow" (its week's Friday, the coming one at a weekend), "EOM" (its
    month's last day), "EOY" (31 December)."""
    word = word.lower()
    if word == "eow":
        friday = today + timedelta(days=4 - today.weekday())
        return [friday if friday >= today else friday + 7 * _ONE]
    if word == "eom":
        return [month_days(today.year, today.month)[-1]]
    if word == "eoy":
        return [date(today.year, 12, 31)]
    return [today]
