"""The days of one date phrase in a note: what a match of the note grammar names, read from the day the
note was written in the direction its words give.

:func:`~mdrecall.text.date_phrases.note_dates.note_dates` walks a line's phrases and sets them beside each
other; :func:`phrase_days` resolves each one alone (a weekday, a count of days ahead or ago, a month after its
preposition, "the end of the month", a weekend, "the 18th" ...), handing the forms with a module of their own
to it. Pure.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from mdrecall.text.date_phrases.compared_dates import same_as_days
from mdrecall.text.date_phrases.date_calendar import (
    count_of,
    day_of_month,
    month_near,
    month_number,
    period_side,
    quarter_days,
    quarter_near,
    safe_day,
    third_of,
    weekend_days,
    year_days,
)
from mdrecall.text.date_phrases.date_direction import (
    BACK_PREP,
    FORWARD_PREP,
    called_off,
    direction_of,
    ended_state,
    paid_for,
    starts_clause,
    took_time,
)
from mdrecall.text.date_phrases.date_grammar import day_typo, weekday_number, weekday_typo
from mdrecall.text.date_phrases.date_spans import (
    calendar_week,
    days_between,
    end_of,
    half_year,
    weekday_range,
)
from mdrecall.text.date_phrases.dates import MAX_DAYS, month_days, week_of
from mdrecall.text.date_phrases.explicit_dates import explicit_days, week_of_day
from mdrecall.text.date_phrases.holiday_phrases import holiday_days
from mdrecall.text.date_phrases.holiday_weekends import long_weekend
from mdrecall.text.date_phrases.label_months import label_month
from mdrecall.text.date_phrases.month_weeks import month_week
from mdrecall.text.date_phrases.numeric_dates import OPENS_NUM
from mdrecall.text.date_phrases.verb_months import verb_month
from mdrecall.text.date_phrases.weekday_dates import (
    RANKS_WEEKDAY,
    ranked_weekday,
    standing_sentence,
    weekday_days,
)
from mdrecall.text.date_phrases.weekday_ranges import range_recurs
from mdrecall.text.date_phrases.working_days import of_event, working_days
from mdrecall.text.date_phrases.year_phrases import bare_year_days, said_year
from mdrecall.text.instructions import opens_instruction

__all__ = ["phrase_days"]


#: A word before a count of days that makes it how long a thing usually takes ("usually pays in 4-6 weeks").
_HABIT = re.compile(r"\b(?:usually|normally|typically|generally|always|often|tends?\s+to)\b[^.;,]*$")
#: "for" right before "the weekend": how long a stay lasted or will, not a pointer ahead.
_FOR_BEFORE = re.compile(r"\bfor\s+$")
_LATER = {"later", "afterwards"}
#: Words before a month that say a change takes effect then: read as "from" ("effective April", "w.e.f. May").
_TAKES_EFFECT = re.compile(r"effective|starting|as\s+(?:of|from)|w\.?e\.?f\.?")
_FROM_BEFORE = re.compile(r"\b(?:from|starting)\s+$")
#: Words right before a bare day of the month that put it after the line's previous day ("back on the 2nd",
#: "until the 3rd", "then the 5th"; "to the 2nd" is a span's end, read as a range).
_LATER_BEFORE = re.compile(
    r"\b(?:back|home|return(?:s|ing)?|until|till|til|then|after\s+that|and\s+after)\s+(?:on\s+|by\s+)?(?:the\s+)?$"
)
#: "due" right before a month's preposition ("next one due in March"): a deadline ahead, firmly (not "was
#: due in March").
_DUE_BEFORE = re.compile(r"(?<!\bwas\s)(?<!\bwere\s)(?<!\bbeen\s)\bdue\s+$")
_EVERY = re.compile(r"\bevery\s+$")
#: Before a day of the month, a word that makes it recur ("delivers monthly on the 1st", "every month by
#: the 5th"): a day each month, no one day.
_MONTHLY = re.compile(r"\b(?:monthly|(?:every|each)\s+month)\b[^.;!?]*$")
#: A perfect that says a thing has not happened for a while: "in 3 months" after it is how long, no day.
_NOT_SINCE = re.compile(
    r"\b(?:hasn['’]t|haven['’]t|hadn['’]t|has\s+not|have\s+not|had\s+not|never)\b[^.;,:!?]*$"
)
#: The groups of a bare weekday, for a phrase read as one ("thrusday", the first day of "Tuesday to Friday").
_BARE: dict[str, str | None] = {"wq": None, "wpl": None, "wdd": None, "wdp": None}


#: How near a day of the month gone must be to be read over the coming one when no word points (days).
_RECENT = 7


def phrase_days(
    g: dict[str, str | None],
    low: str,
    start: int,
    end: int,
    line: str,
    today: date | None,
    before: date | None = None,
    orders: tuple[str | None, str | None] = (None, None),
    dotted: bool = False,
    country: str | None = None,
) -> list[date] | None:
    """The days of one matched phrase (``g``: the grammar's groups), or ``None``; ``before``: the last day
    of the line's previous phrase (what "the week after" follows); ``orders``: the page's and the
    workspace's order, ``dotted`` the page's habit, ``country`` the workspace's, as for
    :func:`~mdrecall.text.date_phrases.note_dates.note_dates`."""
    if g["wkm"]:  # "the last week of October": Monday to Sunday around that month's last Thursday
        return month_week(g, low, start, end, today)
    if g["nwd"]:
        return ranked_weekday(g, low, start, end, today)
    if g["sy"] or g["ycop"]:  # "since 2021", "adopted in 2024", "the 1987 storm", "That's 2032."
        return bare_year_days(g, low, start, end)
    if g["vy"]:  # "bought 2006.", "batteries due 2027"
        return said_year(g, low, start)
    if g["sam"]:  # "same price list as 2026", "Same order as February"
        return same_as_days(g["samy"], g["samm"], low, start, today)
    found = explicit_days(g, low, start, end, today, orders, line, dotted, country)
    if found is not None or today is None:
        return found
    one = timedelta(days=1)
    if g["wba"]:  # "the Friday before": that weekday before (after) the line's previous date
        if before is None:
            return None
        wd = weekday_number(g["wbad"] or "")
        if (g["wbaw"] or "").lower() == "before":
            return [before - timedelta(days=(before.weekday() - wd - 1) % 7 + 1)]
        return [before + timedelta(days=(wd - before.weekday() - 1) % 7 + 1)]
    if g["mbv"]:  # "Thesis submission: June.": a label's value
        return label_month(g["mbv"] or "", low, start, end, today)
    if g["mbr"]:  # "(Dec)", "(Rui, Nov)", "- March: base weeks": that month, the nearest unless words point
        if g["mbl"] and OPENS_NUM.fullmatch(low, 0, start) is None:
            return None  # "Plan for March: ..." is read by its preposition
        named = month_number(g["mbrm"] or g["mbc"] or g["mbl"] or "") or 1
        return month_near(named, today, direction_of(low, start, end))
    if g["end"]:
        return _part_of(g, today, direction_of(low, start, end, default=1))
    if g["wof"]:  # "the week of 8 March": the Monday–Sunday week holding that day
        held = week_of_day(g, low, start, end, today, orders[0] or orders[1])
        return week_of(held) if held else None
    if g["ww"] or g["ww2"] or g["wwl"]:  # "Friday next week", "next week on Friday", "Tue and Thu last week"
        step = {"last": -1, "this": 0, "next": 1}[(g["wwq"] or g["wwq2"] or g["wwlq"] or "").lower()]
        monday = today - timedelta(days=today.weekday()) + 7 * step * one
        return [monday + weekday_number(g["wwd"] or g["wwd2"] or g["wwld"] or "") * one]
    if g["wan"]:  # "Friday week", "the Friday after next": a week after the coming one
        wd = weekday_number(g["wand"] or g["wanb"] or "")
        return [today + timedelta(days=(wd - today.weekday() - 1) % 7 + 8)]
    if g["wbl"]:  # "the week before last", "the week after next"; "the week after" (the one that follows)
        which = " ".join((g["wbld"] or "").lower().split())
        weeks = {"before last": -2, "after next": 2, "before": -1, "after": 1}[which]
        anchor = before if before is not None and " " not in which else today
        return week_of(anchor + 7 * weeks * one)
    if g["span"]:
        which = " ".join((g["spw"] or "").lower().split()).removeprefix("this ")
        unit, part = (g["spu"] or "").lower(), (g["spq"] or "").lower()
        step = {"last": -1, "past": -1, "this": 0, "next": 1, "coming": 1}[which]
        if unit == "week":
            days = week_of(today + 7 * step * one)
            if g["spwd"]:  # "next week (Thursday)"
                return [days[weekday_number(g["spwd"])]]
        elif unit == "weekend":
            if which == "coming" and today.weekday() >= 5:
                step = 0
            gone = direction_of(low, start, end) < 0 and not called_off(low, start)
            if step == 0 and today.weekday() < 5 and gone:
                step = -1  # "Painted the fence this weekend" written on a Monday: the weekend gone
            days = weekend_days(today, step)
        elif unit == "fortnight":  # "the next fortnight": the fourteen days that follow (or went before)
            ks = range(1, 15) if step > 0 else range(-14, 0) if step else range(14)
            days = [today + k * one for k in ks]
        elif unit == "year":  # "next year", "late last year": the calendar year, every day of it
            if step == 0 or which == "past" or low.startswith(("'s", "’s"), end):
                # "Diwali this year is 20 Oct" qualifies a day; "over the past year" is twelve months back;
                # "up on last year's" compares a thing with its like of that year
                return None
            days = year_days(today.year + step)
        else:
            days = month_days(today.year, today.month + step)
        return third_of(days, part)
    if g["wkend"]:  # "over the weekend": the past one, the coming one, or the nearest
        # "for the weekend" is how long, not which: the clause's verb says ("came over for the weekend")
        lasted = _FOR_BEFORE.search(low, max(0, start - 8), start)
        direction = direction_of(low, lasted.start() if lasted else start, end)
        if direction == 0 and standing_sentence(low, start):
            return None  # "Thursdays from now on, so Sam has the weekend to edit": a slot, no weekend
        if direction == 0:
            direction = -1 if today.weekday() < 2 else 1 if today.weekday() < 5 else 0
        days = weekend_days(today, direction)
        return long_weekend(days) if "long" in (g["wkend"] or "").lower() else days  # with a day off
    if g["ago"] and (g["gdir"] or "").lower() in _LATER:  # "two days later": after the line's previous day
        count = count_of(g["gn"])
        unit = (g["gu"] or "").lower()
        if before is None or count is None or count > MAX_DAYS or unit.startswith("month"):
            return None
        size = 1 if unit.startswith("day") else 7 if unit.startswith("week") else 14
        return [before + count * size * one]
    if g["ahead"] or g["ago"]:
        count = count_of(g["an"] if g["ahead"] else g["gn"])
        unit = (g["au"] if g["ahead"] else g["gu"]) or ""
        # ("3 days to go", "2 weeks left": ahead)
        sign = -1 if g["ago"] and (g["gdir"] or "").lower() == "ago" else 1
        if count is None or count > MAX_DAYS:
            return None
        if g["ahead"] and not g["an"] and unit.lower().endswith("s"):
            return None  # "first time in weeks", "within days of launch": no count, a span of time, no day
        if _HABIT.search(low, max(0, start - 40), start):
            return None  # "usually pays in 4-6 weeks": how long such a thing takes, no day
        if g["ahead"] and _NOT_SINCE.search(low, max(0, start - 48), start):
            return None  # "hasn't answered in 3 months": how long it has not happened, no day
        if g["ahead"] and took_time(low, start):
            return None  # "sold out in two days": how long a past act took, no day
        if _EVERY.search(low, max(0, start - 8), start):
            return None  # "checks every 5 days from now on": an interval, no day
        if g["ahead"] and (of_event(low, end) or g["awk"]):  # "in ten working days"; "of moving": none
            return working_days(low, start, end, unit, today, count)
        if unit.startswith(("day", "week", "fortnight")):
            size = 1 if unit.startswith("day") else 7 if unit.startswith("week") else 14
            if g["ahead"] and g["an2"]:  # "in 2-3 days": each day from the first count to the second
                return days_between(today + size * count * one, today + size * int(g["an2"]) * one)
            day = today + sign * size * count * one
            if g["awd"]:  # "in three weeks (Tuesday)": that weekday of that week
                return [week_of(day)[weekday_number(g["awd"])]]
            return [day]
        target = month_days(today.year, today.month + sign * count)[0]
        last = month_days(target.year, target.month)[-1]
        return [safe_day(target.year, target.month, today.day) or [last]][0]
    if g["rel"]:
        word = " ".join((g["rel"] or "").lower().split()).removeprefix("the ")
        shift = {"day before yesterday": -2, "day after tomorrow": 2, "yesterday": -1, "tomorrow": 1}
        shift.update({"last night": -1, "tmrw": 1, "tmrow": 1, "tmr": 1})
        if word == "tomorrow" and line[start].isupper() and not starts_clause(low, start):
            return None  # a capital mid-sentence: a title ("Tomorrow, and Tomorrow, and Tomorrow")
        return [today + shift.get(word, 0) * one]
    if g["wdn"]:
        return weekday_days(g, low, line, start, end, today)
    if g["wtypo"]:  # "thrusday": read as the weekday it misspells
        name = weekday_typo(g["wtypo"] or "")
        return weekday_days({**g, **_BARE, "wdn": name}, low, line, start, end, today) if name else None
    if g["wdr"]:  # "this Thu–Fri"; "Tuesday to Friday" from the first as read alone; "Mon-Fri" recurs
        dashed = not (g["wrq"] or g["wrw"]) and re.search(r"[-–—]", line[start:end])
        if dashed and range_recurs(low, start, end):
            return None  # "Hours: Tue–Sat 8:00–18:00"; "back on lates Tue–Thu" in a daily log names days
        first = weekday_days({**g, **_BARE, "wdn": g["wr1"]}, low, line, start, end, today)
        return weekday_range(g, today, first)
    if g["odd"] or g["odp"]:  # "the 18th", "on 27th": that day of this month, the next or the last, as the
        # words point; after another day in the line ("moved to 21 March: the oval is taken on the 20th"),
        # the one nearest it
        nth = int(g["oddn"] or g["odpn"] or 0)
        if _MONTHLY.search(low, max(0, start - 40), start) or RANKS_WEEKDAY.match(low, end):
            return None  # "delivers monthly on the 1st", "the 2nd and 4th Monday": a day each month
        if before is not None:  # in the month of that day when it has one ("on the 6th; ... on 27th")
            first = safe_day(before.year, before.month, nth) or day_of_month(nth, before, 0)
            if first and first[0] < before and _LATER_BEFORE.search(low, max(0, start - 16), start):
                # "away on the 29th, back on the 3rd": a day after the other, so in the month after it
                first = day_of_month(nth, before, 1)
        else:
            # "from the 15th" with no word that points the other way: the coming one, where a state starts
            # ("read-only from the 15th"; "was closed from the 3rd" is gone)
            way = direction_of(
                low, start, end, default=1 if _FROM_BEFORE.search(low, max(0, start - 8), start) else 0
            )
            if way == 0 and opens_instruction(low, start):
                way = 1  # "Packed the bags. Leave on the 16th": an instruction's day is the coming one
            first = day_of_month(nth, today, way)
            if way == 0 and first and (today - first[0]).days > _RECENT:
                # "Midterm on the 29th" written on 11 September: with no word that points, the coming 29th
                # unless the one gone is within the week
                first = day_of_month(nth, today, 1) or first
        second = int(g["oddn2"] or 0)
        if first and nth < second:  # "the 29th and 30th": the second day of the same month too
            return [*first, *(safe_day(first[0].year, first[0].month, second) or [])]
        return first
    if g["dnm"]:  # "the 15th of next month"
        step = {"next": 1, "this": 0, "last": -1}[(g["dnmq"] or "").lower()]
        first = month_days(today.year, today.month + step)
        return safe_day(first[0].year, first[0].month, int(g["dnmd"] or 0))
    if g["eox"]:
        return end_of(g["eoxw"] or "", today)
    if g["half"]:
        return half_year(g, today, direction_of(low, start, end))
    if g["cw"] and not g["cwk"]:  # "week 12" was read (or refused) by explicit_days
        return calendar_week(g, today)
    if g["mvb"]:  # "bought March", "doing July instead"
        return verb_month(g, low, start, end, today)
    if g["mattr"]:  # "the October Next Fest": that month, ahead unless the words point back
        cue = direction_of(low, start, end)
        # with no cue, an event named by its month lies ahead unless last year's is near and this one far
        # ("Balance 412,300 after the January appeal" in February: the appeal just gone)
        return month_near(month_number(g["man"] or "") or 1, today, cue or 1, firm=cue != 0)
    if g["typo"]:  # "tommorow", "yesturday"
        moved = day_typo(g["typo"] or "")
        return None if moved is None else [today + moved * one]
    if g["mon"]:
        prep = (g["mop"] or "").lower()
        month = month_number(g["mon"] or "") or 1
        if _TAKES_EFFECT.fullmatch(prep):  # "effective April", "as of June", "w.e.f. May": as "from"
            if (g["mon"] or "").islower() and month in {3, 5}:
                return None  # "starting may be hard": a verb
            prep = "from"
        if prep in {"to", "for", "over"} and (g["mon"] or "").islower() and month in {3, 5}:
            return None  # "to march", "for may", "over may": verbs
        if prep in {"next", "last", "this"}:
            step = {"next": 1, "last": -1, "this": 0}[prep]
            days = month_near(month, today, step) if step else month_days(today.year, month)
        else:
            due = _DUE_BEFORE.search(low, max(0, start - 8), start) is not None  # "next one due in March"
            firm = prep in FORWARD_PREP or prep in BACK_PREP or due
            sign = 1 if prep in FORWARD_PREP else -1 if prep in BACK_PREP else direction_of(low, start, end)
            if prep == "for" and paid_for(low, start):
                firm, sign = False, 0  # "paid the VAT for February": the period paid for, the nearest
            if ended_state(low, start + len(g["mop"] or "")):
                sign = -1  # "was treasurer until January": a bound left behind
            days = month_near(month, today, sign, firm)
        return third_of(days, prep)
    if g["qtr"]:
        return quarter_near(int(g["qn"] or 1), today, direction_of(low, start, end))
    if g["hol"]:
        return holiday_days(g["holn"] or "", low, line, start, end, today, country)
    return None


def _part_of(g: dict[str, str | None], today: date, direction: int) -> list[date] | None:
    """ "The end of the month", "the start of next week", "the end of January", "the end of Q3": the last
    (first, middle) day of that period; a week ends on its Friday."""
    side, what = (g["eside"] or "").lower(), " ".join((g["endw"] or "").lower().split())
    step = {"next": 1, "last": -1}.get(what.split()[0], 0) if " " in what else 0
    unit = what.split()[-1]
    one = timedelta(days=1)
    if unit == "week":
        days = week_of(today + 7 * step * one)[:5]
    elif unit == "month":
        days = month_days(today.year, today.month + step)
    elif unit == "year":
        days = [date(today.year + step, 1, 1), date(today.year + step, 12, 31)]
    elif unit == "quarter":
        q = (today.month - 1) // 3 + step
        days = quarter_days(today.year + q // 4, q % 4 + 1)
    elif unit.startswith("q"):
        days = quarter_near(int(unit[1]), today, direction)
    else:
        month = month_number(unit)
        if not month:
            return None
        days = month_near(month, today, direction)
    return [period_side(days, side)]
