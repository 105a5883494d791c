"""A page's history (:meth:`PageDays.history`): an entry of a page's dated list ("- 2025-03-03: Kusasa
Civils wins the tender") that a later entry of the page follows and that names a day before the notes
began (the first day a daily log is named for) tells what happened before the page was written. It is
not written after the page's standing lines ("Status: waiting on Kusasa's reply"), which tell the page as
its author last wrote it; an update appended since ("Update 2027-02-10: samples cut to 24"), dated within
the notes, is. And a page's line telling a thing done on a day ("[x] Service: done 23 March 2027") was
written on or after that day, as were the lines below it (:meth:`PageDays.written_after`). For the change
lines' pass (:mod:`mdrecall.knowledge.changes.change_state`).

Kept up to date as lines come and go: each page's latest day, and the days of the files named for a day
(daily logs) counted once per line."""

from __future__ import annotations

import re

from mdrecall.knowledge.dates.event_days import told_on
from mdrecall.knowledge.fact_lines.facts import Fact

__all__ = ["PageDays"]

#: A path naming a day ("memory/2026-11-20.md"): its lines' day is the file's, no history of its own.
_DATED_PATH = re.compile(r"\d{4}-\d{2}-\d{2}")


class PageDays:
    """Each page's latest dated line's day and the daily logs' days (counted, so that a line gone takes its
    day with it). A page's latest day is kept alone (a string a page, not a count of each day: the pass
    keeps ~2 KB a line in all); a page whose latest line goes is no longer read as having a history (until
    the pass is made anew), the pairing as it was before this rule."""

    def __init__(self) -> None:
        self._last: dict[str, str] = {}
        self._stale: set[str] = set()
        self._logs: dict[str, int] = {}
        self._first: str | None = None
        self._told: dict[str, list[tuple[int, str]]] = {}  # an undated page's lines telling a day done

    def add(self, f: Fact) -> None:
        if not f.day:
            day = told_on(f.words)
            if day is not None:
                self._told.setdefault(f.path, []).append((f.line, day))
            return
        day = f.day[:10]
        if _DATED_PATH.search(f.path) is not None:
            if day not in self._logs:
                self._first = None
            self._logs[day] = self._logs.get(day, 0) + 1
        elif day > self._last.get(f.path, ""):
            self._last[f.path] = day

    def remove(self, f: Fact) -> None:
        if not f.day:
            told = self._told.get(f.path)
            if told:
                told[:] = [t for t in told if t[0] != f.line]
            return
        day = f.day[:10]
        if _DATED_PATH.search(f.path) is None:
            if self._last.get(f.path) == day:
                del self._last[f.path]
                self._stale.add(f.path)
            return
        if day in self._logs:
            self._logs[day] -= 1
            if not self._logs[day]:
                del self._logs[day]
                self._first = None

    def history(self, old: Fact, new: Fact) -> bool:
        """Is the dated line ``new`` an entry of the history of the undated line ``old``'s page: on that
        page, a later entry of it dated after it, and its day before the notes' first daily log?"""
        if old.day or not new.day or old.path != new.path or not self._logs or new.path in self._stale:
            return False
        if self._first is None:
            self._first = min(self._logs)
        day = new.day[:10]
        return day < self._first and day < self._last.get(new.path, "")

    def written_after(self, old: Fact, new: Fact) -> bool:
        """Was the undated line ``old`` written on or after the dated line ``new``'s day: it, or a line above
        it on its page, tells a thing done or begun on that day or later (:func:`told_on`: "[x] Service:
        done 23 March 2027", "- [ ] Next service due March 2028" below it … 8 March, "service moved to
        the 23rd")? A page is written downwards: the lines above such a line may be older."""
        if old.day or not new.day:
            return False
        told = self._told.get(old.path)
        if not told:
            return False
        day = new.day[:10]
        return any(line <= old.line and done >= day for line, done in told)
