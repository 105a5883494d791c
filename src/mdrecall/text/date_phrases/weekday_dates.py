"""A weekday in a note ("Friday", "last Tue", "Monday 9th"): the day it names from the day the note was
written, or none when it recurs ("Tuesdays", "every Friday", "Mon/Thu", "Saturday mornings") or names a
standing slot ("our Monday meeting"). Pure; used by :mod:`mdrecall.text.date_phrases.note_dates`."""

from __future__ import annotations

import re
from datetime import date, timedelta

from mdrecall.text.date_phrases.date_calendar import month_near, month_number
from mdrecall.text.date_phrases.date_direction import called_off, direction_of, tally_back
from mdrecall.text.date_phrases.date_grammar import weekday_number
from mdrecall.text.date_phrases.dates import month_days, weekday_before
from mdrecall.text.event_heads import heads_event
from mdrecall.text.past_verbs import past_verb

__all__ = ["DAY_NAME", "OWNER", "RANKS_WEEKDAY", "ranked_weekday", "standing_sentence", "weekday_days"]


#: A weekday used as an attribute ("the new Thursday slot", "our Monday meeting"): the word before it is a
#: determiner or one of these adjectives, and a lower-case noun follows; it names a recurring slot, no day.
_DETERMINER = re.compile(
    r"(?:\b(?:the|a|an|our|my|your|their|his|her|its|usual|new|old|regular|standing|weekly|first|second|third|fourth"
    r"|more|no|each|any|same|\w+'s)\s+)$"
)
#: The lower-case noun after such a weekday, maybe after its time ("the Tuesday 10:30 team sync").
_NOUN_AFTER = re.compile(
    r"(?:\s+\d{1,2}(?::\d\d\s*(?:am|pm)?|\s*(?:am|pm)))?"
    r"\s+(?!(?:at|on|in|to|from|for|and|or|with|by|after|before|is|was|will|the|a)\b)(?P<noun>[a-z]+)"
)

#: A capitalised noun after such a weekday, a course or a title that recurs ("the Saturday Physics", "our
#: Thursday Pilates"), ending its clause or followed by a preposition or a lesson's noun; not a month ("the
#: Friday March 6 call") nor a name doing something ("the Friday Anna arrives").
_TITLE_AFTER = re.compile(
    r"\s+(?P<noun>[A-Z][a-z]{2,})(?=\s*(?:[.,;:!?)]|$)|\s+(?:class|classes|session|sessions|lessons?|group"
    r"|in|at|with|on|for|and|or|to|instead)\b)"
)
#: Right after a weekday (and its time), a habitual adverb: what that day is like each week ("Thursday 8pm
#: always full", "Saturday is usually quiet", "Monday mornings never work"), no one day.
_HABITUAL_AFTER = re.compile(
    r"(?:\s+\d{1,2}(?::\d\d)?\s*(?:am|pm)?|\s+(?:morning|afternoon|evening|night|lunchtime))?"
    r"(?:\s+(?:is|are|'s|was|gets|get))?\s+(?:always|usually|normally|generally|typically|never|rarely|seldom)\b"
)

#: After "last <weekday> <noun>", a verb of being in the present or future: "last" is the final one of a
#: slot ("the last Friday class is on the 9th"), not the day gone by ("last Friday's class was fun").
_STATED = re.compile(r"\s+(?:is|are|will\s+be)\b")
#: After a weekday, words that make it recur: "Saturday mornings", "the first Tuesday of the month".
_RECURS_AFTER = re.compile(
    r"\s*(?:(?:morning|afternoon|evening|night|lunchtime)s\b|of\s+(?:the|each|every)\s+month\b"
    r"|(?:(?:noon|midday|\d{1,2}(?::\d\d)?\s*(?:am|pm)?)\s+)?(?:each|every)\s+week\b)"
)
#: Before a weekday, an ordinal that makes it a monthly slot ("the first Thursday", "every 2nd Tuesday").
_ORDINAL_BEFORE = re.compile(r"\b(?:first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th)\s+$")
#: A possessive before such an ordinal: someone's first one is a day ("Emre's first Saturday went fine").
_POSSESSIVE = re.compile(r"(?:\b(?:my|your|his|her|our|their|its)|\w['’]s)\s+\S+\s+$")


