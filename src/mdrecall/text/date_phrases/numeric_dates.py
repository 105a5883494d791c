"""Numeric dates in notes ("4/6", "13/3"): the order a page or a workspace writes them in (day or month
first), and whether a bare "3/4" is a date at all rather than a fraction, a score or a time. Pure; used by
:mod:`mdrecall.text.date_phrases.note_dates` and the workspace's order
(:mod:`mdrecall.knowledge.dates.date_order`)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from mdrecall.text.date_phrases.date_direction import BACK_PREP, FORWARD_PREP
from mdrecall.text.date_phrases.weekday_dates import DAY_NAME
from mdrecall.text.event_heads import EVENT_NOUNS
from mdrecall.text.past_verbs import past_verb

__all__ = [
    "OPENS_NUM",
    "agreed_order",
    "bare_date",
    "bracketed_day",
    "date_cue",
    "month_and_day",
    "numeric_order",
]


#: A legend naming a page's order of numeric dates ("Dates (dd/mm):", "mm/dd/yyyy").
_LEGEND = re.compile(r"\b(?:(?P<dmy>dd?/mm?)|(?P<mdy>mm?/dd?))(?:/yy(?:yy)?)?\b", re.IGNORECASE)
#: A numeric day and month (maybe with its year), for :func:`numeric_order`'s votes.
_NUMERIC = re.compile(r"(?<![\d/.])(\d{1,2})/(\d{1,2})(?:/(?:\d{4}|\d{2}))?(?![\d/])")
#: A year-first slashed date ("2026/04/30", the Japanese and Chinese habit): month before day.
_YEAR_FIRST = re.compile(r"(?<![\d/.])(?:19|20)\d\d/(?:0?[1-9]|1[0-2])/(?:0?[1-9]|[12]\d|3[01])(?![\d/])")
#: What may stand before a bare "6/4" that opens a line: a list marker, a number, a table's first bar.
OPENS_NUM = re.compile(r"\s*(?:[-*+]\s+(?:\[.\]\s+)?|\d+[.)]\s+|\|\s*)?")


#: After a bare "3/4": a unit, a size or a count that makes it a fraction or a score ("3/4 cup", "a 1/4 page
#: ad", "2/3 of the team", "8/10 stars", "3/4 days a week"), an equals sign ("4/3 = 1.33", a notation's
#: example "4/3 = 4 March"), or a time of day ("10/11pm").
_FRACTION_AFTER = re.compile(
    r"\s*(?:am|pm|h|hrs?|%|x)\b|:\d|\s*=|\s+(?:pages?|pg|columns?|cols?|screens?|sheets?|acres?|hectares?"
    r"|shares?|stakes?|portions?|servings?|doses?|tablets?|pills?|strength|tanks?|bottles?|batch(?:es)?|laps?"
    r"|lengths?|of|cups?|c|tsp|tbsps?|teaspoons?|tablespoons?|oz|lbs?|pounds?"
    r"|inch(?:es)?|ft|feet|foot|yards?|miles?|mi|km|kg|g|grams?|mg|ml|l|litres?|liters?|pints?|gallons?"
    r"|pieces?|slices?|way|full|empty|done|complete|finished|majority|times?|per|stars?|points?|pts|marks?"
    r"|votes?|people|players|members|days|weeks|hours|mins?|minutes|nights|months|years|sessions|reps"
    r"|sets|correct|right|wrong|split|chance|odds|rating|max)\b",
    re.IGNORECASE,
)
#: Before a bare "3/4": a word that makes it a score, a rating, a share or a fraction ("scored 8/10",
#: "rated it 4/5", "about 2/3", "1 and 1/2"; "and" not after a day and month, "on 3/14 and 4/2"), a
#: numbered place or thing ("Room 12/14"), or a currency or a number sign ("$3/4", "#3/4").
_FRACTION_BEFORE = re.compile(
    r"(?:\b(?:(?:scored?|scores|scoring|rated?|rates|rating|ratings|ranked|marks?|graded?|grade|got|gets|gave)"
    r"(?:\s+(?:it|them|him|her|this|that|me|us))?|out\s+of|a|an|(?<!/\d\s)(?<!/\d\d\s)and|half|ratio|odds|pain|level|about"
    r"|approx|approximately|roughly|nearly|almost|only|just|around|some|another|extra|plus|minus"
    # a numbered place or thing ("Room 12/14", "platform 3/4", "flat 2/1", "case no. 14/3")
    r"|rooms?|suites?|units?|flats?|apt|apartments?|gates?|platforms?|bays?|lockers?|wards?|beds?|blocks?"
    r"|routes?|cases?|no\.?|nos\.?|numbers?|pages?|pp\.?|sections?|chapters?|versions?|v)\s+"
    r"|[$£€#×])$",
    re.IGNORECASE,
)


def bare_date(low: str, start: int, end: int, opens: bool) -> bool:
    """Whether a bare "3/5" read in a known order is a date: no word after it makes it a fraction, a score
    or a time ("3/4 cup", "8/10 stars", "10/11pm"), nor, inside a sentence (not ``opens`` a line or a list
    item), a word before it ("scored 8/10", "about 2/3"); "24/7" never is."""
    if low[start:end] == "24/7" or _FRACTION_AFTER.match(low, end):
        return False
    return opens or _FRACTION_BEFORE.search(low, max(0, start - 24), start) is None


#: The word before a bare "2/3" that calls for a day: a verb of being or a past verb ("birthday is 3/5",
#: "sent 2/3"), a word of direction or time ("starting 6/3", "due 5/3"), a weekday ("Sat 3/5"); or a time
#: of day after it; the day may stand in brackets after its word ("done (6/3)").
_CUE_BEFORE = re.compile(r"([a-z']+)\s+([a-z']+)[.,]?\s+\(?$|([a-z']+)[.,]?\s+\(?$")
_CUE_WORDS = FORWARD_PREP | BACK_PREP | {
    "is", "was", "are", "were", "be", "been", "on", "from", "after", "since", "starting", "starts", "start",
    "ending", "ends", "returning", "back", "arriving", "arrives", "leaving", "leaves", "born", "dated",
    # a launch or an opening, a close or an expiry ("goes live 3/8", "on sale 1/3", "lease expires 6/30")
    "live", "sale", "launch", "launches", "launching", "ships", "opens", "closes", "expires", "renews",
    "airs", "premieres", "releases", "date",
    # a deadline named as such ("(deadline 5/3)"); a day booked or set ("service booked 9/3")
    "deadline", "booked", "scheduled", "planned", "rescheduled", "postponed", "confirmed",
}  # fmt: skip
#: Verbs that go with "out" to say a thing is sent or released ("bills go out 1/4", "invites sent out 3/5",
#: "the results come out 14/6", "due out 2/3"): "out" after one calls for a day as the verb alone would.
_OUT_VERBS = {
    "go", "goes", "going", "went", "gone", "come", "comes", "coming", "came", "send", "sends", "sending",
    "sent", "ship", "ships", "shipping", "shipped", "roll", "rolls", "rolling", "rolled", "mail", "mails",
    "mailed", "post", "posts", "posted", "hand", "hands", "handed", "due",
}  # fmt: skip
#: A shipment's estimated arrival or departure, maybe before its port ("ETA Osaka 8/4", "ETD 20/3").
_ESTIMATES = {"eta", "etd", "ets"}
#: Object pronouns between a past verb and its day ("told us 8/10").
_OBJECTS = {"me", "us", "him", "her", "them", "you"}
#: After "before/after/until the", a noun of an occasion or a meeting after the day ("before the 2/9 holiday
#: rush", "after the 14/3 meeting"): the day of that occasion, not a fraction ("the 2/3 majority").
_OCCASION_AFTER = re.compile(
    rf"\s+(?:(?:public|bank|school|national)\s+)?(?:holidays?|deadline|launch|festival|closure|shutdown|break"
    rf"|{EVENT_NOUNS})\b"
)
_THE_AFTER = {"before", "after", "until", "till", "since", "for", "by"}
_TIME_AFTER = re.compile(
    r"\s+(?:at\s+|@\s*)?\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm)\b|\s+(?:at\s+|@\s*)\d{1,2}[:.]\d\d\b"
)


#: An item's own day in brackets after it: a word or a version, "(", the day in figures alone, ")", then
#: the clause's end ("v2.9.4 (10/1): new import", "- [x] Dry run on a clone (10/9)").
_ITEM_BEFORE = re.compile(r"[A-Za-z0-9][\w.+-]*\s*\($")
_ITEM_AFTER = re.compile(r"\)\s*(?:[:.,;]|$|\s[-–—]\s)")
_FIGURES = re.compile(r"\d{1,2}[/.-]\d{1,2}")
#: Days and months in figures, two or more, alone in brackets ("(3/4 and 6/4)", "(1/5, 8/5)").
_FIGURES_LIST = re.compile(r"\(\s*\d{1,2}[/.-]\d{1,2}(?:\s*(?:,|and|&)\s*\d{1,2}[/.-]\d{1,2})+\s*\)")


def bracketed_day(text: str, start: int, end: int) -> bool:
    """Whether the day and month in figures at ``text[start:end]`` stand alone in brackets after an item
    they date, ending its clause ("v2.9.4 (10/1): new import format", "Dry run on a clone (10/9)"); not a
    bracket opening the line, nor one with other words in it ("(was 3.4 on 5/3)", "(3/4 done)")."""
    return (
        _FIGURES.fullmatch(text, start, end) is not None
        and _ITEM_AFTER.match(text, end) is not None
        and _ITEM_BEFORE.search(text, max(0, start - 40), start) is not None
    )


def _bracketed_days(text: str, start: int, end: int) -> bool:
    """Whether the figures at ``text[start:end]`` are one of a list of days alone in brackets after an item
    they date, ending its clause ("over the bank holidays (3/4 and 6/4)")."""
    opening = text.rfind("(", max(0, start - 24), start)
    m = _FIGURES_LIST.match(text, opening) if opening >= 0 else None
    return (
        m is not None
        and m.end() >= end
        and _ITEM_AFTER.match(text, m.end() - 1) is not None
        and _ITEM_BEFORE.search(text, max(0, opening - 40), opening + 1) is not None
    )


def date_cue(low: str, start: int, end: int) -> bool:
    """Whether a bare "2/3" read only in the workspace's order (its page shows none) is called for as a
    day: a word before it asks for one (:data:`_CUE_WORDS`, a past verb, "out" after a verb of sending) or a
    time of day follows it. A bare number opening a line ("- 4/5 found the field": four of five testers)
    is not."""
    if _TIME_AFTER.match(low, end) or bracketed_day(low, start, end) or _bracketed_days(low, start, end):
        return True
    m = _CUE_BEFORE.search(low, max(0, start - 40), start)
    if m is None:
        return False
    word, prev = (m.group(2), m.group(1)) if m.group(2) else (m.group(3), "")
    if word in _ESTIMATES or prev in _ESTIMATES:
        return True  # "ETA 8/4", "ETA Osaka 8/4": a day of arrival
    if word == "the" and prev in _THE_AFTER and _OCCASION_AFTER.match(low, end):
        return True  # "before the 2/9 holiday rush": an occasion's day
    if word == "out" and prev in _OUT_VERBS:
        return True  # "bills go out 1/4": a phrasal verb of sending or releasing
    if word in _OBJECTS and prev and past_verb(prev):
        return True  # "(told us 8/10)", "emailed me 3/4": a past act and whom it reached
    return word in _CUE_WORDS or past_verb(word, prev or "") or re.fullmatch(DAY_NAME, word) is not None


def agreed_order(orders: Iterable[str | None]) -> str | None:
    """The workspace's order of numeric dates: the one its pages' own orders (:func:`numeric_order`, one
    per page) agree on, at least three pages to one (a page pasted from elsewhere does not undo it);
    ``None`` when no page has one, or they disagree."""
    counts = Counter(o for o in orders if o)
    dmy, mdy = counts["dmy"], counts["mdy"]
    if dmy > 3 * mdy:
        return "dmy"
    if mdy > 3 * dmy:
        return "mdy"
    return None


def numeric_order(text: str) -> str | None:
    """The order a page writes numeric dates in, from the page itself: ``"dmy"`` or ``"mdy"`` when a legend
    says so ("Dates (dd/mm):") or when its numeric dates that can be read one way only ("15/4": no month 15;
    "3/15"; "2026/04/30", year and month first) all agree; else ``None`` (no numeric date, or both orders:
    read day first unless that cannot be). "24/7" casts no vote."""
    if "/" not in text:
        return None
    legends = {k for m in _LEGEND.finditer(text) for k, v in m.groupdict().items() if v}
    if len(legends) == 1:
        return legends.pop()
    votes = set()
    if _YEAR_FIRST.search(text):
        votes.add("mdy")  # "2026/04/30": a year-first writer puts the month before the day ("5/7" too)
    for m in _NUMERIC.finditer(text):
        a, b = int(m.group(1)), int(m.group(2))
        if 13 <= a <= 31 and 1 <= b <= 12 and (a, b) != (24, 7):
            votes.add("dmy")
        elif 1 <= a <= 12 and 13 <= b <= 31:
            votes.add("mdy")
    return votes.pop() if len(votes) == 1 else None


def month_and_day(a: int, b: int, order: str | None) -> tuple[int, int]:
    """(month, day) of a numeric "a/b": in ``order`` ("mdy", or "ymd": a year-first writer's "10/1" drops
    the year and keeps the month first), else day first, unless the order cannot be ("15/4" in a
    month-first page, "3/15" in a day-first one)."""
    if order in ("mdy", "ymd"):
        return (b, a) if a > 12 >= b else (a, b)
    return (a, b) if b > 12 >= a else (b, a)
