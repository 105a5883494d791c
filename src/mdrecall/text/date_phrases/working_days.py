"""Counts of time a note does not count from its day of writing in calendar days: "in ten working days"
(Monday to Friday), and "within two weeks of moving" (from the event named, no day). Pure."""

from __future__ import annotations

import re
from datetime import date, timedelta

__all__ = ["of_event", "working_days", "working_days_after"]

#: After a count of time: the event it counts from ("within two weeks of moving"), not the day written.
_OF_EVENT = re.compile(r"\s+of\s+(?!(?:today|now|writing)\b)")
#: A clause's start, and a definite thing in it: a count of working days after one is when that one thing
#: comes ("his report in ten working days"); after a bare plural or a verb, terms ("deliverables in 10
#: working days", "deliver in 2 working days"), no day.
_CLAUSE_START = re.compile(r"[.;:!?(]\s")
_DEFINITE = re.compile(r"\b(?:the|his|her|their|my|our|your|its|this|that)\s+[a-z]")


def of_event(low: str, end: int) -> bool:
    """Whether the count of time ending at ``end`` in ``low`` (a line in lower case) counts from an event
    it names ("within 30 days of purchase")."""
    return _OF_EVENT.match(low, end) is not None


def working_days(low: str, start: int, end: int, unit: str, today: date, count: int) -> list[date] | None:
    """The day "in ``count`` working days" at ``low[start:end]`` names: ``count`` weekdays after ``today``
    when a definite thing comes then (see :data:`_DEFINITE`); ``None`` for terms, for weeks or months of
    working time, and for a count from an event (:func:`of_event`)."""
    if of_event(low, end) or not unit.lower().startswith("day"):
        return None
    clause = _CLAUSE_START.split(low[max(0, start - 48) : start])[-1]
    if not _DEFINITE.search(clause):
        return None  # "deliver in 2 working days", "clients get it in 7 business days": terms
    return [working_days_after(today, count)]


def working_days_after(day: date, count: int) -> date:
    """The day ``count`` working days (Monday to Friday) after ``day`` (before it, for a negative count):
    "in ten working days" from a Friday is the Friday a fortnight on. Bank holidays are not known here."""
    step = 1 if count >= 0 else -1
    left = abs(count)
    if day.weekday() > 4:  # a weekend counts as the working day it follows (or, counting back, precedes)
        day += timedelta(days=(4 - day.weekday()) if step > 0 else (7 - day.weekday()))
    weeks, left = divmod(left, 5)
    day += timedelta(days=7 * weeks * step)
    while left:
        day += timedelta(days=step)
        if day.weekday() < 5:
            left -= 1
    return day
