"""Whether a line may name a date: a cheap test of substrings and small expressions before the date
grammar (:func:`~mdrecall.text.date_phrases.note_dates.note_dates`), which most lines of a note never need.
Pure."""

from __future__ import annotations

import re

from mdrecall.text.date_phrases.date_grammar import DAY_TYPO, WEEKDAY_TYPO, day_typo, weekday_typo
from mdrecall.text.date_phrases.holidays import HOLIDAY_HINTS, holiday_pattern

__all__ = ["may_name_date"]

#: Substrings of which a line must hold one to be worth reading for dates (a substring test is many times
#: cheaper than the grammar); months are looked for by their first three letters, "day" by :data:`_DAY_HINT`.
_HINT_WORDS = ("night", "tomorrow", "week", "month", "/", "fortnight")
#: Where "day" is a date word: a weekday, today, yesterday, "N days ago", "in N days", "N days left", a
#: holiday's name ("Boxing Day"). A title or a name ("Perfect Days 12") is not, so a page of such lines
#: skips the grammar.
_DAY_HINT = re.compile(
    r"(?:mon|tues|wednes|thurs|fri|satur|sun|to|yester)day|\bdays?\s+(?:ago|from|later|afterwards|left|to\s+go)\b"
    r"|\b(?:in|within)\s+(?:\S+\s+){0,2}days?\b|\b(?:" + holiday_pattern() + ")"
)
#: "the end of the quarter", "the start of next year" (the grammar reads no other "quarter" or "year").
#: A calendar year counted from the day written ("next year", "this past year").
_YEAR_SPAN = re.compile(r"\b(?:last|next|coming)\s+year\b")
_PART_HINTS = ("end of", "start of", "beginning of", "middle of")
#: A weekday's capitalised abbreviation ("due Fri"): the grammar reads them in some places.
_WEEKDAY_ABBR = re.compile(r"Mon|Tue|Wed|Thu|Fri|Sat|Sun")
#: Either, as one scan: a capitalised abbreviation, or a word opening with a weekday's three letters in lower
#: case (then confirmed by :data:`_WEEKDAY_LOWER`).
_WEEKDAY_HINT = re.compile(r"Mon|Tue|Wed|Thu|Fri|Sat|Sun| (?:thu|tue|fri|mon|wed|sat|sun)")
#: The same in lower case: those that are no words alone, the others after a word asking for a day.
_WEEKDAY_LOWER = re.compile(
    r"\b(?:thu|thur|thurs|tue|tues|fri)\b"
    r"|\b(?:on|by|due|until|till|next|last|this|from|before|since|out|live)\s(?:mon|wed|sat|sun)\b"
)
#: A month's name as a whole word: the grammar reads no other, so "summary", "decided", "doctor" or
#: "marathon" alone need no grammar.
_MONTH_WORD = re.compile(
    r"(?<![a-z0-9_])(?:january|february|march|april|may|june|july|august|september|october|november"
    r"|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)(?![a-z0-9_])"
)
#: Besides month names, what the grammar reads that no hint word covers: an ISO date (its test is wider
#: than the ISO dates :mod:`~mdrecall.knowledge.dates.valid_time` reads) and "this morning/afternoon/evening".
_OTHER_PHRASE = re.compile(r"\d{4}-\d{2}-\d{2}|this\s+(?:morning|afternoon|evening)")
#: What the grammar reads with neither a hint word nor a month: "the 18th", "Q3", "12.06.2025", "2025-03".
_DIGIT = re.compile(r"\d")
_NUMBER_WORD = re.compile(
    r"\bthe\s+\d|\b(?:q[1-4]|h[12])\b|\b[kc]w\s?\d|\bw(?:k\.?\s?)?\d"
    # a dashed day after a word asking for one ("on 14-03")
    r"|\b(?:on|by|until|till|due|am|bis|ab|den|starting)\s\d{1,2}-\d",
    re.IGNORECASE,
)
#: The same phrases opening with a digit, apart (two searches of few branches are quicker than one of all):
#: "12.06", "2025-03", "14-03-2025", "18th", a Roman month ("14.III.2027").
_NUMBER_DIGIT = re.compile(
    r"\d(?:\.\s?\d{1,2}(?!\d)|\d{3}-(?:\d{1,2}-|\d{2}|w\d)|-\d{1,2}-\d{4}|(?:st|nd|rd|th)\b)"
    r"|\d(?:\.\s?|\s)(?-i:[IVX])",
    re.IGNORECASE,
)
#: "member since 2021", "till 2020", "born 2018", "adopted in 2024": a year a state has held since or until,
#: one of birth, one an event happened in, one a thing is the same as ("same price list as 2026"), one
#: stated ("That's 2032.", "it'll be 2031 before ...").
_SINCE_YEAR = re.compile(r"\b(?:since|until|till|til|born|in|during|as|is|was|be|['’]s)\s\d{4}")
#: A year ending its clause right after a word ("bought 2006.", "Fitted: 2019", "due 2027"), which the grammar
#: reads after a past verb, "due" or a word of a guess.
_CLAUSE_YEAR = re.compile(r"[a-z]:?\s(?:19|20)\d\d(?=\s*(?:[.,;!?)]|$))", re.IGNORECASE)
#: Abbreviations the grammar reads: "EOD", "eow", "COB", "tmrw", "this AM".
_ABBR_HINT = re.compile(r"(?:eo[dwmy]|cob|tmrw?|tmrow|this\s+[ap]m)\b")