#: A plural noun after a weekday that ends its clause or goes on with a place ("Saturday walks in the
#: park", "Sunday roasts."): a habit. Verbs
#: in -s that say a day suits ("Thursday works.") are not nouns.
_HABIT_NOUN = re.compile(r"(?!(?:works|suits|fits|sounds|looks|seems)\b)[a-z]{3,}[^s']s")
#: (a clause's end: its mark, a preposition going on with a place, or a word opening the next clause,
#: "back to Tuesday classes because her friend is there")
_HABIT_END = re.compile(
    r"\s*(?:[.,;:!?)]|$)|\s+(?:in|at|with|around|along|through|by|on"
    r"|because|since|so|but|which|where|when|while|though|although|unless)\s"
)


#: A second noun after the first, the head of a compound ("Sunday donor sessions at the mall").
_SECOND_NOUN = re.compile(r"\s+(?P<noun>[a-z]+)")


def _habit(line: str, noun: re.Match[str]) -> bool:
    """Whether the noun after a weekday, or the one after it (a compound's head: "Sunday donor sessions"),
    is a plural ending its clause or going on with a place: what is done each such day."""
    if _HABIT_NOUN.fullmatch(noun.group("noun")):
        return _HABIT_END.match(line, noun.end()) is not None
    head = _SECOND_NOUN.match(line, noun.end())
    return (
        head is not None and _HABIT_NOUN.fullmatch(head.group("noun")) is not None
        and _HABIT_END.match(line, head.end()) is not None
    )  # fmt: skip


DAY_NAME = (
    r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)"
)
_JOIN = r"\s*(?:,|&|\+|/|-|–|\band\b|\bor\b)\s*"
#: After a day of the month's ordinal, more ordinals and a weekday they rank: a slot each month ("the 2nd
#: and 4th Monday", "the 1st & 3rd Saturdays"), no day of the month.
RANKS_WEEKDAY = re.compile(rf"(?:\s*(?:,|&|and|or)\s*(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th))*\s+{DAY_NAME}s?\b")
#: A weekday followed by more in a list ("Tuesday and Friday mornings", "Mon, Wed, Fri"), and what follows.
_LIST_AFTER = re.compile(rf"(?:{_JOIN}{DAY_NAME}(?P<pl>s)?\b\.?)+(?P<tail>\s*\w+s\b)?")
_LIST_BEFORE = re.compile(rf"\b{DAY_NAME}(?P<pl>s)?\.?{_JOIN}$")
#: How far after a weekday its list is read: all seven days' names and a part of the day fit; a line of
#: thousands ("Tue + Thu + Tue + ...") is read in a window per weekday, not to its end each time.
_LIST_READ = 160
#: The rest of a list of weekdays after its first ("and Thursday", ", Wed & Fri"), read up to the noun after.
_LIST_REST = re.compile(rf"(?:{_JOIN}{DAY_NAME}\b\.?)+")
#: Before a weekday, words that make it recur every other week ("every other Wednesday", "each alternate
#: Friday"; "every second Tuesday" is read by the ordinal).
_EVERY_OTHER = re.compile(r"\b(?:every|each)\s+(?:other|alternate)\s+$")
_PARTS_OF_DAY = {"mornings", "afternoons", "evenings", "nights", "lunchtimes"}
#: What may open a line before a weekday that names the day it was written ("Admin Monday."): a list
#: marker, a bracketed stamp ("[transcribed 08:14] monday."), a label that is no bound ("- Did: Friday
#: editing day", not "Due: Friday") and at most two words.
_OPENING = re.compile(
    r"\s*(?:[-*+]\s+(?:\[.\]\s+)?)?(?:\[[^\]\n]{1,40}\]\s*)?"
    r"(?:(?!(?:due|deadline|next|back|returns?)\b)[a-z]{2,12}:\s+)?"
    r"(?:(?!(?:by|until|till|before|due|for|to|since|from|after)\s)[a-z][\w'&]*\s+){0,2}"
    r"(?:(?<=\s)\(|(?<=\w)\s?\()?"  # a title's weekday in brackets ("Sync notes (Thu)")
)
#: A weekday stated as the new day of a standing day ("tuning day is Wednesday now", "her home day is
#: Friday now"; not "last day is Friday now", nor "the gig is Friday now", a one-off moved): a slot.
_NOW_SLOT = re.compile(r"\s+(?:(?:morning|afternoon|evening|night|lunchtime|am|pm)\s+)?now\b")
_BE_BEFORE = re.compile(r"(?<!\blast)(?<!\bfirst)(?<!\bfinal)(?<!\bnext)(?<!\bbig)\s+day\s+(?:is|'s)\s+$")
#: A noun of a schedule right after a weekday ("Tuesday slot is reserved", "the Friday rota"): a slot.
_SCHEDULE_NOUN = re.compile(r"\s+(?:slots?|rota|rotas|rotation|timetable|routine)\b")
#: An article before a weekday: any day of that name, not one ("first one on a wednesday", "on any Friday").
_GENERIC = re.compile(r"\b(?:a|any|some)\s+$")
#: A time taken right after a day ("parkrun on Saturday: 26:40", "Sunday's 10k in 52:10", "Sat: 3:58:12"):
#: minutes and seconds that no clock reads (24 and over) or hours, minutes and seconds; a result, so done.
_RESULT_AFTER = re.compile(
    r"(?:'s)?(?:\s+[a-z0-9-]+){0,2}\s*(?:[:,—–]|\s-|\s+in)\s*(?:\d{1,2}:[0-5]\d:[0-5]\d|(?:2[4-9]|[3-9]\d):[0-5]\d)"
    r"(?![\d:])"
)
#: A weekday's possessive ("Sunday's outage", "after Monday's install"): an event of that day, the one
#: nearest the day written unless its clause points; the word before it governs the noun, not the day.
OWNER = re.compile(r"['’]s\b")
#: After a weekday's "'s", up to one word and a mishap, an event no one plans, so the one past ("Sunday's
#: gateway outage", "Friday's flood").
_MISHAPS = (
    r"(?:outages?|incidents?|crash|crashes|failures?|breach|fire|floods?|flooding|accidents?"
    r"|burglary|break-in|leaks?|blackouts?|downtime|storm|injury|collapse|power\s+cut)"
)
_MISHAP_AFTER = re.compile(rf"['’]s\s+(?:[a-z-]+\s+)?{_MISHAPS}\b")
#: A mishap right before a weekday, naming when it struck ("Incident Monday night: ...", "the outage
#: Sunday"): the one past, as after the weekday's "'s".
_MISHAP_BEFORE = re.compile(rf"\b{_MISHAPS}\s+(?:on\s+)?$")
_PREP_BEFORE = re.compile(
    r"\b(?:for|after|before|since|until|till|by|to|from|on|at|of|about|in)\s+(?:the\s+)?$"
)


