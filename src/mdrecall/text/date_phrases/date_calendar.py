"""Calendar arithmetic for date phrases in notes: a day of a month, a month, a quarter or a holiday in the
year a direction gives from the day a note was written; weekends, thirds of a period ("early", "mid", "late"),
a period's first, middle or last day; month names and counts as words. Pure; used by
:mod:`mdrecall.text.date_phrases.note_dates`."""

from __future__ import annotations

from datetime import date, timedelta
from functools import cache

from mdrecall.text.date_phrases.dates import MONTH_ABBR, MONTHS, NUMBER_WORDS, month_days
from mdrecall.text.date_phrases.holidays import holiday_day

__all__ = [
    "FAR", "NEAR", "count_of", "dated_day", "day_of_month", "holiday_near", "month_near", "month_number",
    "period_side", "quarter_days", "quarter_near", "safe_day", "third_of", "this_years", "weekend_days",
    "year_days",
]  # fmt: skip


#: A day picked by a verb's tense alone that lies further than this from the day written (days)...
FAR = 183
#: ...gives way to the same date in the other year when that one lies within this (days): a note names a
#: day or a month without its year when it is near ("was 25/11" written on 18 November is a week ahead,
#: "cancelled the Boxing Day shift" on 22 December is this year's), and writes the year, or "last", for
#: one a year away.
NEAR = 92


def _nearer(options: list[date], pick: date, today: date) -> date:
    """``pick`` (chosen by a verb's tense), or the nearest of ``options`` when ``pick`` is far and it near."""
    nearest = min(options, key=lambda d: (abs((d - today).days), d < today))
    return nearest if abs((pick - today).days) > FAR and abs((nearest - today).days) <= NEAR else pick


def holiday_near(name: str, today: date, direction: int, firm: bool = True) -> list[date] | None:
    """Holiday ``name``'s day in the year ``direction`` gives from ``today`` (as :func:`dated_day`)."""
    options = [d for y in (today.year - 1, today.year, today.year + 1) if (d := holiday_day(name, y))]
    return _pick(options, today, direction, firm)


#: Days from the day written within which "this <holiday>" is the one of the year before or after
#: ("this Christmas" written on 2 January is the one just gone).
_THIS_NEAR = 14


def this_years(name: str, today: date) -> list[date] | None:
    """Holiday ``name`` after "this": the one of ``today``'s year ("no hamper drive this Christmas" written
    in April is the coming one, "this Easter" in May the one gone), unless another lies within two weeks."""
    options = [d for y in (today.year - 1, today.year, today.year + 1) if (d := holiday_day(name, y))]
    near = [d for d in options if abs((d - today).days) <= _THIS_NEAR]
    own = [d for d in options if d.year == today.year]
    return [min(near, key=lambda d: abs((d - today).days))] if near else own[:1] or None


def _pick(options: list[date], today: date, direction: int, firm: bool) -> list[date] | None:
    """The first of ``options`` on or after ``today`` (``direction`` +1), the last on or before it (−1), or
    the nearest (0); a direction not ``firm`` (a verb's tense) gives way to a near day (:data:`NEAR`)."""
    if not options:
        return None
    if direction > 0:
        ahead = [d for d in options if d >= today]
        pick = min(ahead) if ahead else None
    elif direction < 0:
        back = [d for d in options if d <= today]
        pick = max(back) if back else None
    else:
        return [min(options, key=lambda d: (abs((d - today).days), d < today))]
    if pick is None:
        return None
    return [pick if firm else _nearer(options, pick, today)]


