"""A month named right after a verb, with no preposition ("bought March", "doing July instead", "missed
October"): that month, in the direction of the verb's tense (:func:`verb_month`); or as the subject of a
past participle opening a clause ("March reconciled"): the one gone. Only the months that are
not also given names (April, May, June and August are: "told June", "asked May"), written with a
capital."""

from __future__ import annotations

import re
from datetime import date

from mdrecall.text.date_phrases.date_calendar import month_near, month_number
from mdrecall.text.date_phrases.date_direction import direction_of
from mdrecall.text.past_verbs import past_verb

__all__ = ["month_acted_on", "month_guessed", "verb_month"]

_WORD = re.compile(r"[a-z']+")
#: Words in -ing that are no verb before a month ("during March", "the spring October").
_ING_NOUNS = frozenset({
    "during", "morning", "evening", "spring", "thing", "something", "nothing", "anything", "everything",
    "king", "ring", "string", "wing", "ceiling", "building", "meeting", "wedding", "funding", "pudding",
    "ending", "beginning", "opening", "closing", "starting", "including", "regarding", "concerning",
    "following", "pending", "according", "notwithstanding", "outstanding", "sing", "bring", "sting",
})  # fmt: skip


def verb_month(g: dict[str, str | None], low: str, start: int, end: int, today: date) -> list[date] | None:
    """The days of a month read after a verb (``g["mvbm"]``), or ``None`` when the word before it is no verb
    ("red October", "during March"): the month a past verb points back to ("bought March, using it"), one
    ahead after a verb in -ing ("doing July instead"), else the nearest."""
    if g["mvs"]:
        return _subject_month(g["mvs"] or "", low, start, end, today)
    words = _WORD.findall(low, max(0, start - 40), start)
    prev = words[-1] if words else ""
    before = words[-2] if len(words) > 1 else ""
    if not (past_verb(prev, before) or (prev.endswith("ing") and len(prev) > 4 and prev not in _ING_NOUNS)):
        return None
    return month_near(month_number(g["mvbm"] or "") or 1, today, direction_of(low, start, end), firm=False)


#: What may stand before a clause's subject: the line's start, a list marker, a sentence's or a label's end.
_CLAUSE_OPEN = re.compile(r"(?:^|[.:;!?—(]|\s[-–])\s*(?:[-*+]\s+)?$")


def _subject_month(name: str, low: str, start: int, end: int, today: date) -> list[date] | None:
    """The month opening a clause as the subject of a past participle ("Aoife: books are in. March
    reconciled."): the one gone; ``None`` for any other word after it ("March madness", "July plans")."""
    if _CLAUSE_OPEN.search(low, max(0, start - 8), start) is None:
        return None
    if not _done_after(low, end) and _ACCOUNTS.match(low, end) is None:
        return None  # ("January collection RM 31,420": that month's money, like "March reconciled")
    return month_near(month_number(name) or 1, today, -1, firm=False)


#: After a month opening a clause, a noun of a period's accounts, maybe after another ("January takings",
#: "Feb fee collection", "Oct rent"): the money of a month gone unless the coming one is near, a mention.
_ACCOUNTS = re.compile(
    r"\.?\s+(?:[a-z]+\s+)?(?:collections?|takings|payroll|rent|sales|invoices?|bills?|salar(?:y|ies)|statements?"
    r"|fees|figures|books|accounts|revenue|turnover|budget|expenses|payouts?|stipends?|wages)\b"
)


#: A plural noun of the month's accounts between it and the participle ("Feb books closed", "March
#: invoices sent"), or the participle itself.
_DONE_AFTER = re.compile(r"\.?\s+(?:(?P<noun>[a-z]{3,}s)\s+)?(?P<verb>[a-z']+)\b")


def _done_after(low: str, end: int) -> bool:
    """Whether a past participle follows the month ending at ``end``, maybe after a plural noun of its
    accounts ("March reconciled", "Feb books closed"); not a verb in -s ("March sees ...")."""
    m = _DONE_AFTER.match(low, end)
    if m is None:
        return False
    return past_verb(m.group("verb"))


_MONTH_ALONE = re.compile(
    r"(?:January|February|March|July|September|October|November|December|Feb|Mar|Sept?|Oct|Nov|Dec)\.?"
)


def month_acted_on(line: str, start: int, end: int) -> bool:
    """Whether the phrase at ``line[start:end]`` is a month alone as the subject of a past participle
    ("Sales: March reconciled") or before a noun of its accounts ("Oct rent in"): what was acted on, not the
    day the line is about."""
    if _MONTH_ALONE.fullmatch(line, start, end) is None:
        return False
    low = line.lower()
    return _done_after(low, end) or _ACCOUNTS.match(low, end) is not None


_GUESS = re.compile(r"(?:maybe|perhaps|probably)\s", re.IGNORECASE)


def month_guessed(line: str, start: int) -> bool:
    """Whether the phrase at ``line[start:]`` is a month guessed ("maybe October", "perhaps March"): a day
    the line names, not the one it is about."""
    return _GUESS.match(line, start) is not None
