"""Date phrases that bound a state or hold the day written, not the day a line is about. Pure; used by
:mod:`mdrecall.knowledge.dates.line_day` and :mod:`mdrecall.knowledge.dates.valid_time`.

* On a page with no day written (MEMORY.md, a person's or a project's page) a calendar month or year after
  "from" ("owns the ordering from April", "modules from Ilmu Bakti from March") is where a state the page
  describes begins: a mention of that month, not a day the line reports. In a daily log the same words
  announce a change ("£45 a month from July"), whose month is the line's; a day named by its number
  ("from 8 Feb") or its distance ("from next month") too. A state's end ("was treasurer until January")
  is the day it changed, and stays the line's; the end of a span run from such a bound ("hibernates from
  November to March") bounds the state as its start does.
* A span that holds the day written ("this week", "this month", "in March" on a March log) places the line
  in that span, and the day written is the most precise day of it the line has ("free delivery this
  month" written on 25 February is about 25 February, not 1 February).
* A month said with a word of a yearly round ("booster yearly in September", "rotates them every year in
  January", "once a year in May") recurs: no one day, not the line's.
"""

from __future__ import annotations

import re
from datetime import date

from mdrecall.text.date_phrases.note_dates import NoteDate

__all__ = ["holds_written", "recurs_yearly", "state_bound"]

_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?"
    r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
#: A state's start, inside the phrase or right before it.
_BOUND = r"from\s+"
#: A phrase that is a calendar month (with its year or not) or a year, after a bound's preposition.
_CALENDAR = re.compile(r"(?:" + _MONTH + r"(?:\s+'?\d{2}(?:\d{2})?)?|\d{4})[.,;:)]?$")
_BOUND_IN = re.compile(_BOUND)
_BOUND_BEFORE = re.compile(r"\b" + _BOUND + r"$")
#: The end of a span whose start is such a bound ("hibernates from November to March"): the state's end.
_SPAN_END = re.compile(
    r"\bfrom\s+" + _MONTH + r"(?:\s+'?\d{2}(?:\d{2})?)?\s*(?:to|until|till|through|thru|[-–])\s*(?P<end>.*)$"
)


def state_bound(low: str, n: NoteDate) -> bool:
    """Whether ``n`` (a phrase of the lower-case line ``low``) is a calendar month or year after "from":
    the start of a state, a mention on a page with no day written (module docstring)."""
    if len(n.days) < 28:
        return False
    text = low[n.start : n.end].strip()
    m = _BOUND_IN.match(text)
    if m is not None:
        text = text[m.end() :]
    elif (span := _SPAN_END.search(low[max(0, n.start - 32) : n.end].rstrip())) is not None:
        text = span["end"]  # "from November to March": the span's end bounds the state too
    elif _BOUND_BEFORE.search(low, max(0, n.start - 12), n.start) is None:
        return False
    return _CALENDAR.fullmatch(text) is not None


#: Words that make a span run from or to a bound ("until 4 Jan", "by Friday", "since March", "3-5 May"):
#: a span so read is no period named as a whole.
_RUN = re.compile(r"\b(?:from|until|till|til|untill|through|thru|by|before|since|to|after)\b|[-–—]|\d")


def holds_written(low: str, n: NoteDate, written: date | None) -> bool:
    """Whether ``n`` (a phrase of the lower-case line ``low``) names a period as a whole ("this week",
    "this month", "in March") and the day written ``written`` lies in it ("this week" in a Wednesday's
    log); not a span run to a bound ("closed until 4 Jan"), nor one given by numbers ("3–5 May")."""
    if written is None or len(n.days) < 2 or not n.days[0] <= written <= n.days[-1]:
        return False
    return _RUN.search(low, n.start, n.end) is None


#: A word of a yearly round near a month ("yearly in September", "every year in January"); not "annual"
#: ("annual leave in August" is this year's).
_YEARLY = re.compile(
    r"\b(?:yearly|annually|(?:every|each)\s+(?:single\s+)?year|(?:once|twice|\w+\s+times)\s+a\s+year)\b"
)


def recurs_yearly(low: str, n: NoteDate) -> bool:
    """Whether ``n``, a month without a day's number or a year ("in September"), is said with a word of a
    yearly round in its clause, up to four words away ("CDT booster yearly in September", "in May, every
    year"): a month that recurs, no day."""
    if len(n.days) < 28 or len(n.days) > 31 or re.search(r"\d", low[n.start : n.end]):
        return False
    before = low[max(0, n.start - 32) : n.start]
    after = low[n.end : n.end + 24]
    return (
        _YEARLY.search(before.rsplit(",", 1)[-1]) is not None or _YEARLY.match(after.lstrip(" ,")) is not None
    )