#: Words that make a sentence set a standing arrangement ("episodes go out Thursdays from now on", "we
#: meet every week"); a sentence ends at a stop (not a decimal point).
_STANDING = re.compile(
    r"\bfrom\s+now\s+on\b|\b(?:every|each)\s+week\b|\b(?:mon|tues|wednes|thurs|fri|satur|sun)days\b"
)
_STOP = re.compile(r"[.;!?](?!\d)")
#: Words of the arrangement's first day ("first class Thursday", "starting Monday"): that day is one.
_ONSET = re.compile(r"\b(?:first|starts?|starting|begins?|beginning|from|kicks?\s+off|opens?)\b")


def standing_sentence(low: str, start: int) -> bool:
    """Whether the sentence before ``low[start:]`` sets a standing arrangement ("episodes go out Thursdays
    from now on, so Sam has the weekend ..."): a weekday or a weekend after it with no cue of its own is a
    slot of that arrangement, no day."""
    sentence = _STOP.split(low[max(0, start - 160) : start])[-1]
    if _STANDING.search(sentence) is None:
        return False
    return _ONSET.search(sentence.rsplit(",", 1)[-1]) is None  # "..., first class Thursday": its onset


def _schedule(low: str, start: int, end: int) -> bool:
    """Whether the weekday at ``low[start:end]`` is one of a list of weekdays that recur: a timetable of
    abbreviations ("Wed, Fri", "Mon/Thu"), plurals ("Tuesdays and Thursdays") or days followed by a
    plural part of the day ("dropped Tuesday and Friday mornings")."""
    ahead = _LIST_AFTER.match(low, end, end + _LIST_READ)
    back = _LIST_BEFORE.search(low, max(0, start - 16), start)
    if ahead is None and back is None:
        return False
    if end - start <= 5 or (back is not None and (back.group("pl") or len(back.group(0).split()[0]) <= 5)):
        return True  # a day's abbreviation in a list (the longest, "thurs", has five letters)
    if ahead is not None:
        last = ahead.group(0).rstrip(".").split()[-1] if not ahead.group("tail") else ""
        tail = (ahead.group("tail") or "").strip()
        return bool(ahead.group("pl")) or tail in _PARTS_OF_DAY or (len(last) <= 5 and last.isalpha())
    return False


#: An earlier weekday's label in the line ("Fri: cleaner, Sat: ..."): "Sat:" after a comma is the next one.
_DAY_LABEL = re.compile(rf"\b{DAY_NAME}\.?:\s")


