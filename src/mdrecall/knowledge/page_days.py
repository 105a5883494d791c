"""A page's history (:meth:`PageDays.history`): an entry of a page's dated list ("- 2025-03-03: Kusasa
Civils wins the tender") that a later entry of the page follows and that names a day before the notes
began (the first day a daily log is named for) tells what happened before the page was written. It is
not written after the page's standing lines ("Status: waiting on Kusasa's reply"), which tell the page as
its author last wrote it; an update appended since ("Update 2027-02-10: samples cut to 24"), dated within
the notes, is. For the change lines' pass (:mod:`mdrecall.knowledge.change_state`).

Kept up to date as lines come and go: each page's dated lines' days counted, and the days of the files
named for a day (daily logs) counted once per line."""

from __future__ import annotations

import re

from mdrecall.knowledge.facts import Fact

__all__ = ["PageDays"]

#: A path naming a day ("memory/2026-11-20.md"): its lines' day is the file's, no history of its own.
_DATED_PATH = re.compile(r"\d{4}-\d{2}-\d{2}")


class PageDays:
    """Each page's dated lines' days and the daily logs' days (counted, so that a line gone takes its day
    with it); a page's latest day and the logs' first, worked out when asked and kept until they change."""

    def __init__(self) -> None:
        self._pages: dict[str, dict[str, int]] = {}
        self._logs: dict[str, int] = {}
        self._last: dict[str, str] = {}
        self._first: str | None = None

    def add(self, f: Fact) -> None:
        if not f.day:
            return
        day = f.day[:10]
        if _DATED_PATH.search(f.path) is not None:
            if day not in self._logs:
                self._first = None
            self._logs[day] = self._logs.get(day, 0) + 1
            return
        days = self._pages.setdefault(f.path, {})
        days[day] = days.get(day, 0) + 1
        self._last.pop(f.path, None)

    def remove(self, f: Fact) -> None:
        if not f.day:
            return
        day = f.day[:10]
        days = self._logs if _DATED_PATH.search(f.path) is not None else self._pages.get(f.path)
        if days is None or day not in days:
            return
        days[day] -= 1
        if not days[day]:
            del days[day]
            self._first = None
            if days is not self._logs and not days:
                del self._pages[f.path]
        self._last.pop(f.path, None)

    def history(self, old: Fact, new: Fact) -> bool:
        """Is the dated line ``new`` an entry of the history of the undated line ``old``'s page: on that
        page, a later entry of it dated after it, and its day before the notes' first daily log?"""
        if old.day or not new.day or old.path != new.path or new.path not in self._pages:
            return False
        if not self._logs:
            return False
        if self._first is None:
            self._first = min(self._logs)
        if new.path not in self._last:
            self._last[new.path] = max(self._pages[new.path])
        day = new.day[:10]
        return day < self._first and day < self._last[new.path]
