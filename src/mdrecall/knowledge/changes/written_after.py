"""Pairs whose later line was written no later than the older: the older line names a day on which what it
states already held. Read by :func:`~mdrecall.knowledge.changes.pair_vetoes.kept_pairs` on the rules' pairs.
Pure.

An undated page (a topic page an agent rewrites, a running log) is read as standing, older than any dated
line; but a line of it that says since when its state holds ("Food: renal pouches, since 15/9") or that
opens with the day it logs ("- 22/10: plain hunt on the 2") was written on that day or after it. A line
dated on or before that day cannot supersede it: it is the older of the two ("12/9 log: he goes onto renal
pouches from now on" tells the change the page's line already holds).

A numeric day without a year ("15 9" in the fact line's words) is read in the later line's year, day first
and month first where each is a date; the pair is ruled out only when every reading lies on or after the
later line's day and within half a year of it (a "since 20/12" read against a line of January is last
December's).
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from mdrecall.knowledge.fact_lines.facts import Fact

__all__ = ["held_since", "written_after"]

#: "since" then a numeric day and month (the fact line's words drop the slash: "since 15 9").
_SINCE = re.compile(r"\bsince\s+(\d{1,2})\s+(\d{1,2})\b(?!\s*(?:\d|am\b|pm\b|[:.]\d))", re.I)
#: A log entry's day opening the line, then a colon ("22 10: plain hunt …").
_LOG_DAY = re.compile(r"^(\d{1,2})\s+(\d{1,2}):(?!\d)")
#: How far after the later line's day a reading may lie and still be of its year.
_HORIZON = timedelta(days=183)


def _readings(a: int, b: int, year: int) -> list[date]:
    """The days "a/b" may name in ``year``: day first and month first, where each is a date."""
    out = []
    for day, month in ((a, b), (b, a)):
        try:
            out.append(date(year, month, day))
        except ValueError:
            continue
    return out


def held_since(old: Fact, year: int) -> list[date]:
    """The readings in ``year`` of the day from which ``old``'s state already held ("since 15/9") or that
    it logs (a line opening "22/10:"); none when it names neither."""
    m = _LOG_DAY.match(old.words) or _SINCE.search(old.words)
    return _readings(int(m[1]), int(m[2]), year) if m else []


def written_after(old: Fact, new: Fact) -> bool:
    """Was ``old`` written on or after the day ``new`` was, by a day it names as one its state held since or
    as the day it logs (every reading of it on or after ``new``'s day, within half a year)?"""
    if not new.day:
        return False
    try:
        written = date.fromisoformat(new.day[:10])
    except ValueError:
        return False
    days = held_since(old, written.year)
    return bool(days) and all(written <= d <= written + _HORIZON for d in days)