def _stray_label(line: str, low: str, start: int, end: int) -> bool:
    """Whether "Mon", "Wed", "Sat" or "Sun" labelling a list item after a comma ("hat, Sun: factor 50")
    follows no other weekday's label in its line: a word, not a day of a list of days' labels."""
    if line[start:end] not in ("Mon", "Wed", "Sat", "Sun") or not line.startswith(":", end):
        return False
    if low[max(0, start - 2) : start] not in (", ", "; "):
        return False
    return _DAY_LABEL.search(low, max(0, start - _LIST_READ), start) is None


def _listed_habit(line: str, low: str, end: int) -> bool:
    """Whether the weekday ending at ``end`` opens a list of weekdays before a plural noun of what is done
    each such day ("Tuesday and Thursday games at the rec", "Monday, Wednesday squash sessions."): a habit,
    as one weekday before such a noun is; "Tuesday and Thursday games were rained off" reports two."""
    rest = _LIST_REST.match(low, end, end + _LIST_READ)
    noun = _NOUN_AFTER.match(line, rest.end()) if rest is not None else None
    return noun is not None and _habit(line, noun)


#: A part of a day after a weekday ("Monday night"), and what may follow it when it ends the weekday's phrase
#: (no noun it is an attribute of: "her Monday night class" has one).
_DAY_PART = {"morning", "afternoon", "evening", "night", "lunchtime"}
_PHRASE_END = re.compile(
    r"\s*(?:$|[.,;:!?)—–-]|(?:to|about|at|if|when|and|so|before|after|with|for|that|re)\b)"
)


def _object_her(low: str, start: int, noun: re.Match[str]) -> bool:
    """Whether "her" before the weekday at ``low[start:]`` is a verb's object, not a possessive: the weekday
    and a part of its day (``noun``) end the phrase ("remind her Monday night to find the shoes")."""
    return (
        low[max(0, start - 4) : start] == "her "
        and noun.group("noun") in _DAY_PART
        and _PHRASE_END.match(low, noun.end()) is not None
    )


#: "except" before a weekday ("runs daily except Saturday", "open every day except Mondays"): the day a
#: standing rule leaves out, no one day.
_EXCEPT_BEFORE = re.compile(r"\bexcept\s+(?:on\s+)?$")