def period_side(days: list[date], side: str) -> date:
    """The last (``end``), first (``start``, ``beginning``) or middle day of a period."""
    side = side.lower()
    return days[-1] if side == "end" else days[0] if side in {"start", "beginning"} else days[len(days) // 2]


_TENS = {"early": (1, 10), "mid": (11, 20), "late": (21, 31)}


def third_of(days: list[date], part: str) -> list[date]:
    """The early, mid or late third of ``days`` (all of them for another word); of a whole month, days
    1–10, 11–20 and 21 to the end, as a calendar is read."""
    if 28 <= len(days) <= 31 and days[0].day == 1 and part in _TENS:
        low, high = _TENS[part]
        return [d for d in days if low <= d.day <= high]
    third = max(1, len(days) // 3)
    return {"early": days[:third], "mid": days[third:-third], "late": days[-third:]}.get(part) or days


def year_days(year: int) -> list[date]:
    """Every day of calendar year ``year`` (made once per year: a page may say "next year" on many lines)."""
    return list(_year_days(year))


@cache
def _year_days(year: int) -> tuple[date, ...]:
    first = date(year, 1, 1)
    return tuple(first + timedelta(days=k) for k in range((date(year + 1, 1, 1) - first).days))


def weekend_days(today: date, step: int) -> list[date]:
    """The Saturday and Sunday before ``today`` (``step`` −1), of its week (0) or the coming one (+1);
    said on a weekend day, −1 and 0 are that same weekend."""
    saturday = today - timedelta(days=today.weekday()) + timedelta(days=5)
    if step < 0 and today.weekday() < 5 or step > 0 and today.weekday() >= 5:
        saturday += timedelta(days=7 * step)
    return [saturday, saturday + timedelta(days=1)]


def day_of_month(day: int, today: date, direction: int) -> list[date] | None:
    """Day ``day`` of this month, the next or the last: the first on or after ``today`` (+1), the last on or
    before it (−1), or the nearest (0)."""
    options = [
        d for k in (-1, 0, 1) for first in [month_days(today.year, today.month + k)[0]]
        for d in (safe_day(first.year, first.month, day) or [])
    ]  # fmt: skip
    if direction > 0:
        options = [d for d in options if d >= today]
    elif direction < 0:
        options = [d for d in options if d <= today]
    return [min(options, key=lambda d: (abs((d - today).days), d < today))] if options else None


def quarter_days(year: int, q: int) -> list[date]:
    first, last = month_days(year, 3 * q - 2)[0], month_days(year, 3 * q)[-1]
    return [first + timedelta(days=k) for k in range((last - first).days + 1)]


def quarter_near(q: int, today: date, direction: int) -> list[date]:
    """Every day of quarter ``q`` in the year ``direction`` gives (this quarter counts either way; with none,
    the nearer)."""
    now = (today.month - 1) // 3 + 1
    ahead = today.year if q >= now else today.year + 1
    back = today.year if q <= now else today.year - 1
    if direction > 0:
        year = ahead
    elif direction < 0:
        year = back
    elif (q - now) % 4 != (now - q) % 4:
        year = ahead if (q - now) % 4 < (now - q) % 4 else back
    else:  # two quarters off either way ("Q1" in July): the one whose nearer end is nearer
        year = min((ahead, back), key=lambda y: _gap(quarter_days(y, q), today))
    return quarter_days(year, q)


def month_number(word: str) -> int | None:
    w = word.lower().rstrip(".")
    return MONTHS.get(w) or MONTH_ABBR.get(w)


def safe_day(year: int, month: int, day: int) -> list[date] | None:
    try:
        return [date(year, month, day)]
    except ValueError:
        return None


def count_of(word: str | None) -> int | None:
    if word is None:
        return 1
    w = word.lower().replace("couple of", "two")
    return int(w) if w.isdigit() else NUMBER_WORDS.get(w)


def dated_day(
    month: int, day: int, today: date | None, direction: int, firm: bool = True
) -> list[date] | None:
    """Day ``day`` of ``month`` in the year ``direction`` gives from ``today``: the first on or after it
    (+1), the last on or before it (−1), or the nearest (0); a direction not ``firm`` (from a verb's tense,
    not a preposition) gives way to a near day (:data:`NEAR`)."""
    if today is None:
        return None
    years = (today.year - 1, today.year, today.year + 1)
    return _pick([d for y in years for d in (safe_day(y, month, day) or [])], today, direction, firm)


def month_near(month: int, today: date, direction: int, firm: bool = True) -> list[date]:
    """Every day of ``month`` in the year ``direction`` gives (this month counts either way); a direction
    not ``firm`` gives way to the month in the other year when that one is near (:data:`NEAR`)."""
    ahead = today.year if month >= today.month else today.year + 1
    back = today.year if month <= today.month else today.year - 1
    if direction > 0:
        year, other = ahead, back
    elif direction < 0:
        year, other = back, ahead
    else:
        year = ahead if (month - today.month) % 12 <= (today.month - month) % 12 else back
        other = year
    days = month_days(year, month)
    if not firm and other != year:
        there = month_days(other, month)
        if _gap(days, today) > FAR and _gap(there, today) <= NEAR:
            return there
    return days


def _gap(days: list[date], today: date) -> int:
    """Days from ``today`` to the nearest of a period's ``days`` (0 inside it)."""
    if days[0] <= today <= days[-1]:
        return 0
    return min(abs((days[0] - today).days), abs((days[-1] - today).days))
