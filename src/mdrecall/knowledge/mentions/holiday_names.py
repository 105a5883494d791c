"""Named days read whole, before the capitalised runs cut them at a calendar word (for
:func:`mdrecall.knowledge.mentions.phrase_names.add_phrases`): a holiday of the table the dates are read with
(:mod:`mdrecall.text.date_phrases.holidays`: "Good Friday", "Easter Monday", "St. Patrick's Day"), and a day
named by a capitalised word or two and a capitalised "Day" ("Victoria Day", "Children's Day", "Human Rights
Day"): the capital "D" says the writer names the day, as "a long day" does not. Each is an event."""

from __future__ import annotations

import re
from functools import cache

from mdrecall.knowledge.lexicon.mention_patterns import STOP
from mdrecall.knowledge.lexicon.name_lists import given_name
from mdrecall.knowledge.mentions.file_scan import FileScan
from mdrecall.text.date_phrases.holidays import holiday_names, holiday_pattern

__all__ = ["add_holidays"]

#: A day named by one or two capitalised words, perhaps a possessive, and "Day" ("Canada Day", "Mother's
#: Day").
_NAMED_DAY = re.compile(
    r"(?<![\w'’.-])(?P<n>(?:[A-Z][a-z]+[ ])?[A-Z][a-z]+(?:['’]s|s['’])?)[ ]Day(?![\w'’-])"
)
#: A capitalised word right after or before a name: the name is part of a longer one, read elsewhere.
_LONGER_AFTER = re.compile(r"[ ][A-Z]")
_LONGER_BEFORE = re.compile(r"[A-Z][\w'’]*[ ]\Z")
#: Words before "Day" that say how a day went, not which day it is ("a Good Day", "Long Day").
_HOW_A_DAY = frozenset(
    "Good Nice Great Happy Long Big Bad Best Worst Busy Slow Hard Easy Quiet Lazy Sick Rest Off Full Half"
    " Whole Same Every Other Next Last First Second Third Final Big Snow Rain Sunny Perfect Lovely".split()
)


@cache
def _holidays() -> re.Pattern[str]:
    """The holidays' names, any case, tried only where one may open: at one of their first letters (any
    case) or any letter outside ASCII (whose case folding the expression decides). A test of one character
    spares the page's other positions the alternation (a 1 MB page holding "day": 0.12 -> 0.05 s CPU). The
    matches are the same, those opening in lower case too: the caller drops them, but each still ends where
    the scan goes on ("st patrick's Day" is one match, no "Patrick's Day")."""
    first = "".join(re.escape(c) for c in sorted({n[0].lower() for n in holiday_names()} | {"s"}))
    return re.compile(
        rf"(?=[{first}]|[^\x00-\x7f])(?<![\w'’-])(?:{holiday_pattern()})(?![\w'’-])", re.IGNORECASE
    )


def add_holidays(scan: FileScan) -> None:
    """Add the holidays and named days of ``scan`` as events and take their spans."""
    plain, taken = scan.plain, scan.taken
    found: list[tuple[int, int]] = []
    if "ay" in plain or "aster" in plain or "mas" in plain or "ween" in plain:
        found += [(m.start(), m.end()) for m in _holidays().finditer(plain) if m.group(0)[:1].isupper()]
    if " Day" in plain:
        for m in _NAMED_DAY.finditer(plain):
            words = m.group("n").split()
            lead = words[0]
            if lead in STOP or lead in _HOW_A_DAY or (len(words) == 1 and given_name(lead)):
                continue  # "The Day", "a Long Day", "Doris Day"
            found.append((m.start(), m.end()))
    for start, end in sorted(found):
        i = scan.line_of(start)
        if i in scan.skip or taken.overlaps(start, end):  # a heading too: "# Mon 29 March — Easter Monday"
            continue
        name = plain[start:end]
        if (
            not name.split()[-1][:1].isupper()
            or _LONGER_AFTER.match(plain, end)
            or _LONGER_BEFORE.search(plain, max(0, start - 24), start)
        ):
            continue  # "Christmas day"; "Easter Festival", "Happy Easter": read as the capitalised runs are
        scan.add(i, name, "event", "typed_name")
        taken.add(start, end)
