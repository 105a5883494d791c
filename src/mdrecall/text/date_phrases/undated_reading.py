"""Which date phrases a page with no date of its own reads
(:func:`~mdrecall.text.date_phrases.note_dates.note_dates` with ``loose``): the day it was written is only a
guess there, so a phrase that counts from that day ("tomorrow", "Friday", "the 18th") is left unread, unless
the sentence named the day it counts from, or, for a phrase counting within a month ("the 16th", "end of
month"), a heading over it names the month ("# Committee meeting — January")."""

from __future__ import annotations

import re
from datetime import date

from mdrecall.text.date_phrases.date_calendar import month_number, safe_day

__all__ = ["from_writing", "heading_month", "in_month", "of_the_month", "unread_when_undated"]

_FROM_WRITING = (
    "ww", "ww2", "wan", "wbl", "span", "wkend", "ahead", "ago", "rel", "wd", "odd", "typo", "dnm", "odp",
    "eox", "wdr", "wtypo",
)  # fmt: skip
_SENTENCE_END = re.compile(r"[.;!?](?=\s)")
_WORD = re.compile(r"[A-Z][a-z]+")


def from_writing(g: dict[str, str | None]) -> bool:
    """Whether a phrase (``g``: the grammar's groups) counts from the day it was written ("tomorrow",
    "Friday", "in two weeks", "the end of the month"), rather than naming a month or a day of one ("14
    April", "in June", "the end of May")."""
    if any(g[k] for k in _FROM_WRITING):
        return True
    if g["end"] and not g["endy"]:
        what = (g["endw"] or "").split()[-1]
        return month_number(what) is None and not re.fullmatch(r"q[1-4]", what, re.IGNORECASE)
    return bool(g["wof"] and not (g["wofm"] or g["wofm2"] or g["wofn"]))


def unread_when_undated(
    g: dict[str, str | None], line: str, start: int, before: tuple[int, int] | None
) -> bool:
    """Whether a phrase at ``line[start:]`` is left unread on a page with no date of its own; ``before``:
    where the line's previous phrase ends and how many days it names. A bare day of the month ("the 20th")
    after a phrase that named one day in its sentence is read, near that day ("Sat 27 Feb: home game,
    moved from the 20th")."""
    if not from_writing(g):
        return False
    if not (g["odd"] or g["odp"]) or before is None or before[1] != 1:
        return True
    return _SENTENCE_END.search(line, before[0], start) is not None


def heading_month(heading: str) -> int | None:
    """The month a heading names alone, with no day nor year ("# Committee meeting — January", "## Orders
    — March"), or ``None``."""
    if any(c.isdigit() for c in heading):
        return None
    months = {n for w in _WORD.findall(heading) if len(w) > 2 and (n := month_number(w)) is not None}
    return months.pop() if len(months) == 1 else None


def of_the_month(g: dict[str, str | None]) -> bool:
    """Whether a phrase counts within its month: a bare day of it ("the 16th", "on 3rd"), its end, start or
    middle ("end of month", "by the end of the month", "EOM")."""
    if g["odd"] or g["odp"]:
        return True
    if g["end"] and not g["endy"]:
        return (g["endw"] or "").lower() == "month"
    return (g["eoxw"] or "").lower() == "eom"


def in_month(g: dict[str, str | None], found: list[date] | None, month: date) -> list[date] | None:
    """``found`` for a phrase of :func:`of_the_month` read from ``month`` (a day of the month a heading
    names), its bare day kept in that month whatever its words' direction ("by the 3rd")."""
    if not found or not (g["odd"] or g["odp"]):
        return found
    kept = [x for d in found for x in (safe_day(month.year, month.month, d.day) or [])]
    return kept or found
