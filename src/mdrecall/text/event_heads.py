"""A weekday in a log line's opening label beside a meeting's noun ("- club meeting Wed: Aileen wants
volunteers", "- 08:00 Sat call with Zoé — new slot ..."): the day of the meeting the line is an entry for;
with no cue of direction it is the nearest such weekday, the one just gone as often as the coming one (a log
entry is written about the day it names, before or after). Pure."""

from __future__ import annotations

import re

__all__ = ["heads_event"]

#: Nouns of a meeting or an appointment.
EVENT_NOUNS = (
    "call|calls|meeting|mtg|session|class|lesson|chat|sync|standup|stand-up|review|match|game|practice"
    "|training|shift|rehearsal|appointment|appt|interview|viewing|visit|check-in|catch-up|call-in"
)
#: A line's opening up to the weekday: a list marker, a time stamp, at most three lower-case words.
_OPENING = re.compile(r"\s*(?:[-*+]\s+)?(?:\d{1,2}[:.]\d\d\s+)?(?:[a-z][\w'&-]*\s+){0,3}")
_NOUN_BEFORE = re.compile(rf"\b(?:{EVENT_NOUNS})\s+$")
_NOUN_AFTER = re.compile(rf"\s+(?:{EVENT_NOUNS})\b")
#: The end of a label: a colon, a dash.
_LABEL_END = re.compile(r"\s*(?::|\s[-–—]\s|—)")


def heads_event(low: str, start: int, end: int) -> bool:
    """Whether the weekday at ``low[start:end]`` (a line in lower case) opens the line beside a meeting's
    noun: after it and ending the label ("club meeting wed:"), or before it ("sat call with zoé")."""
    if _OPENING.fullmatch(low, 0, start) is None:
        return False
    if _NOUN_AFTER.match(low, end):
        return True
    return _NOUN_BEFORE.search(low, max(0, start - 16), start) is not None and bool(
        _LABEL_END.match(low, end)
    )
