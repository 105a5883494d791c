"""Relative and explicit dates in a query ("yesterday", "la semana pasada", "el lunes") → calendar days.

Daily logs are named ``YYYY-MM-DD.md``, so a date in a question points at files. Pure: ``today`` is
always passed in. Matching works on the query's tokens, lowercased and without accents, so
"miércoles" and "miercoles" are the same. What each phrase means (``today`` = T):

* ``today``/``hoy``/``tonight``/``esta mañana``: T; ``yesterday``/``ayer``: T−1;
  ``day before yesterday``/``antier``/``anteayer``/``antes de ayer``: T−2;
  ``tomorrow``/``mañana`` (not "por la mañana"): T+1; ``day after tomorrow``/``pasado mañana``: T+2;
* ``N days ago``/``hace N días``: T−N (N in digits or words: "two", "dos", "a few");
  ``N weeks ago``/``hace N semanas``: the Monday–Sunday week holding T−7N;
  ``N months ago``/``hace N meses``: every day of that calendar month;
* ``last week``/``la semana pasada``: the previous calendar week, Monday–Sunday;
  ``past week``/``última semana``: T−6..T; ``last N days``/``últimos N días``: T−(N−1)..T;
  ``this week``/``esta semana``: Monday..T; ``next week``/``la semana que viene``: next Monday–Sunday;
* ``last weekend``/``el fin de semana pasado``: the Saturday and Sunday before T;
* ``last month``/``el mes pasado``: every day of the previous calendar month; ``this month``/``este
  mes``: the 1st..T; ``next month``/``el próximo mes``: every day of the next one;
* a weekday (``Monday``, ``on Monday``, ``last Monday``, ``el lunes``, ``el lunes pasado``): the most
  recent one before T; ``this Monday``/``este lunes``: that day of this week; ``next Monday``/``el
  próximo lunes``: the next one after T;
* ``2026-01-26``, ``January 26``, ``Jan 26th``, ``26 de enero``, ``the 26th of January`` (a year may
  follow): that day; without a year, the latest one up to T. ``in January``/``en enero``: every day of
  the latest January (up to T);
* Chinese/Japanese/Korean: 今天/今日/오늘 T, 昨天/昨日/어제 T−1, 前天/一昨日 T−2, 明天/明日/내일 T+1,
  上周/先週 last week, 本周/这周/今週 this week, 上月/先月 last month, 本月/今月 this month.

"Last week" is the calendar week because daily logs are read by week ("what did we do last week?" on a
Wednesday means Monday–Sunday of the previous week, not the previous Wednesday onwards).
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from mdrecall.text.tokens import is_cjk, strip_accents, tokenize

__all__ = [
    "DateHints",
    "MAX_DAYS",
    "MONTHS",
    "MONTH_ABBR",
    "MONTH_HINTS",
    "NUMBER_WORDS",
    "WEEKDAYS",
    "month_days",
    "resolve_relative_dates",
    "resolve_tokens",
    "week_of",
    "weekday_before",
]

MAX_DAYS = 366
"""Longest span one phrase can name ("last 500 days" is capped)."""


@dataclass(frozen=True)
class DateHints:
    """Days a query names, the phrases that named them, and which query tokens they used."""

    dates: tuple[date, ...] = ()
    phrases: tuple[str, ...] = ()
    consumed: frozenset[int] = frozenset()

    @property
    def iso(self) -> tuple[str, ...]:
        """The dates as ``YYYY-MM-DD`` strings, ascending."""
        return tuple(d.isoformat() for d in self.dates)

    def __bool__(self) -> bool:
        return bool(self.dates)


_SINGLE = {
    "today": 0, "tonight": 0, "hoy": 0, "yesterday": -1, "ayer": -1, "antier": -2, "anteayer": -2,
    "tomorrow": 1, "今天": 0, "今日": 0, "昨天": -1, "昨日": -1, "前天": -2, "明天": 1, "明日": 1,
    "오늘": 0, "어제": -1, "내일": 1,
}  # fmt: skip
WEEKDAYS = {
    "monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5, "sunday": 6,
    "lunes": 0, "martes": 1, "miercoles": 2, "jueves": 3, "viernes": 4, "sabado": 5, "domingo": 6,
}  # fmt: skip
MONTHS = {
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7, "august": 8,
    "september": 9, "october": 10, "november": 11, "december": 12,
    "enero": 1, "febrero": 2, "marzo": 3, "abril": 4, "mayo": 5, "junio": 6, "julio": 7, "agosto": 8,
    "septiembre": 9, "setiembre": 9, "octubre": 10, "noviembre": 11, "diciembre": 12,
}  # fmt: skip
#: The first three letters of every English month name: a line holding none names no month (a cheap
#: substring test before the month patterns).
MONTH_HINTS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
# Abbreviations count only next to a day number ("Jan 26"), never alone ("mar" is Spanish for sea).
MONTH_ABBR = {
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9,
    "oct": 10, "nov": 11, "dec": 12, "ene": 1, "abr": 4, "ago": 8, "dic": 12,
}  # fmt: skip
NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "few": 3, "un": 1, "uno": 1, "una": 1, "dos": 2, "tres": 3,
    "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9, "diez": 10,
}  # fmt: skip
_DAY_UNITS = {"day", "days", "dia", "dias"}
_WEEK_UNITS = {"week", "weeks", "semana", "semanas"}
_MONTH_UNITS = {"month", "months", "mes", "meses"}
_LAST = {"last", "previous"}
_THIS = {"this", "este", "esta"}
_NEXT = {"next", "proximo", "proxima"}
_IN = {"in", "during", "en", "durante"}
# "mañana" is a time of day after these words ("esta mañana" is handled as today).
_NOT_TOMORROW = {"la", "por", "en", "de", "cada", "toda", "esta"}
#: Words around two date phrases that make them a range ("between A and B", "from A to B", "entre A y B").
_RANGE_WORDS = {
    (opener, joiner)
    for openers, joiners in (
        (("between", "entre"), ("and", "y")),
        (("from", "desde", "del", "de"), ("to", "until", "till", "through", "thru", "hasta", "al", "a")),
    )
    for opener in openers
    for joiner in joiners
}
#: Words between a relative phrase and the dated day it is said of ("last Friday on 23 January 2022").
_ANCHOR_WORDS = {
    ("on",),
    ("before",),
    ("as", "of"),
    ("as", "mentioned", "on"),
    ("mentioned", "on"),
    ("antes", "del"),
}
_ORDINAL = re.compile(r"(\d{1,2})(?:st|nd|rd|th)?")


def resolve_relative_dates(text: str, today: date) -> DateHints:
    """The days ``text`` names relative to ``today`` (see the module docstring for the phrases)."""
    return resolve_tokens(tokenize(text[:20_000]), today)


def resolve_tokens(tokens: Sequence[str], today: date) -> DateHints:
    """Like :func:`resolve_relative_dates`, over tokens from :func:`mdrecall.text.tokens.tokenize`."""
    t = [strip_accents(x) for x in tokens]
    days: set[date] = set()
    phrases: list[str] = []
    consumed: set[int] = set()
    spans: list[tuple[int, int, list[date]]] = []
    i = 0
    while i < len(t):
        hit = _match(t, i, today)
        if hit is None:
            i += 1
            continue
        n, found = hit
        phrases.append(" ".join(tokens[i : i + n]))
        consumed.update(range(i, i + n))
        # Drop the neighbouring bigrams that overlap a CJK date word (昨天我们 → 天我).
        if i > 0 and _overlaps(t[i - 1], t[i]):
            consumed.add(i - 1)
        if i + n < len(t) and _overlaps(t[i + n - 1], t[i + n]):
            consumed.add(i + n)
        spans.append((i, n, found))
        i += n
    spans = _anchored(t, spans)
    for _, _, found in spans:
        days.update(found)
    for (a, an, first), (b, _, second) in zip(spans, spans[1:], strict=False):
        joined = _range(t, a, an, b, first, second)
        if joined:
            days.update(joined)
            consumed.update({a - 1, a + an})
    return DateHints(tuple(sorted(days)), tuple(phrases), frozenset(consumed))


def _anchored(t: list[str], spans: list[tuple[int, int, list[date]]]) -> list[tuple[int, int, list[date]]]:
    """Relative phrases said of a dated day, read from that day: "last Friday on 23 January 2022" is
    the Friday before 23 January 2022, "the Sunday before October 25, 2022" the one before it, "last
    week, as mentioned on November 6, 2023" the week before that day (not before today). The dated
    phrase must follow at once (``on``, ``before``, ``as of``, ``as mentioned on``) and name one day of
    a given year."""
    out = list(spans)
    for k in range(len(out) - 1):
        a, an, _ = out[k]
        b, bn, anchor = out[k + 1]
        if tuple(t[a + an : b]) not in _ANCHOR_WORDS or len(anchor) != 1:
            continue
        if not any(_year(x) for x in t[b : b + bn]):
            continue
        again = _match(t, a, anchor[0])
        if again is not None and again[0] == an:
            out[k] = (a, an, again[1])
    return out


def _range(t: list[str], a: int, an: int, b: int, first: list[date], second: list[date]) -> list[date]:
    """Every day of "between A and B" / "from A to B" (A, B: date phrases at tokens ``a`` and ``b``).

    A without a year ("between August 11 and August 15 2023") is read in B's year, or the year before
    when that would put it after B.
    """
    if b != a + an + 1 or a == 0 or (t[a - 1], t[a + an]) not in _RANGE_WORDS:
        return []
    start, end = min(first), max(second)
    if start > end and len(first) == 1 and not any(_year(x) for x in t[a : a + an]):
        for year in (end.year, end.year - 1):
            try:
                start = start.replace(year=year)
            except ValueError:
                return []
            if start <= end:
                break
    return _span(start, end) if start <= end else []


def _overlaps(left: str, right: str) -> bool:
    return len(left) == len(right) == 2 and is_cjk(left + right) and left[1] == right[0]


def _num(token: str) -> int | None:
    if token.isdigit() and len(token) <= 4:
        return int(token)
    return NUMBER_WORDS.get(token)


def _day_num(token: str) -> int | None:
    m = _ORDINAL.fullmatch(token)
    return int(m.group(1)) if m and 1 <= int(m.group(1)) <= 31 else None


def _year(token: str) -> int | None:
    return int(token) if len(token) == 4 and token.isdigit() and 1900 <= int(token) <= 2199 else None


def _span(start: date, end: date) -> list[date]:
    start = max(start, end - timedelta(days=MAX_DAYS - 1))
    return [start + timedelta(days=k) for k in range((end - start).days + 1)]


def week_of(day: date) -> list[date]:
    monday = day - timedelta(days=day.weekday())
    return _span(monday, monday + timedelta(days=6))


def month_days(year: int, month: int, today: date | None = None) -> list[date]:
    year, month = year + (month - 1) // 12, (month - 1) % 12 + 1
    last = date(year, month, calendar.monthrange(year, month)[1])
    return _span(date(year, month, 1), min(last, today) if today else last)


def _latest_month(month: int, today: date) -> list[date]:
    year = today.year if month <= today.month else today.year - 1
    return month_days(year, month, today)


def _day(year: int | None, month: int, day: int, today: date) -> list[date] | None:
    try:
        if year is not None:
            return [date(year, month, day)]
        d = date(today.year, month, day)
        return [d if d <= today else date(today.year - 1, month, day)]
    except ValueError:
        return None


def weekday_before(today: date, wd: int) -> date:
    return today - timedelta(days=(today.weekday() - wd - 1) % 7 + 1)


def _match(t: list[str], i: int, today: date) -> tuple[int, list[date]] | None:
    """``(tokens used, days)`` for a date phrase starting at token ``i``, else ``None``."""
    w = t[i]
    n1 = t[i + 1] if i + 1 < len(t) else ""
    n2 = t[i + 2] if i + 2 < len(t) else ""
    n3 = t[i + 3] if i + 3 < len(t) else ""
    prev = t[i - 1] if i > 0 else ""
    one = timedelta(days=1)
    # Several words first, so "day before yesterday" is not read as "yesterday".
    if (w, n1, n2) in {("day", "before", "yesterday"), ("antes", "de", "ayer")}:
        return 3, [today - 2 * one]
    if (w, n1, n2) == ("day", "after", "tomorrow"):
        return 3, [today + 2 * one]
    if (w, n1) == ("pasado", "manana"):
        return 2, [today + 2 * one]
    if w in _THIS and n1 in {"morning", "afternoon", "evening", "manana", "tarde", "noche"}:
        return 2, [today]
    if (w, n1) == ("一昨", "昨日"):
        return 2, [today - 2 * one]
    if w in _SINGLE:
        return 1, [today + _SINGLE[w] * one]
    if w == "manana" and prev not in _NOT_TOMORROW:
        return 1, [today + one]
    # N units ago / hace N units
    count = _num(w)
    if count is not None and n2 == "ago":
        found = _ago(count, n1, today)
        if found is not None:
            return 3, found
    if w == "hace" and _num(n1) is not None:
        found = _ago(_num(n1) or 0, n2, today)
        if found is not None:
            return 3, found
    # last N days / últimos N días
    if w in {"last", "past", "ultimos", "ultimas"} and _num(n1) and n2 in _DAY_UNITS:
        return 3, _span(today - ((_num(n1) or 1) - 1) * one, today)
    # weeks
    if (w in _LAST and n1 == "week") or (w == "semana" and n1 in {"pasada", "anterior"}):
        return 2, week_of(today - 7 * one)
    if (w, n1) == ("pasada", "semana") or w in {"上周", "先週"}:
        return (1 if is_cjk(w) else 2), week_of(today - 7 * one)
    if (w, n1) in {("past", "week"), ("ultima", "semana")}:
        return 2, _span(today - 6 * one, today)
    if (w in _THIS and n1 in {"week", "semana"}) or w in {"本周", "这周", "今週"}:
        monday = today - timedelta(days=today.weekday())
        return (1 if is_cjk(w) else 2), _span(monday, today)
    if (w in _NEXT and n1 in {"week", "semana"}) or (w, n1, n2) == ("semana", "que", "viene"):
        return (3 if n1 == "que" else 2), week_of(today + 7 * one)
    # weekends
    last_sunday = weekday_before(today, 6)
    if w in _LAST | {"past"} and n1 == "weekend":
        return 2, [last_sunday - one, last_sunday]
    if w in _THIS and n1 == "weekend":
        saturday = today - timedelta(days=today.weekday()) + 5 * one
        return 2, [saturday, saturday + one]
    if (w, n1, n2) == ("fin", "de", "semana"):
        if prev == "este":
            saturday = today - timedelta(days=today.weekday()) + 5 * one
            return 3, [saturday, saturday + one]
        return (4 if n3 == "pasado" else 3), [last_sunday - one, last_sunday]
    # months
    if (w in _LAST | {"past"} and n1 == "month") or (w == "mes" and n1 in {"pasado", "anterior"}):
        return 2, month_days(today.year, today.month - 1)
    if w in {"上月", "先月"}:
        return 1, month_days(today.year, today.month - 1)
    if (w in _NEXT and n1 in {"month", "mes"}) or (w, n1, n2) == ("mes", "que", "viene"):
        return (3 if n1 == "que" else 2), month_days(today.year, today.month + 1)
    if (w in _THIS and n1 in {"month", "mes"}) or w in {"本月", "今月"}:
        return (1 if is_cjk(w) else 2), month_days(today.year, today.month, today)
    # weekdays: "monday", "last monday", "this monday", "next monday", "el lunes pasado"
    if w in WEEKDAYS:
        wd = WEEKDAYS[w]
        used = 2 if n1 in {"pasado", "anterior"} else 1
        return used, [weekday_before(today, wd)]
    if w in _LAST | {"past", "pasado"} | _THIS | _NEXT and n1 in WEEKDAYS:
        wd = WEEKDAYS[n1]
        if w in _NEXT:
            return 2, [today + timedelta(days=(wd - today.weekday() - 1) % 7 + 1)]
        if w in _THIS:
            return 2, [today + timedelta(days=wd - today.weekday())]
        return 2, [weekday_before(today, wd)]
    # explicit days: 2026-01-26, January 26 (2026), 26 January, 26 de enero (de 2026)
    year = _year(w)
    if year is not None and n1.isdigit() and n2.isdigit() and len(n1) <= 2 and len(n2) <= 2:
        found = _day(year, int(n1), int(n2), today) if 1 <= int(n1) <= 12 else None
        if found:
            return 3, found
    month = MONTHS.get(w) or MONTH_ABBR.get(w)
    if month and _day_num(n1):
        found = _day(_year(n2), month, _day_num(n1) or 1, today)
        if found:
            return (3 if _year(n2) else 2), found
    if _day_num(w):
        de = 1 if n1 in {"de", "of"} else 0
        month = MONTHS.get(t[i + 1 + de] if i + 1 + de < len(t) else "") or (
            MONTH_ABBR.get(n1) if not de else None
        )
        if month:
            used = 2 + de
            after = t[i + used : i + used + 2]
            yr = _year(after[0]) if after else None
            if yr is None and len(after) == 2 and after[0] == "de":
                yr = _year(after[1])
                used += 2 if yr else 0
            elif yr is not None:
                used += 1
            found = _day(yr, month, _day_num(w) or 1, today)
            if found:
                return used, found
    # whole months: "in January", "en enero", "last January", "January 2022", "in enero de 2022"
    if w in _IN | _LAST and n1 in MONTHS:
        yr, extra = _year_after(n2, n3)
        return (2 + extra, month_days(yr, MONTHS[n1])) if yr else (2, _latest_month(MONTHS[n1], today))
    if w in MONTHS:
        yr, extra = _year_after(n1, n2)
        if yr:
            return 1 + extra, month_days(yr, MONTHS[w])
    return None


def _year_after(n1: str, n2: str) -> tuple[int | None, int]:
    """The year that follows a month name (``2022``, ``de 2022``) and the tokens it takes."""
    if _year(n1):
        return _year(n1), 1
    if n1 == "de" and _year(n2):
        return _year(n2), 2
    return None, 0


def _ago(count: int, unit: str, today: date) -> list[date] | None:
    if count <= 0 or count > MAX_DAYS:
        return None
    if unit in _DAY_UNITS:
        return [today - timedelta(days=count)]
    if unit in _WEEK_UNITS:
        return week_of(today - timedelta(days=7 * count))
    if unit in _MONTH_UNITS and count <= 120:
        return month_days(today.year, today.month - count)
    return None


# ---- dates in notes: the day the writer meant -----------------------------------------------------------
#
# A query asks about the past ("what did we do on Friday?"); a note also plans ("ship it by Friday"). So a
# note's phrases are read by their own grammar, from the note's date, in the direction the words around
# them give: "by", "until", "due", "next", "in two weeks", a plan without a past verb → forward; "last",
# "ago", "since", a past verb ("shipped", "broke") → back; a day and month with neither → the nearest.
