"""A short word written in capitals inside a line of ordinary case is an initialism or a name ("LED", "the
FED", "300 WON"), never the past verb its lower-case letters spell ("led", "fed", "won"). Pure; used by
:func:`mdrecall.text.date_phrases.note_dates.note_dates`, whose cues of direction read the line in lower
case: "LED conversion in November", written in June, is a plan, not a month gone. A run of words in capitals
is shouting ("MARATHON DONE (Sat night)"), whose verbs are verbs.
"""

from __future__ import annotations

import re

from mdrecall.text.past_verbs import past_verb

__all__ = ["masked_initialisms"]

#: A word of two to four capitals (an initialism's usual length; a longer run is shouting, "PICKED").
_CAPS = re.compile(r"\b[A-Z]{2,4}\b")
#: A word in capitals right before or after another: a run of them is shouting, not an initialism.
_CAPS_BEFORE = re.compile(r"\b[A-Z]{2,}\W{1,3}$")
_CAPS_AFTER = re.compile(r"\W{1,3}[A-Z]{2,}\b")
#: A lower-case word of three letters or more: the line is written in ordinary case.
_LOWER_WORD = re.compile(r"\b[a-z]{3,}\b")


def masked_initialisms(line: str, low: str) -> str:
    """``low`` (``line`` in lower case, of the same length) with each short word in capitals that spells a
    past verb replaced by as many "x"s, when the line is in ordinary case; ``low`` itself otherwise."""
    if len(low) != len(line):
        return low
    out = low
    for m in _CAPS.finditer(line):
        word = low[m.start() : m.end()]
        if not past_verb(word):
            continue
        shouted = _CAPS_BEFORE.search(line, max(0, m.start() - 24), m.start()) or _CAPS_AFTER.match(
            line, m.end()
        )
        if not shouted and _LOWER_WORD.search(line):  # ("MARATHON DONE (Sat night)": shouting)
            out = out[: m.start()] + "x" * len(word) + out[m.end() :]
    return out
