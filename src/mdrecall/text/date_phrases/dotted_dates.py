"""Numeric dates written the way most of the world outside English writes them: with dots ("14.3.",
"14. 3.", "14.03.", "14.3.27", a range "14.-16.3."), a Roman month ("14.III.2027"), a dash without a year
("on 14-03") and ISO week numbers by a word ("week 12", "wk 12", "w12"); and whether such a number is a
date at all rather than a version, a decimal, a price, a score, a section or a clock time. Pure; used by
:mod:`mdrecall.text.date_phrases.explicit_dates`.

A dotted pair closed by a dot ("14.3.") is a date unless a word before it takes a number ("version",
"section", "see") or a unit follows; at a sentence's end ("... on 14.3.") it needs a word that calls for a
day, a weekday before it, a line it opens, or a page that writes dotted dates (:func:`dotted_habit`). One
without the closing dot ("14.3") is a date only on such a page or after a word that asks for a day ("on",
"until", "due", "am", "bis"...), a weekday ("Mo. 14.3"), or before a time ("14.3 at 9"); after such a word
it must look like a date (the day over 12 or a part written with a leading zero: "on 14.3", "due 05.3";
not "runs on 3.11"). "14.30" and "9.45" name no month: no date; "at 10.10" is a time.
"""

from __future__ import annotations

import re
from datetime import date

from mdrecall.text.date_phrases.date_calendar import dated_day, safe_day
from mdrecall.text.date_phrases.date_direction import direction_of, firm_direction
from mdrecall.text.date_phrases.date_spans import stretch
from mdrecall.text.date_phrases.dates import week_of
from mdrecall.text.date_phrases.numeric_dates import bare_date, date_cue, month_and_day

__all__ = ["dashed_date", "dotted_date", "dotted_habit", "roman_date", "week_number"]

