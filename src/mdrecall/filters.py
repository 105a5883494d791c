"""Search filters: which files a search may answer from (path patterns, a date range); pure functions.

A filter keeps a candidate when its path matches one of the patterns (shell-style, ``*`` also crosses
``/``; a pattern with no wildcard matches that file or everything under that folder) and, when a date
range is given, when its file is dated (``memory/YYYY-MM-DD*.md``) inside the range, ends included.
Sources are filtered by the store itself (``SearchRequest.sources``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from fnmatch import fnmatchcase

from .errors import MdrecallError

__all__ = ["SearchFilter", "has_wildcard", "parse_day"]

_WILDCARD = re.compile(r"[*?\[]")
_AGO = re.compile(r"^(\d{1,5})\s*([dwmy])$")


@dataclass(frozen=True)
class SearchFilter:
    """Path patterns and an inclusive date range; an empty filter keeps everything."""

    paths: tuple[str, ...] = ()
    since: date | None = None
    until: date | None = None

    def __post_init__(self) -> None:
        if self.since and self.until and self.since > self.until:
            raise MdrecallError(f"--since {self.since} is after --until {self.until}: nothing can match")

    @property
    def active(self) -> bool:
        """Whether this filter removes anything at all."""
        return bool(self.paths) or self.since is not None or self.until is not None

    def keeps(self, path: str, day: str | None) -> bool:
        """Whether a chunk of ``path`` (dated ``day``, ``YYYY-MM-DD`` or ``None``) may be a result."""
        if self.paths and not any(_path_matches(path, p) for p in self.paths):
            return False
        if self.since is None and self.until is None:
            return True
        if not day:
            return False
        try:
            d = date.fromisoformat(day[:10])
        except ValueError:
            return False
        return (self.since is None or d >= self.since) and (self.until is None or d <= self.until)


def has_wildcard(pattern: str) -> bool:
    """Whether ``pattern`` is a glob (``*``, ``?`` or ``[``) rather than a plain path."""
    return bool(_WILDCARD.search(pattern))


def _path_matches(path: str, pattern: str) -> bool:
    pattern = pattern.strip().removeprefix("./")
    if has_wildcard(pattern):
        return fnmatchcase(path, pattern)
    folder = pattern.rstrip("/")
    return path == folder or path.startswith(folder + "/")


def parse_day(text: str, today: date) -> date:
    """A day from ``YYYY-MM-DD``, ``today``, ``yesterday`` or an age (``7d``, ``2w``, ``3m``, ``1y`` ago)."""
    raw = text.strip().lower()
    if raw == "today":
        return today
    if raw == "yesterday":
        return today - timedelta(days=1)
    m = _AGO.match(raw)
    if m:
        n, unit = int(m.group(1)), m.group(2)
        days = {"d": 1, "w": 7, "m": 30, "y": 365}[unit] * n
        return today - timedelta(days=days)
    try:
        return date.fromisoformat(raw)
    except ValueError:
        raise MdrecallError(
            f"not a date: {text!r}. Use YYYY-MM-DD, today, yesterday, or an age like 7d, 2w, 3m, 1y"
        ) from None


def paths_tuple(paths: Sequence[str] | None) -> tuple[str, ...]:
    """Patterns as a tuple, blanks dropped."""
    return tuple(p for p in (paths or ()) if p and p.strip())
