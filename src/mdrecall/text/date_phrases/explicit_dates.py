"""Date phrases in notes that carry their own day and month ("21 March", "3/12/2025", "7/14-7/25", "26.01.",
"14.III.2027", "2027-3-14"),
or a month or quarter with its year ("March 2027", "Q3 2027"): the days they name, with the year the words
around them give when they carry none. Pure; used by :mod:`mdrecall.text.date_phrases.note_dates`."""

from __future__ import annotations

import re
from datetime import date

from mdrecall.text.date_phrases.date_calendar import (
    FAR,
    dated_day,
    day_of_month,
    month_number,
    period_side,
    quarter_days,
    safe_day,
    third_of,
)
from mdrecall.text.date_phrases.date_direction import direction_of, firm_direction
from mdrecall.text.date_phrases.date_grammar import weekday_number
from mdrecall.text.date_phrases.date_spans import (
    calendar_week,
    half_year,
    month_range,
    numeric_range,
    stretch,
)
from mdrecall.text.date_phrases.dates import month_days, week_of
from mdrecall.text.date_phrases.dotted_dates import dashed_date, dotted_date, roman_date, week_number
from mdrecall.text.date_phrases.holidays import holiday_day, holiday_key, in_country
from mdrecall.text.date_phrases.numeric_dates import OPENS_NUM, bare_date, date_cue, month_and_day

__all__ = ["explicit_days", "week_of_day"]


#: A label whose value is a day ("Deadline: 3/12", "Vet appt: 4/11"), read right before the colon.
_LABEL_WORD = re.compile(
    r"\b(?:deadline|due|date|when|day|appt|appointment|meeting|call|visit|delivery|deliver|arrives?|starts?"
    r"|ends?|until|till|by|from|next|booked|opens?|closes?|launch|release|review|exam|interview)\s*:\s*$"
)