#: Words before a number that make it a version, a section, a measure or a score, not a day ("v3.2",
#: "Python 3.11", "see 3.2", "release 4.14", "rated 3.1").
_NUMBER_WORD = re.compile(
    r"(?:\b(?:v|ver|version|versions|release|releases|rel|build|patch|firmware|fw|sdk|api|section|sections"
    r"|sec|chapter|chapters|ch|para|paragraph|clause|article|art|rule|item|step|fig|figure|table|tab|eq"
    r"|page|pp?|see|cf|ref|no|nr|number|id|ip|grade|level|lvl|score|scored|rating|rated|ratio|rate|avg"
    r"|average|mean|median|ph|temp|temperature|weight|height|size|python|py|node|java|ios|android|macos"
    r"|ubuntu|debian|kernel|linux|windows|win|rust|rails|django|postgres|postgresql|mysql|php|ruby|perl"
    r"|chrome|firefox|iphone|gen|mk|model|type|class|up|down|grew|rose|fell|dropped|increased|decreased"
    r"|reduced|improved|approx|about|around|roughly|nearly|almost|only|just|total|sum|index|bmi|gpa"
    # a single letter: a variable or a unit ("d 1.22", "p 0.05", "n = 3.4")
    r"|[b-hj-z])"
    r"(?:\s+by)?\s*[:=]?\s*|[§#~$€£¥×=+*/^]\s*|\w*\d\w*\s+)$"
)
#: After a number: a unit or a count that makes it a measure, a price, a share or a score ("14.50 EUR",
#: "3.5 kg", "3.1 out of 5", "2.5x").
_UNIT_AFTER = re.compile(
    r"\s*(?:%|°|‰|x\b|k\b|m\b|s\b|bn\b|€|\$|£)|\s+(?:out\s+of|of\s+\d|/\s*\d|eur|euros?|usd|gbp|chf|sek|nok|dkk"
    r"|pln|czk|huf|kr|kc|kč|zł|zl|ft|dollars?|pounds?|francs?|crowns?|mb|gb|tb|kb|ms|secs?|seconds?|mph"
    r"|kmh|kw|kwh|hz|ghz|mhz|fps|rpm|bpm|million|billion|percent|pct|points?|pts|stars?|grad|liter|litre"
    r"|std|stunden|min|mins|minuten|tonnes?|tons?|km|cm|mm|kg|g|mg|ml|l|m|m2|sqm|°c|c|f|lb|lbs|oz)\b",
    re.IGNORECASE,
)
#: A word that asks for a day right before a number that might be one ("on 14.3", "bis 14.3", "due 05.3");
#: in English, German and the Nordic languages. Narrower than the slash forms' cues: "to", "from", "is",
#: "since", "after" precede versions and measures as often ("upgraded to 3.7", "rose from 14.3").
_DAY_WORD = {
    "on", "until", "till", "til", "due", "deadline", "dated", "starting", "am", "bis", "ab", "vom", "zum",
    "den", "auf", "fra", "innen", "dne", "dnia",
}  # fmt: skip
#: Of the slash forms' cues, those that precede numbers as often as days (left out for dotted numbers).
_NUMBERISH = {"to", "from", "is", "was", "are", "were", "be", "been", "after", "since", "back", "by"}
#: A weekday, written out or abbreviated (English, German, Nordic), right before a date ("Mo. 14.3.",
#: "Tue 15.3.", "Fr. 18.3").
_WEEKDAY_BEFORE = re.compile(
    r"(?:\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|montag|dienstag|mittwoch|donnerstag"
    r"|freitag|samstag|sonntag|mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)\.?,?"
    r"|(?-i:\b(?:Mo|Di|Mi|Do|Fr|Sa|So|Ma|Ti|On|To|Lø|Sø|Lö|Sö|Må|Ons|Tor|Fre|Lør|Lör|Søn|Sön)\.),?)\s*$",
    re.IGNORECASE,
)
#: A dotted date and a dash before a number: the range's other end ("14.3.-2.4.").
_RANGE_AFTER = re.compile(r"\d\.\s?[-–]\s?$")
#: The other end of a range of numbers after one ("–13.9").
_RANGE_END = re.compile(r"\s?[-–]\s?\d{1,2}\.\d{1,2}\.?")
#: A time of day after a date ("14.3 at 9", "14.3. um 9:00", "14.3, 10am").
_TIME_AFTER = re.compile(
    r"\s*,?\s+(?:(?:at|um|kl\.?|klo|@)\s*\d{1,2}(?:[:.]\d\d)?\b|\d{1,2}[:.]\d\d\b|\d{1,2}\s*(?:am|pm|uhr)\b)",
    re.IGNORECASE,
)
#: Before a number with two digits after its dot: a clock time ("at 10.10", "um 9.15", "kl. 14.30").
_TIME_BEFORE = re.compile(r"\b(?:at|um|kl|klo|kello|ca|around|from)\.?\s*$|@\s*$", re.IGNORECASE)
#: After a number: a clock time's unit ("10.10 h", "9.15 Uhr", "10.10am").
_TIME_UNIT = re.compile(r"\s*(?:am|pm|h|uhr|hrs|o'?clock)\b", re.IGNORECASE)
#: Where a dotted date closed by its dot does not end a sentence: a lower-case word, a number, a bracket,
#: a dash or a comma follows ("14.3. um 9", "14.3. - 2.4.", "14.3., 15.3.").
_GOES_ON = re.compile(r"\s*[,;:)\]–—-]|\s+(?:[a-zäöüåæøéèçßšžčřý0-9(\[]|&)")
#: What may stand before a date that opens a line: a list marker, a number, a table's bar, a checkbox.
_OPENS = re.compile(r"\s*(?:[-*+]\s+(?:\[.\]\s+)?|\d+[.)]\s+|\|\s*)?(?:\*\*)?")
#: A dotted date a page writes only as a date: a day, a month and a four-digit year; a day over 12 and a
#: month closed by a dot that a lower-case word, a number or a dash follows; or a day and month closed by
#: a dot, one of them with a leading zero, before any word ("31.3.2027", "14.3. um 9", "14.03. Sitzprobe").
_HABIT = re.compile(
    r"(?<![\w.,])(?:(?:0?[1-9]|[12]\d|3[01])\.(?:0?[1-9]|1[0-2])\.(?:19|20)\d\d(?![\d.]\d)"
    r"|(?:[12]\d|3[01])\.(?:0?[1-9]|1[0-2])\.(?=\s*[-–]|\s+[a-z0-9])"
    r"|(?:(?:0[1-9]|[12]\d|3[01]|[1-9])\.0[1-9]|0[1-9]\.(?:0?[1-9]|1[0-2]))\.(?=\s*[-–]|\s+\w))"
)

