"""Whether a dashed range of weekdays in a dated note ("Tue–Thu", "Sat-Sun") names days or a timetable.

A daily log's "back on lates Tue–Thu", "booked the crane Thu–Sat", "logged 6 calls Sat–Sun" name the days
of one week; opening hours and rotas name a slot each week: "Hours: Tue–Sat 8:00–18:00", "pickup 17:30
Mon–Thu", "part-time, Thu–Sat", "Tue–Sat from now on", "Wed–Sun dinners". Pure; the range itself is read
by :func:`mdrecall.text.date_phrases.date_spans.weekday_range`.
"""

from __future__ import annotations

import re

from mdrecall.text.date_phrases.weekday_dates import standing_sentence

__all__ = ["range_recurs"]

#: A clock time or a span of hours ("8:00–18:00", "11-19", "9am", "10 to 4"), near a range: hours kept.
_TIME = r"\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm|h)?(?:\s*(?:-|–|—|to)\s*\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm|h)?)?"
_HOURS_AFTER = re.compile(rf"[\s,:(]*(?:{_TIME})(?!\s*(?:/|\.\d|[a-z]))(?=\W|$)")
_HOURS_BEFORE = re.compile(r"\b\d{1,2}(?:[:.]\d\d|\s*(?:am|pm))\s*[,:(]?\s*$")
#: After the range, words that make it a standing slot: "from now (on)", "each/every week", "weekly", a
#: plural of the part of the day or a meal ("afternoons", "dinners"), "only" closing a timetable.
_STANDING_AFTER = re.compile(
    r"\s*,?\s*(?:from\s+now\b|(?:each|every)\s+week\b|weekly\b|"
    r"(?:mornings|afternoons|evenings|nights|(?:lunch|dinner|breakfast|brunch|service)(?:e?s)?)\b)"
)
#: Before the range, in its clause: a label or word of a timetable ("Hours:", "open", "closed",
#: "part-time", "usually", "normally").
_TIMETABLE_BEFORE = re.compile(
    r"\b(?:hours?|opening|open|opens|closed|part[-\s]time|full[-\s]time|usually|normally|always|"
    r"generally|typically|schedule|timetable|rota\s+is|lunch|dinner|breakfast|brunch)\b[^.;!?]*$"
)
_READ = 40


def range_recurs(low: str, start: int, end: int) -> bool:
    """Whether the dashed weekday range at ``low[start:end]`` (a lower-cased line of a dated note) is a
    weekly slot rather than the days of one week (see above)."""
    clause = re.split(r"[.;!?]\s|\n", low[max(0, start - _READ) : start])[-1]
    return bool(
        _HOURS_AFTER.match(low, end, end + _READ)
        or _HOURS_BEFORE.search(clause)
        or _STANDING_AFTER.match(low, end, end + _READ)
        or _TIMETABLE_BEFORE.search(clause)
        or standing_sentence(low, start)
    )
