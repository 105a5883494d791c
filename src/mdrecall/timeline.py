"""Valid time: which day a line of Markdown is about. Pure functions.

A line's day is, in order of preference: an explicit date in the line itself (``2026-03-04``,
"on March 4"), a relative one resolved against the file's date ("last Friday", "yesterday"), the date
of the nearest heading above it that names one (``## 2026-03-04``), then the file's own date (daily
logs ``memory/YYYY-MM-DD.md``). Lines with none of these have no valid time.

Also parses the user's ``--as-of DATE`` and ``--during FROM..TO`` arguments.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timezone

from .chunking import heading_paths
from .dates import resolve_relative_dates
from .errors import MdrecallError

__all__ = [
    "DateRange",
    "chunk_dates",
    "line_dates",
    "parse_as_of",
    "parse_during",
]

_ISO = re.compile(r"(?<![\d-])(\d{4})-(\d{2})-(\d{2})(?![\d-])")
_HEADING = re.compile(r"^ {0,3}#{1,6}\s")
#: Phrases worth resolving relative to a file's date (cheap pre-check before the full resolver).
_RELATIVE_HINT = re.compile(
    r"\b(yesterday|today|tonight|tomorrow|ago|last|next|monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday|january|february|march|april|may|june|july|august|september|october|"
    r"november|december)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class DateRange:
    """Inclusive calendar range; either end may be open (``None``)."""

    start: date | None = None
    end: date | None = None

    def contains(self, day: date) -> bool:
        """True when ``day`` lies in the range."""
        return (self.start is None or day >= self.start) and (self.end is None or day <= self.end)


def _iso_dates(text: str) -> list[date]:
    out = []
    for m in _ISO.finditer(text):
        try:
            out.append(date(int(m.group(1)), int(m.group(2)), int(m.group(3))))
        except ValueError:
            continue
    return out


def _text_date(line: str, anchor: date | None) -> date | None:
    """The one day a line's text names, if it names exactly one."""
    explicit = _iso_dates(line)
    if explicit:
        return explicit[0]
    if anchor is None or not _RELATIVE_HINT.search(line):
        return None
    days = resolve_relative_dates(line, anchor).dates
    return days[0] if len(days) == 1 else None  # only a phrase naming a single day dates a line


def line_dates(text: str, file_date: str | date | None) -> list[date | None]:
    """For each line of ``text``: the day it is about (see the module docstring), or ``None``."""
    anchor = _as_date(file_date)
    lines = text.splitlines()
    _, is_heading = heading_paths(lines)
    heading_day: dict[int, date | None] = {}  # heading level → its date
    out: list[date | None] = []
    for line, head in zip(lines, is_heading, strict=True):
        if head:
            level = len(line.lstrip()) - len(line.lstrip().lstrip("#"))
            for lv in [k for k in heading_day if k >= level]:
                del heading_day[lv]
            heading_day[level] = (_iso_dates(line) or [None])[0]
        in_force = next((d for _, d in sorted(heading_day.items(), reverse=True) if d), None)
        base = in_force or anchor
        own = _text_date(line, base) if line.strip() and not head else None
        out.append(own or in_force or anchor)
    return out


def chunk_dates(text: str, file_date: str | date | None, heading: str = "") -> set[date]:
    """Every day a chunk is about: its lines' days, plus a date in its heading path."""
    anchor = _as_date(file_date)
    if _RELATIVE_HINT.search(text):
        days = {d for d in line_dates(text, file_date) if d is not None}
    else:  # no relative phrase (most chunks): the file's day and the dates written out
        days = set(_iso_dates(text))
        if anchor:
            days.add(anchor)
    days.update(_iso_dates(heading))
    if not days and anchor:
        days.add(anchor)
    return days


def _as_date(value: str | date | None) -> date | None:
    if value is None or isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value)[:10])
    except ValueError:
        return None


def parse_day(raw: str, what: str) -> date:
    """``YYYY-MM-DD`` → a date, or a clear error naming the argument."""
    try:
        return date.fromisoformat(raw.strip())
    except ValueError:
        raise MdrecallError(f"{what}: expected a date as YYYY-MM-DD, got {raw!r}") from None


def parse_during(raw: str | Sequence[str | date | None] | DateRange) -> DateRange:
    """``FROM..TO`` (either side may be empty), a single day, or a (from, to) pair → a range."""
    if isinstance(raw, DateRange):
        return raw
    if isinstance(raw, str):
        text = raw.strip()
        if ".." in text:
            left, right = text.split("..", 1)
        else:
            left = right = text
        start = parse_day(left, "during") if left.strip() else None
        end = parse_day(right, "during") if right.strip() else None
    else:
        parts = list(raw)
        if len(parts) != 2:
            raise MdrecallError("during: expected FROM..TO or a (from, to) pair")
        start, end = (p if isinstance(p, date) or p is None else parse_day(str(p), "during") for p in parts)
    if start is None and end is None:
        raise MdrecallError("during: give at least one end, e.g. 2026-03-01..2026-03-31")
    if start and end and start > end:
        raise MdrecallError(f"during: {start} is after {end}")
    return DateRange(start, end)


def parse_as_of(raw: str | date | datetime) -> datetime:
    """A date (the end of that day, local time) or an ISO datetime → an aware datetime."""
    if isinstance(raw, datetime):
        return _aware(raw)
    if isinstance(raw, date):
        day = raw
    else:
        text = raw.strip()
        if "T" in text or " " in text:
            try:
                when = datetime.fromisoformat(text)
            except ValueError:
                raise MdrecallError(f"as-of: expected YYYY-MM-DD or an ISO datetime, got {raw!r}") from None
            return _aware(when)
        day = parse_day(text, "as-of")
    return _aware(datetime.combine(day, time(23, 59, 59)))


def _aware(when: datetime) -> datetime:
    """``when`` with its time zone: local time, or UTC at the ends of the calendar (0001-01-01,
    9999-12-31), where Python cannot work out the local offset."""
    if when.tzinfo:
        return when
    try:
        return when.astimezone()
    except (OverflowError, ValueError):
        return when.replace(tzinfo=timezone.utc)


def utc_stamp(when: float) -> str:
    """A Unix time as an ISO UTC timestamp (seconds)."""
    return datetime.fromtimestamp(when, tz=timezone.utc).isoformat(timespec="seconds")