#: What every word :data:`~mdrecall.text.date_phrases.date_grammar.DAY_TYPO` reads opens with, on an ASCII
# line's lower
#: case (without its word boundary: a scan in C many times quicker than the expression's).
_TYPO_HINT = re.compile(r"to?[md]|ye?s")


def _month_hint(low: str) -> bool:
    """Whether ``low`` holds the first three letters of a month
    (:data:`~mdrecall.text.date_phrases.dates.MONTH_HINTS`)."""
    return (
        "jan" in low or "feb" in low or "mar" in low or "apr" in low or "may" in low or "jun" in low
        or "jul" in low or "aug" in low or "sep" in low or "oct" in low or "nov" in low or "dec" in low
    )  # fmt: skip


def may_name_date(text: str) -> bool:
    """Whether ``text`` may hold a date phrase (a cheap test before the grammar)."""
    low = text.lower()
    # (the substring tests written out: a generator over the tuples costs twice as much, on every line)
    if (
        "/" in low or "week" in low or "month" in low or "night" in low or "tomorrow" in low  # _HINT_WORDS
        or "end of" in low or "start of" in low or "beginning of" in low or "middle of" in low  # _PART_HINTS
        or "same day" in low  # the day the page named last (:mod:`~mdrecall.knowledge.dates.valid_time`)
    ):  # fmt: skip
        return True
    if "year" in low and _YEAR_SPAN.search(low) is not None:  # "next year", "late last year"
        return True
    if ("day" in low or any(h in low for h in HOLIDAY_HINTS)) and _DAY_HINT.search(low) is not None:
        return True
    if _DIGIT.search(text) is not None and (
        _NUMBER_DIGIT.search(text) is not None
        or _NUMBER_WORD.search(text) is not None
        or (
            (
                "since" in low
                or "born" in low
                or "in " in low
                or "til" in low
                or "during" in low
                or "s " in low  # "as", "is", "was", "that's"
                or "be " in low
            )
            and _SINCE_YEAR.search(low) is not None
        )
        or _CLAUSE_YEAR.search(text) is not None
    ):
        return True
    # A month's letters inside a word ("summary") are no date; outside ASCII (where case folding and word
    # characters are wider) keep the plain substring test.
    if _month_hint(low) and (
        not text.isascii() or _MONTH_WORD.search(low) is not None or _OTHER_PHRASE.search(low) is not None
    ):
        return True
    hint = _WEEKDAY_HINT.search(text)  # one scan for both cases
    if hint is not None and (
        not hint.group(0).startswith(" ")
        or _WEEKDAY_LOWER.search(text) is not None
        or _WEEKDAY_ABBR.search(text, hint.end()) is not None
    ):
        return True
    if _ABBR_HINT.search(low) is not None:
        return True
    if "day" in low and any(weekday_typo(m.group(0)) for m in WEEKDAY_TYPO.finditer(low)):
        return True  # "thrusday"
    if text.isascii() and _TYPO_HINT.search(low) is None:
        return False  # no word a misspelt day may be
    return any(day_typo(m.group(0)) is not None for m in DAY_TYPO.finditer(text))  # "tommorow"
