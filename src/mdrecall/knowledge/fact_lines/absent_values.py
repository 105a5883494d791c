"""A thing said to be absent for a while, as the value of that thing: "No battery for now", "no treasurer
yet", "Still no dishwasher at the flat": the state ``have=none``, which a later line adding the thing
("Added a battery to the order", "Javi is treasurer now") changes. Read only at a clause's start (a
line's, or a label's value), and only with a word saying the absence is for a time ("for now", "yet", "at
the moment", "for the time being", "this year", "till …"): "no sugar, no milk" is a preference, and "no
reply from the bank" an event. One regular expression's pass: linear. Pure."""

from __future__ import annotations

import re

__all__ = ["ABSENT", "absent_states"]

#: The state of a thing said to be absent for a while.
ABSENT = "have=none"
#: "no" at a clause's start (the line's, after a label's colon, a dash or "still"), one to three words,
#: then a word of a while.
_ABSENT = re.compile(
    r"(?:^|[:;(—–-]\s*|\bstill\s+)no\s+(?:[^\W\d_][\w'’-]*\s+){0,2}[^\W\d_][\w'’-]*"
    r",?\s+(?:for\s+now|yet|at\s+the\s+moment|for\s+the\s+(?:moment|time\s+being)|this\s+(?:year|season|term)"
    r"|till\b|until\b)",
    re.I,
)


def absent_states(low: str) -> set[str]:
    """``{"have=none"}`` when ``low`` (a line, lower-cased) says a thing is absent for a while ("no
    battery for now, maybe later"), else empty."""
    if "no " not in low:
        return set()
    return {ABSENT} if _ABSENT.search(low) is not None else set()
