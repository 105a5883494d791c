"""The grammar of date phrases in notes: one regular expression of named groups for every phrase
:func:`mdrecall.text.date_phrases.note_dates.note_dates` reads, and the words it is built from (months,
weekdays and their abbreviations, counts; holidays from :mod:`mdrecall.text.date_phrases.holidays`). Pure;
what a phrase means is
:mod:`mdrecall.text.date_phrases.note_dates`'s."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache, lru_cache

from mdrecall.text.date_phrases.dates import WEEKDAYS
from mdrecall.text.date_phrases.holidays import holiday_names, holiday_pattern
from mdrecall.text.event_heads import EVENT_NOUNS

__all__ = [
    "DAY_TYPO", "WEEKDAY_TYPO", "day_typo", "note_grammar", "note_phrases", "weekday_number", "weekday_typo",
]  # fmt: skip


_MONTH_RX = (
    r"january|february|march|april|may|june|july|august|september|october|november|december"
    r"|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec"
)
_WEEKDAY_RX = (
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday"
    # terse notes' abbreviations, capitalised ("due Fri", "Thurs 9am"); those that are also words ("sat",
    # "sun", "wed", "mon") only before a day number or a time, or after a word that introduces a day
    r"|(?-i:Tues|Tue|Thurs|Thur|Thu|Fri|Weds)(?!\w)"
    r"|(?=(?-i:Mon|Wed|Sat|Sun)(?!\w))(?:(?<=on\s)|(?<=by\s)|(?<=due\s)|(?<=until\s)|(?<=till\s)|(?<=next\s)|(?<=last\s)|(?<=this\s)"
    r"|(?<=every\s)|(?<=for\s)|(?<=from\s)|(?<=before\s)|(?<=after\s)|(?<=since\s)|(?<=to\s)"
    r"|(?<=\bweek\s)|(?<=\bweek,\s)|(?<=\band\s)(?=\w+\s+(?:next|last|this)\s+week\b)"
    r"|(?<=\bout\s)(?=\w+\s*(?:[,.;:!?)]|$))|(?<=\blive\s)(?=\w+\s*(?:[,.;:!?)]|$)))"
    r"(?-i:Mon|Wed|Sat|Sun)(?!\w)"
    r"|(?-i:Mon|Wed|Sat|Sun)(?=\.?\s+\d)"
    # the first of a range of weekdays ("Wed–Fri next week")
    r"|(?-i:Mon|Wed|Sat|Sun)(?=\s*[-–—]\s*(?-i:Mon|Tues?|Wed|Weds|Thu|Thurs?|Fri|Sat|Sun)\b)"
    # before a part of the day ("(Sat night)", "Sun morning"), or ending a clause after a lower-case word
    # that is no determiner ("forecast Sat.", not "under the Sun.")
    r"|(?-i:Mon|Wed|Sat|Sun)(?=\s+(?:morning|afternoon|evening|night|am|pm)\b)"
    # before a meeting's noun ("Sat call with Zoé", "Wed standup"): an event of that day
    rf"|(?-i:Mon|Wed|Sat|Sun)(?=\s+(?:{EVENT_NOUNS})\b)"
    # a label in a list of days' labels ("Fri: cleaner, Sat: Zoe's party, Sun: rest"; with no day's label
    # before it, a word: :mod:`.weekday_dates`)
    r"|(?<=[,;]\s)(?-i:Mon|Wed|Sat|Sun)(?=:\s)"
    r"|(?=(?-i:Mon|Wed|Sat|Sun)(?:[.,;:!?)]|\s*$))(?<=(?-i:[a-z])\s)(?<!\bthe\s)(?<!\ba\s)(?<!\ban\s)(?<!\bmy\s)"
    r"(?<!\bour\s)(?<!\bhis\s)(?<!\bher\s)(?<!\btheir\s)(?<!\byour\s)(?<!\bits\s)(?-i:Mon|Wed|Sat|Sun)"
)
#: Weekdays' abbreviations in lower case, read only as a bare weekday (the phrase "wd"): "thu", "tues", "fri"
#: are no English words (terse notes write "decision thu"); "mon", "wed", "sat", "sun" only after a word
#: that asks for a day ("out", "live": a release's, ending its clause), never "to" or "for" ("to wed").
_WEEKDAY_LOWER_RX = (
    r"(?-i:tues|tue|thurs|thur|thu|fri)(?!\w)"
    r"|(?=(?-i:mon|wed|sat|sun)(?!\w))(?:(?<=\bon\s)|(?<=\bby\s)|(?<=\bdue\s)|(?<=\buntil\s)|(?<=\btill\s)"
    r"|(?<=\bnext\s)|(?<=\blast\s)|(?<=\bthis\s)|(?<=\bfrom\s)|(?<=\bbefore\s)|(?<=\bsince\s)"
    # a release or an outing's day ("goes out wed", "goes live mon")
    r"|(?<=\bout\s)(?=\w+\s*(?:[,.;:!?)]|$))|(?<=\blive\s)(?=\w+\s*(?:[,.;:!?)]|$)))"
    r"(?-i:mon|wed|sat|sun)(?!\w)"
)
#: A weekday's abbreviation → its number (the full names are in :data:`.dates.WEEKDAYS`).
_ABBREVIATED = {"mon": 0, "tue": 1, "tues": 1, "wed": 2, "weds": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4,
                "sat": 5, "sun": 6}  # fmt: skip


def weekday_number(name: str) -> int:
    """A weekday's number (Monday 0) from its name or abbreviation, any case."""
    low = name.lower()
    return WEEKDAYS[low] if low in WEEKDAYS else _ABBREVIATED[low]


