"""A log line's word of recording: "Noted:", "Logged:", "Learned:", "Note:" opening a line (after its list
marker) says that the writer, most often an agent keeping a user's memory, recorded what follows ("- Noted:
tickets are $70 from May 16 on"). It is no attribute's label and names no subject: the fact reader reads
the line after it (:func:`unprefixed`), as it reads a line after its list marker. Pure.

The words are the past participles and the imperative of the verbs of recording ("note", "log", "learn",
"record", "remember", "save", "store" in WordNet's sense of putting on record or keeping in mind), followed
by a colon or a dash; a line that only opens with such a word ("Noted the new code", "Logged 5 km") keeps it:
without the colon it is the line's verb.
"""

from __future__ import annotations

import re

__all__ = ["unprefixed"]

#: A list marker (kept), then a word of recording and a colon or a dash.
_PREFIX = re.compile(
    r"^(\s*(?:(?:[-*+]|\d+[.)])\s+)?(?:\[[ xX]\]\s+)?)"
    r"(?:noted|logged|learned|learnt|recorded|remembered|saved|stored|note)\s*(?::|\s[—–-])\s*",
    re.I,
)


def unprefixed(line: str) -> str:
    """``line`` without a word of recording opening it ("- Noted: Pickles gets roaches" → "- Pickles gets
    roaches"); the list marker is kept."""
    if not line or line.lstrip()[:1] not in "-*+0123456789nNlLrRsS[":
        return line
    m = _PREFIX.match(line)
    return line if m is None else m.group(1) + line[m.end() :]