_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10,
          "XI": 11, "XII": 12}  # fmt: skip


def dotted_habit(text: str) -> bool:
    """Whether a page writes dotted dates (:data:`_HABIT`: "31.3.2027", "14.03. Zahnarzt"): then its bare
    "14.3" is read as a date too."""
    return "." in text and _HABIT.search(text) is not None


def _word_before(low: str, start: int) -> str:
    m = re.search(r"([a-zäöüåæø']+)[.,:]?\s*$", low[max(0, start - 24) : start])
    return m.group(1) if m else ""


def _number_context(line: str, low: str, start: int, end: int, minutes: bool) -> bool:
    """Whether the number at ``low[start:end]`` reads as a version, a measure, a price, a score, a section
    or (``minutes``: two digits after its dot) a clock time."""
    if _NUMBER_WORD.search(low, max(0, start - 24), start) or _UNIT_AFTER.match(low, end):
        return True
    other_end = _RANGE_END.match(low, end)  # "13.5–13.9 s": the unit after the range's other end
    if other_end and _UNIT_AFTER.match(low, other_end.end()):
        return True
    if not bare_date(low, start, end, False):  # "about 2.3", "3.4 of the team"
        return True
    if minutes and (_TIME_BEFORE.search(low, max(0, start - 12), start) or _TIME_UNIT.match(low, end)):
        return True
    return _mid_capital(line, start)


def _mid_capital(line: str, start: int) -> bool:
    """Whether a capitalised name (not a weekday, not a sentence's first word) stands right before ``start``
    ("Zephyr 3.7", "iOS 17.4"): a product's version; not one a comma closes ("Plaça Major, 3.4.")."""
    m = re.search(r"(\S+)\s+$", line[max(0, start - 30) : start])
    if m is None or _WEEKDAY_BEFORE.search(line, 0, start):
        return False
    word = m.group(1).strip("*_([")
    if not word or not word[0].isalpha() or word.islower() or word.endswith((",", ";")):
        return False  # (a comma ends the name: "Carrer de la Reina, 12.12." is a place, then a day)
    before = line[: start - len(m.group(0))].rstrip()
    return bool(before) and before[-1] not in ".!?:;-–—|*#>(" and not re.fullmatch(r"\s*\d+[.)]", before)


#: A number with a decimal point (for :func:`_measures`).
_DECIMAL = re.compile(r"(?<![\w.])(\d+)[.,](\d+)(?![\w]|[.,]\d)")


def _measures(line: str, start: int, end: int) -> bool:
    """Whether another number with a decimal point in ``line`` cannot be a day and month ("0.83", "36.67",
    "2.145"): then its numbers are measures, and a bare "1.03" among them one too."""
    for m in _DECIMAL.finditer(line):
        if m.start() < end and m.end() > start:
            continue
        day, month = m.group(1), m.group(2)
        if len(day) > 2 or len(month) > 2 or not (1 <= int(day) <= 31 and 1 <= int(month) <= 12):
            return True
    return False