def weekday_days(
    g: dict[str, str | None], low: str, line: str, start: int, end: int, today: date
) -> list[date] | None:
    """A weekday: "last/this/next Friday", "Monday 9th", or a bare one read in the clause's direction;
    ``Tuesdays``, ``every Tuesday``, ``Thursday evenings`` recur and name no day."""
    qual = (g["wq"] or "").lower()
    wd = weekday_number(g["wdn"] or "")
    if g["wpl"] or qual == "every" or _RECURS_AFTER.match(low, end) or _schedule(low, start, end):
        return None
    if _stray_label(line, low, start, end):
        return None  # "Packing: hat, Sun: factor 50"
    if not qual and (_EVERY_OTHER.search(low, max(0, start - 24), start) or _listed_habit(line, low, end)):
        return None  # "every other Wednesday", "Tuesday and Thursday games at the rec": recurring days
    own = _POSSESSIVE.search(low, max(0, start - 32), start) is not None
    if not qual and not own and _ORDINAL_BEFORE.search(low, max(0, start - 8), start):
        return None  # "the first Thursday": a day each month, not one day
    one = timedelta(days=1)
    noun = _NOUN_AFTER.match(line, end)
    if noun and past_verb(noun.group("noun")):
        noun = None  # "Emre's first Saturday went fine": the weekday is the subject of a report
    if noun and _object_her(low, start, noun):
        noun = None  # "remind her Monday night to ...": "her" the object, the weekday's night a time
    if not qual and noun and _DETERMINER.search(low, max(0, start - 24), start):
        return None  # "the new Thursday slot", "Ivy's first Saturday squad": a recurring slot
    title = _TITLE_AFTER.match(line, end)
    if (
        not qual and title and month_number(title.group("noun")) is None
        and _DETERMINER.search(low, max(0, start - 24), start)
    ):  # fmt: skip
        return None  # "switch to the Saturday Physics": a course that recurs on that day
    if not qual and _HABITUAL_AFTER.match(low, end):
        return None  # "Thursday 8pm always full": how that day is each week
    if qual == "last" and noun and _STATED.match(line, noun.end()):
        return None  # "last Saturday show is Feb 27": the final one of a slot, whose day is stated
    if not qual and noun and _habit(line, noun):
        return None  # "(Saturday walks)", "Sunday roasts.": a plural noun of what is done that day, a habit
    if not qual and _SCHEDULE_NOUN.match(low, end):
        return None  # "Tuesday slot is reserved for the care home": a slot
    if not qual and _NOW_SLOT.match(low, end) and _BE_BEFORE.search(low, max(0, start - 24), start):
        return None  # "tuning day is Wednesday now": a standing day changed, no one day
    if not qual and _GENERIC.search(low, max(0, start - 8), start):
        return None  # "on a Wednesday": any one
    if not qual and _EXCEPT_BEFORE.search(low, max(0, start - 16), start):
        return None  # "runs daily except Saturday": the day a standing rule leaves out
    opening = _OPENING.fullmatch(low, 0, start)
    if not qual and wd == today.weekday() and opening and low[:start].split()[-1:] != ["on"]:
        return [today]  # "Admin Monday." written on a Monday: that day
    numbered = g["wdd"] or g["wdp"]
    if numbered:  # "Monday 9th", "Wednesday (30th)": the nearest day so numbered that falls on that weekday
        near = [today + k * one for k in range(-45, 46)]
        fits = [d for d in near if d.day == int(numbered) and d.weekday() == wd]
        # ("moved to Tuesday 23rd", "is Friday 30th": where the words point, when one so numbered lies there)
        way = direction_of(low, start, end)
        fits = [d for d in fits if (d - today).days * way >= 0] or fits
        return [min(fits, key=lambda d: abs((d - today).days))] if fits else None
    if qual == "next":
        monday = today - timedelta(days=today.weekday()) + 7 * one
        return [monday + wd * one]
    if qual == "this":
        day = today + timedelta(days=wd - today.weekday())
        if day > today and direction_of(low, start, end) < 0 and not called_off(low, start):
            return [day - 7 * one]  # "Ran 5k this Sunday!" written on a Saturday: the Sunday gone
        return [day]
    mishap = not qual and _MISHAP_BEFORE.search(low, max(0, start - 24), start) is not None
    if mishap and direction_of(low, start, end) <= 0:
        return [weekday_before(today, wd)]  # "Incident Monday night: pages all night": a mishap is past
    if not qual and OWNER.match(low, end) and _MISHAP_AFTER.match(low, end):
        return [weekday_before(today, wd)]  # "the review for Sunday's outage": no one plans a mishap
    prep = _PREP_BEFORE.search(low, max(0, start - 16), start) if OWNER.match(low, end) else None
    if not qual and OWNER.match(low, end) and (prep is None or not prep.group(0).startswith("for")):
        # (after "for" the event is what a plan is for: "cut today for Tuesday's release", ahead)
        way = direction_of(low, prep.start() if prep else start, end)
        back = weekday_before(today, wd)
        ahead = today + timedelta(days=(wd - today.weekday() - 1) % 7 + 1)
        if way == 0:
            return [back if (today - back) < (ahead - today) else ahead]
        return [back if way < 0 else ahead]
    way = direction_of(low, start, end)
    if not qual and way == 0 and standing_sentence(low, start):
        return None  # "Thursdays from now on, so Sam has Monday to finish": a slot of the arrangement
    if not qual and way == 0 and (tally_back(low, start, end) or _RESULT_AFTER.match(low, end)):
        way = -1  # "Viewings went fine, 14 groups on Saturday": what was counted, the day before
    if not qual and way == 0 and heads_event(low, start, end):
        back, ahead = weekday_before(today, wd), today + timedelta(days=(wd - today.weekday() - 1) % 7 + 1)
        return [back if (today - back) < (ahead - today) else ahead]  # "- 08:00 Sat call with Zoé — ..."
    if qual == "last" or way < 0:
        return [weekday_before(today, wd)]
    return [today + timedelta(days=(wd - today.weekday() - 1) % 7 + 1)]


_RANKS = {
    "first": 0, "second": 1, "third": 2, "fourth": 3, "fifth": 4, "1st": 0, "2nd": 1, "3rd": 2, "4th": 3,
    "5th": 4, "last": -1,
}  # fmt: skip


def ranked_weekday(
    g: dict[str, str | None], low: str, start: int, end: int, today: date | None
) -> list[date] | None:
    """ "The first Saturday of April", "the last Friday in May 2027": that weekday of that month, in the
    year given, else the one the words point to."""
    month = month_number(g["nwm"] or "") or 1
    if g["nwy"]:
        days = month_days(int(g["nwy"]), month)
    elif today is None:
        return None
    else:
        days = month_near(month, today, direction_of(low, start, end))
    fits = [d for d in days if d.weekday() == weekday_number(g["nwdn"] or "")]
    rank = _RANKS[(g["nwo"] or "").lower()]
    return [fits[rank]] if rank < len(fits) else None