#: A word that may be "tomorrow", "yesterday" or "today" misspelt (checked by :func:`day_typo`).
DAY_TYPO = re.compile(r"\b(?:to?m|ye?s|to?d)[a-z]{1,8}\b", re.IGNORECASE)
#: The three words with their doubled letters made single, and the day each names.
_DAY_WORDS = {"tomorow": 1, "yesterday": -1, "today": 0}


def day_typo(word: str) -> int | None:
    """The day (+1, −1, 0) a misspelt "tomorrow", "yesterday" or "today" names, else ``None``. A letter
    doubled or undoubled is forgiven ("tommorow", "yesterdday"), and in the two long words one more slip
    (a letter left out, added, changed or swapped: "yesturday", "tomorow"); "today"'s other neighbours are
    words ("toady", "toddy")."""
    low = _SINGLE.sub(r"\1", word.lower())
    if low.endswith("s") and low[:-1] in _DAY_WORDS:
        return None  # "all our yesterdays": a noun
    for target, shift in _DAY_WORDS.items():
        if low == target or (len(target) > 5 and _one_slip(low, target)):
            return shift
    return None


_SINGLE = re.compile(r"([a-z])\1+")

#: A word that may be a weekday misspelt ("thrusday", "tuseday", "saterday"; checked by :func:`weekday_typo`).
WEEKDAY_TYPO = re.compile(r"\b[mtwfs][a-z]{2,6}day\b", re.IGNORECASE)
_WEEKDAY_NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def weekday_typo(word: str) -> str | None:
    """The weekday a misspelt one names ("thrusday" → "thursday"): one letter left out, added, changed or
    two neighbours swapped, as :func:`day_typo` forgives; ``None`` for a weekday spelt right or any other
    word ("holiday", "midday", "someday" are two slips or more from every weekday)."""
    low = word.lower()
    if low in _WEEKDAY_NAMES:
        return None
    near = [name for name in _WEEKDAY_NAMES if _one_slip(low, name)]
    return near[0] if len(near) == 1 else None