def _plain_before(line: str, start: int) -> bool:
    """Whether the word before ``start`` is neither capitalised nor holds a digit ("Zephyr 3.7", "iOS 17.4",
    "x86 2.1" name a version; "Oma 18.3" goes unread unless a word asks for a day), or ends a label."""
    m = re.search(r"(\S+)\s+$", line[max(0, start - 30) : start])
    if m is None or m.group(1).endswith(":"):
        return True  # a label's value ("Generalprobe: 18.3")
    return not (m.group(1)[:1].isupper() or any(c.isdigit() for c in m.group(1)))


def _asked(line: str, low: str, start: int, end: int) -> bool:
    """Whether a word asking for a day, a weekday, or a time after it calls the number a date."""
    return (
        _word_before(low, start) in _DAY_WORD
        or _RANGE_AFTER.search(low, max(0, start - 12), start) is not None
        or _WEEKDAY_BEFORE.search(line, max(0, start - 16), start) is not None
        or _TIME_AFTER.match(low, end) is not None
    )


def _day_like(a: str, b: str) -> bool:
    """Whether a bare dotted pair is more a day and month than a decimal ("18.3", "05.4", "12.04"; not
    "1.5", "3.6" or "2.04", which measures and prices are written as)."""
    return int(a) > 12 or a.startswith("0") or (len(a) == 2 and b.startswith("0"))


def _padded(a: str, b: str) -> bool:
    """Whether a dotted day and month closed by a dot is written as dates are ("26.01.", "02.11."), not as
    a version ends a sentence ("3.11."): the month in two digits, and the day over 12 or with a zero."""
    return len(b) == 2 and _date_shaped(a, b)


def _date_shaped(a: str, b: str) -> bool:
    """Whether a pair of numbers looks like a day and month rather than a version or a measure: the first
    over 12, or either written with a leading zero ("14.3", "05.3", "5.03")."""
    return int(a) > 12 or a.startswith("0") or (b.startswith("0") and len(b) == 2)


def dotted_date(
    g: dict[str, str | None],
    line: str,
    start: int,
    end: int,
    today: date | None,
    order: str | None,
    habit: bool,
    low: str | None = None,
) -> list[date] | None:
    """ "14.3.", "14. 3.", "14.03.", "14.3", "14.3.27", "14.-16.3.": the days of a dotted day and month, read
    day first (month first only in a month-first page or workspace, or where the day cannot be a month:
    "3.14."); ``None`` when it reads as a number (see the module's docstring). ``habit``: the page writes
    dotted dates (:func:`dotted_habit`). ``low``: ``line`` in lower case, when the caller has it (a line of
    many dates is lowered once, not once a date)."""
    if today is None and not g["dty"]:
        return None
    low = line.lower() if low is None else low
    a, b = g["dt1"] or "0", g["dt2"] or "0"
    closed = g["dtd"] is not None
    spaced = bool(g["dts"])
    if spaced and not closed:
        return None  # "page 14. 3 people": a sentence's end, then a number
    if _number_context(line, low, start, end, len(b) == 2 and not closed):
        return None
    opens = _OPENS.fullmatch(line, 0, start) is not None and end < len(line.rstrip())
    word = _word_before(low, start)
    asked = _asked(line, low, start, end)
    if g["dty"]:  # "14.3.27": a short year, a version as often ("1.12.26")
        if not (asked or habit or opens):
            return None
    elif not closed:  # "14.3": on a page that writes dotted dates, or asked for and shaped like a date
        if not (asked and _date_shaped(a, b)) and not (
            habit and _day_like(a, b) and word not in _NUMBERISH and _plain_before(line, start)
        ):
            return None
        if _measures(line, start, end):
            return None  # "1.03, 0.83 to 1.26": a line of measures
    elif not (_GOES_ON.match(line, end) or opens or asked or _padded(a, b) or g["dt0"]) and (
        (word in _NUMBERISH and not (word == "by" and _date_shaped(a, b)))
        or not (habit or date_cue(low, start, end))
    ):
        return None  # "weighs 3.5." and "upgraded to 3.11." end a sentence; "arrived 14.3." is a day
    if int(a) > 12 and order == "mdy" and int(b) <= 12:
        order = None  # "14.3." cannot be month first
    month, day = month_and_day(int(a), int(b), order)
    if not 1 <= month <= 12:
        return None
    if g["dty"]:
        year = 2000 + int(g["dty"])
        if today is not None and abs(year - today.year) > 10:
            return None  # "3.11.47": no year a note names so far off
        return safe_day(year, month, day)
    assert today is not None
    found = dated_day(month, day, today, direction_of(low, start, end), firm_direction(low, start))
    if found and g["dt0"]:  # "14.-16.3.": days of one month
        return stretch(found[0], int(g["dt0"]), True)
    return found


