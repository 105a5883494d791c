"""A pasted chat message's stamp: where the message a line holds begins, after the day and time it was sent.

Chat apps copy or export a message with a stamp before it: WhatsApp ``[12/03/2026, 21:04] Lan: ...``
(iOS), ``12/03/2026, 21:04 - Lan: ...`` (Android's export), ``[21:04, 12/3/2026]``; Telegram ``Lan, [12.03.26
21:04]: ...``; hand-trimmed ``[09:14 12/3]``, ``[12/3 9:14 PM]``. The day in the stamp is the day the message
was written: its "tmrw", "tonight" or "Friday" count from it, not from the page's own date, and it is the
line's day when the message names none (:class:`~mdrecall.knowledge.dates.valid_time.LineDays`). A stamp
holding only a time (``[09:14]``, ``14:05 Lan:``) names no day. Pure.

Its time of day (:data:`STAMP_TIME`) is the one the entity reader's speaker stamps
(:data:`~mdrecall.knowledge.lexicon.mention_patterns.SPEAKERS`) read too; the stamps themselves are two
patterns, as their contracts differ: this one needs a day (it answers which day a message was sent) and reads
Telegram's stamp after its speaker, on one line; the speaker reader's also takes a stamp of a time alone
(``[09:14] Lan:``: it asks only whether a person speaks), scans a whole file line by line (``^`` with
``re.M``), and wants the speaker after the stamp.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from mdrecall.text.date_phrases.numeric_dates import month_and_day

__all__ = ["STAMP_TIME", "Stamp", "message_stamp"]


@dataclass(frozen=True)
class Stamp:
    """A chat message's stamp: the day it names, where its day and time lie, and where the message starts."""

    day: date
    start: int
    end: int
    message: int


#: A time of day as a chat stamp writes it: "21:04", "9:14 PM", "9:14 p.m.", "21.04", "09:14:55"; no space it
#: reads spans a line break, so a pattern over a whole file may hold it.
STAMP_TIME = r"\b\d{1,2}[:.]\d\d(?:[:.]\d\d)?(?!\d)(?:[^\S\n]?[AaPp]\.?[Mm]\.?)?"
#: A day as a stamp writes it, with or without its year: "12/3", "12/03/2026", "12.03.26", "2026-03-12".
_DAY = r"(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[/.-]\d{1,2}(?:[/.-](?:\d{4}|\d{2}))?)"
#: The day and the time, in either order, with a comma or spaces between.
_STAMP_BODY = rf"(?:{_DAY},?\s{{1,2}}{STAMP_TIME}|{STAMP_TIME},?\s{{1,2}}{_DAY})"
#: A list marker or a quote's ">" before the stamp.
_MARKER = r"\s*(?:>\s*)?(?:[-*+]\s+)?"
_STAMP = re.compile(
    _MARKER
    + r"(?:"
    # "[12/03/2026, 21:04] Lan:", "[09:14 12/3]": bracketed, the speaker after it
    + rf"\[(?P<b>{_STAMP_BODY})\]"
    # "Lan, [12.03.26 21:04]:": Telegram's, the speaker before it
    + rf"|[^\[\]\n,:]{{1,40}},\s\[(?P<t>{_STAMP_BODY})\]:"
    # "12/03/2026, 21:04 - Lan:": an export's, a dash before the speaker
    + rf"|(?P<e>{_STAMP_BODY})\s[-–]\s(?=[^\s:][^:\n]{{0,40}}:)"
    + r")"
)
_DIGITS = re.compile(r"\d")
#: The day inside a stamp's text: year first, or day and month (either order) and maybe a year.
_DAY_IN = re.compile(
    r"(?<![\d:])(?:(\d{4})-(\d{1,2})-(\d{1,2})|(\d{1,2})([/.-])(\d{1,2})(?:\5(\d{4}|\d{2}))?)(?![\d:])"
)


def message_stamp(line: str, order: str | None, near: date) -> Stamp | None:
    """The day a chat line's opening stamp names and where it and the message after it lie; ``None``: no
    stamp, one holding only a time, or no such day. ``order``: the page's (else the workspace's) order of
    numeric dates ("dmy", "mdy"; ``None``: day first unless that cannot be; a dotted day is always day
    first); a day without its year is the one nearest ``near`` (the page's own day)."""
    if not line or not _DIGITS.search(line, 0, 60):
        return None
    m = _STAMP.match(line)
    if m is None:
        return None
    group = next(g for g in ("b", "t", "e") if m.group(g) is not None)
    d = _DAY_IN.search(line, m.start(group), m.end(group))
    if d is None:
        return None
    if d.group(1):
        year, month, day = int(d.group(1)), int(d.group(2)), int(d.group(3))
    else:
        a, b = int(d.group(4)), int(d.group(6))
        month, day = month_and_day(a, b, None if d.group(5) == "." else order)
        y = d.group(7)
        year = (int(y) + 2000 if len(y) == 2 else int(y)) if y else near.year
    years = [year] if d.group(1) or d.group(7) else [near.year - 1, near.year, near.year + 1]
    days = [x for x in (_day(y, month, day) for y in years) if x is not None]
    if not days:
        return None
    sent = min(days, key=lambda x: abs((x - near).days))
    return Stamp(sent, m.start(group), m.end(group), m.end())


def _day(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None
