"""The times a user gives: ``--as-of DATE``, ``--during FROM..TO``, a day as ``--since`` takes it, and
Unix times as ISO UTC stamps. Pure functions."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timezone

from mdrecall.errors import MdrecallError

__all__ = ["DateRange", "parse_as_of", "parse_day", "parse_during", "utc_stamp"]


@dataclass(frozen=True)
class DateRange:
    """Inclusive calendar range; either end may be open (``None``)."""

    start: date | None = None
    end: date | None = None

    def contains(self, day: date) -> bool:
        """True when ``day`` lies in the range."""
        return (self.start is None or day >= self.start) and (self.end is None or day <= self.end)


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
