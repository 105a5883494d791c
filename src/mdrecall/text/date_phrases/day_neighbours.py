"""Days a phrase of a note's line takes from its neighbours in the line: a weekday counted from the phrase
after it ("the Saturday after Easter"), "the Friday" beside a named day, the steps of a plan in order, a
yearless day near another day of its line, or near the day an undated page is
guessed to be written. Pure; used by :func:`mdrecall.text.date_phrases.note_dates.note_dates`."""

from __future__ import annotations

import re
from datetime import date, timedelta

from mdrecall.text.date_phrases.date_calendar import safe_day
from mdrecall.text.date_phrases.date_grammar import weekday_number

__all__ = [
    "GUESS_MARGIN", "a_week", "day_from_next", "guessed_year", "near_day", "nearest_weekday", "step_back",
    "the_weekday", "yearless_day",
]  # fmt: skip


def the_weekday(g: dict[str, str | None], low: str, start: int) -> bool:
    """Whether a phrase is a bare weekday after "the" ("shakedown the Friday"), which after a day named in
    its line is the one nearest that day."""
    bare = g["wdn"] and not (g["wq"] or g["wdd"] or g["wdp"] or g["wpl"])
    return bool(bare) and low.endswith("the ", max(0, start - 4), start)


def nearest_weekday(day: date, wd: int) -> date:
    """Weekday ``wd`` within three days of ``day``, either way."""
    shift = (wd - day.weekday()) % 7
    return day + timedelta(days=shift if shift <= 3 else shift - 7)


def day_from_next(said: re.Match[str], found: list[date]) -> date:
    """The weekday (or the day) before or after the days ``found`` that "the Saturday after", "the day
    before" (``said``) names: "the Saturday after Easter", "the day before 3 May"."""
    after = said.group("wbxw").lower() == "after"
    day = found[-1] if after else found[0]
    what = said.group("wbxd").lower()
    if what == "day":
        return day + timedelta(days=1 if after else -1)
    wd = weekday_number(what)
    if after:
        return day + timedelta(days=(wd - day.weekday() - 1) % 7 + 1)
    return day - timedelta(days=(day.weekday() - wd - 1) % 7 + 1)


def step_back(
    g: dict[str, str | None], found: list[date], before: tuple[date, ...], written: date, lead: str = ""
) -> bool:
    """Whether a bare weekday read ahead (``found``) falls before the weekday the line named just before
    it (``before``), itself ahead of the day ``written``: read as the next step, it is the one after. Not
    when ``lead``, the words before that weekday, make it what the line prepares for ("Packing for Friday:
    collect the bags on Wednesday": a step before it)."""
    bare = g["wdn"] and not (g["wq"] or g["wdd"] or g["wdp"])
    if _FOR_END.search(lead):
        return False
    return bool(bare) and len(found) == 1 and written < found[0] < before[-1] and len(before) == 1


_FOR_END = re.compile(r"\bfor\s+$")


def yearless_day(g: dict[str, str | None]) -> bool:
    """Whether a phrase is a numeric day and month without its year ("19/2")."""
    return bool((g["num"] and not g["ny"]) or g["numd"] or g["numb"])


#: The grammar's groups that hold a phrase's own year: such a phrase is read as written.
_YEAR_GROUPS = (
    "iy", "ny", "yy", "ymdy", "ymdy2", "mdy", "dmy", "endy", "nwy", "wofy", "wofny", "moy", "myy", "imy",
    "qy", "qy1", "qy2", "wkmy", "hy", "hy2", "cwy", "syy", "holy", "dty", "ry", "mry", "ycy", "samy",
)  # fmt: skip
#: How many days nearer the guessed day the year before must lie for a phrase read ahead to give way.
GUESS_MARGIN = 60


def guessed_year(g: dict[str, str | None], found: list[date], guess: date, firm: bool = False) -> list[date]:
    """A phrase without its year read ahead of ``guess``, the day an undated page is only guessed to have
    been written on (its workspace's newest log): the page was written on or before that day, so a day its
    words put ahead of the writing ("until end of March", "pushed to 19 June") may lie before the guess;
    the same days a year earlier when those lie :data:`GUESS_MARGIN` days nearer the guess, else ``found``.
    A day read back stays (it lies before the writing, so before the guess). ``firm``: the phrase is a goal
    or a bound ("by December", "until end of March"), which gives way only to one gone by within
    :data:`GUESS_MARGIN` days of the guess (a page kept holds a goal months ahead more often than a bound
    months lapsed; a day moved, "pushed to 19 June", is no bound)."""
    if not found or found[0] <= guess or any(g.get(k) for k in _YEAR_GROUPS):
        return found
    # (29 February a year earlier is the 28th: "end of Feb" read in a leap year)
    earlier = sorted({(safe_day(d.year - 1, d.month, d.day) or [date(d.year - 1, 2, 28)])[0] for d in found})
    back = max(0, (guess - earlier[-1]).days)
    if firm and back > GUESS_MARGIN:
        return found
    return earlier if back + GUESS_MARGIN < (found[0] - guess).days else found


def near_day(day: date, other: date) -> date:
    """``day`` moved a year, when that puts it within half a year of ``other`` (another day of its line)."""
    if abs((day - other).days) <= 183:
        return day
    for shifted in (safe_day(day.year - 1, day.month, day.day), safe_day(day.year + 1, day.month, day.day)):
        if shifted and abs((shifted[0] - other).days) <= 183:
            return shifted[0]
    return day


def a_week(days: tuple[date, ...]) -> bool:
    """Whether ``days`` are one Monday–Sunday week (what "next week" names)."""
    return len(days) == 7 and days[0].weekday() == 0
