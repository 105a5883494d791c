"""The day a file's name gives it: a daily log's leading date ("2026-03-04.md"), else a date anywhere in the
name ("standup-2026-03-04.md", "retro_2026_03_04.md"), a week's file ("2026-W14.md": its Monday) or a date
with its year written short in the writer's order ("notes_04.03.26.md"). Pure.

A short numeric date is read in the order given (``"dmy"``, ``"mdy"``: the workspace's), else only when its
numbers leave one reading ("notes_24.03.26.md"). A number glued to another digit is no date ("92025-06-15"),
nor a day the calendar lacks ("2026-02-30").
"""

from __future__ import annotations

import re
from datetime import date

__all__ = ["date_in_name"]

_LEADING = re.compile(r"(\d{4})-(\d{2})-(\d{2})(?![0-9])")
#: A full date inside the name, its parts joined by one mark ("standup-2026-03-04", "retro_2026_03_04").
_INSIDE = re.compile(r"(?<![0-9])(\d{4})([-_.])(\d{2})\2(\d{2})(?![0-9])")
#: An ISO week ("2026-W14", "2026_w07"): the week's Monday.
_WEEK = re.compile(r"(?<![0-9])(\d{4})[-_]?[Ww](\d{2})(?![0-9])")
#: A date with a two-digit year ("04.03.26", "4-3-26"), day and month in the writer's order.
_SHORT = re.compile(r"(?<![0-9])(\d{1,2})([-_.])(\d{1,2})\2(\d{2})(?![0-9])")


def date_in_name(name: str, order: str | None = None) -> date | None:
    """The day the file name ``name`` gives (module docstring); ``order``: the workspace's order of numeric
    dates (``"dmy"``, ``"mdy"``), for a short date both ways valid."""
    stem = name[:-3] if name.lower().endswith(".md") else name
    m = _LEADING.match(stem)
    if m is not None:
        return _day(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    for m in _INSIDE.finditer(stem):
        if (day := _day(int(m.group(1)), int(m.group(3)), int(m.group(4)))) is not None:
            return day
    for m in _WEEK.finditer(stem):
        try:
            return date.fromisocalendar(int(m.group(1)), int(m.group(2)), 1)
        except ValueError:
            continue
    for m in _SHORT.finditer(stem):
        a, b, year = int(m.group(1)), int(m.group(3)), 2000 + int(m.group(4))
        dmy, mdy = _day(year, b, a), _day(year, a, b)
        if dmy is not None and (mdy is None or order == "dmy" or a == b):
            return dmy
        if mdy is not None and (dmy is None or order == "mdy"):
            return mdy
    return None


def _day(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None
