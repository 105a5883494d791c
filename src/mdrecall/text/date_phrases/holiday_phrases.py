"""A holiday named in a line of a note ("Christmas", "Paddy's Day", "this Easter"): its day in the year the
words give, or no day where it names a period, an event of several days or a thing ("Christmas break", "the
Easter issue", "halloween candy"). Pure; used by :func:`mdrecall.text.date_phrases.note_dates.note_dates`."""

from __future__ import annotations

import re
from datetime import date, timedelta

from mdrecall.text.date_phrases.date_calendar import holiday_near, this_years
from mdrecall.text.date_phrases.date_direction import direction_of, firm_direction
from mdrecall.text.date_phrases.holiday_weekends import holiday_weekend
from mdrecall.text.date_phrases.holidays import (
    ONE_DAY,
    THANKSGIVING_OFFSETS,
    holiday_day,
    holiday_key,
    in_country,
)

__all__ = ["holiday_days"]

#: A noun after a holiday that makes it name a period, an event of several days, a thing or a price rather
#: than its day ("Christmas break", "the Easter Festival", "the Easter issue", "an Easter premium").
_ATTRIBUTE = re.compile(
    r"(?:\s+|[-‐])(?:break|holidays?|hols|vacation|party|parties|shopping|market|fair|lights|tree|cards?|presents?"
    r"|gifts?|concert|show|jumper|season|period|rush|closure|shutdown|week|weekend|term|trip|plans?|budget"
    r"|bonus|rota|festivals?|fest|tournaments?|camps?|carnival|parade|fete|fayre|gala|retreat|issues?"
    r"|editions?|specials?|premiums?|surcharges?|rates?|prices?|pricing|deals?|offers?|promos?|menus?"
    r"|eggs?|hampers?|stock|orders?|campaign|schedule|timetable|hours|emails?|newsletters?|ads|sales?)\b",
    re.IGNORECASE,
)
#: After a holiday whose name says it is one day ("Paddy's Day", "Christmas Eve"), only a noun of a period
#: makes it no day: an event named after it is held that day ("Paddy's Day rota", "the Boxing Day match").
_PERIOD = re.compile(
    r"(?:\s+|[-‐])(?:break|holidays?|hols|vacation|season|period|rush|closure|shutdown|week|weekend|term|sales?)\b",
    re.IGNORECASE,
)
#: After a holiday written in lower case, a lower-case word that makes it the modifier of a common noun
#: ("easter egger", "halloween candy"), where its day would follow with a preposition or a part of the day.
_COMMON_NOUN = re.compile(
    r"\s+(?!(?:morning|afternoon|evening|night|day|eve|dinner|lunch|breakfast|brunch|service|mass|time|at|on"
    r"|in|with|to|for|from|by|of|until|till|before|after|around|over|and|or|but|as|when|if|is|are|was|were"
    r"|will|be|has|had|have|it|we|you|she|he|they|our|my|your|their|his|her|its|the|a|an|so|then|this|that"
    r"|next|last|every|each|too|all|both|some|any|no|most|many|few|everyone|everybody|nobody|there|here"
    # (nor an adverb, which no noun is: "coming for christmas day instead")
    r"|i|me|us|them|him|instead|again|anyway|already|though|too|also|only|now|then|off)\b)[a-z]{2,}\b"
)
_THIS_BEFORE = re.compile(r"\bthis\s+$")
#: "over" right before a holiday: the days its name spans ("off over Christmas": Christmas Eve to Boxing Day).
_OVER_BEFORE = re.compile(r"\bover\s+(?:the\s+)?$")
#: A holiday that "over" stretches to the days around it, with how many days before and after it.
_SPANNED = {"christmas": (1, 1)}
#: "weekend" right after a holiday: the weekend it makes ("the Fourth of July weekend", "Labor Day weekend").
_WEEKEND = re.compile(r"(?:\s+|[-‐])(?:long\s+)?weekend\b(?!\s+(?:of|after|before)\b)", re.IGNORECASE)
#: "last year's" / "next year's" before a holiday: the one of the year before or after the one written.
_YEARS = re.compile(r"\b(?P<which>last|next)\s+year['’]s\s+$")


def holiday_days(
    named: str, low: str, line: str, start: int, end: int, today: date, country: str | None = None
) -> list[date] | None:
    """The day of the holiday ``named`` at ``line[start:end]`` (``low``: the line in lower case) read from
    ``today`` in the direction its words give ("this Christmas": the one of ``today``'s year), or ``None``;
    ``country``: the one the workspace's notes name, for a holiday whose day it sets (Thanksgiving)."""
    key = holiday_key(named)
    name = in_country(key, country) if key is not None else None
    if name is None:
        return None
    if _WEEKEND.match(line, end):  # "the Memorial Day weekend": the weekend the holiday makes
        days = _holiday_on(name, low, start, end, today)
        return holiday_weekend(days[0]) if days else None
    one_day = ONE_DAY.search(name) is not None and name not in THANKSGIVING_OFFSETS  # a shop's day: its deals
    if (_PERIOD if one_day else _ATTRIBUTE).match(line, end):
        return None  # "Christmas break", "the Halloween party": a period or an event, not the day
    if line[start:end].islower() and _COMMON_NOUN.match(line, end):
        return None  # "an easter egger", "christmas lights": a common noun's modifier, a thing
    if name.endswith("'s") and _COMMON_NOUN.match(low, end):
        return None  # "Valentine's prep" names a thing; a short name alone ("over Valentine's"), its day
    days = _holiday_on(name, low, start, end, today)
    around = _SPANNED.get(name)
    if days and around and _OVER_BEFORE.search(low, max(0, start - 10), start):
        first = days[0] - timedelta(days=around[0])
        return [first + timedelta(days=k) for k in range(around[0] + around[1] + 1)]
    return days


def _holiday_on(name: str, low: str, start: int, end: int, today: date) -> list[date] | None:
    """The day of holiday ``name`` (a table name) written at ``low[start:end]``, in the year its words
    give."""
    years = _YEARS.search(low, max(0, start - 20), start)
    if years is not None:  # "last year's Christmas social": the one of the year before
        day = holiday_day(name, today.year + (1 if years.group("which") == "next" else -1))
        return [day] if day else None
    if _THIS_BEFORE.search(low, max(0, start - 8), start):
        return this_years(name, today)  # "no hamper drive this Christmas" (in April): this year's
    return holiday_near(name, today, direction_of(low, start, end), firm_direction(low, start))
