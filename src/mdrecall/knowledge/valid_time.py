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
from functools import cache, lru_cache

from mdrecall.errors import MdrecallError
from mdrecall.text.chunking import heading_paths
from mdrecall.text.dates import resolve_relative_dates

__all__ = [
    "DateRange",
    "LineDays",
    "chunk_dates",
    "line_dates",
    "parse_as_of",
    "parse_during",
]

#: (the look-behind follows the first digit so that a search skips ahead to digits: several times faster)
_ISO = re.compile(r"(\d)(?<![\d-]\d)(\d{3})-(\d{2})-(\d{2})(?![\d-])")
_HEADING = re.compile(r"^ {0,3}#{1,6}\s")
#: Phrases worth resolving relative to a file's date (cheap pre-check before the full resolver).
_HINT_WORDS = (
    "yesterday", "today", "tonight", "tomorrow", "ago", "last", "next", "monday", "tuesday", "wednesday",
    "thursday", "friday", "saturday", "sunday", "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december",
)  # fmt: skip


@cache
def _hint(lower: bool = False) -> re.Pattern[str]:
    """Those phrases as whole words (compiled on first use: a search that never asks loads no big regex);
    ``lower``: for lower-cased text, case-sensitive (several times faster than IGNORECASE)."""
    pattern = r"\b(" + "|".join(_HINT_WORDS) + r")\b"
    return re.compile(pattern) if lower else re.compile(pattern, re.IGNORECASE)


@dataclass(frozen=True)
class DateRange:
    """Inclusive calendar range; either end may be open (``None``)."""

    start: date | None = None
    end: date | None = None

    def contains(self, day: date) -> bool:
        """True when ``day`` lies in the range."""
        return (self.start is None or day >= self.start) and (self.end is None or day <= self.end)


def _iso_dates(text: str) -> list[date]:
    if "-" not in text:
        return []
    out = []
    for m in _ISO.finditer(text):
        try:
            out.append(date(int(m.group(1) + m.group(2)), int(m.group(3)), int(m.group(4))))
        except ValueError:
            continue
    return out


def _text_date(line: str, anchor: date | None, hints: Sequence[str] | None = None) -> date | None:
    """The one day a line's text names, if it names exactly one. ``hints``: words of which the line must
    hold one to be worth the whole-word search (a substring test is many times cheaper)."""
    explicit = _iso_dates(line)
    if explicit:
        return explicit[0]
    if anchor is None:
        return None
    if hints is not None:
        low = line.lower()
        if not any(w in low for w in hints):
            return None
        # the same test case-sensitively on the lower-cased line: several times faster than IGNORECASE
        found = _hint(True).search(low) if len(low) == len(line) else _hint().search(line)
    else:
        found = _hint().search(line)
    if not found:
        return None
    days = resolve_relative_dates(line, anchor).dates
    return days[0] if len(days) == 1 else None  # only a phrase naming a single day dates a line


class LineDays:
    """The day each line of a file is about (see the module docstring), computed on demand.

    ``headings`` are the 0-based indices of the heading lines, in order. Lines must be asked in
    increasing order: the headings in force are walked once, so asking a few lines of a long file
    costs a few lines' work (the entity extraction asks only the lines that name something).
    """

    def __init__(self, lines: Sequence[str], headings: Sequence[int], file_date: str | date | None) -> None:
        self.lines = lines
        self.headings = headings
        self.anchor = _as_date(file_date)
        self._next = 0  # the next heading (index into headings) not yet in force
        self._by_level: dict[int, date | None] = {}  # heading level → its date
        self._in_force: date | None = None

    def day(self, i: int) -> date | None:
        """The day line ``i`` (0-based) is about, or ``None``."""
        heads = self.headings
        if self._next < len(heads) and heads[self._next] <= i:
            by_level = self._by_level
            while self._next < len(heads) and heads[self._next] <= i:
                level, when = _heading_day(self.lines[heads[self._next]])
                self._next += 1
                for lv in [k for k in by_level if k >= level]:
                    del by_level[lv]
                by_level[level] = when
            self._in_force = next((by_level[k] for k in sorted(by_level, reverse=True) if by_level[k]), None)
        head = self._next > 0 and heads[self._next - 1] == i
        in_force = self._in_force
        line = self.lines[i]
        own = _text_date(line, in_force or self.anchor, _HINT_WORDS) if not head and line.strip() else None
        return own or in_force or self.anchor


@lru_cache(maxsize=1024)
def _heading_day(line: str) -> tuple[int, date | None]:
    """A heading line's level and the date it names (headings such as ``## 09:15`` recur in every file)."""
    line = line.lstrip()
    named = _iso_dates(line)
    return len(line) - len(line.lstrip("#")), named[0] if named else None


def line_dates(text: str, file_date: str | date | None) -> list[date | None]:
    """For each line of ``text``: the day it is about (see the module docstring), or ``None``."""
    lines = text.splitlines()
    _, is_heading = heading_paths(lines)
    days = LineDays(lines, [i for i, h in enumerate(is_heading) if h], file_date)
    return [days.day(i) for i in range(len(lines))]


def chunk_dates(text: str, file_date: str | date | None, heading: str = "") -> set[date]:
    """Every day a chunk is about: its lines' days, plus a date in its heading path."""
    anchor = _as_date(file_date)
    if _hint().search(text):
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
    """A day as ``--since`` takes it (``YYYY-MM-DD``, ``today``, ``yesterday``, ``7d``…), or an error
    naming the argument: one parser for every date a user types (:func:`mdrecall.text.filters.parse_day`)."""
    from mdrecall.text.filters import parse_day as parse_user_day

    try:
        return parse_user_day(raw, date.today())
    except MdrecallError as exc:
        raise MdrecallError(f"{what}: {exc}") from None


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
                raise MdrecallError(
                    f"as-of: expected YYYY-MM-DD, yesterday, an age (7d) or an ISO datetime, got {raw!r}"
                ) from None
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