def _one_slip(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` differ by one letter left out, added, changed, or two neighbours swapped."""
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        return a[i + 1 :] == b[i + 1 :] or (a[i + 2 :] == b[i + 2 :] and a[i : i + 2] == b[i : i + 2][::-1])
    return a[i + 1 :] == b[i:] if len(a) > len(b) else a[i:] == b[i + 1 :]


_NUM_RX = r"\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten|few|couple of"

#: Nouns after "the 18th" that make it a rank, not a day ("the 18th floor", "the 2nd time").
_ORDINAL_NOUNS = (
    r"century|centuries|floor|time|times|place|percentile|anniversary|birthday|edition|hole|row|round|item"
    r"|street|st\b|avenue|amendment|grade|minute|inning|lap|day|week|month|year|person|caller|attempt"
    r"|iteration|version|release|run|try|chapter|page|line|step|draft|level|seed|pick|overall|one|ones|half"
    r"|best|worst|largest|biggest|highest|lowest|most|least|generation|gen|batch|sprint|cohort|wave|phase"
    r"|stage|episode|season|book|film|movie|song|album|game|match|race|team|player|child|kid|son|daughter"
    # a side of a club by its rank ("the 2nd XI", "1st XV", "the 3rd eleven"), a school's or a match's part
    r"|xi\b|xv\b|xiii\b|eleven|squad|division|term|semester|leg\b"
)


@lru_cache(maxsize=2)
def note_grammar(typos: bool = False) -> re.Pattern[str]:
    """Every phrase :func:`.note_dates.note_dates` reads, as one alternation of named groups (compiled on
    first use). ``typos``: with misspelt weekdays ("thrusday"), for a line holding "day" (the alternative
    costs every other line a tenth of the grammar's time); without, that group never matches."""
    m, wd, n = _MONTH_RX, _WEEKDAY_RX, _NUM_RX
    holidays = holiday_pattern()
    parts = [
        r"(?P<iso>\b(?P<iy>\d{4})-(?P<im>\d{2})-(?P<id>\d{2})(?!\d)(?!-\d))",
        r"(?:\b(?:on|by|until|till|til|from|due|before|after|since|for|starting|through|thru)\s+)(?P<num>(?P<n1>\d{1,2})/(?P<n2>\d{1,2})"
        r"(?:/(?P<ny>\d{4}|\d{2}))?)(?![\d/])",
        # a label's value ("Deadline: 3/12") or a label itself ("3/12: vet", "12/3 - tax return")
        r"(?P<numl>(?<=:\s)(?P<l1>\d{1,2})/(?P<l2>\d{1,2})(?![\d/])(?!\s+of\b)"
        r"|\b(?P<l3>\d{1,2})/(?P<l4>\d{1,2})(?=:\s|\s[-–—]\s))",
        # a day, month and year ("3/12/2025", "12.06.2025", "22-09-2025", "1/15/25": a short year after "/")
        r"(?P<numy>\b(?P<y1>\d{1,2})(?P<ysep>[/.-])(?P<y2>\d{1,2})(?P=ysep)(?P<yy>\d{4}|(?<=/)\d{2}(?![\d/.-])))"
        r"(?![\d/.]\d)",
        # a range of numeric days ("7/14-7/25", "29/3 to 31/3", "16-18/3"): read in the page's order
        r"(?P<numr>(?<![\d/.])(?P<r1>\d{1,2})(?:/(?P<r2>\d{1,2}))?\s*(?:-|–|—|to|until|till|thru|through)\s*"
        r"(?P<r3>\d{1,2})/(?P<r4>\d{1,2})(?![\d/]))",
        # a day and month written with dots, day first ("14.3.", "14. 3.", "26.01.", "14.3", "14.3.27",
        # "22.-24.4."); whether it is a date or a number is :mod:`.dotted_dates`'s
        r"(?P<dot>(?<![\w.,/])(?<!\d-)(?:(?P<dt0>\d{1,2})\.\s?[-–]\s?)?(?P<dt1>\d{1,2})\.(?P<dts>\s?)(?P<dt2>\d{1,2})"
        r"(?:(?P<dtd>\.)(?P<dty>\d{2}(?![\d.]\d))?)?(?![\w]|\.\d))",
        # a day, a month in Roman numerals and maybe its year ("14.III.2027", "14. III. 2027", "14.III.")
        r"(?P<rom>(?<![\w.])(?P<rd>\d{1,2})(?:\.\s?|\s)(?P<rm>(?-i:XII|XI|IX|X|VIII|VII|VI|IV|V|III|II|I))"
        r"(?:(?:\.\s?|\s)(?P<ry>\d{4})|\.)(?!\w))",
        # a day and month joined by a dash after a word that asks for a day ("on 14-03", "bis 14-3")
        r"(?P<dsh>(?:(?<=\bon\s)|(?<=\bby\s)|(?<=\buntil\s)|(?<=\btill\s)|(?<=\bdue\s)|(?<=\bam\s)|(?<=\bbis\s)"
        r"|(?<=\bab\s)|(?<=\bden\s)|(?<=\bstarting\s))(?P<ds1>\d{1,2})-(?P<ds2>\d{1,2})(?![\w/-]|[.,]\d))",
        r"(?P<ymd>\b(?P<ymdy>\d{4})/(?P<ymdm>\d{1,2})/(?P<ymdd>\d{1,2})(?![\d/])"
        # a year, month and day with dashes, a part in one digit ("2027-3-14")
        r"|\b(?P<ymdy2>(?:19|20)\d\d)-(?P<ymdm2>\d{1,2})-(?P<ymdd2>\d{1,2})(?![\d-]))",
        # a day and month, maybe after its weekday ("Sunday 21 March", "Tue, March 2"), which picks the year
        rf"(?P<md>\b(?:(?P<mdw>{wd}),?\s+)?(?P<mdm>{m})\.?\s+(?P<mdd>\d{{1,2}})(?:st|nd|rd|th)?\b"
        rf"(?:\s*[-–]\s*(?P<mdd2>\d{{1,2}})(?:st|nd|rd|th)?\b(?!\s*(?:{m}|/)))?"
        rf"(?:,?\s+(?P<mdy>\d{{4}})\b)?)(?!:\d)",
        rf"(?P<dm>\b(?:(?P<dmw>{wd}),?\s+(?:the\s+)?)?(?:(?P<dmd0>\d{{1,2}})(?:st|nd|rd|th)?\s*(?:-|–|to|until|till)\s*"
        # "between 10 and 21 May": a range too
        rf"|(?<=between\s)(?:the\s+)?(?P<dmdb>\d{{1,2}})(?:st|nd|rd|th)?\s+and\s+"
        # "12 and 13 Feb", "the 3rd & 17th of May": two days of one month
        rf"|(?<!between\s)(?:the\s+)?(?P<dmda>\d{{1,2}})(?:st|nd|rd|th)?\s*(?:and|&)\s*(?:the\s+)?)?"
        rf"(?P<dmd>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<dmm>{m})\b\.?"
        rf"(?:,?\s+(?P<dmy>\d{{4}})\b)?)",
        # a day and month that cannot be a score or a fraction: the day is over 12 ("finished 13/3"; not 24/7)
        r"(?P<numd>(?<![\d/.])(?!24/7\b)(?P<dd1>1[3-9]|2\d|3[01])/(?P<dd2>0?[1-9]|1[0-2])(?![\d/]))",
        # any other day and month without a year ("6/4", "3/15"): read only in a page's known order
        r"(?P<numb>(?<![\d/.])(?P<b1>\d{1,2})/(?P<b2>\d{1,2})(?![\d/]))",
        rf"(?P<end>\b(?:the\s+)?(?P<eside>end|start|beginning|middle)\s+of\s+(?:the\s+)?(?P<endw>"
        rf"(?:(?:next|this|last)\s+)?(?:month|week|quarter|year)|{m}|q[1-4])\b(?:,?\s+(?P<endy>\d{{4}})\b)?)",
        # a weekday of a named month by its rank ("the first Saturday of April", "last Friday in May 2027")
        # a week by its rank in a month ("the last week of October", "first week of June 2027")
        rf"(?P<wkm>\b(?:the\s+)?(?P<wkmo>first|second|third|fourth|last|1st|2nd|3rd|4th)\s+week\s+(?:of|in)\s+"
        rf"(?P<wkmm>{m})\b\.?(?:,?\s+(?P<wkmy>\d{{4}})\b)?)",
        rf"(?P<nwd>\b(?:the\s+)?(?P<nwo>first|second|third|fourth|fifth|last|1st|2nd|3rd|4th|5th)\s+"
        rf"(?P<nwdn>{wd})\s+(?:of|in)\s+(?P<nwm>{m})\b\.?(?:,?\s+(?P<nwy>\d{{4}})\b)?)",
        # a range of weekdays in a named week ("this Thu–Fri", "Wed–Fri next week"; "Tue to Thu" is two
        # days, joined unless a verb moved one to the other)
        rf"(?P<wdr>\b(?:(?P<wrq>this|next|last)\s+(?:week,?\s+)?)?(?P<wr1>{wd})\.?\s*(?:-|–|—|thru|through|until|till)\s*"
        rf"(?P<wr2>{wd}|(?-i:Mon|Wed|Sat|Sun)(?!\w))\b\.?(?:\s+(?P<wrw>this|next|last)\s+week\b)?)",
        rf"(?P<ww>\b(?P<wwd>{wd})\s+(?:of\s+)?(?P<wwq>next|this|last)\s+week\b(?!end))",
        rf"(?P<ww2>\b(?P<wwq2>next|this|last)\s+week(?:'s)?,?\s+(?:on\s+)?(?P<wwd2>{wd})\b)",
        # the first weekdays of a list in a named week ("Tue and Thu last week", "Mon, Wed and Fri next week")
        rf"(?P<wwl>\b(?P<wwld>{wd})(?=(?:(?:\s*,\s*|\s+and\s+|\s*&\s*)(?:{wd})){{1,4}}\s+(?:of\s+)?"
        rf"(?P<wwlq>next|this|last)\s+week\b(?!end)))",
        # ... or "a week on Monday", "a week from Friday" (British and American for "Monday week")
        rf"(?P<wan>\b(?:the\s+)?(?P<wand>{wd})\s+(?:after\s+next|week)\b(?!end|ly|s)"
        rf"|\ba\s+week\s+(?:on|from)\s+(?P<wanb>{wd})\b(?!s|\s+(?:mornings|afternoons|evenings|nights)\b))",
        # "the Friday before" / "the Monday after" ending a clause: that weekday before (after) the line's
        # previous date ("release on Jan 14, code freeze the Friday before")
        rf"(?P<wba>\bthe\s+(?P<wbad>{wd})\s+(?P<wbaw>before|after)(?=\s*(?:[.;,!?)]|\s[-–—]\s|$)))",
        # "the Saturday after Easter", "the day before 3 May": a weekday or a day from the phrase that follows
        # (read with it; alone, "the Thursday before the rally", no day)
        rf"(?P<wbx>\bthe\s+(?P<wbxd>{wd}|day)\s+(?P<wbxw>before|after)"
        r"(?=\s+(?!(?:yesterday|tomorrow|next|last)\b)[\w\d]))",
        # "the week of 8 March", "w/c 8 March", "week commencing the 15th": the Monday–Sunday week holding it
        r"(?P<wof>(?:\b(?:the\s+)?week\s+(?:of|commencing|beginning|starting)|\bw/c)\s+(?:the\s+)?"
        # or a numeric day and month ("w/c 11/1", "the week of 3/9/2027"), read in the page's order
        r"(?:(?P<wofn>(?P<wofa>\d{1,2})/(?P<wofb>\d{1,2}))(?:/(?P<wofny>\d{4}))?(?![\d/])|"
        rf"(?:(?P<wofd>\d{{1,2}})(?:(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<wofm>{m})|st|nd|rd|th)|(?P<wofm2>{m})\.?\s+"
        rf"(?P<wofd2>\d{{1,2}})(?:st|nd|rd|th)?)\b(?:,?\s+(?P<wofy>\d{{4}})\b)?))",
        # "the week before last", "the week after next"; "the week after" / "before" ending a clause
        r"(?P<wbl>\b(?:the\s+)?week\s+(?P<wbld>before\s+last|after\s+next"
        r"|(?:after|before)(?=\s*(?:[.;,!?)]|\s[-–—]\s|$))))",
        r"(?P<span>\b(?:(?P<spq>early|late|mid)[\s-]+)?(?P<spw>last|this|next|past|this\s+past|this\s+coming)\s+"
        rf"(?P<spu>week|month|weekend|fortnight|year)\b(?:\s*\(\s*(?:on\s+)?(?P<spwd>{wd})\s*\))?)",
        r"(?P<wkend>\bthe\s+(?:long\s+)?weekend)\b(?!s)",
        rf"(?P<ahead>\b(?:in|within)\s+(?:a\s+)?(?P<an>{n})?(?:\s*(?:-|–|to|or)\s*(?P<an2>\d{{1,3}}))?\s*"
        # ("in week 12" is no count: an ISO week)
        r"(?P<awk>(?:working|business|work)\s+)?(?P<au>days?|weeks?|fortnights?|months?)(?(an)|(?!\s+\d))"
        rf"(?:'?s?\s+time)?\b(?:\s*\(\s*(?:on\s+)?(?P<awd>{wd})\s*\))?)",
        # (or a count after the line's previous day: "on 16.1., term starts two days later")
        rf"(?P<ago>\b(?P<gn>{n})\s+(?P<gu>days?|weeks?|fortnights?|months?)\s+"
        r"(?P<gdir>ago|from\s+(?:today|now)|later|afterwards|left|to\s+go))\b",
        r"(?P<rel>\b(?:(?:the\s+)?day\s+before\s+yesterday|(?:the\s+)?day\s+after\s+tomorrow|yesterday|today"
        r"|tonight|tomorrow|tmrw|tmrow|tmr|last\s+night|this\s+(?:morning|afternoon|evening|(?-i:AM|PM)))\b)",
        rf"(?P<wd>\b(?:(?P<wq>last|next|this|every|this\s+coming|coming)\s+)?(?P<wdn>{wd}|{_WEEKDAY_LOWER_RX})"
        r"(?P<wpl>s)?\b(?![-‐](?:style|like|type|ish|esque|themed)\b)"
        r"(?:\s+(?:the\s+)?(?P<wdd>3[01]|[12]\d|0?[1-9])(?:st|nd|rd|th)?\b(?![/.:]\d)(?!\s*(?:am|pm|h)\b)(?!\s*[-–]\s*\d)|\s*\(\s*(?:the\s+)?(?P<wdp>\d{1,2})(?:st|nd|rd|th)?\s*\))?)",
        r"(?P<dnm>\b(?:the\s+)?(?P<dnmd>\d{1,2})(?:st|nd|rd|th)\s+of\s+(?P<dnmq>next|this|last)\s+month\b)",
        # (and a second day of that month: "the 29th and 30th")
        rf"(?P<odd>\bthe\s+(?P<oddn>\d{{1,2}})(?:st|nd|rd|th)\b(?:\s*(?:,|and|&)\s*(?:the\s+)?(?P<oddn2>\d{{1,2}})"
        rf"(?:st|nd|rd|th)\b)?(?!\s+(?:of\b|{m}\b|{_ORDINAL_NOUNS})))",
        # an ordinal right after a word that introduces a day ("on 27th", "by 5th", "for 18th to 23rd")
        r"(?P<odp>(?=\d)(?:(?<=on\s)|(?<=by\s)|(?<=for\s)|(?<=to\s)|(?<=from\s)|(?<=until\s)|(?<=till\s)"
        r"|(?<=before\s)|(?<=after\s)|(?<=since\s)|(?<=due\s))(?P<odpn>\d{1,2})(?:st|nd|rd|th)\b"
        rf"(?!\s+(?:of\b|{m}\b|{_ORDINAL_NOUNS})))",
        rf"(?P<mor>\b(?P<mr1>{m})\.?(?P<mrj>\s*[-–]\s*|\s+(?:to|through|thru|until|till)\s+)(?P<mr2>{m})\b\.?"
        r"(?:,?\s+(?P<mry>\d{4})\b)?)",
        r"(?P<mo>\b(?P<mop>in|from|since|until|till|til|by|to|for|during|early|late|mid|next|last|this|due|before"
        r"|after|around|through|thru|throughout|over"
        # a change that takes effect then ("effective April", "as of June", "w.e.f. May": with effect from)
        r"|effective|starting|as\s+(?:of|from)|w\.?e\.?f\.?(?=\s)"
        # the whole of a month ("on site all April"), or one guessed ("maybe October"), written with a capital
        # (not the months that are given names after a guess: "maybe June can help")
        r"|all(?=\s+(?-i:[A-Z]))|(?:maybe|perhaps|probably)(?=\s+(?-i:(?!April|May|June|August)[A-Z])))"
        r"[\s-]+(?P<mon>"
        r"january|february|march|april|may|june|july|august|september|october|november|december"
        r"|jan|feb|apr|jun|jul|aug|sept|sep|oct|nov|dec)\b\.?"
        r"(?!\s*\d{1,2}(?:st|nd|rd|th)?\b(?!\d))(?!\s*[-–]\s*[a-z]{3})(?:,?\s+(?P<moy>\d{4})\b)?)",
        rf"(?P<my>\b(?P<mym>{m})\.?,?\s+(?P<myy>\d{{4}})\b)",
        # a month naming an event held in it: "the October Next Fest", "the March release"
        r"(?P<mattr>\bthe\s+(?P<man>(?-i:January|February|March|April|May|June|July|August|September|October"
        r"|November|December))\s+(?!of\b)(?=[A-Za-z]))",
        # a month alone in brackets, a note's date of a remark ("Where we stand (Dec): ...")
        # or a month's name as the label opening a line ("- March: base weeks"; checked where it opens),
        # or a month as a label's value ending its clause ("Thesis submission: June.", "Renewal: March, tbc")
        # or a month ending a bracket after a comma, its date of an item ("(Rui Lopes, Nov)"; not a month that
        # is also a given name, "(Ana, May)": two people)
        rf"(?P<mbr>(?<=\()(?P<mbrm>{m})\.?(?=\))"
        rf"|(?<=,\s)(?!(?-i:Jan|April|May|June|August)\b)(?P<mbc>(?=(?-i:[A-Z]))(?:{m}))\.?(?=\))"
        rf"|(?P<mbl>(?=(?-i:[A-Z]))(?:{m}))\.?(?=:\s)"
        rf"|(?<=:\s)(?P<mbv>(?=(?-i:[A-Z]))(?:{m}))(?=\s*$|\s*[,;!)]|\.(?:\s*$|\s+(?-i:[A-Z(]))|\s+[-–—]\s))",
        r"(?P<isom>\b(?P<imy>\d{4})-(?P<imm>0[1-9]|1[0-2])\b(?!-\d))",
        r"(?P<qtr>\b(?:(?P<qy1>\d{4})[\s-]?)?q(?P<qn>[1-4])\b(?:\s*(?:(?P<qy>\d{4})\b|['’](?P<qy2>\d{2})\b))?)",
        # a half year after a word that introduces a period ("in H2", "by H1 2027")
        r"(?P<half>(?=(?-i:H)[12])(?:(?<=in\s)|(?<=by\s)|(?<=for\s)|(?<=of\s)|(?<=the\s)|(?<=during\s)|(?<=until\s)"
        r"|(?<=from\s)|(?<=early\s)|(?<=late\s)|(?<=mid\s)|(?<=mid-))(?-i:H)(?P<hn>[12])\b"
        r"(?:\s*(?:(?P<hy>\d{4})\b|['’](?P<hy2>\d{2})\b))?)",
        # a calendar week by its ISO number ("KW 8", "CW12", "2026-W08")
        # or by a word ("week 12", "wk 12", "w12": read only where a word introduces a period; not the day
        # that follows a week's name, "Golden Week 4/29")
        r"(?P<cw>(?:(?-i:KW|CW)\s?|(?P<cwy>\d{4})-W|(?P<cwk>week\s|wk\.?\s?|w(?=\d)))(?P<cwn>\d{1,2})\b(?![/.]\d))",
        # "EOD", "eow", "EOM": the end of the day written, its week (Friday), its month, its year; not
        # before a day that says which ("EOD Friday")
        rf"(?P<eox>\b(?P<eoxw>eod|cob|eow|eom|eoy)\b(?!\s+(?:on\s+)?(?:{wd}|\d|tomorrow|tmrw|the\s+\d)))",
        # a year a state has held since ("member since 2021", "lead since 2025") or until ("played till
        # 2020", "ran the shop until 2008"), one of birth ("born 2018", "born in 1994"), or one an event
        # happened or will happen in ("adopted her in 2024", "during 2019"; not a count, "in 2000 steps":
        # :func:`~mdrecall.text.date_phrases.year_phrases.year_is_count`), or one naming an event ("the 1987
        # storm":
        # :func:`~mdrecall.text.date_phrases.year_phrases.names_event`): that whole year
        r"(?P<sy>(?:(?<=\bsince\s)|(?<=\buntil\s)|(?<=\btill\s)|(?<=\btil\s)|(?<=\bborn\s)|(?<=\bborn\sin\s)"
        r"|(?<=\bin\s)|(?<=\bduring\s)|(?<=\bthe\s))"
        r"(?P<syy>(?:19|20)\d\d)\b(?![-/.:]\d|\s*(?:hrs?|hours|h|tonight|today)\b))",
        # a year stated as when a thing will be or was, ending its clause ("That's 2032.", "it'll be 2031
        # before the bypass opens", "which was 1998")
        r"(?P<ycop>(?:(?<=\bthat's\s)|(?<=\bthat’s\s)|(?<=\bthat\sis\s)|(?<=\bthat\swas\s)|(?<=\bit's\s)"
        r"|(?<=\bit’s\s)|(?<=\bit\sis\s)|(?<=\bit\swas\s)|(?<=\bwhich\sis\s)|(?<=\bwhich\swas\s)"
        r"|(?<=\bit'll\sbe\s)|(?<=\bit’ll\sbe\s)|(?<=\bthat'll\sbe\s)|(?<=\bit\swill\sbe\s))"
        r"(?P<ycy>(?:19|20)\d\d)(?=\s*(?:[.,;:!?)]|$)|\s+(?:before|at\s+the\s+(?:earliest|latest))\b))",
        # a year ending its clause right after a word, maybe a label's ("bought 2006.", "Fitted: 2019",
        # "batteries due 2027", "maybe 2028"): read only after a past verb, "due" or a word of a guess
        # (:func:`~mdrecall.text.date_phrases.year_phrases.said_year`)
        r"(?P<vy>(?:(?<=[a-z]\s)|(?<=[a-z]:\s))(?P<vyy>(?:19|20)\d\d)(?=\s*(?:[.,;!?)](?!\d)|$)))",
        # a year or a month a thing is the same as ("same price list as 2026", "Same order as February":
        # read only after "same": :mod:`~mdrecall.text.date_phrases.compared_dates`)
        r"(?P<sam>(?<=\bas\s)(?:(?P<samy>(?:19|20)\d\d)(?![-/.:]\d)"
        r"|(?-i:(?P<samm>January|February|March|July|September|October|November|December)))\b)",
        _VERB_MONTH,  # "bought March", "doing July instead"
        rf"(?P<hol>\b(?P<holn>{holidays})\b(?:,?\s+(?P<holy>\d{{4}})\b)?)",
        rf"(?P<typo>{DAY_TYPO.pattern})",
        rf"(?P<wtypo>{WEEKDAY_TYPO.pattern})" if typos else r"(?P<wtypo>(?!))",
    ]
    # Every phrase starts at a word boundary: testing it once before the alternatives skips most positions;
    # those that can only start with a digit are tried together behind one test for a digit, which spares
    # the letter positions (most) one attempt each (none of them matches where an earlier one would).
    # and each of the others behind a test of the letters it can start with (a failed test of one character
    # class is cheaper than a failed attempt at the phrase)
    holiday_letters = "".join(sorted({n[0] for n in holiday_names()} | {"s"}))
    gates = {**_GATES, "hol": holiday_letters}
    parts = [(f"(?=[{gates[g]}])" if (g := _named(p)) in gates else "") + p for p in parts]
    digits = [p for p in parts if _first_group(p) in _DIGIT_FIRST]
    rest = [p for p in parts if _first_group(p) not in _DIGIT_FIRST]
    # and, when each has its test, the others behind one test of them all first (a word's end, most of the
    # positions left, then fails one test, not one a phrase: a tenth of the grammar's time on an agent's log)
    named = [_named(p) for p in rest]
    ahead = "(?=[" + "".join(gates[g] for g in named) + "])" if all(g in gates for g in named) else ""
    rx = r"\b(?:(?=\d)(?:" + "|".join(digits) + ")|" + ahead + "(?:" + "|".join(rest) + "))"
    return re.compile(rx, re.IGNORECASE)


def note_phrases(line: str, typos: bool = False) -> Iterator[re.Match[str]]:
    """The matches of ``note_grammar(typos).finditer(line)``, the same ones, but with only the grammar
    without typos compiled (each compiles in ~50 ms, a twentieth of a small workspace's first index): with
    ``typos``, a misspelt weekday is read where it starts before the grammar's next match, as the grammar's
    last alternative would be. Every match of either starts at a word boundary and none is empty, so
    neither can start inside the other's: one pass over each, merged in order."""
    grammar = note_grammar()
    words = list(WEEKDAY_TYPO.finditer(line)) if typos else []
    if not words:
        yield from grammar.finditer(line)
        return
    k = 0
    for m in grammar.finditer(line):
        while k < len(words) and words[k].start() < m.start():
            yield _as_typo(line, words[k].start())
            k += 1
        yield m
        while k < len(words) and words[k].start() < m.end():
            k += 1  # the grammar's phrase holds it (or starts with it: the grammar's alternative comes first)
    for w in words[k:]:
        yield _as_typo(line, w.start())


def _as_typo(line: str, at: int) -> re.Match[str]:
    """The misspelt weekday at ``at`` as the grammar's match (its groups, ``wtypo`` the one matched)."""
    m = _typo_only().match(line, at)
    assert m is not None  # the same expression as the one that found it, at the same place
    return m


@cache
def _typo_only() -> re.Pattern[str]:
    """:data:`WEEKDAY_TYPO` with every group of :func:`note_grammar` in its order, only ``wtypo`` ever
    matching: its matches read as the grammar's (``lastgroup``, ``groupdict()``)."""
    names = sorted(note_grammar().groupindex.items(), key=lambda item: item[1])
    at = [n for n, _ in names].index("wtypo")
    before = "".join(f"(?P<{n}>)" for n, _ in names[:at])
    after = "".join(f"(?P<{n}>)" for n, _ in names[at + 1 :])
    return re.compile(f"(?!){before}|(?P<wtypo>{WEEKDAY_TYPO.pattern})|(?!){after}", re.IGNORECASE)


#: A month right after a word that may be a verb in -ing or -ed, or an irregular past ("bought March"), or
#: before a word (only the months no given name spells):
#:func:`~mdrecall.text.date_phrases.verb_months.verb_month`
#: reads the word.
_VERB_MONTH = (
    r"(?P<mvb>(?:(?<=ing\s)|(?<=ed\s)|(?<=\bbought\s)|(?<=\bsold\s)|(?<=\bdid\s)|(?<=\bspent\s)"
    r"|(?<=\bpaid\s)|(?<=\bmade\s)|(?<=\bwent\s)|(?<=\bkept\s))"
    r"(?-i:(?P<mvbm>January|February|March|July|September|October|November|December))\b"
    r"(?![\s,]*\d)(?!['’]s)"
    # or one that is the subject of a participle after it ("March reconciled", "December closed early")
    r"|(?-i:(?P<mvs>January|February|March|July|September|October|November|December"
    # (or their short forms, "Feb books closed"; not "Jan", a given name)
    r"|Feb|Mar|Sept?|Oct|Nov|Dec)\.?)(?=\s+[a-z]+\b))"
)

#: The phrases of :func:`note_grammar` that can only start with a digit.
_DIGIT_FIRST = {
    "sy", "ycop", "vy", "iso", "numl", "numy", "numr", "dot", "rom", "dsh", "ymd", "numd", "numb", "odp",
    "isom",
}  # fmt: skip


#: The characters each phrase of :func:`note_grammar` can start with (any case), by its group's name.
_GATES = {
    "num": "abdfostu", "md": "adfjmnostw", "dm": r"\dfmstw", "end": "bemst", "wdr": "flmnstw", "ww": "fmstw",
    "wwl": "fmstw", "ww2": "lnt", "wan": "afmstw", "wof": "tw", "wbl": "tw", "span": "elmnpt", "wkend": "t",
    "ahead": "iw",
    "ago": r"\dacefnost", "rel": "dlty", "wd": "celfmnstw", "dnm": r"\dt", "odd": "t", "mor": "adfjmnos",
    "mo": "abdefilmnopstuw", "my": "adfjmnos", "mattr": "t", "qtr": r"\dq", "cw": r"\dckw", "eox": "ce",
    "typo": "ty", "wtypo": "fmstw", "nwd": "fstl1-5", "wba": "t", "wbx": "t", "mbr": "adfjmnos",
    "mvb": "dfjmnos", "sam": r"\ddfjmnos", "wkm": "fstl1-4", "half": "h",
}  # fmt: skip


def _named(part: str) -> str:
    m = re.search(r"\(\?P<(\w+)>", part)
    return m.group(1) if m else ""


def _first_group(part: str) -> str:
    m = re.match(r"\(\?P<(\w+)>", part)
    return m.group(1) if m else ""