def explicit_days(
    g: dict[str, str | None],
    low: str,
    start: int,
    end: int,
    today: date | None,
    orders: tuple[str | None, str | None] = (None, None),
    line: str = "",
    dotted: bool = False,
    country: str | None = None,
) -> list[date] | None:
    """The days of a phrase that carries a day and month (with or without its year), a month and year or
    a quarter and year; ``None`` for other phrases (and for impossible dates). ``orders``: the page's and
    the workspace's order of numeric dates; ``line``: the line as written (``low`` in its case);
    ``dotted``: the page writes dotted dates (:func:`~.dotted_dates.dotted_habit`); ``country``: the one
    the workspace's notes name (:func:`~.holidays.in_country`: "Thanksgiving 2026")."""
    own, workspace = orders
    order = own or workspace
    if g["iso"]:
        return safe_day(int(g["iy"] or 0), int(g["im"] or 0), int(g["id"] or 0))
    if g["ymd"]:
        if g["ymdy2"]:  # "2027-3-14"
            return safe_day(int(g["ymdy2"]), int(g["ymdm2"] or 0), int(g["ymdd2"] or 0))
        return safe_day(int(g["ymdy"] or 0), int(g["ymdm"] or 0), int(g["ymdd"] or 0))
    if g["numy"]:  # 3/12/2025, 12.06.2025: in the page's order, else day first unless that cannot be
        ym, yd = month_and_day(int(g["y1"] or 0), int(g["y2"] or 0), order)
        year = g["yy"] or "0"
        return safe_day(int(year) + (2000 if len(year) == 2 else 0), ym, yd)
    if g["mdm"] or g["dmm"]:
        found = _day_month(g, low, start, end, today)
        other = g["mdd2"] or g["dmd0"] or g["dmdb"]  # "May 13-19", "15th-19th Dec", "between 3 and 9 May"
        if found and other:
            return stretch(found[0], int(other), bool(g["dmd0"] or g["dmdb"])) or found
        if found and g["dmda"]:  # "12 and 13 Feb": the first day of the same month too
            return sorted({*(safe_day(found[0].year, found[0].month, int(g["dmda"])) or []), found[0]})
        return found
    if g["numr"]:
        # a span is named as a whole: the tense of a verb before it ("Closed 30/4–3/5", a notice written on
        # 27/4) does not send it a year back when the span is near (:data:`~.date_calendar.NEAR`)
        return numeric_range(g, low, start, end, today, order, direction_of(low, start, end), False)
    if g["dot"] or g["rom"] or g["dsh"]:
        text = line or low
        lowered = low if len(low) == len(text) else None  # ``low`` is ``text`` lowered where lengths agree
        if g["dot"]:
            return dotted_date(g, text, start, end, today, order, dotted, lowered)
        if g["rom"]:
            return roman_date(g, text, start, end, today, lowered)
        return dashed_date(g, text, start, end, today, order, lowered)
    if g["mor"]:
        return month_range(g, low, start, today, direction_of(low, start, end))
    if g["half"] and (g["hy"] or g["hy2"]):
        return half_year(g, today, 0)
    if g["cwk"]:  # "week 12", "w12"
        return week_number(g, line or low, start, end, today)
    if g["cw"] and g["cwy"]:
        return calendar_week(g, today)
    if g["l1"] and not _labelled(low, start) and not _day_month_only(g, low, start, end, order):
        return None  # "Progress: 4/5" is a fraction; "Deadline: 3/12" a day, as "release target: 19/2"
    if g["numd"]:  # "13/3": only a day and month can be so written (not "15/4 of the votes")
        if not bare_date(low, start, end, True):
            return None
        return _dated(int(g["dd2"] or 0), int(g["dd1"] or 0), today, low, start, end)
    if g["numb"]:  # "6/4" alone: a date only in a known order (the page's, else the workspace's)
        a, b = int(g["b1"] or 0), int(g["b2"] or 0)
        opens = OPENS_NUM.fullmatch(low, 0, start) is not None
        if order is None or not bare_date(low, start, end, opens):
            return None
        padded = (g["b1"] or "").startswith("0") or (g["b2"] or "").startswith("0")
        if own is None and not padded and not date_cue(low, start, end):
            # in the workspace's order only after a word that calls for a day ("sent 2/3"), or written with
            # a leading zero, as no fraction or score is ("es el 10/04")
            return None
        month, day = month_and_day(a, b, order)
        return _dated(month, day, today, low, start, end) if month <= 12 else None
    if g["num"] or g["numl"]:
        a, b = int(g["n1"] or g["l1"] or g["l3"] or 0), int(g["n2"] or g["l2"] or g["l4"] or 0)
        month, day = month_and_day(a, b, order)
        ny = g["ny"]
        if ny:
            return safe_day(int(ny) + (2000 if len(ny) == 2 else 0), month, day)
        return _dated(month, day, today, low, start, end) if 1 <= month <= 12 else None
    if g["mon"] and g["moy"]:
        month = month_number(g["mon"] or "") or 1
        return third_of(month_days(int(g["moy"]), month), (g["mop"] or "").lower())
    if g["my"]:
        named = month_number(g["mym"] or "")
        return month_days(int(g["myy"] or 0), named) if named and g["mym"] != "may" else None
    if g["isom"]:
        return month_days(int(g["imy"] or 0), int(g["imm"] or 1))
    if g["end"] and g["endy"]:  # "the end of March 2027", "the start of Q3 2027"
        what = (g["endw"] or "").lower()
        end_year = int(g["endy"])
        named = month_number(what)
        if named:
            days = month_days(end_year, named)
        elif re.fullmatch(r"q[1-4]", what):
            days = quarter_days(end_year, int(what[1]))
        else:
            return None
        return [period_side(days, g["eside"] or "")]
    if g["wof"] and (g["wofy"] or g["wofny"]):
        held = week_of_day(g, low, start, end, today, order)
        return week_of(held) if held else None
    if g["hol"] and g["holy"]:
        key = holiday_key(g["holn"] or "")
        name = in_country(key, country) if key else None
        held = holiday_day(name, int(g["holy"])) if name else None
        return [held] if held else None
    if g["qtr"] and (g["qy1"] or g["qy"] or g["qy2"]):
        qyear = int(g["qy1"] or g["qy"] or 0) or 2000 + int(g["qy2"] or 0)
        return quarter_days(qyear, int(g["qn"] or 1))
    return None