def roman_date(
    g: dict[str, str | None], line: str, start: int, end: int, today: date | None, low: str | None = None
) -> list[date] | None:
    """ "14.III.2027", "14. III. 2027", "14.III.": a day, a month in Roman numerals and maybe its year."""
    month = _ROMAN.get(g["rm"] or "", 0)
    day = int(g["rd"] or 0)
    if g["ry"]:
        return safe_day(int(g["ry"]), month, day)
    if today is None:
        return None
    low = line.lower() if low is None else low
    return dated_day(month, day, today, direction_of(low, start, end), firm_direction(low, start))


def dashed_date(
    g: dict[str, str | None],
    line: str,
    start: int,
    end: int,
    today: date | None,
    order: str | None,
    low: str | None = None,
) -> list[date] | None:
    """ "on 14-03", "until 03-14": a day and month joined by a dash, after a word that asks for a day and
    shaped like a date (not "by 3-2", "from 10-12"), in the page's (else the workspace's) order."""
    if today is None:
        return None
    a, b = g["ds1"] or "0", g["ds2"] or "0"
    low = line.lower() if low is None else low
    if not (_date_shaped(a, b) or _date_shaped(b, a)) or _UNIT_AFTER.match(low, end):
        return None
    month, day = month_and_day(int(a), int(b), order)
    if not 1 <= month <= 12:
        return None
    return dated_day(month, day, today, direction_of(low, start, end), firm_direction(low, start))


#: Before "week 12", "wk 12", "w12": a word that introduces a period, or the start of a line, a label's
#: value or a bracket (a count of weeks, "the week 12 scan", "in week 12 of the course", is no ISO week).
_WEEK_CUE = re.compile(
    r"(?:\b(?:in|by|until|till|til|from|due|for|during|before|after|since|starting"
    r"|ab|bis|vor|nach|seit|uge|vecka|viikko|tydzień|týden)\s+|[(:]\s*|^\s*(?:[-*+]\s+(?:\[.\]\s+)?)?)$",
    re.IGNORECASE,
)


def week_number(
    g: dict[str, str | None], line: str, start: int, end: int, today: date | None
) -> list[date] | None:
    """ "week 12", "wk 12", "w12" (an ISO week number in words): the Monday–Sunday of that week in the year
    nearest ``today``, after a word that introduces a period, opening a line or a label's value, or in
    brackets; not "week 12 of the course"."""
    if today is None or not _WEEK_CUE.search(line, max(0, start - 16), start):
        return None
    if re.match(r"\s+of\b|\s*(?:%|[-–]\s*(?:day|week)|\d)", line[end:], re.IGNORECASE):
        return None
    week = int(g["cwn"] or 0)
    mondays = []
    for y in (today.year - 1, today.year, today.year + 1):
        try:
            mondays.append(date.fromisocalendar(y, week, 1))
        except ValueError:
            continue
    if not mondays:
        return None
    return week_of(min(mondays, key=lambda d: abs((d - today).days)))
