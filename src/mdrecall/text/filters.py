"""Search filters' matching rules: path patterns and days; pure functions (the filter type itself,
:class:`~mdrecall.request.SearchFilter`, lives with the request that carries it).

A filter keeps a candidate when its path matches one of the patterns (shell-style, ``*`` also crosses
``/``; a pattern with no wildcard matches that file or everything under that folder) and, when a date
range is given, when its file is dated (``memory/YYYY-MM-DD*.md``) inside the range, ends included.
Sources are filtered by the store itself (``SearchFilter.sources``).
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from fnmatch import fnmatchcase

from mdrecall.errors import MdrecallError

__all__ = ["has_wildcard", "parse_day", "path_matches"]

_WILDCARD = re.compile(r"[*?\[]")
_AGO = re.compile(r"^(\d{1,5})\s*([dwmy])$")


def has_wildcard(pattern: str) -> bool:
    """Whether ``pattern`` is a glob (``*``, ``?`` or ``[``) rather than a plain path."""
    return bool(_WILDCARD.search(pattern))


def path_matches(path: str, pattern: str) -> bool:
    """Whether ``path`` matches ``pattern`` (a glob, or a file or folder path)."""
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