def _dated(month: int, day: int, today: date | None, low: str, start: int, end: int) -> list[date] | None:
    """Day ``day`` of ``month`` in the year the words around the phrase at ``low[start:end]`` give."""
    return dated_day(month, day, today, direction_of(low, start, end), firm_direction(low, start))


def _day_month(
    g: dict[str, str | None], low: str, start: int, end: int, today: date | None
) -> list[date] | None:
    """A day and month ("21 March", "Sunday 21 March", "March 21, 2027"): with its year, in the year its
    weekday fits, else the one its words point to."""
    month = month_number(g["mdm"] or g["dmm"] or "")
    day = int(g["mdd"] or g["dmd"] or 0)
    year = g["mdy"] or g["dmy"]
    if not month or (month == 5 and g["mdm"] and g["mdm"] == "may" and not year):
        return None  # "may 5" in lower case is more often a verb than a date
    if year:
        return safe_day(int(year), month, day)
    said = g["mdw"] or g["dmw"]
    if said and today is not None:  # "Sunday 21 March": the year in which that day is a Sunday
        near = [
            d for y in (today.year - 1, today.year, today.year + 1) for d in safe_day(y, month, day) or []
        ]
        # (within half a year: "farm shop opens Saturday 5 April!" written in February, when 5 April falls
        # on a Sunday, is the coming one with its weekday slipped, not the Saturday ten months gone)
        fits = [d for d in near if d.weekday() == weekday_number(said) and abs((d - today).days) <= FAR]
        if fits:
            return [min(fits, key=lambda d: abs((d - today).days))]
    return _dated(month, day, today, low, start, end)


def week_of_day(
    g: dict[str, str | None], low: str, start: int, end: int, today: date | None, order: str | None = None
) -> date | None:
    """The day "the week of <day>" names: with its year, or the one its words point to from ``today``; a
    numeric one ("w/c 11/1") in ``order`` (the page's, else the workspace's), else day first unless that
    cannot be."""
    if g["wofn"]:
        month, day = month_and_day(int(g["wofa"] or 0), int(g["wofb"] or 0), order)
    else:
        day = int(g["wofd"] or g["wofd2"] or 0)
        month = month_number(g["wofm"] or g["wofm2"] or "") or 0
    year = g["wofy"] or g["wofny"]
    if year:
        found = safe_day(int(year), month, day) if month else None
    elif today is None:
        return None
    elif month:
        found = _dated(month, day, today, low, start, end)
    else:
        found = day_of_month(day, today, direction_of(low, start, end))
    return found[0] if found else None


def _day_month_only(g: dict[str, str | None], low: str, start: int, end: int, order: str | None) -> bool:
    """Whether a label's value ("target: 19/2") can only be a day and a month, read day first: a first
    number no month can be (13 to 31) before a month's, on a page or in a workspace that writes the day
    first (or shows no order), and no word around it that makes it a score or a fraction."""
    a, b = int(g["l1"] or 0), int(g["l2"] or 0)
    month_first = order in ("mdy", "ymd")
    return not month_first and 13 <= a <= 31 and 1 <= b <= 12 and bare_date(low, start, end, False)


def _labelled(low: str, start: int) -> bool:
    """Whether a label's value at ``start`` follows a label that asks for a day ("Deadline: 3/12")."""
    return _LABEL_WORD.search(low, 0, start) is not None
